//! A generation as the API shows it.

use serde::{Deserialize, Serialize};

use crate::store::{GenerationRecord, SourceRef};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GenerationView {
    pub id: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
    pub prompt: String,
    pub negative_prompt: String,
    pub style: String,
    pub look: Option<String>,
    pub seed: u32,
    pub steps: u32,
    pub enhance: bool,
    pub width: u32,
    pub height: u32,
    /// The catalog's size id it was asked at; none on images from before sizes.
    pub size: Option<String>,
    /// The guidance scale; none on images from before it could be picked.
    pub cfg: Option<f32>,
    /// The sampler id; none on images from before it could be picked.
    pub sampler: Option<String>,
    /// Marked by its owner.
    pub favorite: bool,
    /// The image this one varies or upscales; none when it was drawn from the prompt alone.
    pub source: Option<SourceRef>,
    /// Whether `imageUrl` serves the blurred preview (the caller is not pro).
    pub blurred: bool,
    /// Explicit: `imageUrl` answers 403 `age_check_required` until the owner's age is
    /// verified (where age checks are on).
    pub explicit: bool,
    pub image_url: String,
}

impl GenerationView {
    pub fn new(record: &GenerationRecord, pro: bool, explicit: bool) -> Self {
        Self {
            id: record.id.clone(),
            created_at: record.created_at,
            prompt: record.prompt.clone(),
            negative_prompt: record.negative_prompt.clone(),
            style: record.style.clone(),
            look: record.look.clone(),
            seed: record.seed,
            steps: record.steps,
            enhance: record.enhance,
            width: record.width,
            height: record.height,
            size: record.size.clone(),
            cfg: record.cfg,
            sampler: record.sampler.clone(),
            favorite: record.favorite,
            source: record.source.clone(),
            blurred: !pro,
            explicit,
            image_url: format!("/api/v1/generations/{}/image", record.id),
        }
    }

    /// As support staff see `uid`'s image: always through the blurred preview.
    pub fn for_staff(record: &GenerationRecord, uid: &str, explicit: bool) -> Self {
        Self {
            image_url: format!(
                "/api/v1/support/users/{uid}/generations/{}/preview",
                record.id
            ),
            ..Self::new(record, false, explicit)
        }
    }
}

/// How far a job is, for the progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    pub fraction: f32,
    pub eta_seconds: Option<f32>,
}
