//! Every domain error mapped to its code: the one place a new failure of `age`, `auth`, `billing`,
//! `generate`, `images`, `limits`, `store` or `users` must be given one.

use super::{ApiError, ErrorCode};
use crate::age::{self, AgeError, WebhookError};
use crate::auth::TokenError;
use crate::billing::{BillingError, ProviderError};
use crate::generation::{Failure, GenerateError};
use crate::images::blobs::BlobError;
use crate::limits::RateLimited;
use crate::limits::streams::TooManyStreams;
use crate::store::StoreError;
use crate::users::UserError;
use crate::worker::backend::BackendError;

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        let code = match e {
            StoreError::Timeout => ErrorCode::StoreTimeout,
            StoreError::Unavailable(_) | StoreError::Contention(_) => ErrorCode::StoreUnavailable,
            StoreError::InvalidKey(_) => {
                return Self::new(ErrorCode::NotFound, "no such record");
            }
            StoreError::Missing(_) | StoreError::Rejected { .. } | StoreError::Invalid(_) => {
                ErrorCode::Internal
            }
        };
        Self::new(code, e.to_string())
    }
}

impl From<BlobError> for ApiError {
    fn from(e: BlobError) -> Self {
        Self::new(ErrorCode::StorageUnavailable, e.to_string())
    }
}

impl From<TokenError> for ApiError {
    fn from(e: TokenError) -> Self {
        let code = match e {
            TokenError::Missing => ErrorCode::TokenMissing,
            TokenError::Malformed(_)
            | TokenError::WrongAlgorithm
            | TokenError::UnknownKey
            | TokenError::BadSignature => ErrorCode::TokenInvalid,
            TokenError::Expired => ErrorCode::TokenExpired,
            TokenError::WrongProject(_) => ErrorCode::TokenWrongProject,
            TokenError::NotYetValid(_) => ErrorCode::TokenNotYetValid,
            TokenError::BadSubject => ErrorCode::TokenBadSubject,
            TokenError::KeysUnavailable => ErrorCode::AuthKeysUnavailable,
        };
        Self::new(code, e.to_string())
    }
}

impl From<UserError> for ApiError {
    fn from(e: UserError) -> Self {
        match e {
            UserError::ProfileMissing => Self::new(
                ErrorCode::ProfileMissing,
                "no profile yet: POST /api/v1/me with a username first",
            ),
            UserError::Invalid { field, message } => Self::invalid(field, message),
            UserError::Store(e) => e.into(),
        }
    }
}

impl From<RateLimited> for ApiError {
    fn from(e: RateLimited) -> Self {
        Self::new(ErrorCode::RateLimited, e.to_string()).retry_after(e.retry_after)
    }
}

impl From<TooManyStreams> for ApiError {
    fn from(e: TooManyStreams) -> Self {
        Self::new(ErrorCode::TooManyRequests, e.to_string()).retry_after(e.retry_after)
    }
}

impl From<BackendError> for ApiError {
    fn from(e: BackendError) -> Self {
        let code = match e {
            BackendError::Timeout => ErrorCode::BackendTimeout,
            BackendError::Failed(_) => ErrorCode::BackendFailed,
            BackendError::BadImage(_) => ErrorCode::BackendBadImage,
            BackendError::TooLarge => ErrorCode::BackendTooLarge,
        };
        Self::new(code, e.to_string())
    }
}

impl From<GenerateError> for ApiError {
    fn from(e: GenerateError) -> Self {
        let message = e.to_string();
        match e {
            GenerateError::Invalid { field, message } => Self::invalid(field, message),
            GenerateError::InvalidFields(problems) => Self::invalid_fields(problems),
            GenerateError::Suspended | GenerateError::Held => {
                Self::new(ErrorCode::AccountSuspended, message)
            }
            GenerateError::Refused { refusal, .. } => Self {
                field: Some(refusal.field.as_str().to_owned()),
                refused: Some((refusal.category, refusal.words, refusal.strike)),
                ..Self::new(ErrorCode::PromptRefused, message)
            },
            GenerateError::ProRequired(_) => Self::new(ErrorCode::ProRequired, message),
            GenerateError::AgeConfirmationRequired(_) => {
                Self::new(ErrorCode::AgeConfirmationRequired, message)
            }
            GenerateError::AgeCheckRequired => Self::new(ErrorCode::AgeCheckRequired, message),
            GenerateError::QuotaExhausted { retry_after, .. } => {
                Self::new(ErrorCode::QuotaExhausted, message).retry_after(retry_after)
            }
            GenerateError::Busy(_) => Self::new(ErrorCode::TooManyRequests, message).retry_after(5),
            GenerateError::QueueFull => Self::new(ErrorCode::QueueFull, message).retry_after(5),
            GenerateError::NotFound(what) => Self::not_found(what),
            GenerateError::Backend(e) => e.into(),
            GenerateError::Storage(e) => e.into(),
            GenerateError::User(e) => e.into(),
            GenerateError::Unavailable(_) => {
                Self::new(ErrorCode::DependencyUnavailable, message).retry_after(1)
            }
            GenerateError::ModerationUnavailable(_) => {
                Self::new(ErrorCode::DependencyUnavailable, message).retry_after(5)
            }
            GenerateError::ImageRefused(category) => Self {
                refused: Some((category, Vec::new(), true)),
                ..Self::new(ErrorCode::PromptRefused, message)
            },
            GenerateError::Failed(job) => Self::new(job.failure.into(), message),
            // Only a DELETE with the job's id cancels it, and the calls that wait for a job
            // never tell its id: for them this cannot happen.
            GenerateError::Canceled => Self::new(ErrorCode::Internal, message),
            GenerateError::Internal(_) => Self::new(ErrorCode::Internal, message),
        }
    }
}

