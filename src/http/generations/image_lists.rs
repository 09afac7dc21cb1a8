//! Images as lists in an answer: what a generation made (the JSON answer, the stream's `done`
//! event and a job's result share it), a page of history with its cursor, and the error for a
//! page query that does not parse.

use axum::extract::rejection::QueryRejection;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::gallery::Page;
use crate::generation::view::GenerationView;
use crate::http::{ApiError, ErrorCode};

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
