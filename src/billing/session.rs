//! Stripe's checkout sessions, which the offline test checkout plays too: a session per
//! purchase, paid on the processor's page, its subscription read back by id.

use super::processor::{Processor, Returned};
use super::{BillingError, ProviderError};

/// A checkout session as the processor sees it now.
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

/// Stripe's placeholder for the session's id in a success URL.
pub const SESSION_PLACEHOLDER: &str = "{CHECKOUT_SESSION_ID}";

impl SessionInfo {
    /// The subscription a buyer's return may be granted on: the session must be `uid`'s,
    /// complete and paid.
    fn paid_subscription(&self, uid: &str) -> Result<&str, BillingError> {
        if self.client_reference_id.as_deref() != Some(uid) {
            return Err(BillingError::SessionNotYours);
        }
        let paid = matches!(self.payment_status.as_str(), "paid" | "no_payment_required");
        if self.status != "complete" || !paid {
            return Err(BillingError::PaymentIncomplete {
                status: self.status.clone(),
                payment_status: self.payment_status.clone(),
            });
        }
        Ok(self.subscription.as_deref().ok_or_else(|| {
            ProviderError::Refused(format!("paid session {} has no subscription", self.id))
        })?)
    }
}

/// The success page's check on a session-based processor: `session` as it answered for the
/// checkout id, then the paid session's subscription as it reports it now.
pub async fn confirm_return(
    processor: &dyn Processor,
    session: Option<SessionInfo>,
    uid: &str,
) -> Result<Returned, BillingError> {
    let session = session.ok_or(BillingError::NotFound("checkout session"))?;
    let id = session.paid_subscription(uid)?;
    let subscription = processor
        .subscription(id)
        .await?
        .ok_or_else(|| ProviderError::Refused(format!("subscription {id} does not exist")))?;
    Ok(Returned::Paid(subscription))
}
