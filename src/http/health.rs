//! Liveness, readiness and the operators' metrics.
//!
//! Readiness is polled by load balancers, often several times a second per instance, so it
//! must be cheap and leave nothing behind: each dependency gets a read-only check, the answer
//! is reused for a few seconds, and it names what is down with fixed words (the details are in
//! the log, not in a public response).

use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use secrecy::ExposeSecret;
use serde::Serialize;
use tokio::sync::Mutex;
use utoipa::ToSchema;

use super::{ApiError, AppState};
use crate::coordination::redis::{Eviction, RedisClient};
use crate::jobs::Depth;

/// How long one readiness answer is reused.
const READINESS_TTL: Duration = Duration::from_secs(5);

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Health {
    status: &'static str,
}

#[utoipa::path(get, path = "/healthz", tag = "operations", summary = "Liveness",
    responses((status = 200, description = "The process answers", body = Health)))]
pub async fn healthz() -> Json<Health> {
    Json(Health { status: "ok" })
}

/// One dependency's state.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Check {
    ok: bool,
    /// Which adapter or mode answers (`embedded`, `rtdb`, `google`, `emulator`, `builtin`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    /// Fixed words when not ok.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'static str>,
}

impl Check {
    fn of<E: std::fmt::Display>(
        name: &str,
        kind: Option<&'static str>,
        result: Result<(), E>,
    ) -> Self {
        match result {
            Ok(()) => Self {
                ok: true,
                kind,
                error: None,
            },
            Err(e) => {
                tracing::warn!(dependency = name, error = %e, "readiness check failed");
                Self {
                    ok: false,
                    kind,
                    error: Some("unreachable"),
                }
            }
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Checks {
    store: Check,
    keys: Check,
    generator: Check,
    images: Check,
    /// Only when `LUCENT_REDIS_URL` is set.
    #[serde(skip_serializing_if = "Option::is_none")]
    redis: Option<RedisCheck>,
    /// Whether a moderation service reads explicit requests and their images; never makes the
    /// instance unready.
    moderation: ModerationCheck,
    /// Which provider confirms ages before explicit imagery; never makes the instance unready.
    #[serde(rename = "ageCheck")]
    age_check: AgeCheckCheck,
}

/// `persona` or `test`; `off` with a warning when the deployer turned age checks off.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AgeCheckCheck {
    provider: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    warning: Option<&'static str>,
}

/// The content rules read words; a moderation service reads meaning (README, "Content
/// safety"). Without one the instance is ready and says so.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ModerationCheck {
    configured: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    warning: Option<&'static str>,
}

/// Redis answers, and what it would lose when full.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RedisCheck {
    #[serde(flatten)]
    check: Check,
    /// Its `maxmemory-policy`, when the server lets `CONFIG GET` read it.
    #[serde(skip_serializing_if = "Option::is_none")]
    eviction_policy: Option<String>,
    /// What a full Redis would lose under that policy (anything but `noeviction`); the
    /// instance stays ready, since nothing is lost until Redis is full.
    #[serde(skip_serializing_if = "Option::is_none")]
    warning: Option<&'static str>,
}

async fn redis_check(redis: &RedisClient) -> RedisCheck {
    let check = Check::of("redis", None, redis.ping().await);
    let policy = if check.ok {
        redis.eviction_policy().await.ok().flatten()
    } else {
        None
    };
    RedisCheck {
        check,
        warning: policy.as_ref().and_then(Eviction::risk),
        eviction_policy: policy.map(|p| p.0),
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReadinessReport {
    /// `ready` or `not ready`.
    status: &'static str,
    checks: Checks,
}

/// The last readiness answer and when it was made.
#[derive(Default)]
pub struct Readiness(Mutex<Option<(Instant, ReadinessReport)>>);

impl ReadinessReport {
    fn ready(&self) -> bool {
        let c = &self.checks;
        c.store.ok
            && c.keys.ok
            && c.generator.ok
            && c.images.ok
            && c.redis.as_ref().is_none_or(|r| r.check.ok)
    }
}

async fn check(state: &AppState) -> ReadinessReport {
    let keys = match state.auth.keys() {
        None => Check::of("keys", Some("emulator"), Ok::<(), String>(())),
        Some(keys) => Check::of("keys", Some("google"), keys.ready().await.map(drop)),
    };
    let checks = Checks {
        store: Check::of("store", Some(state.store.kind()), state.store.ping().await),
        keys,
        generator: match &state.work.backend {
            Some(backend) => Check::of("generator", Some(backend.kind()), backend.ready().await),
            None => Check::of("generator", Some("workers"), Ok::<(), String>(())),
        },
        images: Check::of("images", None, state.work.blobs.check().await),
        redis: match &state.redis {
            Some(redis) => Some(redis_check(redis).await),
            None => None,
        },
        moderation: {
            let configured = state.admission.moderated();
            ModerationCheck {
                configured,
                warning: (!configured).then_some(crate::safety::moderation::NO_MODERATION),
            }
        },
        age_check: match state.age.provider_name() {
            Some(provider) => AgeCheckCheck {
                provider,
                warning: None,
            },
            None => AgeCheckCheck {
                provider: "off",
                warning: Some(crate::age::OFF_WARNING),
            },
        },
    };
    let mut report = ReadinessReport {
        status: "ready",
        checks,
    };
    if !report.ready() {
        report.status = "not ready";
    }
    report
}

#[utoipa::path(get, path = "/readyz", tag = "operations",
    summary = "Readiness: the store, the token keys, the generator and the image store",
    responses(
        (status = 200, description = "Every dependency answers", body = ReadinessReport),
        (status = 503, description = "At least one does not", body = ReadinessReport)))]
pub async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<ReadinessReport>) {
    // One check at a time; callers in the meantime get its answer.
    let mut cached = state.readiness.0.lock().await;
    let report = match cached.as_ref() {
        Some((at, report)) if at.elapsed() < READINESS_TTL => report.clone(),
        _ => {
            let report = check(&state).await;
            *cached = Some((Instant::now(), report.clone()));
            report
        }
    };
    let status = if report.ready() {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Json(report))
}

#[utoipa::path(get, path = "/metrics", tag = "operations",
    summary = "Prometheus metrics, for the bearer of LUCENT_METRICS_TOKEN",
    security(("metrics" = [])),
    responses(
        (status = 200, description = "Prometheus text format", content_type = "text/plain", body = String),
        (status = 404, description = "No token configured, or the wrong one", body = super::error::ErrorBody)))]
pub async fn metrics(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let presented = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    let allowed = match (&state.settings.metrics_token, presented) {
        (Some(token), Some(presented)) => {
            constant_time_eq(token.expose_secret().as_bytes(), presented.as_bytes())
        }
        _ => false,
    };
    // Not found rather than forbidden: nothing to see here without the token.
    if !allowed {
        return ApiError::not_found("metrics").into_response();
    }
    let depth = state.following.depth().await.ok();
    let mut text = state.metrics.render(state.users.store_reads());
    Depth::exposition(depth.as_ref(), &mut text);
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
