//! The one place where failures become HTTP: every error code the gateway sends is a variant of
//! [`ErrorCode`], each with exactly one status, and every domain error (`age`, `auth`,
//! `billing`, `generate`, `images`, `limits`, `store`, `users`) is mapped here
//! (`from_domain.rs`). Bodies are
//! `{"error":{"code":"…","message":"…"}}`; a 5xx never carries upstream text to the client.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::safety::Category;

pub(super) mod docs;
mod from_domain;

/// Declares [`ErrorCode`] from one table: variant, wire name, status.
macro_rules! error_codes {
    ($($variant:ident = $wire:literal => $status:ident,)*) => {
        /// Every error code of the API. The OpenAPI document lists them as the `code` enum.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum ErrorCode {
            $($variant,)*
        }

        impl ErrorCode {
            /// Every code, for the contract tests.
            pub const ALL: &[ErrorCode] = &[$(ErrorCode::$variant,)*];

            pub fn status(self) -> StatusCode {
                match self {
                    $(ErrorCode::$variant => StatusCode::$status,)*
                }
            }

            /// The code as it appears on the wire.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $wire,)*
                }
            }
        }
    };
}

error_codes! {
    MalformedJson = "malformed_json" => BAD_REQUEST,
    BadQuery = "bad_query" => BAD_REQUEST,
    SignatureInvalid = "signature_invalid" => BAD_REQUEST,
    MalformedEvent = "malformed_event" => BAD_REQUEST,
    TokenMissing = "token_missing" => UNAUTHORIZED,
    TokenInvalid = "token_invalid" => UNAUTHORIZED,
    TokenExpired = "token_expired" => UNAUTHORIZED,
    TokenWrongProject = "token_wrong_project" => UNAUTHORIZED,
    TokenNotYetValid = "token_not_yet_valid" => UNAUTHORIZED,
    TokenBadSubject = "token_bad_subject" => UNAUTHORIZED,
    ProRequired = "pro_required" => FORBIDDEN,
    AgeConfirmationRequired = "age_confirmation_required" => FORBIDDEN,
    AgeCheckRequired = "age_check_required" => FORBIDDEN,
    UidMismatch = "uid_mismatch" => FORBIDDEN,
    SessionNotYours = "session_not_yours" => FORBIDDEN,
    OwnRecord = "own_record" => FORBIDDEN,
    AdminRequired = "admin_required" => FORBIDDEN,
    AccountSuspended = "account_suspended" => FORBIDDEN,
    NotFound = "not_found" => NOT_FOUND,
    AccountDeleted = "account_deleted" => GONE,
    ProfileMissing = "profile_missing" => CONFLICT,
    AlreadySubscribed = "already_subscribed" => CONFLICT,
    AgeAlreadyVerified = "age_already_verified" => CONFLICT,
    AgeCheckLocked = "age_check_locked" => FORBIDDEN,
    PaymentIncomplete = "payment_incomplete" => CONFLICT,
    JobNotCancelable = "job_not_cancelable" => CONFLICT,
    PayloadTooLarge = "payload_too_large" => PAYLOAD_TOO_LARGE,
    UnsupportedMediaType = "unsupported_media_type" => UNSUPPORTED_MEDIA_TYPE,
    InvalidField = "invalid_field" => UNPROCESSABLE_ENTITY,
    PromptRefused = "prompt_refused" => UNPROCESSABLE_ENTITY,
    QuotaExhausted = "quota_exhausted" => TOO_MANY_REQUESTS,
    TooManyRequests = "too_many_requests" => TOO_MANY_REQUESTS,
    QueueFull = "queue_full" => TOO_MANY_REQUESTS,
    RateLimited = "rate_limited" => TOO_MANY_REQUESTS,
    Internal = "internal" => INTERNAL_SERVER_ERROR,
    BackendFailed = "backend_failed" => BAD_GATEWAY,
    BackendBadImage = "backend_bad_image" => BAD_GATEWAY,
    BackendTooLarge = "backend_too_large" => BAD_GATEWAY,
    StripeError = "stripe_error" => BAD_GATEWAY,
    StoreUnavailable = "store_unavailable" => SERVICE_UNAVAILABLE,
    StorageUnavailable = "storage_unavailable" => SERVICE_UNAVAILABLE,
    StripeUnavailable = "stripe_unavailable" => SERVICE_UNAVAILABLE,
    AuthKeysUnavailable = "auth_keys_unavailable" => SERVICE_UNAVAILABLE,
    DependencyUnavailable = "dependency_unavailable" => SERVICE_UNAVAILABLE,
    BackendTimeout = "backend_timeout" => GATEWAY_TIMEOUT,
    StoreTimeout = "store_timeout" => GATEWAY_TIMEOUT,
    StripeTimeout = "stripe_timeout" => GATEWAY_TIMEOUT,
}

impl ErrorCode {
    /// What a client reads for a server-side failure: fixed text, whatever the cause was
    /// (the cause is logged). `None` for client errors, whose message is specific.
    fn public_message(self) -> Option<&'static str> {
        use ErrorCode::*;
        Some(match self {
            Internal => "internal error",
            BackendFailed => "the image backend failed",
            BackendBadImage => "the image backend sent an unusable image",
            BackendTooLarge => "the image backend sent too much data",
            BackendTimeout => "the image backend did not answer in time",
            StripeError => "the payment provider refused the request",
            StripeUnavailable => {
                "the payment provider is not available right now; try again shortly"
            }
            StripeTimeout => "the payment provider did not answer in time",
            StoreUnavailable => "the user database is unavailable",
            StoreTimeout => "the user database did not answer in time",
            StorageUnavailable => "the image store is unavailable",
            AuthKeysUnavailable => "the token-signing keys cannot be fetched",
            DependencyUnavailable => {
                "a service this needs (the job queue, or the accounts service) is unavailable; try again shortly"
            }
            _ => return None,
        })
    }
}

