//! Stripe behind the processor port: a Checkout Session per purchase, its subscription read
//! back by id, the customer portal to manage it.

use async_trait::async_trait;
use reqwest::Method;
use serde_json::Value;

use super::StripeApi;
use super::json::{session_from_json, subscription_from_json};
use crate::billing::processor::{
    CHECKOUT_PLACEHOLDER, NewSubscription, Processor, Returned, Started, SubscriptionInfo,
    is_provider_id,
};
use crate::billing::session::{self, SESSION_PLACEHOLDER, SessionInfo};
use crate::billing::{BillingError, ProviderError};
use crate::store::Subscription;

impl StripeApi {
    /// `Ok(None)` when no such session exists.
    async fn session(&self, id: &str) -> Result<Option<SessionInfo>, ProviderError> {
        if !is_provider_id(id) {
            return Ok(None);
        }
        let body =
            Self::send(self.request(Method::GET, &format!("v1/checkout/sessions/{id}"))?).await?;
        Ok(body.as_ref().and_then(session_from_json))
    }
}

#[async_trait]
impl Processor for StripeApi {
    fn name(&self) -> &'static str {
        "stripe"
    }

    async fn start(&self, new: &NewSubscription) -> Result<Started, ProviderError> {
        let mut form = vec![
            ("mode", "subscription".to_owned()),
            ("line_items[0][price]", self.price.clone()),
            ("line_items[0][quantity]", "1".to_owned()),
            ("client_reference_id", new.uid.clone()),
            ("subscription_data[metadata][uid]", new.uid.clone()),
            ("metadata[uid]", new.uid.clone()),
            (
                "success_url",
                new.success_url
                    .replace(CHECKOUT_PLACEHOLDER, SESSION_PLACEHOLDER),
            ),
            ("cancel_url", new.cancel_url.clone()),
        ];
        // An earlier customer keeps its cards and invoices together.
        let customer = new.earlier.as_ref().and_then(|s| s.customer_id.clone());
        match (customer, &new.email) {
            (Some(customer), _) => form.push(("customer", customer)),
            (None, Some(email)) => form.push(("customer_email", email.clone())),
            (None, None) => {}
        }
        let request = self
            .request(Method::POST, "v1/checkout/sessions")?
            .header("Idempotency-Key", &new.idempotency_key)
            .form(&form);
        let body = Self::send(request)
            .await?
            .ok_or_else(|| ProviderError::Refused("no checkout endpoint here".into()))?;
        match (body["id"].as_str(), body["url"].as_str()) {
            (Some(id), Some(url)) => Ok(Started {
                checkout_id: id.to_owned(),
                url: url.to_owned(),
            }),
            _ => Err(ProviderError::Refused("a session without a URL".into())),
        }
    }

    async fn confirm_return(
        &self,
        uid: &str,
        checkout_id: &str,
        _record: Option<&Subscription>,
    ) -> Result<Returned, BillingError> {
        session::confirm_return(self, self.session(checkout_id).await?, uid).await
    }

    async fn subscription(&self, id: &str) -> Result<Option<SubscriptionInfo>, ProviderError> {
        if !is_provider_id(id) {
            return Ok(None);
        }
        let body =
            Self::send(self.request(Method::GET, &format!("v1/subscriptions/{id}"))?).await?;
        Ok(body.as_ref().and_then(subscription_from_json))
    }

    /// `DELETE /v1/subscriptions/{id}`: canceled at once, without a refund of the period begun.
    /// Stripe refuses (400) to cancel one that is already canceled; that one is read and
    /// answered as it is.
    async fn cancel(&self, id: &str) -> Result<Option<SubscriptionInfo>, ProviderError> {
        if !is_provider_id(id) {
            return Ok(None);
        }
        let path = format!("v1/subscriptions/{id}");
        match Self::send(self.request(Method::DELETE, &path)?).await {
            Ok(body) => Ok(body.as_ref().and_then(subscription_from_json)),
            Err(ProviderError::Refused(why)) => match self.subscription(id).await? {
                Some(sub) if sub.status == "canceled" => Ok(Some(sub)),
                _ => Err(ProviderError::Refused(why)),
            },
            Err(e) => Err(e),
        }
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
        let request = self
            .request(Method::POST, "v1/billing_portal/sessions")?
            .form(&[("customer", customer), ("return_url", return_url)]);
        let body = Self::send(request).await?.unwrap_or(Value::Null);
        Ok(body["url"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| ProviderError::Refused("a portal session without a URL".into()))?)
    }
}
