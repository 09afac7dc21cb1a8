//! `GET /api/v1/me` and `POST /api/v1/me`: the caller's profile, plan and credits.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::account::deletion;
use crate::auth::Identity;
use crate::http::error::docs::op_errors;
use crate::http::{ApiError, ApiJson, AppState, ErrorCode};
use crate::limits::Class;
use crate::safety::strikes;
use crate::store::{AgeStatus, Subscription, UserRecord};
use crate::users::Account;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Me {
    uid: String,
    email: String,
    username: String,
    age_confirmed: bool,
    /// Milliseconds since the epoch.
    created_at: i64,
    plan: Plan,
    subscription: Option<Subscription>,
    quota: Quota,
    standing: Standing,
    age_check: AgeCheckView,
}

/// Where the account stands with age assurance. Explicit images, made or seen, need
/// `verified` where `required`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgeCheckView {
    status: AgeStatus,
    /// When the provider decided, or the check began; none before any check. Milliseconds
    /// since the epoch.
    checked_at: Option<i64>,
    /// This server asks for a verified age before explicit imagery (false: the deployer turned
    /// age checks off).
    required: bool,
}

impl AgeCheckView {
    pub(in crate::http) fn of(state: &AppState, record: &UserRecord) -> Self {
        Self {
            status: record.age_status(),
            checked_at: record.age_check.as_ref().map(|c| c.checked_at),
            required: state.users.age_required(),
        }
    }
}

/// Where the account stands with the content rules.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Standing {
    /// Refused requests that count against the account, made in the last 24 hours (a request
    /// to rephrase never counts).
    strikes: usize,
    /// At this many the user is warned.
    warn_at: usize,
    /// At this many generation is suspended until staff review the account.
    suspend_at: usize,
    /// The warning, once `strikes` reached `warnAt`.
    warning: Option<String>,
    /// Generation is suspended: since when, why, and how to ask for a review.
    suspension: Option<SuspensionStanding>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuspensionStanding {
    /// Milliseconds since the epoch.
    since: i64,
    reason: String,
    /// Staff reviewed it and kept it.
    upheld: bool,
    /// How to ask for a review.
    review: String,
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Plan {
    Free,
    Pro,
}

impl Plan {
    pub fn of(pro: bool) -> Self {
        if pro { Plan::Pro } else { Plan::Free }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Quota {
    used: u32,
    /// The plan's credits for the period plus `bonus`.
    limit: u32,
    /// Of `limit`, the credits support added for this period.
    bonus: u32,
    /// RFC 3339, UTC.
    resets_at: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProfileBody {
    /// 1 to 40 characters.
    username: String,
    #[serde(default)]
    age_confirmed: bool,
}

op_errors!(GetMeErrors: AUTH + STORE + [ProfileMissing]);

#[utoipa::path(get, path = "/v1/me", tag = "profile", security(("bearer" = [])),
    summary = "The caller's profile, plan and credits",
    responses((status = 200, description = "The profile", body = Me), GetMeErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn get_me(
    State(state): State<AppState>,
    user: Identity,
) -> Result<ApiJson<Me>, ApiError> {
    let record = state.users.record_of(&user).await?;
    Ok(ApiJson(me(&state, record).await?))
}

op_errors!(PostMeErrors: AUTH + STORE + JSON_BODY + [InvalidField, RateLimited, AccountDeleted]);

#[utoipa::path(post, path = "/v1/me", tag = "profile", security(("bearer" = [])),
    summary = "Creates or updates the caller's profile (the email comes from the token)",
    request_body = ProfileBody,
    responses((status = 200, description = "The saved profile", body = Me), PostMeErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn post_me(
    State(state): State<AppState>,
    user: Identity,
    ApiJson(body): ApiJson<ProfileBody>,
) -> Result<ApiJson<Me>, ApiError> {
    state.limits.user(Class::ProfileWrite, &user.uid).await?;
    // A token issued before its account was deleted must not start it afresh.
    if deletion::tombstoned(state.store.as_ref(), &user.uid).await? {
        return Err(ApiError::new(
            ErrorCode::AccountDeleted,
            "this account was deleted; sign up again to start a new one",
        ));
    }
    state
        .users
        .save_profile(&user, &body.username, body.age_confirmed)
        .await?;
    let record = state.users.record_of(&user).await?;
    Ok(ApiJson(me(&state, record).await?))
}

/// The account of `record`: its plan, credits and standing.
pub(in crate::http) async fn me(state: &AppState, record: UserRecord) -> Result<Me, ApiError> {
    let strikes = state
        .users
        .strikes(
            &record.uid,
            record.refusals_reviewed_at,
            strikes::recent(state.store.as_ref(), &record.uid, Some(&record)),
        )
        .await?;
    let standing = Standing {
        strikes,
        warn_at: strikes::WARN_AT,
        suspend_at: strikes::SUSPEND_AT,
        warning: strikes::warning(strikes),
        suspension: record.suspension.as_ref().map(|s| SuspensionStanding {
            since: s.since,
            reason: s.reason.clone(),
            upheld: s.upheld_at.is_some(),
            review: strikes::REVIEW.to_owned(),
        }),
    };
    let Account {
        record,
        pro,
        period,
        credits,
    } = state.users.account(record).await?;
    Ok(Me {
        standing,
        age_check: AgeCheckView::of(state, &record),
        plan: Plan::of(pro),
        quota: Quota {
            used: credits.used,
            limit: period.limit.saturating_add(credits.bonus),
            bonus: credits.bonus,
            resets_at: period
                .resets_at
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        },
        uid: record.uid,
        email: record.email,
        username: record.username,
        age_confirmed: record.age_confirmed,
        created_at: record.created_at,
        subscription: record.subscription,
    })
}
