//! Liveness and readiness.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::AppState;

pub async fn healthz() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

/// Ready when every dependency answers; each is reported by name so an operator sees which
/// one is down.
pub async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    let store = match state.store.ping().await {
        Ok(()) => json!({ "ok": true, "kind": state.store.kind() }),
        Err(e) => json!({ "ok": false, "kind": state.store.kind(), "error": e.to_string() }),
    };
    let checks = json!({ "store": store });
    let ready = checks
        .as_object()
        .is_some_and(|m| m.values().all(|c| c["ok"] == true));
    let status = if ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let body = json!({ "status": if ready { "ready" } else { "not ready" }, "checks": checks });
    (status, Json(body))
}
