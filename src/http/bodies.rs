//! What several routes answer with or read: the images a job made, a page of history, PNG
//! bodies and their headers, and the error for a query that does not parse.

use axum::extract::rejection::QueryRejection;
use axum::http::{HeaderValue, header};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{ApiError, ErrorCode};
use crate::generate::gallery::Page;
use crate::generate::view::GenerationView;

/// What a generation made: the same shape in the JSON answer, the stream's `done` event and a
/// job's result.
#[derive(Debug, Serialize, ToSchema)]
pub struct Generations {
    pub generations: Vec<GenerationView>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct PageQuery {
    /// The `nextCursor` of the previous page.
    pub cursor: Option<String>,
    /// 1 to 100; 20 by default.
    pub limit: Option<usize>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryPage {
    items: Vec<GenerationView>,
    next_cursor: Option<String>,
}

impl From<Page> for HistoryPage {
    fn from(page: Page) -> Self {
        Self {
            items: page.items,
            next_cursor: page.next_cursor,
        }
    }
}

pub fn bad_query(e: QueryRejection) -> ApiError {
    ApiError::new(ErrorCode::BadQuery, e.body_text())
}

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
