//! `DELETE /api/v1/support/users/{uid}`: staff delete a user's account as its owner could, with
//! a reason for the audit trail; an admin's account, or a paying subscriber's, only an admin.

use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{SupportStaff, actor, not_staff, not_their_own};
use crate::account::Asker;
use crate::http::account::{AccountDeleted, delete};
use crate::http::error::docs::op_errors;
use crate::http::{ApiError, ApiJson, AppState, ErrorCode};
use crate::staff::reason;

/// A staff member's account, and one that pays for Premium now (its subscription is canceled
/// with it), are deleted by an admin only.
async fn only_an_admin_deletes(state: &AppState, uid: &str) -> Result<(), ApiError> {
    not_staff(state, uid).await?;
    let paying = state
        .store
        .get_user(uid)
        .await?
        .is_some_and(|u| u.pays_for_premium(crate::store::now_ms()));
    if paying {
        return Err(ApiError::new(
            ErrorCode::AdminRequired,
            "only an admin deletes the account of a paying subscriber",
        ));
    }
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StaffDeletionBody {
    /// Kept in the audit trail with who acted (1 to 500 characters).
    reason: String,
}

op_errors!(StaffDeleteErrors: STORE + JSON_BODY + [NotFound, DependencyUnavailable, InvalidField,
    OwnRecord, AdminRequired, StorageUnavailable]);

#[utoipa::path(delete, path = "/v1/support/users/{uid}", tag = "support", security(("bearer" = [])),
    summary = "Deletes a user's account as its owner could, with a reason for the audit trail (support staff; an admin's or a paying subscriber's account: admins only)",
    params(("uid" = String, Path, description = "The user's uid")),
    request_body = StaffDeletionBody,
    responses((status = 200, description = "Deleted", body = AccountDeleted), StaffDeleteErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid, uid = %uid))]
pub async fn delete_user(
    State(state): State<AppState>,
    staff: SupportStaff,
    Path(uid): Path<String>,
    ApiJson(body): ApiJson<StaffDeletionBody>,
) -> Result<Json<AccountDeleted>, ApiError> {
    let SupportStaff(staff) = staff;
    not_their_own(&staff, &uid)?;
    let reason = reason(&body.reason).map_err(|message| ApiError::invalid("reason", message))?;
    crate::store::valid_key(&uid).map_err(|_| ApiError::not_found("user"))?;
    if !staff.roles.admin {
        only_an_admin_deletes(&state, &uid).await?;
    }
    let asker = Asker::Staff {
        uid: actor(&staff),
        reason: reason.to_owned(),
    };
    Ok(Json(delete(&state, uid, asker).await?.into()))
}