impl From<Failure> for ErrorCode {
    fn from(f: Failure) -> Self {
        match f {
            Failure::BackendFailed => ErrorCode::BackendFailed,
            Failure::BackendBadImage => ErrorCode::BackendBadImage,
            Failure::BackendTooLarge => ErrorCode::BackendTooLarge,
            Failure::BackendTimeout => ErrorCode::BackendTimeout,
            Failure::StorageUnavailable => ErrorCode::StorageUnavailable,
            Failure::StoreUnavailable => ErrorCode::StoreUnavailable,
            Failure::StoreTimeout => ErrorCode::StoreTimeout,
            Failure::ImageRefused => ErrorCode::PromptRefused,
            Failure::ModerationUnavailable => ErrorCode::DependencyUnavailable,
            Failure::Internal => ErrorCode::Internal,
        }
    }
}

impl From<ProviderError> for ApiError {
    fn from(e: ProviderError) -> Self {
        let code = match e {
            ProviderError::Timeout => ErrorCode::StripeTimeout,
            ProviderError::Unavailable(_) => ErrorCode::StripeUnavailable,
            ProviderError::Refused(_) => ErrorCode::StripeError,
        };
        Self::new(code, e.to_string())
    }
}

impl From<BillingError> for ApiError {
    fn from(e: BillingError) -> Self {
        let message = e.to_string();
        let code = match e {
            BillingError::AlreadySubscribed => ErrorCode::AlreadySubscribed,
            BillingError::Suspended => ErrorCode::AccountSuspended,
            BillingError::UidMismatch => ErrorCode::UidMismatch,
            BillingError::SessionNotYours => ErrorCode::SessionNotYours,
            BillingError::PaymentIncomplete { .. } => ErrorCode::PaymentIncomplete,
            BillingError::NoSubscription => ErrorCode::ProRequired,
            BillingError::NotFound(what) => return Self::not_found(what),
            BillingError::Signature(_) => ErrorCode::SignatureInvalid,
            BillingError::MalformedEvent(_) => ErrorCode::MalformedEvent,
            BillingError::Provider(e) => return e.into(),
            BillingError::Busy | BillingError::Coordination(_) => {
                return Self::new(ErrorCode::DependencyUnavailable, message).retry_after(1);
            }
            BillingError::User(e) => return e.into(),
        };
        Self::new(code, message)
    }
}

impl From<AgeError> for ApiError {
    fn from(e: AgeError) -> Self {
        let message = e.to_string();
        let code = match e {
            AgeError::AlreadyVerified => ErrorCode::AgeAlreadyVerified,
            AgeError::LockedAsMinor => ErrorCode::AgeCheckLocked,
            AgeError::Off => return Self::not_found("age check"),
            AgeError::Provider(age::ProviderError::Unavailable(_)) => {
                ErrorCode::DependencyUnavailable
            }
            // A key or template Persona refuses is the deployer's to fix; the log says which.
            AgeError::Provider(age::ProviderError::Refused(_)) => ErrorCode::Internal,
            AgeError::Store(e) => return e.into(),
        };
        Self::new(code, message)
    }
}

impl From<WebhookError> for ApiError {
    fn from(e: WebhookError) -> Self {
        let message = e.to_string();
        let code = match e {
            WebhookError::Signature(_) => ErrorCode::SignatureInvalid,
            WebhookError::Malformed(_) => ErrorCode::MalformedEvent,
            // Persona delivers it again after any answer but a 2xx.
            WebhookError::Retry(_) => ErrorCode::DependencyUnavailable,
            WebhookError::Store(e) => return e.into(),
        };
        Self::new(code, message)
    }
}
