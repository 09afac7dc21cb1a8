//! Why a generation was refused or failed.

use super::backend::BackendError;
use crate::images::blobs::BlobError;
use crate::store::StoreError;
use crate::users::UserError;

#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// A field holds a value the API does not accept; the message names the field.
    #[error("{field}: {message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    #[error("{0}")]
    ProRequired(String),
    #[error("{0}")]
    AgeConfirmationRequired(String),
    /// The credits of the period are spent; they come back at the period's end.
    #[error("{message}")]
    QuotaExhausted { message: String, retry_after: u64 },
    /// The caller already has this many requests queued or running.
    #[error("you already have {0} request(s) in progress; wait for them to finish")]
    Busy(usize),
    #[error("the queue is full; try again in a moment")]
    QueueFull,
    /// Missing, or someone else's (never told apart, so ids cannot be probed).
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error(transparent)]
    Backend(#[from] BackendError),
    #[error("the image could not be saved: {0}")]
    Storage(#[from] BlobError),
    #[error(transparent)]
    User(#[from] UserError),
    #[error("{0}")]
    Internal(String),
}

impl From<StoreError> for GenerateError {
    fn from(e: StoreError) -> Self {
        Self::User(UserError::Store(e))
    }
}

impl GenerateError {
    pub(crate) fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        Self::Invalid {
            field,
            message: message.into(),
        }
    }
}
