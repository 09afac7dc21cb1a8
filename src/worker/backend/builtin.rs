//! The built-in renderer: a deterministic picture of the prompt and seed, drawn on the CPU in
//! milliseconds, for machines without a GPU or model weights. It is not an AI model and says
//! so on the picture. Same prompt, seed, style and size: the same PNG, byte for byte.

use async_trait::async_trait;
use image::{DynamicImage, RgbaImage, imageops};
use lucent_pixels::painting::{self, fnv};
use tokio::sync::watch;

use super::{Backend, BackendError, Progress, Render, Rendered, SourceImage, decode_png};

#[derive(Debug, Clone, Copy)]
pub struct Builtin;

fn draw(job: &Render, seed: u32) -> Result<RgbaImage, BackendError> {
    let factor = if job.enhance { 2 } else { 1 };
    let (w, h) = (job.width * factor, job.height * factor);
    let mut img = painting::picture(&job.prompt, &job.user_prompt, &job.style_id, seed, w, h);
    if let Some(source) = &job.source {
        mix_in(&mut img, source)?;
    }
    painting::caption(&mut img, &job.user_prompt, &job.style_id, job.steps, seed);
    Ok(img)
}

/// Draws a variation as img2img does, in pixels rather than latents: the source, scaled to
/// the result's size, keeps `1 - denoise` of each pixel and the new picture gives the rest.
fn mix_in(img: &mut RgbaImage, source: &SourceImage) -> Result<(), BackendError> {
    let (w, h) = img.dimensions();
    let mut from = decode_png(&source.png)?.to_rgba8();
    if from.dimensions() != (w, h) {
        from = imageops::resize(&from, w, h, imageops::FilterType::Lanczos3);
    }
    painting::blend(img, &from, 1.0 - source.denoise.clamp(0.0, 1.0));
    Ok(())
}

fn encode(img: &RgbaImage) -> Result<Vec<u8>, BackendError> {
    let mut png = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .map(|()| png)
        .map_err(|e| BackendError::Failed(e.to_string()))
}

#[async_trait]
impl Backend for Builtin {
    fn kind(&self) -> &'static str {
        "builtin"
    }

    async fn render(
        &self,
        job: &Render,
        progress: &watch::Sender<Progress>,
    ) -> Result<Rendered, BackendError> {
        // Without a backend to choose, the seed comes from the prompt: still reproducible.
        let seed = job
            .seed
            .unwrap_or_else(|| (fnv(job.prompt.as_bytes()) >> 32) as u32);
        progress.send_replace(Progress {
            fraction: 0.1,
            eta_seconds: Some(0.1),
        });
        let job = job.clone();
        let (png, image) = tokio::task::spawn_blocking(move || {
            let img = draw(&job, seed)?;
            encode(&img).map(|png| (png, DynamicImage::ImageRgba8(img)))
        })
        .await
        .map_err(|e| BackendError::Failed(e.to_string()))??;
        progress.send_replace(Progress {
            fraction: 1.0,
            eta_seconds: Some(0.0),
        });
        Ok(Rendered { png, image, seed })
    }

    async fn ready(&self) -> Result<(), String> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::images::preview::edge_energy;

    fn job(prompt: &str, style: &str, seed: u32) -> Render {
        Render {
            prompt: format!("{prompt}, extra"),
            user_prompt: prompt.into(),
            negative_prompt: String::new(),
            style_id: style.into(),
            checkpoint: "x".into(),
            prompt_plus: "extra".into(),
            look_text: String::new(),
            seed: Some(seed),
            steps: 30,
            width: 128,
            height: 128,
            enhance: false,
            cfg: 7.0,
            sampler: &crate::generation::controls::SAMPLERS[0],
            source: None,
        }
    }

    async fn render(job: &Render) -> Rendered {
        let (tx, _rx) = watch::channel(Progress::default());
        Builtin.render(job, &tx).await.unwrap()
    }

    #[tokio::test]
    async fn the_same_request_gives_the_same_png() {
        let a = render(&job("a red fox in snow", "real-v1.1", 7)).await;
        let b = render(&job("a red fox in snow", "real-v1.1", 7)).await;
        assert_eq!(a.png, b.png);
        assert_eq!(a.seed, 7);
    }

    #[tokio::test]
    async fn seed_style_and_prompt_each_change_the_picture() {
        let base = render(&job("a red fox in snow", "real-v1.1", 7)).await.png;
        for other in [
            job("a red fox in snow", "real-v1.1", 8),
            job("a red fox in snow", "anime-v1", 7),
            job("a blue whale", "real-v1.1", 7),
        ] {
            assert_ne!(render(&other).await.png, base, "{other:?}");
        }
    }

    #[tokio::test]
    async fn enhance_doubles_the_size() {
        let mut j = job("a red fox", "real-v1.1", 1);
        j.enhance = true;
        assert_eq!(render(&j).await.image.width(), 256);
    }

    fn from(source: &Rendered, denoise: f32, scale: u32) -> Render {
        let mut j = job("a red fox in snow", "real-v1.1", 8);
        j.width = source.image.width() * scale;
        j.height = source.image.height() * scale;
        j.source = Some(SourceImage {
            png: source.png.clone().into(),
            denoise,
        });
        j
    }

    /// The mean absolute difference of two pictures' colours, 0 to 255.
    fn distance(a: &DynamicImage, b: &DynamicImage) -> f32 {
        let (a, b) = (a.to_rgb8(), b.to_rgb8());
        let sum: u64 = a
            .as_raw()
            .iter()
            .zip(b.as_raw())
            .map(|(x, y)| u64::from(x.abs_diff(*y)))
            .sum();
        sum as f32 / a.as_raw().len() as f32
    }

    #[tokio::test]
    async fn a_variation_is_deterministic_and_stays_closer_to_its_source_the_subtler_it_is() {
        let source = render(&job("a red fox in snow", "real-v1.1", 7)).await;
        let fresh = render(&job("a red fox in snow", "real-v1.1", 8)).await;
        let subtle = render(&from(&source, 0.5, 1)).await;
        let strong = render(&from(&source, 0.85, 1)).await;

        assert_eq!(subtle.png, render(&from(&source, 0.5, 1)).await.png);
        let (near, far) = (
            distance(&subtle.image, &source.image),
            distance(&strong.image, &source.image),
        );
        assert!(near < far, "subtle {near} vs strong {far}");
        assert!(
            far < distance(&fresh.image, &source.image),
            "a strong variation still keeps some of its source"
        );
    }

    #[tokio::test]
    async fn an_upscale_is_twice_its_source() {
        let source = render(&job("a red fox in snow", "real-v1.1", 7)).await;
        let upscaled = render(&from(&source, 0.382, 2)).await;
        assert_eq!(
            (upscaled.image.width(), upscaled.image.height()),
            (256, 256)
        );
    }

    #[tokio::test]
    async fn a_source_that_is_not_a_png_fails_the_render() {
        let mut j = job("a red fox", "real-v1.1", 1);
        j.source = Some(SourceImage {
            png: bytes::Bytes::from_static(b"not a png"),
            denoise: 0.5,
        });
        let (tx, _rx) = watch::channel(Progress::default());
        assert!(matches!(
            Builtin.render(&j, &tx).await,
            Err(BackendError::BadImage(_))
        ));
    }

    #[tokio::test]
    async fn the_picture_has_detail_for_the_preview_to_remove() {
        let img = render(&job("a red fox in snow", "nsfw-v1.1", 1))
            .await
            .image
            .to_rgba8();
        assert!(edge_energy(&img) > 1.0);
    }
}
