//! The review queue on the console: suspended accounts and every user's latest refusals,
//! with the words that decided them; staff lift or uphold a suspension and mark a refusal a
//! false positive, each with a reason written to the audit trail first.

use axum::Json;
use axum::extract::{Path, Query, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::actions::ReasonBody;
use super::card::{SupportUser, card};
use super::safety_views::{RefusalView, SuspensionView};
use super::{SupportStaff, actor, not_their_own};
use crate::http::error::docs::op_errors;
use crate::http::{ApiError, ApiJson, AppState};
use crate::staff::{Decision, Queue, decide, mark_false_positive};
use crate::store::UserRecord;

/// A suspended account in the queue.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuspendedUser {
    uid: String,
    email: String,
    username: String,
    suspension: SuspensionView,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModerationQueue {
    /// Suspended accounts, the latest suspended first (at most 100).
    suspended: Vec<SuspendedUser>,
    /// Every user's refusals, newest first.
    refusals: Vec<RefusalView>,
    /// Pass as `before` for the next, older page; none on the last.
    next_before: Option<String>,
}

impl From<Queue> for ModerationQueue {
    fn from(q: Queue) -> Self {
        Self {
            suspended: q.suspended.into_iter().filter_map(suspended).collect(),
            refusals: q.refusals.into_iter().map(RefusalView::from).collect(),
            next_before: q.next_before,
        }
    }
}

fn suspended(user: UserRecord) -> Option<SuspendedUser> {
    Some(SuspendedUser {
        suspension: user.suspension?.into(),
        uid: user.uid,
        email: user.email,
        username: user.username,
    })
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QueueQuery {
    /// A refusal id from `nextBefore`: the page of refusals older than it.
    before: Option<String>,
}

/// Refusals on one page of the queue.
const QUEUE_PAGE: usize = 50;

op_errors!(QueueErrors: STORE + [NotFound, DependencyUnavailable, InvalidField]);

#[utoipa::path(get, path = "/v1/support/moderation", tag = "support", security(("bearer" = [])),
    summary = "The moderation queue: suspended accounts and every user's latest refusals (support staff only)",
    params(QueueQuery),
    responses((status = 200, description = "The queue, newest first", body = ModerationQueue),
        QueueErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid))]
pub async fn moderation_queue(
    State(state): State<AppState>,
    staff: SupportStaff,
    Query(query): Query<QueueQuery>,
) -> Result<Json<ModerationQueue>, ApiError> {
    let queue =
        crate::staff::queue(state.store.as_ref(), query.before.as_deref(), QUEUE_PAGE).await?;
    Ok(Json(queue.into()))
}

/// Staff's decision on a suspension.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SuspensionBody {
    decision: Decision,
    /// Kept in the audit trail with who decided (1 to 500 characters).
    reason: String,
}

op_errors!(DecideErrors: STORE + JSON_BODY + [NotFound, DependencyUnavailable, InvalidField, OwnRecord]);

#[utoipa::path(post, path = "/v1/support/users/{uid}/suspension", tag = "support", security(("bearer" = [])),
    summary = "Lifts or upholds a user's suspension, with a reason for the audit trail (support staff only)",
    params(("uid" = String, Path, description = "The user's uid")),
    request_body = SuspensionBody,
    responses((status = 200, description = "The user after the decision", body = SupportUser),
        DecideErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid, uid = %uid))]
pub async fn decide_suspension(
    State(state): State<AppState>,
    staff: SupportStaff,
    Path(uid): Path<String>,
    ApiJson(body): ApiJson<SuspensionBody>,
) -> Result<Json<SupportUser>, ApiError> {
    let SupportStaff(me_staff) = staff;
    not_their_own(&me_staff, &uid)?;
    let (record, _) = decide(
        state.store.as_ref(),
        &uid,
        body.decision,
        &body.reason,
        &actor(&me_staff),
    )
    .await?;
    state.users.changed(&uid).await;
    card(&state, record).await.map(Json)
}

op_errors!(FalsePositiveErrors: STORE + JSON_BODY + [NotFound, DependencyUnavailable, InvalidField, OwnRecord]);

#[utoipa::path(post, path = "/v1/support/users/{uid}/refusals/{id}/false-positive", tag = "support", security(("bearer" = [])),
    summary = "Marks a refusal a false positive: it stops counting against the account (support staff only)",
    params(("uid" = String, Path, description = "The user's uid"),
        ("id" = String, Path, description = "A refusal id")),
    request_body = ReasonBody,
    responses((status = 200, description = "The user after the change", body = SupportUser),
        FalsePositiveErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid, uid = %uid, id = %id))]
pub async fn false_positive(
    State(state): State<AppState>,
    staff: SupportStaff,
    Path((uid, id)): Path<(String, String)>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> Result<Json<SupportUser>, ApiError> {
    let SupportStaff(me_staff) = staff;
    not_their_own(&me_staff, &uid)?;
    let (record, _) = mark_false_positive(
        state.store.as_ref(),
        &uid,
        &id,
        &body.reason,
        &actor(&me_staff),
    )
    .await?;
    state.users.changed(&uid).await;
    card(&state, record).await.map(Json)
}
