//! What staff change, each with a reason that is written to the audit trail before the change.

use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use utoipa::ToSchema;

use super::card::{SupportUser, card};
use super::{SupportStaff, actor, not_their_own, within_reach};
use crate::auth::Identity;
use crate::http::error::docs::op_errors;
use crate::http::{ApiError, ApiJson, AppState};
use crate::staff::{Authority, Day, Grant, Plan, PlanChange, add_credits, reason, set_plan};
use crate::store::{AuditEntry, now_ms};

/// A plan set by hand.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlanBody {
    #[schema(value_type = crate::http::account::me::Plan)]
    plan: Plan,
    /// The last day of a pro plan, `YYYY-MM-DD` (UTC); none: until changed again. Support
    /// grants pro up to 31 days ahead; longer, or none, needs an admin (403 `admin_required`),
    /// and so do a pro plan past the support member's daily number (`GET
    /// /api/v1/support/grants`), free for a subscriber who pays for Premium, and any plan of
    /// a staff member's account.
    until: Option<String>,
    /// Why: kept in the audit trail with who made the change (1 to 500 characters).
    reason: String,
}

op_errors!(SetPlanErrors: STORE + JSON_BODY + [NotFound, DependencyUnavailable, InvalidField, OwnRecord, AdminRequired]);

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
    within_reach(&state, &me_staff, &uid).await?;
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
        authority: authority(&me_staff),
        day: day(&state, &me_staff),
    };
    let (record, _) = set_plan(state.store.as_ref(), &uid, &change).await?;
    state.users.changed(&uid).await;
    card(&state, record).await.map(Json)
}

/// Bonus credits for the period the user is in now.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreditsBody {
    /// How many, 1 to 500; they end with the user's current period. Support adds up to 20 at a
    /// time, and up to a daily total per support member (`GET /api/v1/support/grants`), never
    /// to a staff member's account; more needs an admin (403 `admin_required`).
    #[schema(minimum = 1, maximum = 500)]
    credits: u32,
    /// Why: kept in the audit trail with who made the grant (1 to 500 characters).
    reason: String,
}

op_errors!(AddCreditsErrors: STORE + JSON_BODY + [NotFound, DependencyUnavailable, InvalidField, OwnRecord, AdminRequired]);

#[utoipa::path(post, path = "/v1/support/users/{uid}/credits", tag = "support", security(("bearer" = [])),
    summary = "Adds bonus credits to a user's current period, with a reason for the audit trail (support staff only)",
    params(("uid" = String, Path, description = "The user's uid")),
    request_body = CreditsBody,
    responses((status = 200, description = "The user after the grant", body = SupportUser),
        AddCreditsErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid, uid = %uid))]
pub async fn add_user_credits(
    State(state): State<AppState>,
    staff: SupportStaff,
    Path(uid): Path<String>,
    ApiJson(body): ApiJson<CreditsBody>,
) -> Result<Json<SupportUser>, ApiError> {
    let SupportStaff(me_staff) = staff;
    within_reach(&state, &me_staff, &uid).await?;
    let actor = actor(&me_staff);
    let grant = Grant {
        credits: body.credits,
        reason: &body.reason,
        actor: &actor,
        authority: authority(&me_staff),
        day: day(&state, &me_staff),
    };
    let granted = add_credits(
        state.store.as_ref(),
        state.users.quotas(),
        &uid,
        &grant,
        chrono::Utc::now(),
    )
    .await?;
    state.users.changed(&uid).await;
    card(&state, granted.user).await.map(Json)
}

/// The reach of `staff`'s role now.
fn authority(staff: &Identity) -> Authority {
    if staff.roles.admin {
        Authority::Admin
    } else {
        Authority::Support
    }
}

/// A support member's day of grants, counted against its caps; an admin's is not counted.
fn day<'a>(state: &AppState, staff: &'a Identity) -> Option<Day<'a>> {
    (!staff.roles.admin).then_some(Day {
        staff: &staff.uid,
        caps: state.staff.daily_caps,
    })
}

/// Why an action was taken.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReasonBody {
    /// Kept in the audit trail with who acted (1 to 500 characters).
    pub(super) reason: String,
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
    let record = state.gallery.own(&uid, &id).await?;
    // The trail first, as for a plan: nothing is removed without its record.
    let entry = AuditEntry {
        at: now_ms(),
        actor: actor(&me_staff),
        action: format!("delete generation {id}"),
        reason: reason.to_owned(),
    };
    state.store.add_audit(&uid, &entry).await?;
    state.gallery.remove(&uid, &record).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}
