//! An admin's reset of a user's age check, with a reason for the audit trail (the card shows
//! the check: `card::SupportAgeCheck`).

use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use utoipa::ToSchema;

use super::card::{SupportUser, card};
use super::{SupportStaff, actor, not_their_own};
use crate::http::error::docs::op_errors;
use crate::http::{ApiError, ApiJson, AppState, ErrorCode};
use crate::staff::reason;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AgeResetBody {
    /// Why: kept in the audit trail with who reset it (1 to 500 characters).
    reason: String,
}

op_errors!(ResetAgeErrors: STORE + JSON_BODY + [NotFound, DependencyUnavailable, InvalidField,
    OwnRecord, AdminRequired]);

#[utoipa::path(post, path = "/v1/support/users/{uid}/age-check/reset", tag = "support", security(("bearer" = [])),
    summary = "Resets a user's age check to unverified, with a reason for the audit trail (admins only)",
    params(("uid" = String, Path, description = "The user's uid")),
    request_body = AgeResetBody,
    responses((status = 200, description = "The user after the reset", body = SupportUser),
        ResetAgeErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid, uid = %uid))]
pub async fn reset_age_check(
    State(state): State<AppState>,
    staff: SupportStaff,
    Path(uid): Path<String>,
    ApiJson(body): ApiJson<AgeResetBody>,
) -> Result<Json<SupportUser>, ApiError> {
    let SupportStaff(admin) = staff;
    let reason = reason(&body.reason).map_err(|message| ApiError::invalid("reason", message))?;
    not_their_own(&admin, &uid)?;
    if !admin.roles.admin {
        return Err(ApiError::new(
            ErrorCode::AdminRequired,
            "only admins reset an age check",
        ));
    }
    if state.store.get_user(&uid).await?.is_none() {
        return Err(ApiError::not_found("user"));
    }
    let record = state.age.reset(&uid, &actor(&admin), reason).await?;
    card(&state, record).await.map(Json)
}
