//! Premium: $9.99 a month through Stripe Checkout, recorded only after Stripe confirms the
//! payment (on the success page, through the API, or by webhook), never on the browser's word.

mod error;
pub mod payments;
pub mod signature;
pub mod stripe;
pub mod test_mode;
mod webhook;

use std::sync::Arc;

use secrecy::{ExposeSecret, SecretString};

use crate::store::{Store, Subscription, UserRecord, now_ms};
use crate::users::{Caller, Users};
pub use error::{BillingError, ProviderError};
use payments::{NewCheckout, Payments, SubscriptionInfo};
use test_mode::TestPayments;

pub use webhook::WebhookOutcome;

pub struct Billing {
    /// Stripe, or the offline test checkout.
    pub payments: Arc<dyn Payments>,
    /// The same object as `payments` in test mode, for its pages.
    pub test: Option<Arc<TestPayments>>,
    webhook_secret: Option<SecretString>,
    /// Where the payment pages send the browser back to (no trailing slash).
    public_url: String,
    users: Users,
    /// Webhook event claims.
    store: Arc<dyn Store>,
}

impl Billing {
    pub fn new(
        payments: Arc<dyn Payments>,
        test: Option<Arc<TestPayments>>,
        webhook_secret: Option<SecretString>,
        public_url: &str,
        users: Users,
        store: Arc<dyn Store>,
    ) -> Self {
        Self {
            payments,
            test,
            webhook_secret,
            public_url: public_url.trim_end_matches('/').to_owned(),
            users,
            store,
        }
    }

    /// A Checkout Session for the caller; the session id is merged into their record.
    pub async fn checkout(&self, caller: &Caller) -> Result<String, BillingError> {
        let record = self.users.profile(&caller.uid).await?;
        if record.is_pro(now_ms()) {
            return Err(BillingError::AlreadySubscribed);
        }
        if record.suspension.is_some() {
            return Err(BillingError::Suspended);
        }
        let minute = chrono::Utc::now().timestamp() / 60;
        let new = NewCheckout {
            uid: caller.uid.clone(),
            email: caller
                .email
                .clone()
                .or(Some(record.email.clone()).filter(|e| !e.is_empty())),
            customer: record
                .subscription
                .as_ref()
                .and_then(|s| s.customer_id.clone()),
            success_url: format!(
                "{}/success?session_id={{CHECKOUT_SESSION_ID}}",
                self.public_url
            ),
            cancel_url: format!("{}/cancel", self.public_url),
            idempotency_key: format!("checkout-{}-{minute}", caller.uid),
        };
        let session = self.payments.create_checkout(&new).await?;
        let patch = Subscription {
            session_id: Some(session.id),
            updated_at: Some(now_ms()),
            ..Default::default()
        };
        self.users.merge_subscription(&caller.uid, &patch).await?;
        Ok(session.url)
    }

    /// The success page's call: the session must be the caller's, complete and paid.
    pub async fn confirm(
        &self,
        uid: &str,
        session_id: &str,
        firebase_id: &str,
    ) -> Result<UserRecord, BillingError> {
        if firebase_id != uid {
            return Err(BillingError::UidMismatch);
        }
        self.users.profile(uid).await?;
        let session = self
            .payments
            .session(session_id)
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
            ProviderError::Refused(format!("paid session {session_id} has no subscription"))
        })?;
        let subscription = self
            .payments
            .subscription(subscription_id)
            .await?
            .ok_or_else(|| {
                ProviderError::Refused(format!("subscription {subscription_id} does not exist"))
            })?;
        match self.apply(uid, &subscription, Some(session_id)).await? {
            Some(applied) => Ok(applied),
            None => Ok(self.users.profile(uid).await?),
        }
    }

    /// The customer portal (cancel, change card), for callers who have paid before.
    pub async fn portal(&self, uid: &str) -> Result<String, BillingError> {
        let record = self.users.profile(uid).await?;
        let customer = record
            .subscription
            .as_ref()
            .and_then(|s| s.customer_id.clone())
            .ok_or(BillingError::NoSubscription)?;
        Ok(self
            .payments
            .portal(&customer, &format!("{}/profile", self.public_url))
            .await?)
    }

    /// The app's public base URL, without a trailing slash.
    pub fn public_url(&self) -> &str {
        &self.public_url
    }

    fn webhook_secret(&self) -> Option<&str> {
        self.webhook_secret
            .as_ref()
            .map(ExposeSecret::expose_secret)
    }

    /// Records the subscription's current state on the user; `None` when it was ignored
    /// because it is an older subscription than the one on record and would only take
    /// Premium away.
    pub async fn apply(
        &self,
        uid: &str,
        sub: &SubscriptionInfo,
        session_id: Option<&str>,
    ) -> Result<Option<UserRecord>, BillingError> {
        let pro = grants_pro(&sub.status);
        if let Some(current) = self.users.get(uid).await?.and_then(|u| u.subscription)
            && current
                .subscription_id
                .as_deref()
                .is_some_and(|id| id != sub.id)
            && !pro
        {
            tracing::info!(%uid, subscription = %sub.id, "ignoring a lapsed subscription that is not the current one");
            return Ok(None);
        }
        let patch = Subscription {
            plan_type: Some(if pro { "pro" } else { "free" }.into()),
            status: Some(sub.status.clone()),
            session_id: session_id.map(str::to_owned),
            customer_id: Some(sub.customer.clone()),
            subscription_id: Some(sub.id.clone()),
            current_period_end: sub.current_period_end.map(|s| s * 1000),
            updated_at: Some(now_ms()),
        };
        Ok(Some(self.users.merge_subscription(uid, &patch).await?))
    }
}

/// Whether a subscription in this state gives Premium. `past_due` keeps access while Stripe
/// retries the card; `canceled`, `unpaid`, `incomplete_expired` (and the rest) end it.
pub fn grants_pro(status: &str) -> bool {
    matches!(status, "active" | "trialing" | "past_due")
}
