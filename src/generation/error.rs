//! Why a generation was refused or failed.

use serde::{Deserialize, Serialize};

use crate::coordination::CoordinationError;
use crate::images::blobs::BlobError;
use crate::safety::meaning::MEANING;
use crate::safety::moderation::ModerationError;
use crate::safety::strikes::Standing;
use crate::safety::{Category, Refusal};
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
    /// Several fields at fault, each message naming its field; told all at once.
    #[error("{}", .0.iter().map(|(_, message)| message.as_str()).collect::<Vec<_>>().join("; "))]
    InvalidFields(Vec<(&'static str, String)>),
    /// The content rules refuse the request; nothing was queued or charged. `standing` is
    /// the account's after it (`None`: the refusal could not be recorded).
    #[error("{}.{}", refused(refusal),
        standing.and_then(Standing::notice).map(|n| format!(" {n}")).unwrap_or_default())]
    Refused {
        refusal: Refusal,
        standing: Option<Standing>,
    },
    /// The account is under review: its images are held, the owner's deletes included.
    #[error("this account is under review by our staff; its images are kept until then")]
    Held,
    /// Generation is suspended for this account until staff review it.
    #[error("generation is suspended for this account until our staff have reviewed it")]
    Suspended,
    #[error("{0}")]
    ProRequired(String),
    #[error("{0}")]
    AgeConfirmationRequired(String),
    /// Explicit imagery, made or seen, needs an age a provider verified.
    #[error(
        "explicit images are only for adults whose age is verified: verify your age to make or see them"
    )]
    AgeCheckRequired,
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
    /// The job board (Redis) cannot be reached: nothing was queued or charged.
    #[error("the job queue is unavailable: {0}")]
    Unavailable(#[from] CoordinationError),
    /// Explicit requests wait for the moderation service (src/safety/moderation.rs): they
    /// are refused while it is configured and out of reach.
    #[error(
        "explicit requests cannot be checked right now; try again in a moment. No credit was used"
    )]
    ModerationUnavailable(#[source] ModerationError),
    #[error("{}: the moderation service flagged the finished image, so it was not kept. No credit was used for it", .0.reason())]
    ImageRefused(Category),
    /// The job ran and failed (its worker's error, carried through the board).
    #[error("{}", .0.message)]
    Failed(JobError),
    /// The job was canceled (DELETE) while a client waited for it.
    #[error("the job was canceled")]
    Canceled,
    #[error("{0}")]
    Internal(String),
}

/// Why a job failed, in a form that travels from a worker to whichever instance reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Failure {
    BackendFailed,
    BackendBadImage,
    BackendTooLarge,
    BackendTimeout,
    StorageUnavailable,
    StoreUnavailable,
    StoreTimeout,
    ImageRefused,
    ModerationUnavailable,
    Internal,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JobError {
    pub failure: Failure,
    /// For the log; clients see fixed text for every failure.
    pub message: String,
}

impl JobError {
    /// What the board says when a job ended without a worker's word (its workers were lost,
    /// or its admission never finished), or the worker's JSON.
    pub fn from_board(error: &str) -> Self {
        serde_json::from_str(error).unwrap_or_else(|_| Self {
            failure: Failure::Internal,
            message: format!("the job ended without a result: {error}"),
        })
    }
}

impl From<&GenerateError> for JobError {
    fn from(e: &GenerateError) -> Self {
        use crate::store::StoreError;
        let failure = match e {
            GenerateError::Backend(BackendError::Timeout) => Failure::BackendTimeout,
            GenerateError::Backend(BackendError::Failed(_)) => Failure::BackendFailed,
            GenerateError::Backend(BackendError::BadImage(_)) => Failure::BackendBadImage,
            GenerateError::Backend(BackendError::TooLarge) => Failure::BackendTooLarge,
            GenerateError::Storage(_) => Failure::StorageUnavailable,
            GenerateError::User(UserError::Store(StoreError::Timeout)) => Failure::StoreTimeout,
            GenerateError::User(UserError::Store(
                StoreError::Unavailable(_) | StoreError::Contention(_),
            )) => Failure::StoreUnavailable,
            GenerateError::ImageRefused(_) => Failure::ImageRefused,
            GenerateError::ModerationUnavailable(_) => Failure::ModerationUnavailable,
            GenerateError::Failed(job) => return job.clone(),
            _ => Failure::Internal,
        };
        Self {
            failure,
            message: e.to_string(),
        }
    }
}

/// The refusal's reason and what decided it: the user's words, or the moderation service.
fn refused(refusal: &Refusal) -> String {
    if refusal.flagged.iter().any(|f| f == MEANING) {
        return format!(
            "{}, and this request reads that way to our content check: please rephrase it; this \
             does not count against your account",
            refusal.category.reason()
        );
    }
    let by = if refusal.words.is_empty() {
        "flagged by the moderation service".to_owned()
    } else {
        refusal.words.join(", ")
    };
    if refusal.strike {
        format!("{} ({by})", refusal.category.reason())
    } else {
        format!(
            "{} ({by} may read that way): please rephrase; this does not count against your \
             account",
            refusal.category.reason()
        )
    }
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

/// Largest response a backend may send; a 1024² PNG in base64 JSON is a few megabytes.
pub const MAX_RESPONSE_BYTES: usize = 32 * 1024 * 1024;

/// What went wrong on a backend (`worker::backend`): one of the job's failures.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BackendError {
    #[error("the image backend did not answer in time")]
    Timeout,
    #[error("the image backend failed: {0}")]
    Failed(String),
    #[error("the image backend sent an unusable image: {0}")]
    BadImage(String),
    #[error("the image backend sent more than {} MB", MAX_RESPONSE_BYTES / 1024 / 1024)]
    TooLarge,
}

impl BackendError {
    /// A short name for metrics.
    pub fn label(&self) -> &'static str {
        match self {
            Self::Timeout => "backend_timeout",
            Self::Failed(_) => "backend_failed",
            Self::BadImage(_) => "backend_bad_image",
            Self::TooLarge => "backend_too_large",
        }
    }
}
