//! What a non-pro user receives: the image shrunk to a few dozen pixels and stretched back, so
//! the subject cannot be recovered, at the original size, with a small watermark. Made once per
//! image and stored.

use image::imageops::{self, FilterType};
use image::{DynamicImage, Rgba, RgbaImage};

use super::font;

/// Longest side of the shrunken image: few enough pixels that no face or body survives.
const BLUR_SIDE: u32 = 24;

pub fn blurred(original: &DynamicImage) -> RgbaImage {
    let (w, h) = (original.width(), original.height());
    let scale = f64::from(BLUR_SIDE) / f64::from(w.max(h));
    let (sw, sh) = (
        ((f64::from(w) * scale).round() as u32).max(1),
        ((f64::from(h) * scale).round() as u32).max(1),
    );
    let small = original
        .resize_exact(sw, sh, FilterType::Triangle)
        .to_rgba8();
    let mut out = imageops::resize(&small, w, h, FilterType::Triangle);
    watermark(&mut out);
    out
}

/// "LUCENT PREVIEW" in the bottom-right corner on a dark band, readable on any background.
fn watermark(img: &mut RgbaImage) {
    const TEXT: &str = "LUCENT PREVIEW";
    let (w, h) = img.dimensions();
    let scale = (w.min(h) / 256).max(1);
    let (tw, th) = (font::text_width(TEXT, scale), font::text_height(scale));
    let pad = 3 * scale;
    if tw + 2 * pad > w || th + 2 * pad > h {
        return;
    }
    let (x0, y0) = (w - tw - 2 * pad, h - th - 2 * pad);
    for y in y0..h {
        for x in x0..w {
            let p = img.get_pixel_mut(x, y);
            for c in &mut p.0[..3] {
                *c /= 3;
            }
        }
    }
    font::draw_text(
        img,
        x0 + pad,
        y0 + pad,
        TEXT,
        scale,
        Rgba([255, 255, 255, 230]),
    );
}

/// Mean absolute difference between horizontal and vertical neighbours: how much fine detail
/// (edges, texture) an image holds. Blur drives it towards zero.
pub fn edge_energy(img: &RgbaImage) -> f64 {
    let (w, h) = img.dimensions();
    let mut total = 0u64;
    let mut count = 0u64;
    for y in 0..h.saturating_sub(1) {
        for x in 0..w.saturating_sub(1) {
            let p = img.get_pixel(x, y).0;
            for q in [img.get_pixel(x + 1, y).0, img.get_pixel(x, y + 1).0] {
                total += (0..3).map(|c| u64::from(p[c].abs_diff(q[c]))).sum::<u64>();
                count += 3;
            }
        }
    }
    if count == 0 {
        0.0
    } else {
        total as f64 / count as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn noise(w: u32, h: u32, seed: u64) -> DynamicImage {
        let mut state = seed | 1;
        let img = RgbaImage::from_fn(w, h, |_, _| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let b = state.to_le_bytes();
            Rgba([b[0], b[1], b[2], 255])
        });
        DynamicImage::ImageRgba8(img)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(16))]
        #[test]
        fn the_preview_never_equals_the_original_and_keeps_little_detail(
            w in 64u32..1100, h in 64u32..1100, seed in any::<u64>()
        ) {
            let preview = blurred(&noise(w, h, seed));
            let original = noise(w, h, seed);
            prop_assert_eq!(preview.dimensions(), (w, h));
            let original = original.to_rgba8();
            prop_assert_ne!(preview.as_raw(), original.as_raw());
            // Above the watermark band, which is sharp on purpose.
            let top = |img: &RgbaImage| imageops::crop_imm(img, 0, 0, w, h * 3 / 4).to_image();
            let (before, after) = (edge_energy(&top(&original)), edge_energy(&top(&preview)));
            prop_assert!(after < before * 0.1, "edge energy {} -> {}", before, after);
        }
    }
}
