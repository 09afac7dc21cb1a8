//! The built-in renderer: a deterministic picture of the prompt and seed, drawn on the CPU in
//! milliseconds, for machines without a GPU or model weights. It is not an AI model and says
//! so on the picture. Same prompt, seed, style and size: the same PNG, byte for byte.

use async_trait::async_trait;
use image::{DynamicImage, Rgba, RgbaImage, imageops};
use tokio::sync::watch;

use super::{Backend, BackendError, Progress, Render, Rendered, SourceImage, decode_png};
use crate::generate::catalog::Style;
use crate::generate::controls::SAMPLERS;
use crate::generate::request::{STEPS_DEFAULT, drawn_prompt};
use crate::images::font;

#[derive(Debug, Clone, Copy)]
pub struct Builtin;

/// splitmix64: tiny, fast, and the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// FNV-1a: a stable hash (std's is randomised per process).
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Each style has its own light and colour, so styles look different at a glance.
fn palette(style: &str) -> [[f32; 3]; 3] {
    match style {
        "real-v1.1" => [[0.93, 0.78, 0.62], [0.35, 0.22, 0.16], [0.80, 0.55, 0.40]],
        "real-v1.2" => [[0.70, 0.80, 0.92], [0.12, 0.16, 0.28], [0.45, 0.60, 0.75]],
        "anime-v1" => [[1.00, 0.80, 0.92], [0.55, 0.75, 1.00], [1.00, 0.95, 0.55]],
        "nsfw-v1.1" => [[0.55, 0.08, 0.20], [0.12, 0.02, 0.10], [0.95, 0.45, 0.45]],
        other => {
            let h = fnv(other.as_bytes());
            let c = |s: u32| ((h >> s) & 0xFF) as f32 / 255.0;
            [
                [c(0), c(8), c(16)],
                [c(24) * 0.3, c(32) * 0.3, c(40) * 0.3],
                [c(48), c(56), c(4)],
            ]
        }
    }
}

struct Blob {
    x: f32,
    y: f32,
    r2: f32,
    color: [f32; 3],
}

fn draw(job: &Render, seed: u32) -> Result<RgbaImage, BackendError> {
    let factor = if job.enhance { 2 } else { 1 };
    let (w, h) = (job.width * factor, job.height * factor);
    let mut img = picture(job, seed, w, h);
    if let Some(source) = &job.source {
        mix_in(&mut img, source)?;
    }
    caption(&mut img, job, seed);
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
    let keep = 1.0 - source.denoise.clamp(0.0, 1.0);
    for (new, old) in img.pixels_mut().zip(from.pixels()) {
        for c in 0..3 {
            let mixed = f32::from(old.0[c]) * keep + f32::from(new.0[c]) * (1.0 - keep);
            new.0[c] = mixed.round().clamp(0.0, 255.0) as u8;
        }
    }
    Ok(())
}

/// The prompt's picture: the style's light, a blob per word, texture.
fn picture(job: &Render, seed: u32, w: u32, h: u32) -> RgbaImage {
    let mut rng = Rng(fnv(job.prompt.as_bytes())
        ^ u64::from(seed).rotate_left(32)
        ^ fnv(job.style_id.as_bytes()));
    let [top, bottom, accent] = palette(&job.style_id);
    // One soft blob per word of the prompt (up to 12), coloured by the word.
    let blobs: Vec<Blob> = job
        .user_prompt
        .split_whitespace()
        .take(12)
        .map(|word| {
            let hw = fnv(word.to_lowercase().as_bytes());
            let tint = |s: u32| ((hw >> s) & 0xFF) as f32 / 255.0;
            let radius = 0.08 + 0.22 * rng.unit();
            Blob {
                x: rng.unit(),
                y: rng.unit(),
                r2: radius * radius,
                color: [
                    0.5 * tint(0) + 0.5 * accent[0],
                    0.5 * tint(8) + 0.5 * accent[1],
                    0.5 * tint(16) + 0.5 * accent[2],
                ],
            }
        })
        .collect();
    let (freq, phase) = (40.0 + 60.0 * rng.unit(), std::f32::consts::TAU * rng.unit());
    let grain_seed = rng.next();
    RgbaImage::from_fn(w, h, |px, py| {
        let (x, y) = (px as f32 / w as f32, py as f32 / h as f32);
        let mut c = [0.0f32; 3];
        for (i, v) in c.iter_mut().enumerate() {
            *v = top[i] * (1.0 - y) + bottom[i] * y;
        }
        for b in &blobs {
            let d2 = (x - b.x).powi(2) + (y - b.y).powi(2);
            let k = (-d2 / b.r2).exp();
            for (i, v) in c.iter_mut().enumerate() {
                *v = *v * (1.0 - k) + b.color[i] * k;
            }
        }
        // Fine stripes and film grain give the picture texture, as a photo has, which the
        // non-pro preview visibly removes.
        let stripe = 0.05 * ((x * freq + y * freq * 0.7) * std::f32::consts::TAU + phase).sin();
        let grain = {
            let mut g = Rng(grain_seed ^ (u64::from(px) << 32 | u64::from(py)));
            0.08 * (g.unit() - 0.5)
        };
        let to_u8 = |v: f32| ((v + stripe + grain).clamp(0.0, 1.0) * 255.0) as u8;
        Rgba([to_u8(c[0]), to_u8(c[1]), to_u8(c[2]), 255])
    })
}

