//! The support console's API (`/api/v1/support/…`): staff with the `support` role (or
//! `admin`) look users up and read why they are or are not pro. The role is checked on the
//! account itself on every call. Everyone else gets the 404 of a path that does not exist:
//! the console does not announce itself.

use axum::Json;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::error_docs::op_errors;
use super::me::{Me, me};
use super::{ApiError, ApiJson, AppState, ErrorCode};
use crate::auth::Identity;
use crate::staff::{Plan, PlanChange, PlanError, reason, set_plan, why_pro};
use crate::store::{AuditEntry, UserRecord, now_ms};

/// A caller who holds a staff role now.
pub struct SupportStaff(pub Identity);

fn absent() -> ApiError {
    ApiError::not_found("route")
}

impl FromRequestParts<AppState> for SupportStaff {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let identity = Identity::from_request_parts(parts, state)
            .await
            .map_err(|_| absent())?;
        if !(identity.roles.support || identity.roles.admin) {
            return Err(absent());
        }
        // The token may predate a revocation by up to an hour: ask the account.
        let now = state.staff.roles_now(&identity.uid).await.map_err(|e| {
            tracing::warn!(error = %e, "checking a staff role");
            ApiError::new(ErrorCode::DependencyUnavailable, e.to_string()).retry_after(1)
        })?;
        if !(now.support || now.admin) {
            tracing::warn!(uid = %identity.uid, "a token claims a staff role its account no longer has");
            return Err(absent());
        }
        Ok(Self(identity))
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FindQuery {
    /// A uid, or an email address (exact, any case).
    q: String,
}

/// One line of a search.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FoundUser {
    uid: String,
    email: String,
    username: String,
    /// "Why is this user (not) pro?" in one sentence.
    why: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FoundUsers {
    users: Vec<FoundUser>,
}

/// An entry of a user's audit trail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditView {
    /// Milliseconds since the epoch.
    at: i64,
    /// Who made the change.
    actor: String,
    action: String,
    reason: String,
}

impl From<AuditEntry> for AuditView {
    fn from(e: AuditEntry) -> Self {
        Self {
            at: e.at,
            actor: e.actor,
            action: e.action,
            reason: e.reason,
        }
    }
}

/// A user as support sees them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupportUser {
    /// The profile, plan and credits, as the user sees them.
    profile: Me,
    /// "Why is this user (not) pro?" in one sentence.
    why: String,
    /// Plan changes by hand, oldest first.
    audit: Vec<AuditView>,
}

fn found(user: UserRecord) -> FoundUser {
    FoundUser {
        why: why_pro(&user, now_ms()),
        uid: user.uid,
        email: user.email,
        username: user.username,
    }
}

/// How many users one search returns at most.
const FOUND_AT_MOST: usize = 20;

op_errors!(FindUsersErrors: STORE + [NotFound, DependencyUnavailable]);

#[utoipa::path(get, path = "/v1/support/users", tag = "support", security(("bearer" = [])),
    summary = "Finds users by uid or email (support staff only)",
    params(FindQuery),
    responses((status = 200, description = "The users found (none is an empty list)", body = FoundUsers),
        FindUsersErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid))]
pub async fn find_users(
    State(state): State<AppState>,
    staff: SupportStaff,
    Query(query): Query<FindQuery>,
) -> Result<Json<FoundUsers>, ApiError> {
    let q = query.q.trim();
    let users = if q.contains('@') {
        state.store.find_users_by_email(q, FOUND_AT_MOST).await?
    } else {
        state.store.get_user(q).await?.into_iter().collect()
    };
    Ok(Json(FoundUsers {
        users: users.into_iter().map(found).collect(),
    }))
}

op_errors!(SupportUserErrors: STORE + [NotFound, DependencyUnavailable]);

#[utoipa::path(get, path = "/v1/support/users/{uid}", tag = "support", security(("bearer" = [])),
    summary = "One user's profile, plan and why, credits and audit trail (support staff only)",
    params(("uid" = String, Path, description = "The user's uid")),
    responses((status = 200, description = "The user", body = SupportUser), SupportUserErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid, uid = %uid))]
pub async fn user(
    State(state): State<AppState>,
    staff: SupportStaff,
    Path(uid): Path<String>,
) -> Result<Json<SupportUser>, ApiError> {
    let record = state
        .store
        .get_user(&uid)
        .await?
        .ok_or_else(|| ApiError::not_found("user"))?;
    card(&state, record).await.map(Json)
}

