//! The support console's API (`/api/v1/support/…`): staff with the `support` role (or
//! `admin`) find users, read why they are or are not pro and what the payment provider says,
//! see their images blurred, and act with a reason that goes into the audit trail first. The
//! role is checked on the account itself on every call. Everyone else gets the 404 of a path
//! that does not exist: the console does not announce itself.

pub mod account_deletion;
pub mod actions;
pub mod age;
pub mod card;
pub mod deleted;
pub mod grants;
pub mod images;
mod provider;
pub mod review;
pub mod roles;
mod safety_views;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::{ApiError, AppState, ErrorCode};
use crate::auth::Identity;
use crate::staff::{ActionError, StaffError};

/// A caller who holds a staff role now; `roles` are the account's, not the token's.
pub struct SupportStaff(pub Identity);

fn absent() -> ApiError {
    ApiError::not_found("route")
}

impl FromRequestParts<AppState> for SupportStaff {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let mut identity = Identity::from_request_parts(parts, state)
            .await
            .map_err(|_| absent())?;
        if !(identity.roles.support || identity.roles.admin) {
            return Err(absent());
        }
        // The token may predate a revocation by up to an hour: ask the account.
        let now = state
            .staff
            .roles_now(&identity.uid, identity.auth_time)
            .await
            .map_err(|e| {
                tracing::warn!(error = %e, "checking a staff role");
                ApiError::new(ErrorCode::DependencyUnavailable, e.to_string()).retry_after(1)
            })?;
        if !(now.support || now.admin) {
            tracing::warn!(uid = %identity.uid, "a token claims a staff role its account no longer has");
            return Err(absent());
        }
        identity.roles = now;
        Ok(Self(identity))
    }
}

impl From<StaffError> for ApiError {
    fn from(e: StaffError) -> Self {
        match e {
            StaffError::NoAccount(_) => ApiError::not_found("account"),
            StaffError::SeveralAccounts { .. } | StaffError::Unverified(_) => {
                ApiError::invalid("email", e.to_string())
            }
            StaffError::Busy => {
                ApiError::new(ErrorCode::DependencyUnavailable, e.to_string()).retry_after(1)
            }
            StaffError::Accounts(e) => {
                tracing::warn!(error = %e, "the accounts service");
                ApiError::new(ErrorCode::DependencyUnavailable, e.to_string()).retry_after(1)
            }
        }
    }
}

impl From<ActionError> for ApiError {
    fn from(e: ActionError) -> Self {
        match e {
            ActionError::Invalid { field, message } => ApiError::invalid(field, message),
            ActionError::NoUser(_) => ApiError::not_found("user"),
            ActionError::AdminRequired(why) => ApiError::new(ErrorCode::AdminRequired, why),
            ActionError::Store(e) => e.into(),
        }
    }
}

/// Staff never act on their own record: a colleague does, and the trail shows who.
pub(super) fn not_their_own(staff: &Identity, uid: &str) -> Result<(), ApiError> {
    if staff.uid == uid {
        return Err(ApiError::new(
            ErrorCode::OwnRecord,
            "staff cannot change their own record; ask a colleague",
        ));
    }
    Ok(())
}

/// Whether `uid` is a staff member's account (support or admin).
pub(super) async fn staff_account(state: &AppState, uid: &str) -> Result<bool, ApiError> {
    let account = state
        .staff
        .accounts
        .by_uid(uid)
        .await
        .map_err(|e| ApiError::new(ErrorCode::DependencyUnavailable, e.to_string()))?;
    Ok(account.is_some_and(|a| {
        let roles = a.roles();
        roles.admin || roles.support
    }))
}

/// A staff member's account is an admin's to change: a support member acting on a colleague's
/// (or an admin's) could hand out or take away what each role bounds.
pub(super) async fn not_staff(state: &AppState, uid: &str) -> Result<(), ApiError> {
    if staff_account(state, uid).await? {
        return Err(ApiError::new(
            ErrorCode::AdminRequired,
            "only an admin acts on a staff member's account",
        ));
    }
    Ok(())
}

/// What `staff` may act on: never their own record, and a colleague's only as an admin.
pub(super) async fn within_reach(
    state: &AppState,
    staff: &Identity,
    uid: &str,
) -> Result<(), ApiError> {
    not_their_own(staff, uid)?;
    if staff.roles.admin {
        Ok(())
    } else {
        not_staff(state, uid).await
    }
}

/// Who did it, as the audit trail names them.
pub(super) fn actor(staff: &Identity) -> String {
    format!(
        "{} ({})",
        staff.email.as_deref().unwrap_or("no email"),
        staff.uid
    )
}