/// The prompt's first words and the seed on a dark band, and the label that says what this is.
fn caption(img: &mut RgbaImage, job: &Render, seed: u32) {
    let (w, h) = img.dimensions();
    let scale = (w / 256).max(1);
    let line = font::text_height(scale) + 3 * scale;
    let band = 3 * line + 2 * scale;
    for y in h.saturating_sub(band)..h {
        for x in 0..w {
            let p = img.get_pixel_mut(x, y);
            for c in &mut p.0[..3] {
                *c /= 4;
            }
        }
    }
    let max_chars = ((w - 4 * scale) / (6 * scale)) as usize;
    let prompt: String = job
        .user_prompt
        .to_uppercase()
        .chars()
        .take(max_chars)
        .collect();
    let meta = format!(
        "SEED {seed} · {} · {} STEPS",
        job.style_id.to_uppercase(),
        job.steps
    );
    let white = Rgba([255, 255, 255, 255]);
    let y0 = h.saturating_sub(band) + 2 * scale;
    font::draw_text(img, 2 * scale, y0, &prompt, scale, white);
    font::draw_text(
        img,
        2 * scale,
        y0 + line,
        &meta,
        scale,
        Rgba([200, 200, 200, 255]),
    );
    font::draw_text(
        img,
        2 * scale,
        y0 + 2 * line,
        "LUCENT LOCAL RENDER - NOT AN AI MODEL",
        scale,
        Rgba([255, 210, 120, 255]),
    );
}

fn encode(img: &RgbaImage) -> Result<Vec<u8>, BackendError> {
    let mut png = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .map(|()| png)
        .map_err(|e| BackendError::Failed(e.to_string()))
}

/// A style tile's side on the Generate page, in pixels.
pub const SAMPLE_SIDE: u32 = 256;

/// The sample a style's tile shows: this renderer's picture of the style's name, at a fixed
/// seed, captioned as every picture of it is. Drawn here, never fetched, so the tiles look the
/// same offline; a PNG of [`SAMPLE_SIDE`] pixels a side.
pub fn style_sample(style: &Style) -> Result<Vec<u8>, BackendError> {
    let seed = 1;
    let job = Render {
        prompt: drawn_prompt(&style.label, Some(&style.prompt_plus), None),
        user_prompt: style.label.clone(),
        negative_prompt: style.negative_prompt.clone(),
        style_id: style.id.clone(),
        checkpoint: style.checkpoint.clone(),
        prompt_plus: style.prompt_plus.clone(),
        look_text: String::new(),
        seed: Some(seed),
        steps: STEPS_DEFAULT,
        width: SAMPLE_SIDE,
        height: SAMPLE_SIDE,
        enhance: false,
        cfg: style.cfg,
        sampler: &SAMPLERS[0],
        source: None,
    };
    encode(&draw(&job, seed)?)
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
            sampler: &crate::generate::controls::SAMPLERS[0],
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

    #[test]
    fn each_style_has_its_own_sample_drawn_the_same_every_time() {
        let catalog = crate::generate::catalog::Catalog::built_in();
        let samples: Vec<Vec<u8>> = catalog
            .styles
            .iter()
            .map(|s| style_sample(s).unwrap())
            .collect();
        for (style, png) in catalog.styles.iter().zip(&samples) {
            assert_eq!(&style_sample(style).unwrap(), png);
            let image = decode_png(png).unwrap();
            assert_eq!((image.width(), image.height()), (SAMPLE_SIDE, SAMPLE_SIDE));
        }
        let distinct: std::collections::HashSet<_> = samples.iter().collect();
        assert_eq!(distinct.len(), samples.len());
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
