//! `GET /api/v1/catalog`: what the Generate page offers, and the limits it enforces.

pub(super) mod style_sample;

use axum::Json;
use axum::extract::State;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use serde::Serialize;
use utoipa::ToSchema;

use crate::generation::catalog::{CFG_MAX, CFG_MIN, CFG_STEP, Look, Size, Style};
use crate::generation::controls::SAMPLERS;
use crate::generation::source::MODES;
use crate::generation::spec::{
    COUNT_MAX_FREE, COUNT_MAX_PRO, PROMPT_MAX, STEPS_DEFAULT, STEPS_MAX_FREE, STEPS_MAX_PRO,
};
use crate::http::AppState;
use crate::store::SourceMode;

/// What a path segment may hold as it is (RFC 3986's unreserved characters).
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogView {
    styles: Vec<StyleView>,
    looks: Vec<LookView>,
    /// What `sampler` may be, the first the default; empty when the backend takes none (nor
    /// a guidance scale).
    samplers: Vec<SamplerView>,
    /// How a user may make an image from one of theirs (the body's `source`); empty when the
    /// backend cannot draw from an image.
    source_modes: Vec<SourceModeView>,
    limits: Limits,
    renderer: Renderer,
    plans: PlansView,
}

/// What each plan's credits are; the web app states these, never numbers of its own.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PlansView {
    /// Credits a free account gets each UTC day.
    free_daily: u32,
    /// Credits a Premium account gets each billing month (they renew when it does).
    pro_monthly: u32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SamplerView {
    id: &'static str,
    label: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SourceModeView {
    id: SourceMode,
    label: &'static str,
    /// Premium only.
    pro: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StyleView {
    id: String,
    label: String,
    checkpoint: String,
    hash: String,
    pro: bool,
    nsfw: bool,
    default: bool,
    /// What `size` may be for this style, the first the default; one when the backend draws
    /// one size only.
    sizes: Vec<Size>,
    /// The guidance scale it is drawn at unless the user picks another.
    cfg: f32,
    /// Where its sample picture is (`GET /api/v1/styles/{id}/sample`), a same-origin path.
    sample: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LookView {
    id: String,
    label: String,
    pro: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Limits {
    prompt_max: usize,
    negative_prompt_max: usize,
    steps_default: u32,
    steps_max_free: u32,
    steps_max_pro: u32,
    count_max_free: u32,
    count_max_pro: u32,
    /// The guidance scales users may pick, when `samplers` is not empty.
    cfg_min: f32,
    cfg_max: f32,
    cfg_step: f32,
}

#[derive(Debug, Serialize, ToSchema)]
struct Renderer {
    /// The backend kind: `builtin`, `a1111` or `legacy`.
    kind: &'static str,
    label: &'static str,
}

#[utoipa::path(get, path = "/v1/catalog", tag = "generation",
    summary = "Styles, looks, limits and which renderer draws the images",
    responses((status = 200, description = "The catalog", body = CatalogView)))]
pub async fn get_catalog(State(state): State<AppState>) -> Json<CatalogView> {
    let catalog = state.admission.catalog();
    // With LUCENT_GENERATOR=none the workers elsewhere draw: AI models, by deployment.
    let kind = state.work.backend.as_ref().map_or("workers", |b| b.kind());
    Json(CatalogView {
        styles: catalog.styles.iter().map(StyleView::of).collect(),
        looks: catalog.looks.iter().map(LookView::of).collect(),
        samplers: if catalog.guidance {
            SAMPLERS
                .iter()
                .map(|s| SamplerView {
                    id: s.id,
                    label: s.label,
                })
                .collect()
        } else {
            Vec::new()
        },
        source_modes: if catalog.img2img {
            MODES.iter().map(|&mode| SourceModeView::of(mode)).collect()
        } else {
            Vec::new()
        },
        limits: Limits::OF_A_REQUEST,
        plans: PlansView {
            free_daily: state.users.quotas().free_daily,
            pro_monthly: state.users.quotas().pro_monthly,
        },
        renderer: Renderer::of(kind),
    })
}

impl StyleView {
    fn of(s: &Style) -> Self {
        Self {
            id: s.id.clone(),
            label: s.label.clone(),
            checkpoint: s.checkpoint.clone(),
            hash: s.hash.clone(),
            pro: s.pro,
            nsfw: s.nsfw,
            default: s.default,
            sizes: s.sizes.clone(),
            cfg: s.cfg,
            sample: format!(
                "/api/v1/styles/{}/sample",
                utf8_percent_encode(&s.id, SEGMENT)
            ),
        }
    }
}

impl LookView {
    fn of(l: &Look) -> Self {
        Self {
            id: l.id.clone(),
            label: l.label.clone(),
            pro: l.pro,
        }
    }
}

impl SourceModeView {
    fn of(mode: SourceMode) -> Self {
        Self {
            id: mode,
            label: mode.label(),
            pro: mode.pro(),
        }
    }
}

impl Limits {
    const OF_A_REQUEST: Self = Self {
        prompt_max: PROMPT_MAX,
        negative_prompt_max: PROMPT_MAX,
        steps_default: STEPS_DEFAULT,
        steps_max_free: STEPS_MAX_FREE,
        steps_max_pro: STEPS_MAX_PRO,
        count_max_free: COUNT_MAX_FREE,
        count_max_pro: COUNT_MAX_PRO,
        cfg_min: CFG_MIN,
        cfg_max: CFG_MAX,
        cfg_step: CFG_STEP,
    };
}

impl Renderer {
    fn of(kind: &'static str) -> Self {
        Self {
            kind,
            label: if kind == "builtin" {
                "Local preview renderer (not an AI model)"
            } else {
                "AI image model"
            },
        }
    }
}
