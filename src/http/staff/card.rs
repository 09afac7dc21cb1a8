//! Finding users and reading one: the profile, the plan and why, what the payment provider
//! says now, the credits, the audit trail, and the refusals and suspension of the content
//! rules.

use axum::Json;
use axum::extract::{Path, Query, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::provider::{ProviderView, provider_view};
use super::safety_views::{RefusalView, SuspensionView};
use super::{SupportStaff, staff_account};
use crate::http::account::me::{Me, me};
use crate::http::error::docs::op_errors;
use crate::http::{ApiError, AppState};
use crate::staff::why_pro;
use crate::store::{AgeStatus, AuditEntry, UserRecord, now_ms};

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FindQuery {
    /// A uid, or the start of an email address (any case).
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

/// Where the account stands with age assurance, and what the provider calls the check.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupportAgeCheck {
    status: AgeStatus,
    /// `persona`, `test`, or `staff` after a reset; none before any check.
    provider: Option<String>,
    /// The provider's reference (Persona's inquiry id), to look it up there.
    reference: Option<String>,
    /// When the provider decided, the check began, or staff reset it (milliseconds).
    checked_at: Option<i64>,
}

impl SupportAgeCheck {
    fn of(record: &UserRecord) -> Self {
        let check = record.age_check.as_ref();
        Self {
            status: record.age_status(),
            provider: check.map(|c| c.provider.clone()),
            reference: check.map(|c| c.reference.clone()).filter(|r| !r.is_empty()),
            checked_at: check.map(|c| c.checked_at),
        }
    }
}

/// What only an admin may change on an account, and why: the console says so where support
/// would otherwise look for a button.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOnly {
    /// The account is a staff member's (support or admin): its plan, credits, roles and
    /// deletion are an admin's to change.
    staff_account: bool,
    /// The account pays for Premium: taking Premium away, and deleting the account, are an
    /// admin's.
    pays_for_premium: bool,
}

/// A user as support sees them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupportUser {
    /// The profile, plan and credits, as the user sees them.
    profile: Me,
    /// "Why is this user (not) pro?" in one sentence, from the record the gateway decides by.
    why: String,
    /// The subscription as the payment provider reports it now.
    provider: ProviderView,
    /// How many images the user has in their history.
    generations: u64,
    /// Every action by hand, oldest first.
    audit: Vec<AuditView>,
    /// Generation is suspended by the content rules; none: it is not.
    suspension: Option<SuspensionView>,
    /// The user's refused requests, newest first.
    refusals: Vec<RefusalView>,
    /// The age check: status, provider, its reference and when.
    age_check: SupportAgeCheck,
    /// What only an admin may change on this account.
    admin_only: AdminOnly,
}

fn found(user: UserRecord, processor: &str) -> FoundUser {
    FoundUser {
        why: why_pro(&user, now_ms(), processor),
        uid: user.uid,
        email: user.email,
        username: user.username,
    }
}

/// How many users one search returns at most.
const FOUND_AT_MOST: usize = 20;

op_errors!(FindUsersErrors: STORE + [NotFound, DependencyUnavailable, InvalidField]);

#[utoipa::path(get, path = "/v1/support/users", tag = "support", security(("bearer" = [])),
    summary = "Finds users by uid or the start of their email (support staff only)",
    params(FindQuery),
    responses((status = 200, description = "The users found (none is an empty list)", body = FoundUsers),
        FindUsersErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid))]
pub async fn find_users(
    State(state): State<AppState>,
    staff: SupportStaff,
    Query(query): Query<FindQuery>,
) -> Result<Json<FoundUsers>, ApiError> {
    let users = crate::staff::find_users(state.store.as_ref(), &query.q, FOUND_AT_MOST).await?;
    Ok(Json(FoundUsers {
        users: users
            .into_iter()
            .map(|user| found(user, state.billing.processor.name()))
            .collect(),
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

pub(super) async fn card(state: &AppState, record: UserRecord) -> Result<SupportUser, ApiError> {
    let now = now_ms();
    let why = why_pro(&record, now, state.billing.processor.name());
    let (audit, refusals, generations, provider, staff_account) = tokio::join!(
        state.store.list_audit(&record.uid),
        state.store.list_refusals(&record.uid),
        state.store.count_generations(&record.uid),
        provider_view(
            state.billing.processor.as_ref(),
            record.subscription.as_ref()
        ),
        staff_account(state, &record.uid)
    );
    let reviewed = record.refusals_reviewed_at;
    let refusals = refusals?
        .into_iter()
        .rev()
        .map(|(id, refusal)| RefusalView::on_card(id, refusal, reviewed, Some(record.clone())))
        .collect();
    let suspension = record.suspension.clone().map(SuspensionView::from);
    let admin_only = AdminOnly {
        staff_account: staff_account?,
        pays_for_premium: record.pays_for_premium(now),
    };
    Ok(SupportUser {
        admin_only,
        age_check: SupportAgeCheck::of(&record),
        suspension,
        refusals,
        profile: me(state, record).await?,
        why,
        provider,
        generations: generations?,
        audit: audit?.into_iter().map(AuditView::from).collect(),
    })
}
