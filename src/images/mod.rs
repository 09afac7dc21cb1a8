//! Image bytes: storage, the non-pro preview (its pixels: crates/pixels), PNG metadata.

pub mod blobs;
pub mod content_credentials;
pub mod mark;
pub mod png_meta;

pub use lucent_pixels::preview;

use image::ImageEncoder;
use rand::Rng;

const ALPHANUMERIC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// `generated_image_` plus 8 random letters or digits: the name the product has always given
/// downloads.
pub fn download_name() -> String {
    let mut rng = rand::rng();
    let suffix: String = (0..8)
        .map(|_| char::from(ALPHANUMERIC[rng.random_range(0..ALPHANUMERIC.len())]))
        .collect();
    format!("generated_image_{suffix}.png")
}

/// A PNG of `img`, compressed for speed: images are stored once and served many times, but
/// a request waits for this.
pub fn encode_png(img: &image::RgbaImage) -> Result<Vec<u8>, image::ImageError> {
    let mut png = Vec::new();
    image::codecs::png::PngEncoder::new_with_quality(
        &mut png,
        image::codecs::png::CompressionType::Fast,
        image::codecs::png::FilterType::Adaptive,
    )
    .write_image(
        img.as_raw(),
        img.width(),
        img.height(),
        image::ExtendedColorType::Rgba8,
    )?;
    Ok(png)
}

#[cfg(test)]
mod tests {
    #[test]
    fn download_names_have_eight_random_letters_or_digits() {
        let a = super::download_name();
        let b = super::download_name();
        let suffix = a
            .strip_prefix("generated_image_")
            .unwrap()
            .strip_suffix(".png")
            .unwrap();
        assert_eq!(suffix.len(), 8);
        assert!(suffix.chars().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(a, b);
    }
}
