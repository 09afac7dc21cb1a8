//! The port every card processor stands behind: start a subscription (a page to send the buyer
//! to), confirm the buyer's return, read a subscription's state, cancel it, and a page where the
//! subscriber manages it. Stripe (`billing/stripe/processor.rs`), the offline test checkout
//! (`billing/test_mode/processor.rs`) and Verotel FlexPay (`billing/verotel/mod.rs`) each
//! implement it; the first two share Stripe's checkout sessions (`billing/session.rs`).
//!
//! Verified events are the one part a processor cannot share: Stripe signs a JSON body in a
//! header, FlexPay signs a query string. Each has its own route and verification
//! (`billing/webhook.rs`, `billing/verotel/postback.rs`); both end in the same record, written
//! only from what the processor confirmed.

use async_trait::async_trait;

use super::{BillingError, ProviderError};
use crate::store::Subscription;

/// A subscription as the processor sees it now.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SubscriptionInfo {
    pub id: String,
    pub customer: String,
    pub status: String,
    /// Seconds since the epoch.
    pub current_period_end: Option<i64>,
    /// The user it was started for, as the processor keeps it (Stripe's `metadata.uid`).
    pub uid: Option<String>,
}

/// Processor ids are short tokens; anything else never reaches a URL path.
pub fn is_provider_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 255 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// A subscription to start for `uid`.
#[derive(Debug, Clone)]
pub struct NewSubscription {
    pub uid: String,
    pub email: Option<String>,
    /// What the record holds from an earlier subscription (a Stripe customer keeps its cards).
    pub earlier: Option<Subscription>,
    /// Where the buyer lands after paying; `{CHECKOUT}` stands for the checkout's id.
    pub success_url: String,
    pub cancel_url: String,
    /// Repeats of one click within a minute get the same checkout.
    pub idempotency_key: String,
}

/// The placeholder a success URL carries for the checkout's id.
pub const CHECKOUT_PLACEHOLDER: &str = "{CHECKOUT}";

/// Where to send the buyer, and the id the success page will bring back.
#[derive(Debug, Clone, PartialEq)]
pub struct Started {
    pub checkout_id: String,
    pub url: String,
}

/// What the processor says about a checkout the buyer came back from.
#[derive(Debug, Clone, PartialEq)]
pub enum Returned {
    /// Paid: the subscription as the processor reports it now, to be recorded.
    Paid(SubscriptionInfo),
    /// The processor confirms by its signed event only, which the record already holds.
    Recorded,
}

#[async_trait]
pub trait Processor: Send + Sync {
    /// `stripe`, `test` or `verotel`: for logs and the support card.
    fn name(&self) -> &'static str;

    async fn start(&self, new: &NewSubscription) -> Result<Started, ProviderError>;

    /// The success page's check of `checkout_id` for `uid`. It never grants on the browser's
    /// word: only on what the processor itself confirms.
    async fn confirm_return(
        &self,
        uid: &str,
        checkout_id: &str,
        record: Option<&Subscription>,
    ) -> Result<Returned, BillingError>;

    /// `Ok(None)` when the processor has no such subscription.
    async fn subscription(&self, id: &str) -> Result<Option<SubscriptionInfo>, ProviderError>;

    /// Ends the subscription (account deletion); `Ok(None)` when there is no such subscription.
    /// One already ended stays as it is.
    async fn cancel(&self, id: &str) -> Result<Option<SubscriptionInfo>, ProviderError>;

    /// The processor's page where the subscriber cancels (and, where offered, changes card).
    async fn manage_link(
        &self,
        record: &Subscription,
        return_url: &str,
    ) -> Result<String, BillingError>;
}

/// A processor's name as a sentence says it: `verotel` is "Verotel".
pub fn display_name(id: &str) -> &str {
    match id {
        "stripe" => "Stripe",
        "verotel" => "Verotel",
        "test" => "the test checkout",
        other => other,
    }
}
