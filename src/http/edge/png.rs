//! An image as an answer: the PNG body as the OpenAPI document names it, and the headers of a
//! PNG whose bytes depend on who asks.

use axum::http::{HeaderValue, header};
use axum::response::Response;
use utoipa::ToSchema;

/// PNG bytes.
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct Png(#[allow(dead_code)] Vec<u8>);

/// A PNG that depends on who asks.
pub fn png_headers(response: &mut Response) {
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
    // What this URL serves changes when the plan does: never reuse it without asking.
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-cache"),
    );
    headers.insert(header::VARY, HeaderValue::from_static("Authorization"));
}
