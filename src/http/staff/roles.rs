//! Admins grant and revoke the console's roles from the browser, as `lucent staff` does from a
//! shell: the account is found by email, the change is audited on it first, and nobody changes
//! their own role.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{SupportStaff, actor, not_their_own};
use crate::http::error::docs::op_errors;
use crate::http::{ApiError, ApiJson, AppState, ErrorCode};
use crate::staff::{self, Role, reason};
use crate::store::{AuditEntry, now_ms};

/// A role to give or take.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RoleBody {
    /// The account's email (exactly one account must have it).
    email: String,
    role: Role,
    /// True to grant, false to revoke.
    granted: bool,
    /// Kept in the audit trail of the account with who made the change (1 to 500 characters).
    reason: String,
}

/// An account's staff roles after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffAccount {
    uid: String,
    email: String,
    support: bool,
    admin: bool,
}

op_errors!(SetRoleErrors: STORE + JSON_BODY + [NotFound, DependencyUnavailable, InvalidField, OwnRecord, AdminRequired]);

#[utoipa::path(post, path = "/v1/support/staff", tag = "support", security(("bearer" = [])),
    summary = "Grants or revokes a console role, with a reason for the audit trail (admins only)",
    request_body = RoleBody,
    responses((status = 200, description = "The account's roles now", body = StaffAccount),
        SetRoleErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid))]
pub async fn set_role(
    State(state): State<AppState>,
    staff: SupportStaff,
    ApiJson(body): ApiJson<RoleBody>,
) -> Result<Json<StaffAccount>, ApiError> {
    let SupportStaff(admin) = staff;
    if !admin.roles.admin {
        return Err(ApiError::new(
            ErrorCode::AdminRequired,
            "only admins grant and revoke roles",
        ));
    }
    let reason = reason(&body.reason).map_err(|message| ApiError::invalid("reason", message))?;
    let account = state.staff.account(body.email.trim()).await?;
    not_their_own(&admin, &account.uid)?;
    staff::grantable(&account, body.granted)?;
    let entry = AuditEntry {
        at: now_ms(),
        actor: actor(&admin),
        action: format!(
            "{} role {}",
            if body.granted { "grant" } else { "revoke" },
            body.role.claim()
        ),
        reason: reason.to_owned(),
    };
    state.store.add_audit(&account.uid, &entry).await?;
    let account = state
        .staff
        .set_role(account, body.role, body.granted)
        .await?;
    let roles = account.roles();
    Ok(Json(StaffAccount {
        email: account.email.unwrap_or_default(),
        uid: account.uid,
        support: roles.support,
        admin: roles.admin,
    }))
}