/// `{"error":{"code","message"}}`: every error response of the API.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorDetail {
    pub code: ErrorCode,
    /// For a 4xx, what to fix; for a 5xx, fixed text (the details are in the gateway's log).
    pub message: String,
    /// With `invalid_field`: the field at fault, as the request names it (`message` starts
    /// with it too). With `prompt_refused`: `prompt` or `negativePrompt`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// With `invalid_field`: every field at fault in the request, `field` the first, so that
    /// a form shows each problem by its field at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<Vec<FieldError>>,
    /// With `prompt_refused`: which rule refused it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::safety::Category>)]
    pub category: Option<Category>,
    /// With `prompt_refused`: the words that decided it, as the request wrote them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub words: Option<Vec<String>>,
    /// With `prompt_refused`: whether it counts against the account. False when it rests on
    /// one ambiguous sign: the user is asked to change `words` and try again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strike: Option<bool>,
}

/// One field at fault.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct FieldError {
    /// As the request names it.
    pub field: String,
    /// `<field>: <problem>`, as `message` words the first.
    pub message: String,
}

/// An error on its way to the client.
#[derive(Debug)]
pub struct ApiError {
    pub code: ErrorCode,
    /// For 4xx: shown to the client. For 5xx: logged only.
    pub detail: String,
    /// 429: seconds until a retry can succeed.
    pub retry_after: Option<u64>,
    /// `invalid_field`: the first field at fault.
    pub field: Option<String>,
    /// `invalid_field`: every field at fault, the first included (boxed: errors travel in
    /// every `Result` of the layer, and most carry none).
    pub fields: Box<[FieldError]>,
    /// `prompt_refused`: which rule, the words, and whether it counts against the account.
    pub refused: Option<(Category, Vec<String>, bool)>,
}

impl ApiError {
    pub fn new(code: ErrorCode, detail: impl Into<String>) -> Self {
        Self {
            code,
            detail: detail.into(),
            retry_after: None,
            field: None,
            fields: Box::default(),
            refused: None,
        }
    }

    pub fn not_found(what: &str) -> Self {
        Self::new(ErrorCode::NotFound, format!("{what} not found"))
    }

    pub fn invalid(field: &str, message: impl std::fmt::Display) -> Self {
        Self::invalid_fields([(field, message)])
    }

    /// `invalid_field` for each of `problems`, the first named in `field` and `message`.
    pub fn invalid_fields<F: AsRef<str>, M: std::fmt::Display>(
        problems: impl IntoIterator<Item = (F, M)>,
    ) -> Self {
        let fields: Vec<FieldError> = problems
            .into_iter()
            .map(|(field, message)| FieldError {
                message: format!("{}: {message}", field.as_ref()),
                field: field.as_ref().to_owned(),
            })
            .collect();
        let first = fields.first().cloned();
        Self {
            field: first.as_ref().map(|f| f.field.clone()),
            fields: fields.into(),
            ..Self::new(
                ErrorCode::InvalidField,
                first.map(|f| f.message).unwrap_or_default(),
            )
        }
    }

    pub fn internal(e: impl std::fmt::Display) -> Self {
        Self::new(ErrorCode::Internal, e.to_string())
    }

    pub fn retry_after(mut self, seconds: u64) -> Self {
        self.retry_after = Some(seconds.max(1));
        self
    }

    pub fn status(&self) -> StatusCode {
        self.code.status()
    }

    /// The message a client may read.
    pub fn public_message(&self) -> String {
        self.code
            .public_message()
            .map_or_else(|| self.detail.clone(), str::to_owned)
    }

    /// `{"code","message"}`, as the body and the event streams carry it. Logs nothing: a
    /// failed job is read many times (every poll, every stream); [`Self::log`] is for where
    /// a failure happens.
    pub fn detail_for_client(&self) -> ErrorDetail {
        ErrorDetail {
            code: self.code,
            message: self.public_message(),
            field: self.field.clone(),
            fields: (!self.fields.is_empty()).then(|| self.fields.to_vec()),
            category: self.refused.as_ref().map(|(category, _, _)| *category),
            words: self.refused.as_ref().map(|(_, words, _)| words.clone()),
            strike: self.refused.as_ref().map(|(_, _, strike)| *strike),
        }
    }
}

impl ApiError {
    /// Logs a server-side failure with its detail, where it happened; a client error is the
    /// client's and is not logged.
    pub fn log(&self) {
        if self.status().is_server_error() {
            tracing::error!(code = self.code.as_str(), detail = %self.detail, "request failed");
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.detail)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        self.log();
        let body = Json(ErrorBody {
            error: self.detail_for_client(),
        });
        let mut response = (self.status(), body).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use serde_json::json;

    #[test]
    fn every_code_is_listed_once_and_serialises_as_its_wire_name() {
        let mut seen = std::collections::HashSet::new();
        for &code in ErrorCode::ALL {
            assert!(seen.insert(code), "{code:?} listed twice");
            assert_eq!(
                serde_json::to_value(code).unwrap(),
                json!(code.as_str()),
                "{code:?}"
            );
        }
    }

    #[test]
    fn server_errors_never_show_their_detail() {
        let e = ApiError::new(
            ErrorCode::BackendFailed,
            "status 500: /home/gpu/secret.py line 3",
        );
        assert_eq!(e.public_message(), "the image backend failed");
        let e = ApiError::invalid("seed", "seed must be a whole number");
        assert_eq!(e.public_message(), "seed: seed must be a whole number");
    }
}
