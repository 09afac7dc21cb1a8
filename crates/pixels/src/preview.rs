//! What a non-pro user receives: the image shrunk to a few dozen pixels and stretched back, so
//! the subject cannot be recovered, at the original size, with a small watermark. Made once per
//! image and stored.

use image::{DynamicImage, Rgba, RgbaImage};

use crate::font;

/// Longest side of the shrunken image: few enough pixels that no face or body survives.
const BLUR_SIDE: u32 = 24;

pub fn blurred(original: &DynamicImage) -> RgbaImage {
    let rgba;
    let source = match original.as_rgba8() {
        Some(img) => img,
        None => {
            rgba = original.to_rgba8();
            &rgba
        }
    };
    let (w, h) = source.dimensions();
    let scale = f64::from(BLUR_SIDE) / f64::from(w.max(h));
    let (sw, sh) = (
        ((f64::from(w) * scale).round() as u32).clamp(1, w),
        ((f64::from(h) * scale).round() as u32).clamp(1, h),
    );
    let mut out = stretch(&shrink(source, sw, sh), sw, sh, w, h);
    watermark(&mut out);
    out
}

/// Box-average downscale: every source pixel counts once, in a single pass over the raw
/// bytes (a general resampling filter costs several times more for the same result here).
fn shrink(img: &RgbaImage, sw: u32, sh: u32) -> Vec<u8> {
    let (w, h) = (img.width() as usize, img.height() as usize);
    let (sw, sh) = (sw as usize, sh as usize);
    let cell_of_column: Vec<usize> = (0..w).map(|x| x * sw / w * 4).collect();
    let mut sums = vec![0u32; sw * sh * 4];
    let mut counts = vec![0u32; sw * sh];
    for (y, row) in img.as_raw().chunks_exact(w * 4).enumerate() {
        let cell_row = y * sh / h;
        let sums_row = &mut sums[cell_row * sw * 4..(cell_row + 1) * sw * 4];
        for (px, &cell) in row.chunks_exact(4).zip(&cell_of_column) {
            let acc = &mut sums_row[cell..cell + 4];
            for (a, &v) in acc.iter_mut().zip(px) {
                *a += u32::from(v);
            }
        }
        for x in 0..w {
            counts[cell_row * sw + cell_of_column[x] / 4] += 1;
        }
    }
    sums.chunks_exact(4)
        .zip(&counts)
        .flat_map(|(s, &n)| {
            let n = n.max(1);
            [0, 1, 2, 3].map(|c| ((s[c] + n / 2) / n) as u8)
        })
        .collect()
}

/// Bilinear upscale in 8-bit fixed point: source rows are widened once, then each output row
/// blends two widened rows, a loop over flat slices the compiler vectorises.
fn stretch(small: &[u8], sw: u32, sh: u32, w: u32, h: u32) -> RgbaImage {
    // Per output coordinate: the two source indices and the second one's weight (0..=256).
    let taps = |out: u32, src: u32| -> Vec<(usize, usize, u32)> {
        (0..out)
            .map(|i| {
                let f = ((f64::from(i) + 0.5) * f64::from(src) / f64::from(out) - 0.5)
                    .clamp(0.0, f64::from(src - 1));
                let i0 = f.floor() as usize;
                let i1 = (i0 + 1).min(src as usize - 1);
                (i0, i1, ((f - f.floor()) * 256.0).round() as u32)
            })
            .collect()
    };
    let (xs, ys) = (taps(w, sw), taps(h, sh));
    let row_len = w as usize * 4;
    let mut widened = vec![0u32; sh as usize * row_len];
    for (row, out) in small
        .chunks_exact(sw as usize * 4)
        .zip(widened.chunks_exact_mut(row_len))
    {
        for (&(x0, x1, wx), o) in xs.iter().zip(out.chunks_exact_mut(4)) {
            for c in 0..4 {
                o[c] = u32::from(row[x0 * 4 + c]) * (256 - wx) + u32::from(row[x1 * 4 + c]) * wx;
            }
        }
    }
    let mut out = vec![0u8; h as usize * row_len];
    for (&(y0, y1, wy), dst) in ys.iter().zip(out.chunks_exact_mut(row_len)) {
        let a = &widened[y0 * row_len..(y0 + 1) * row_len];
        let b = &widened[y1 * row_len..(y1 + 1) * row_len];
        for ((d, &a), &b) in dst.iter_mut().zip(a).zip(b) {
            *d = ((a * (256 - wy) + b * wy + (1 << 15)) >> 16) as u8;
        }
    }
    RgbaImage::from_raw(w, h, out).expect("the buffer is w*h*4 bytes")
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

    #[test]
    fn a_flat_image_stays_flat_and_keeps_its_size() {
        let flat =
            DynamicImage::ImageRgba8(RgbaImage::from_pixel(300, 200, Rgba([10, 200, 30, 255])));
        let preview = blurred(&flat);
        assert_eq!(preview.dimensions(), (300, 200));
        assert_eq!(preview.get_pixel(10, 10).0, [10, 200, 30, 255]);
        assert_eq!(preview.get_pixel(299, 0).0, [10, 200, 30, 255]);
    }

    #[test]
    fn tiny_images_are_handled() {
        for (w, h) in [(1, 1), (1, 50), (30, 2)] {
            let img = DynamicImage::ImageRgba8(RgbaImage::from_pixel(w, h, Rgba([1, 2, 3, 255])));
            assert_eq!(blurred(&img).dimensions(), (w, h));
        }
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
            let top = |img: &RgbaImage| image::imageops::crop_imm(img, 0, 0, w, h * 3 / 4).to_image();
            let (before, after) = (edge_energy(&top(&original)), edge_energy(&top(&preview)));
            prop_assert!(after < before * 0.1, "edge energy {} -> {}", before, after);
        }
    }
}