async fn card(state: &AppState, record: UserRecord) -> Result<SupportUser, ApiError> {
    let why = why_pro(&record, now_ms());
    let audit = state.store.list_audit(&record.uid).await?;
    Ok(SupportUser {
        profile: me(state.users.account(record).await?),
        why,
        audit: audit.into_iter().map(AuditView::from).collect(),
    })
}

/// A plan set by hand.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlanBody {
    #[schema(value_type = super::me::Plan)]
    plan: Plan,
    /// The last day of a pro plan, `YYYY-MM-DD` (UTC); none: until changed again.
    until: Option<String>,
    /// Why: kept in the audit trail with who made the change (1 to 500 characters).
    reason: String,
}

op_errors!(SetPlanErrors: STORE + JSON_BODY + [NotFound, DependencyUnavailable, InvalidField, OwnRecord]);

#[utoipa::path(post, path = "/v1/support/users/{uid}/plan", tag = "support", security(("bearer" = [])),
    summary = "Sets a user's plan by hand, with a reason for the audit trail (support staff only)",
    params(("uid" = String, Path, description = "The user's uid")),
    request_body = PlanBody,
    responses((status = 200, description = "The user after the change", body = SupportUser),
        SetPlanErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid, uid = %uid))]
pub async fn set_user_plan(
    State(state): State<AppState>,
    staff: SupportStaff,
    Path(uid): Path<String>,
    ApiJson(body): ApiJson<PlanBody>,
) -> Result<Json<SupportUser>, ApiError> {
    let SupportStaff(me_staff) = staff;
    not_their_own(&me_staff, &uid)?;
    let until = body
        .until
        .as_deref()
        .map(|d| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d"))
        .transpose()
        .map_err(|_| ApiError::invalid("until", "must be a date, YYYY-MM-DD"))?;
    let actor = actor(&me_staff);
    let change = PlanChange {
        plan: body.plan,
        until,
        reason: &body.reason,
        actor: &actor,
    };
    let (record, _) = set_plan(state.store.as_ref(), &uid, &change)
        .await
        .map_err(|e| match e {
            PlanError::Invalid { field, message } => ApiError::invalid(field, message),
            PlanError::NoUser(_) => ApiError::not_found("user"),
            PlanError::Store(e) => e.into(),
        })?;
    state.users.changed(&uid).await;
    card(&state, record).await.map(Json)
}

/// Staff never act on their own record: a colleague does, and the trail shows who.
fn not_their_own(staff: &Identity, uid: &str) -> Result<(), ApiError> {
    if staff.uid == uid {
        return Err(ApiError::new(
            ErrorCode::OwnRecord,
            "staff cannot change their own record; ask a colleague",
        ));
    }
    Ok(())
}

/// Who did it, as the audit trail names them.
fn actor(staff: &Identity) -> String {
    format!(
        "{} ({})",
        staff.email.as_deref().unwrap_or("no email"),
        staff.uid
    )
}

/// Why an action was taken.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReasonBody {
    /// Kept in the audit trail with who acted (1 to 500 characters).
    reason: String,
}

op_errors!(RemoveImageErrors: STORE + JSON_BODY + [NotFound, DependencyUnavailable, InvalidField, OwnRecord]);

#[utoipa::path(delete, path = "/v1/support/users/{uid}/generations/{id}", tag = "support", security(("bearer" = [])),
    summary = "Deletes one of a user's images, e.g. on an abuse report, with a reason for the audit trail (support staff only)",
    params(("uid" = String, Path, description = "The user's uid"),
        ("id" = String, Path, description = "A generation id")),
    request_body = ReasonBody,
    responses((status = 204, description = "Deleted"), RemoveImageErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid, uid = %uid, id = %id))]
pub async fn remove_image(
    State(state): State<AppState>,
    staff: SupportStaff,
    Path((uid, id)): Path<(String, String)>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> Result<axum::http::StatusCode, ApiError> {
    let SupportStaff(me_staff) = staff;
    not_their_own(&me_staff, &uid)?;
    let reason = reason(&body.reason).map_err(|message| ApiError::invalid("reason", message))?;
    let record = state.generator.own(&uid, &id).await?;
    // The trail first, as for a plan: nothing is removed without its record.
    let entry = AuditEntry {
        at: now_ms(),
        actor: actor(&me_staff),
        action: format!("delete generation {id}"),
        reason: reason.to_owned(),
    };
    state.store.add_audit(&uid, &entry).await?;
    state.generator.remove(&uid, &record).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}
