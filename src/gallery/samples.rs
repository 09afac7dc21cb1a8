//! The styles' sample pictures, for their tiles and the landing page: each drawn once by the
//! configured renderer (a GPU backend in production, the built-in one locally) and kept in the
//! image store, so every instance serves the same picture and a restart does not draw again.
//! A process without a renderer (the workers run elsewhere) serves what the store holds; until
//! a sample is drawn there, or when the renderer fails, the built-in renderer's picture stands
//! in for a while. Never fetched from a third party. Not part of a job's life: the catalog's
//! pictures, not anyone's images, and no credit is spent on them.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use image::imageops::FilterType;
use sha2::{Digest, Sha256};
use tokio::sync::watch;

use crate::generation::catalog::{Catalog, Style};
use crate::generation::controls::SAMPLERS;
use crate::generation::spec::{STEPS_DEFAULT, drawn_prompt};
use crate::generation::{BackendError, GenerateError};
use crate::images::blobs::Blobs;
use crate::worker::backend::builtin::Builtin;
use crate::worker::backend::{Backend, Render, render_with_deadline};

/// What every sample shows: nothing explicit, since the landing page is public.
const SUBJECT: &str = "portrait of a woman in a linen dress by a sunlit window, calm expression";
/// Added to the style's negative prompt, so a checkpoint that can draw nudity does not.
const KEEP_OUT: &str = "nsfw, nude, naked, topless, cleavage, lingerie";
/// The seed of every sample: the same picture on every draw.
const SEED: u32 = 1;
/// A tile's side, in pixels.
pub const SAMPLE_SIDE: u32 = 256;
/// How long a stand-in is served before the store is asked again.
const STAND_IN_FOR: Duration = Duration::from_secs(600);

#[derive(Clone)]
pub struct Samples {
    catalog: Catalog,
    /// The renderer of this process, `None` when the workers run elsewhere.
    backend: Option<Arc<dyn Backend>>,
    blobs: Blobs,
    deadline: Duration,
    /// Samples the renderer drew, by style id.
    drawn: moka::future::Cache<String, Bytes>,
    /// The built-in renderer's pictures while the renderer's are not there.
    stand_ins: moka::future::Cache<String, Bytes>,
}

impl Samples {
    pub fn new(
        catalog: Catalog,
        backend: Option<Arc<dyn Backend>>,
        blobs: Blobs,
        deadline: Duration,
    ) -> Self {
        Self {
            catalog,
            backend,
            blobs,
            deadline,
            drawn: moka::future::Cache::new(64),
            stand_ins: moka::future::Cache::builder()
                .max_capacity(64)
                .time_to_live(STAND_IN_FOR)
                .build(),
        }
    }

    /// The sample PNG of style `id`, [`SAMPLE_SIDE`] pixels a side.
    pub async fn of(&self, id: &str) -> Result<Bytes, GenerateError> {
        let style = self
            .catalog
            .style(id)
            .ok_or(GenerateError::NotFound("style"))?
            .clone();
        if let Some(png) = self.stand_ins.get(&style.id).await {
            return Ok(png);
        }
        let key = style.id.clone();
        // One draw per style at a time: concurrent asks wait for the same picture.
        match self.drawn.try_get_with(key, self.draw(&style)).await {
            Ok(png) => Ok(png),
            Err(reason) => {
                tracing::warn!(style = %style.id, %reason, "the style's sample is the built-in renderer's for now");
                let png = Bytes::from(
                    render_sample(&Builtin, &style, self.deadline)
                        .await
                        .map_err(|e| GenerateError::Internal(e.to_string()))?,
                );
                self.stand_ins.insert(style.id, png.clone()).await;
                Ok(png)
            }
        }
    }

