//! The one error type of the HTTP API: every failure renders as
//! `{"error":{"code":"…","message":"…"}}` with the status ARCHITECTURE.md section 4 gives it.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: the request cannot be read (bad JSON, wrong content type, bad query).
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    /// 401: no token or a token that does not verify; `code` says which check failed.
    #[error("{message}")]
    Unauthorized { code: &'static str, message: String },
    /// 403: the caller is known but may not do this.
    #[error("{message}")]
    Forbidden { code: &'static str, message: String },
    /// 404: missing, or someone else's (never told apart, so ids cannot be probed).
    #[error("{what} not found")]
    NotFound { what: &'static str },
    /// 409: the request conflicts with the caller's current state.
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    /// 413: the body is over the limit.
    #[error("request body too large")]
    PayloadTooLarge,
    /// 422: a field holds a value the API does not accept; the message names the field.
    #[error("{field}: {message}")]
    InvalidField {
        field: &'static str,
        message: String,
    },
    /// 429: a quota or rate limit; the client may retry after `retry_after` seconds.
    #[error("{message}")]
    TooManyRequests {
        code: &'static str,
        message: String,
        retry_after: u64,
    },
    /// 502: an upstream answered with something unusable.
    #[error("{message}")]
    BadGateway { code: &'static str, message: String },
    /// 503: a dependency is down.
    #[error("{message}")]
    Unavailable { code: &'static str, message: String },
    /// 504: an upstream did not answer in time.
    #[error("{message}")]
    GatewayTimeout { code: &'static str, message: String },
    /// 500: a bug or an unexpected failure; logged in full, shown generically.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthorized { .. } => StatusCode::UNAUTHORIZED,
            Self::Forbidden { .. } => StatusCode::FORBIDDEN,
            Self::NotFound { .. } => StatusCode::NOT_FOUND,
            Self::Conflict { .. } => StatusCode::CONFLICT,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::InvalidField { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::BadGateway { .. } => StatusCode::BAD_GATEWAY,
            Self::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::GatewayTimeout { .. } => StatusCode::GATEWAY_TIMEOUT,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            Self::BadRequest { code, .. }
            | Self::Unauthorized { code, .. }
            | Self::Forbidden { code, .. }
            | Self::Conflict { code, .. }
            | Self::TooManyRequests { code, .. }
            | Self::BadGateway { code, .. }
            | Self::Unavailable { code, .. }
            | Self::GatewayTimeout { code, .. } => code,
            Self::NotFound { .. } => "not_found",
            Self::PayloadTooLarge => "payload_too_large",
            Self::InvalidField { .. } => "invalid_field",
            Self::Internal(_) => "internal",
        }
    }

    pub fn forbidden(code: &'static str, message: impl Into<String>) -> Self {
        Self::Forbidden {
            code,
            message: message.into(),
        }
    }

    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        Self::InvalidField {
            field,
            message: message.into(),
        }
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::BadRequest {
            code,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let message = match &self {
            Self::Internal(e) => {
                tracing::error!(error = ?e, "internal error");
                "internal error".to_owned()
            }
            other => {
                if status.is_server_error() {
                    tracing::warn!(code = other.code(), error = %other, "upstream failure");
                }
                other.to_string()
            }
        };
        let body = Json(json!({ "error": { "code": self.code(), "message": message } }));
        let mut response = (status, body).into_response();
        if let Self::TooManyRequests { retry_after, .. } = self {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(retry_after.max(1)));
        }
        response
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Unavailable(message) => Self::Unavailable {
                code: "store_unavailable",
                message: format!("the user database is unavailable: {message}"),
            },
            StoreError::Timeout => Self::GatewayTimeout {
                code: "store_timeout",
                message: "the user database did not answer in time".into(),
            },
            other => Self::Internal(anyhow::Error::new(other)),
        }
    }
}
