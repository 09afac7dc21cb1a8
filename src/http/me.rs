//! `GET /api/v1/me` and `POST /api/v1/me`: the caller's profile, plan and credits.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::error_docs::op_errors;
use super::{ApiError, ApiJson, AppState};
use crate::auth::Identity;
use crate::limits::Class;
use crate::store::Subscription;
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
pub async fn get_me(State(state): State<AppState>, user: Identity) -> Result<Json<Me>, ApiError> {
    let record = state.users.profile(&user.uid).await?;
    Ok(Json(me(state.users.account(record).await?)))
}

op_errors!(PostMeErrors: AUTH + STORE + JSON_BODY + [InvalidField, RateLimited]);

#[utoipa::path(post, path = "/v1/me", tag = "profile", security(("bearer" = [])),
    summary = "Creates or updates the caller's profile (the email comes from the token)",
    request_body = ProfileBody,
    responses((status = 200, description = "The saved profile", body = Me), PostMeErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn post_me(
    State(state): State<AppState>,
    user: Identity,
    ApiJson(body): ApiJson<ProfileBody>,
) -> Result<Json<Me>, ApiError> {
    state.limits.user(Class::ProfileWrite, &user.uid).await?;
    let record = state
        .users
        .save_profile(&user, &body.username, body.age_confirmed)
        .await?;
    Ok(Json(me(state.users.account(record).await?)))
}

pub(super) fn me(account: Account) -> Me {
    let Account {
        record,
        pro,
        period,
        credits,
    } = account;
    Me {
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
    }
}
