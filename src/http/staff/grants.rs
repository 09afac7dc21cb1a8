//! `GET /api/v1/support/grants`: what the calling support member may still give today, so the
//! console says it before a grant is refused.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::SupportStaff;
use crate::http::error::docs::op_errors;
use crate::http::{ApiError, AppState};

/// A support member's grants of the UTC day and their caps. An admin's are not capped: all
/// four are absent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GrantsToday {
    /// Bonus credits one support member may add in a day, in all.
    #[serde(skip_serializing_if = "Option::is_none")]
    credits_per_day: Option<u32>,
    /// Of those, what is left today.
    #[serde(skip_serializing_if = "Option::is_none")]
    credits_left: Option<u32>,
    /// Premium plans one support member may grant in a day.
    #[serde(skip_serializing_if = "Option::is_none")]
    pro_per_day: Option<u32>,
    /// Of those, what is left today.
    #[serde(skip_serializing_if = "Option::is_none")]
    pro_left: Option<u32>,
    /// The day counted (`YYYY-MM-DD`, UTC); the next starts at midnight UTC.
    day: String,
}

op_errors!(GrantsTodayErrors: STORE + [NotFound, DependencyUnavailable]);

#[utoipa::path(get, path = "/v1/support/grants", tag = "support", security(("bearer" = [])),
    summary = "What the caller may still grant today: bonus credits and Premium plans (support staff only)",
    responses((status = 200, description = "The day's caps and what is left", body = GrantsToday),
        GrantsTodayErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid))]
pub async fn grants_today(
    State(state): State<AppState>,
    staff: SupportStaff,
) -> Result<Json<GrantsToday>, ApiError> {
    let day = chrono::Utc::now().format("%Y-%m-%d").to_string();
    if staff.0.roles.admin {
        return Ok(Json(GrantsToday {
            credits_per_day: None,
            credits_left: None,
            pro_per_day: None,
            pro_left: None,
            day,
        }));
    }
    let caps = state.staff.daily_caps;
    let given = state.store.get_staff_grants(&staff.0.uid, &day).await?;
    Ok(Json(GrantsToday {
        credits_per_day: Some(caps.credits),
        credits_left: Some(caps.credits.saturating_sub(given.credits)),
        pro_per_day: Some(caps.pro),
        pro_left: Some(caps.pro.saturating_sub(given.pro)),
        day,
    }))
}
