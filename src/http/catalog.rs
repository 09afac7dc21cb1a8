//! `GET /api/v1/catalog`: what the Generate page offers, and the limits it enforces.

use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use crate::AppState;
use crate::generate::request::{
    COUNT_MAX_FREE, COUNT_MAX_PRO, PROMPT_MAX, STEPS_DEFAULT, STEPS_MAX_FREE, STEPS_MAX_PRO,
};

pub async fn get_catalog(State(state): State<AppState>) -> Json<Value> {
    let generator = &state.generator;
    let styles: Vec<Value> = generator
        .catalog
        .styles
        .iter()
        .map(|s| {
            json!({
                "id": s.id, "label": s.label, "checkpoint": s.checkpoint, "hash": s.hash,
                "pro": s.pro, "nsfw": s.nsfw, "default": s.default,
            })
        })
        .collect();
    let looks: Vec<Value> = generator
        .catalog
        .looks
        .iter()
        .map(|l| json!({ "id": l.id, "label": l.label, "pro": l.pro }))
        .collect();
    let kind = generator.backend.kind();
    Json(json!({
        "styles": styles,
        "looks": looks,
        "limits": {
            "promptMax": PROMPT_MAX, "negativePromptMax": PROMPT_MAX,
            "stepsDefault": STEPS_DEFAULT, "stepsMaxFree": STEPS_MAX_FREE, "stepsMaxPro": STEPS_MAX_PRO,
            "countMaxFree": COUNT_MAX_FREE, "countMaxPro": COUNT_MAX_PRO,
        },
        "renderer": {
            "kind": kind,
            "label": if kind == "builtin" { "Local preview renderer (not an AI model)" } else { "AI image model" },
        },
    }))
}
