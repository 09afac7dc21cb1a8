//! What billing needs from a payment provider, and what it says back: Stripe over HTTPS in
//! production, the gateway's own offline checkout in test mode. Both go through the same
//! verification code, so test mode exercises the real path.

use async_trait::async_trait;

use super::ProviderError;

/// A Checkout Session to create.
#[derive(Debug, Clone)]
pub struct NewCheckout {
    pub uid: String,
    pub email: Option<String>,
    /// The Stripe customer from an earlier subscription, so cards and invoices stay together.
    pub customer: Option<String>,
    pub success_url: String,
    pub cancel_url: String,
    /// Repeats of one click within a minute get the same session.
    pub idempotency_key: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CheckoutSession {
    pub id: String,
    pub url: String,
}

/// A Checkout Session as the provider sees it now.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SessionInfo {
    pub id: String,
    /// `open`, `complete` or `expired`.
    pub status: String,
    /// `paid`, `unpaid` or `no_payment_required`.
    pub payment_status: String,
    pub client_reference_id: Option<String>,
    pub customer: Option<String>,
    pub subscription: Option<String>,
}

/// A subscription as the provider sees it now.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SubscriptionInfo {
    pub id: String,
    pub customer: String,
    pub status: String,
    /// Seconds since the epoch.
    pub current_period_end: Option<i64>,
    /// `metadata.uid`, set when the checkout was created.
    pub uid: Option<String>,
}

#[async_trait]
pub trait Payments: Send + Sync {
    async fn create_checkout(&self, new: &NewCheckout) -> Result<CheckoutSession, ProviderError>;
    /// `Ok(None)` when no such session exists.
    async fn session(&self, id: &str) -> Result<Option<SessionInfo>, ProviderError>;
    async fn subscription(&self, id: &str) -> Result<Option<SubscriptionInfo>, ProviderError>;
    async fn portal(&self, customer: &str, return_url: &str) -> Result<String, ProviderError>;
    /// Ends the subscription now, without a refund of the period begun; `Ok(None)` when there
    /// is no such subscription. One already ended stays as it is.
    async fn cancel_subscription(
        &self,
        id: &str,
    ) -> Result<Option<SubscriptionInfo>, ProviderError>;
}

/// Provider ids are short tokens; anything else never reaches a URL path.
pub fn is_provider_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 255 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}
