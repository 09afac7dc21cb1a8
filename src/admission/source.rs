//! Variations and upscales of an image its owner made: the body's `source`, checked against
//! the caller's own records, and what a worker needs to draw from it. The source's pixels go
//! from the image store to the backend only; a browser never receives them this way.

use serde::Deserialize;

use crate::generation::GenerateError;
use crate::generation::source::{MODES, SourceSpec};
use crate::store::{GenerationRecord, SourceMode, Store, push_id};
use crate::users::Caller;
use crate::worker::backend::MAX_SIDE;

/// The body's `source`.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SourceBody {
    /// The id of one of the caller's images.
    pub generation: String,
    #[schema(value_type = SourceMode)]
    pub mode: String,
}

/// The checks that need no record: the mode, what the backend can do, the plan, and the
/// fields a source decides (its size). Run with the body's other fields.
pub fn check(
    body: &SourceBody,
    img2img: bool,
    caller: &Caller,
    size: Option<&str>,
    enhance: Option<bool>,
) -> Result<SourceMode, GenerateError> {
    let mode = SourceMode::parse(&body.mode).ok_or_else(|| {
        let known: Vec<&str> = MODES.iter().map(|m| m.id()).collect();
        GenerateError::invalid(
            "source",
            format!(
                "source mode {:?} is not one of {}",
                body.mode,
                known.join(", ")
            ),
        )
    })?;
    if !img2img {
        return Err(GenerateError::invalid(
            "source",
            "this image backend cannot vary or upscale an image",
        ));
    }
    if size.is_some_and(|s| !s.is_empty()) {
        return Err(GenerateError::invalid(
            "size",
            "an image made from another has its source's size; leave size out",
        ));
    }
    if enhance == Some(true) {
        return Err(GenerateError::invalid(
            "enhance",
            "an image made from another has its source's size; leave enhance out",
        ));
    }
    if mode.pro() && !caller.pro() {
        return Err(GenerateError::ProRequired(format!(
            "{} is a Premium feature",
            mode.label()
        )));
    }
    Ok(mode)
}

/// The caller's source image, or 404 (someone else's is indistinguishable from none).
pub async fn find(
    store: &dyn Store,
    caller: &Caller,
    id: &str,
) -> Result<GenerationRecord, GenerateError> {
    if !push_id::is_generation_id(id) {
        return Err(GenerateError::NotFound("generation"));
    }
    store
        .get_generation(&caller.uid, id)
        .await?
        .ok_or(GenerateError::NotFound("generation"))
}

/// What a worker needs to draw from `record` in `mode`.
pub fn drawn_from(
    record: &GenerationRecord,
    mode: SourceMode,
) -> Result<SourceSpec, GenerateError> {
    let (width, height) = (record.width * mode.scale(), record.height * mode.scale());
    if width.max(height) > MAX_SIDE {
        return Err(GenerateError::invalid(
            "source",
            format!(
                "this image is {}x{}: twice that is past the largest we make ({MAX_SIDE} pixels a side)",
                record.width, record.height
            ),
        ));
    }
    Ok(SourceSpec {
        generation: record.id.clone(),
        mode,
        blob_key: record.blob_key.clone(),
        width,
        height,
        size: record.size.clone(),
    })
}
