//! Processors built on checkout sessions, Stripe's model: a session per purchase, paid on the
//! processor's page, its subscription read back by id. Stripe itself and the offline test
//! checkout (which plays Stripe) both stand behind the port this way.

use std::sync::Arc;

use async_trait::async_trait;

use super::payments::{NewCheckout, Payments, SubscriptionInfo};
use super::processor::{CHECKOUT_PLACEHOLDER, NewSubscription, Processor, Returned, Started};
use super::{BillingError, ProviderError};
use crate::store::Subscription;

pub struct SessionCheckout {
    payments: Arc<dyn Payments>,
    name: &'static str,
}

impl SessionCheckout {
    pub fn new(payments: Arc<dyn Payments>, name: &'static str) -> Self {
        Self { payments, name }
    }
}

#[async_trait]
impl Processor for SessionCheckout {
    fn name(&self) -> &'static str {
        self.name
    }

    async fn start(&self, new: &NewSubscription) -> Result<Started, ProviderError> {
        let checkout = NewCheckout {
            uid: new.uid.clone(),
            email: new.email.clone(),
            customer: new.earlier.as_ref().and_then(|s| s.customer_id.clone()),
            // Stripe puts the session's id where its own placeholder stands.
            success_url: new
                .success_url
                .replace(CHECKOUT_PLACEHOLDER, "{CHECKOUT_SESSION_ID}"),
            cancel_url: new.cancel_url.clone(),
            idempotency_key: new.idempotency_key.clone(),
        };
        let session = self.payments.create_checkout(&checkout).await?;
        Ok(Started {
            checkout_id: session.id,
            url: session.url,
        })
    }

    /// The session must be the caller's, complete and paid; its subscription is then read.
    async fn confirm_return(
        &self,
        uid: &str,
        checkout_id: &str,
        _record: Option<&Subscription>,
    ) -> Result<Returned, BillingError> {
        let session = self
            .payments
            .session(checkout_id)
            .await?
            .ok_or(BillingError::NotFound("checkout session"))?;
        if session.client_reference_id.as_deref() != Some(uid) {
            return Err(BillingError::SessionNotYours);
        }
        let paid = matches!(
            session.payment_status.as_str(),
            "paid" | "no_payment_required"
        );
        if session.status != "complete" || !paid {
            return Err(BillingError::PaymentIncomplete {
                status: session.status,
                payment_status: session.payment_status,
            });
        }
        let subscription_id = session.subscription.as_deref().ok_or_else(|| {
            ProviderError::Refused(format!("paid session {checkout_id} has no subscription"))
        })?;
        let subscription = self
            .payments
            .subscription(subscription_id)
            .await?
            .ok_or_else(|| {
                ProviderError::Refused(format!("subscription {subscription_id} does not exist"))
            })?;
        Ok(Returned::Paid(subscription))
    }

    async fn subscription(&self, id: &str) -> Result<Option<SubscriptionInfo>, ProviderError> {
        self.payments.subscription(id).await
    }

    async fn cancel(&self, id: &str) -> Result<Option<SubscriptionInfo>, ProviderError> {
        self.payments.cancel_subscription(id).await
    }

    /// The customer portal, for callers who have paid before.
    async fn manage_link(
        &self,
        record: &Subscription,
        return_url: &str,
    ) -> Result<String, BillingError> {
        let customer = record
            .customer_id
            .as_deref()
            .ok_or(BillingError::NoSubscription)?;
        Ok(self.payments.portal(customer, return_url).await?)
    }
}
