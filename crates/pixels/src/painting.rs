//! The built-in renderer's painting: a deterministic picture of a prompt and seed, its caption
//! (which says what it is), and the blend a variation is made with.

use image::{Rgba, RgbaImage};

use crate::font;

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
pub fn fnv(bytes: &[u8]) -> u64 {
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

/// The picture of `prompt` (what the model would receive; `user_prompt`, what the user wrote,
/// gives the blobs) on the style `style_id` at `seed`: the style's light, a blob per word,
/// texture.
pub fn picture(
    prompt: &str,
    user_prompt: &str,
    style_id: &str,
    seed: u32,
    w: u32,
    h: u32,
) -> RgbaImage {
    let mut rng =
        Rng(fnv(prompt.as_bytes()) ^ u64::from(seed).rotate_left(32) ^ fnv(style_id.as_bytes()));
    let [top, bottom, accent] = palette(style_id);
    // One soft blob per word of the prompt (up to 12), coloured by the word.
    let blobs: Vec<Blob> = user_prompt
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
pub fn caption(img: &mut RgbaImage, user_prompt: &str, style_id: &str, steps: u32, seed: u32) {
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
    let prompt: String = user_prompt.to_uppercase().chars().take(max_chars).collect();
    let meta = format!(
        "SEED {seed} · {} · {} STEPS",
        style_id.to_uppercase(),
        steps
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

/// A variation as img2img makes it, in pixels rather than latents: `from` (the source, at
/// `img`'s size) keeps `keep` of each pixel and the new picture gives the rest.
pub fn blend(img: &mut RgbaImage, from: &RgbaImage, keep: f32) {
    for (new, old) in img.pixels_mut().zip(from.pixels()) {
        for c in 0..3 {
            let mixed = f32::from(old.0[c]) * keep + f32::from(new.0[c]) * (1.0 - keep);
            new.0[c] = mixed.round().clamp(0.0, 255.0) as u8;
        }
    }
}
