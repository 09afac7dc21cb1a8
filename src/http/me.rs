//! `GET /api/v1/me` and `POST /api/v1/me`: the caller's profile, plan and credits.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};

use crate::AppState;
use crate::auth::AuthUser;
use crate::quota;
use crate::store::{ProfileUpdate, Subscription, UserRecord, now_ms};

use super::limits::Class;
use super::{ApiError, ApiJson};

const USERNAME_MAX: usize = 40;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Me {
    uid: String,
    email: String,
    username: String,
    age_confirmed: bool,
    created_at: i64,
    plan: &'static str,
    subscription: Option<Subscription>,
    quota: Quota,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Quota {
    used: u32,
    limit: u32,
    resets_at: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProfileBody {
    username: String,
    #[serde(default)]
    age_confirmed: bool,
}

#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn get_me(State(state): State<AppState>, user: AuthUser) -> Result<Json<Me>, ApiError> {
    let record = state
        .users
        .get(&user.uid)
        .await?
        .ok_or_else(|| ApiError::Conflict {
            code: "profile_missing",
            message: "no profile yet: POST /api/v1/me with a username first".into(),
        })?;
    Ok(Json(me(&state, record).await?))
}

#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn post_me(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<ProfileBody>,
) -> Result<Json<Me>, ApiError> {
    state.limits.user(Class::ProfileWrite, &user.uid)?;
    let update = ProfileUpdate {
        email: user.email.clone().unwrap_or_default(),
        username: valid_username(&body.username)?,
        age_confirmed: body.age_confirmed,
    };
    let record = state.users.upsert_profile(&user.uid, &update).await?;
    Ok(Json(me(&state, record).await?))
}

/// 1 to 40 characters after trimming, none of them control characters.
fn valid_username(raw: &str) -> Result<String, ApiError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(ApiError::invalid("username", "username is required"));
    }
    if name.chars().count() > USERNAME_MAX {
        return Err(ApiError::invalid(
            "username",
            "username is at most 40 characters",
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::invalid(
            "username",
            "username must not contain control characters",
        ));
    }
    Ok(name.to_owned())
}

async fn me(state: &AppState, record: UserRecord) -> Result<Me, ApiError> {
    let pro = record.is_pro(now_ms());
    let period = quota::period(&state.config, pro, chrono::Utc::now());
    let used = state.users.usage(&record.uid, &period.key).await?;
    Ok(Me {
        plan: if pro { "pro" } else { "free" },
        quota: Quota {
            used,
            limit: period.limit,
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
