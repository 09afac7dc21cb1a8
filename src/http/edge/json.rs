//! `ApiJson`: axum's `Json` whose rejections speak the API's error format.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::http::error::{ApiError, ErrorCode};

#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    axum::Json<T>: FromRequest<S, Rejection = JsonRejection>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Self(value)),
            Err(rejection) => Err(rejection_to_error(&rejection)),
        }
    }
}

/// A body past the route's limit.
pub fn too_large() -> ApiError {
    ApiError::new(ErrorCode::PayloadTooLarge, "request body too large")
}

fn rejection_to_error(rejection: &JsonRejection) -> ApiError {
    match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => too_large(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::new(
            ErrorCode::UnsupportedMediaType,
            "expected Content-Type: application/json",
        ),
        // axum answers 422 for JSON that parses but has the wrong shape; that is still a
        // malformed request to us (field values are judged by the handlers, with 422).
        _ => ApiError::new(ErrorCode::MalformedJson, rejection.body_text()),
    }
}

/// Room for most answers at once: axum's `Json` starts its buffer at 128 bytes and grows it
/// as it writes, a reallocation or two per answer (`/me` is 381 bytes).
const BODY_CAPACITY: usize = 512;

impl<T: serde::Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        let mut body = Vec::with_capacity(BODY_CAPACITY);
        match serde_json::to_writer(&mut body, &self.0) {
            Ok(()) => (
                [(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                )],
                body,
            )
                .into_response(),
            Err(e) => ApiError::internal(e).into_response(),
        }
    }
}
