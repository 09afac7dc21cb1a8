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
    let keys = match state.auth.keys() {
        None => json!({ "ok": true, "mode": "emulator" }),
        Some(keys) => match keys.ready().await {
            Ok(count) => json!({ "ok": true, "mode": "google", "keys": count }),
            Err(e) => json!({ "ok": false, "mode": "google", "error": e }),
        },
    };
    let generator = &state.generator;
    let backend = match generator.backend.ready().await {
        Ok(()) => {
            json!({ "ok": true, "kind": generator.backend.kind(), "waiting": generator.queue.waiting() })
        }
        Err(e) => json!({ "ok": false, "kind": generator.backend.kind(), "error": e }),
    };
    let images = match generator.blobs.check().await {
        Ok(()) => json!({ "ok": true }),
        Err(e) => json!({ "ok": false, "error": e.to_string() }),
    };
    let checks = json!({ "store": store, "keys": keys, "generator": backend, "images": images });
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
