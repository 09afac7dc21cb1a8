//! A deleted account as support sees it while its limits last: what its tombstone keeps (the
//! credit period's count, the refusals of its last 24 hours, its suspension; see
//! src/account/deletion.rs) and the audit trail, which outlives it.

use axum::Json;
use axum::extract::{Path, State};
use serde::Serialize;
use utoipa::ToSchema;

use super::SupportStaff;
use super::card::AuditView;
use super::safety_views::{RefusalView, SuspensionView};
use crate::http::error::docs::op_errors;
use crate::http::{ApiError, AppState};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletedAccount {
    uid: String,
    /// Milliseconds since the epoch.
    deleted_at: i64,
    /// When this record is deleted: the credit period's end or the last refusal's 24 hours,
    /// whichever is later. The uid stays deleted after it.
    keep_until: i64,
    /// The credit period (`d2026-11-26`, `m2026-11`, `p20261215T103000Z`), the credits used in it and given.
    period: String,
    used: u32,
    bonus: u32,
    /// Its refused requests of the 24 hours before the deletion, newest first.
    refusals: Vec<RefusalView>,
    /// Generation was suspended by the content rules; none: it was not.
    suspension: Option<SuspensionView>,
    /// Every action by hand and the deletion, oldest first.
    audit: Vec<AuditView>,
}

op_errors!(DeletedAccountErrors: STORE + [NotFound, DependencyUnavailable]);

#[utoipa::path(get, path = "/v1/support/deleted/{uid}", tag = "support", security(("bearer" = [])),
    summary = "A deleted account's credit period, recent refusals and suspension, while they last (support staff only)",
    params(("uid" = String, Path, description = "The deleted account's uid")),
    responses((status = 200, description = "What the deleted account left", body = DeletedAccount),
        DeletedAccountErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid, uid = %uid))]
pub async fn deleted_account(
    State(state): State<AppState>,
    staff: SupportStaff,
    Path(uid): Path<String>,
) -> Result<Json<DeletedAccount>, ApiError> {
    let tombstone = state
        .store
        .get_tombstone(&uid)
        .await?
        .ok_or_else(|| ApiError::not_found("deleted account"))?;
    let audit = state.store.list_audit(&uid).await?;
    let reviewed = tombstone.refusals_reviewed_at;
    // Push ids sort by time.
    let refusals = tombstone
        .refusals
        .into_iter()
        .rev()
        .map(|(id, refusal)| RefusalView::on_card(id, refusal, reviewed, None))
        .collect();
    Ok(Json(DeletedAccount {
        uid,
        deleted_at: tombstone.deleted_at,
        keep_until: tombstone.keep_until,
        period: tombstone.period,
        used: tombstone.used,
        bonus: tombstone.bonus,
        refusals,
        suspension: tombstone.suspension.map(SuspensionView::from),
        audit: audit.into_iter().map(AuditView::from).collect(),
    }))
}