    /// The store's copy, or a new one drawn here and kept there.
    async fn draw(&self, style: &Style) -> Result<Bytes, String> {
        let key = blob_key(style);
        if let Some(png) = self.blobs.get(&key).await.map_err(|e| e.to_string())? {
            return Ok(png);
        }
        let backend = self
            .backend
            .as_ref()
            .ok_or("not drawn yet: no renderer in this process")?;
        let png = render_sample(backend.as_ref(), style, self.deadline)
            .await
            .map_err(|e| e.to_string())?;
        if let Err(e) = self.blobs.put(&key, png.clone()).await {
            tracing::warn!(style = %style.id, error = %e, "the style's sample was not kept");
        }
        Ok(Bytes::from(png))
    }
}

/// The sample of `style`, drawn by `backend` and scaled to [`SAMPLE_SIDE`] a side.
async fn render_sample(
    backend: &dyn Backend,
    style: &Style,
    deadline: Duration,
) -> Result<Vec<u8>, BackendError> {
    let (progress, _) = watch::channel(Default::default());
    let rendered =
        render_with_deadline(backend, &sample_render(style), &progress, deadline).await?;
    let tile = rendered
        .image
        .resize_to_fill(SAMPLE_SIDE, SAMPLE_SIDE, FilterType::Lanczos3);
    let mut png = Vec::new();
    tile.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .map_err(|e| BackendError::Failed(e.to_string()))?;
    Ok(png)
}

/// The request a style's sample is drawn from: its first size, at a fixed seed.
fn sample_render(style: &Style) -> Render {
    let (width, height) = style
        .sizes
        .first()
        .map_or((SAMPLE_SIDE, SAMPLE_SIDE), |s| (s.width, s.height));
    Render {
        prompt: drawn_prompt(SUBJECT, Some(&style.prompt_plus), None),
        user_prompt: SUBJECT.to_owned(),
        negative_prompt: format!("{}, {KEEP_OUT}", style.negative_prompt),
        style_id: style.id.clone(),
        checkpoint: style.checkpoint.clone(),
        prompt_plus: style.prompt_plus.clone(),
        look_text: String::new(),
        seed: Some(SEED),
        steps: STEPS_DEFAULT,
        width,
        height,
        enhance: false,
        cfg: style.cfg,
        sampler: &SAMPLERS[0],
        source: None,
    }
}

/// Where a sample is kept: named for everything in the catalog that changes the picture, so a
/// changed style draws anew instead of serving the old one. Not for the renderer, which an
/// instance without one does not know: its workers' is the deployment's.
fn blob_key(style: &Style) -> String {
    let job = sample_render(style);
    let mut hash = Sha256::new();
    for part in [
        &job.checkpoint,
        &job.prompt,
        &job.negative_prompt,
        &format!("{}x{} {} {}", job.width, job.height, job.steps, job.cfg),
    ] {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    format!(
        "samples/{}-{}.png",
        style.id,
        hex::encode(&hash.finalize()[..8])
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn each_style_has_its_own_sample_drawn_the_same_every_time() {
        let catalog = Catalog::built_in();
        let mut samples = Vec::new();
        for style in &catalog.styles {
            let png = render_sample(&Builtin, style, Duration::from_secs(30))
                .await
                .unwrap();
            let again = render_sample(&Builtin, style, Duration::from_secs(30)).await;
            assert_eq!(again.unwrap(), png);
            let image = image::load_from_memory(&png).unwrap();
            assert_eq!((image.width(), image.height()), (SAMPLE_SIDE, SAMPLE_SIDE));
            samples.push(png);
        }
        let distinct: std::collections::HashSet<_> = samples.iter().collect();
        assert_eq!(distinct.len(), samples.len());
    }

    #[test]
    fn a_sample_is_kept_under_a_name_that_changes_with_the_style() {
        let catalog = Catalog::built_in();
        let style = &catalog.styles[0];
        let key = blob_key(style);
        assert!(key.starts_with(&format!("samples/{}-", style.id)), "{key}");
        assert_eq!(key, blob_key(style));
        let mut other = style.clone();
        other.checkpoint.push_str(" v2");
        assert_ne!(key, blob_key(&other));
    }
}
