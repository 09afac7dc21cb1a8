//! Why a billing call was refused or failed.

use super::signature::SignatureError;
use crate::coordination::CoordinationError;
use crate::store::StoreError;
use crate::users::UserError;

/// What went wrong talking to the payment provider. The provider's own words are kept for the
/// log, never shown to the client.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProviderError {
    #[error("the payment provider did not answer in time")]
    Timeout,
    /// Unreachable, overloaded, or failing on its side: may pass.
    #[error("the payment provider is unavailable: {0}")]
    Unavailable(String),
    /// It refused the request, or answered with something unusable.
    #[error("the payment provider refused the request: {0}")]
    Refused(String),
}

#[derive(Debug, thiserror::Error)]
pub enum BillingError {
    #[error("You are already subscribed to Premium.")]
    AlreadySubscribed,
    /// No one pays for what they may not use: generation is suspended for review.
    #[error(
        "generation is suspended for this account until our staff have reviewed it, so Premium cannot be bought now"
    )]
    Suspended,
    #[error("firebaseId must be the signed-in user")]
    UidMismatch,
    #[error("this checkout session belongs to another account")]
    SessionNotYours,
    #[error("the payment is not complete yet (status {status}, payment {payment_status})")]
    PaymentIncomplete {
        status: String,
        payment_status: String,
    },
    #[error("there is no subscription to manage")]
    NoSubscription,
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error(transparent)]
    Signature(#[from] SignatureError),
    #[error("{0}")]
    MalformedEvent(String),
    #[error(transparent)]
    Provider(#[from] ProviderError),
    /// Another event of the same account is being recorded; delivered again, this one is.
    #[error("another change of this subscription is being recorded")]
    Busy,
    #[error("the lease that orders subscription changes: {0}")]
    Coordination(#[from] CoordinationError),
    #[error(transparent)]
    User(#[from] UserError),
}

impl From<StoreError> for BillingError {
    fn from(e: StoreError) -> Self {
        Self::User(UserError::Store(e))
    }
}
