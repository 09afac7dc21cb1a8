//! Writes a PNG `parameters` text chunk in AUTOMATIC1111's format, so other tools (A1111's
//! "PNG Info", ComfyUI, civitai) can read how a downloaded image was made. Text chunks the
//! backend wrote are replaced, so a file never carries two stories.

const SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// `bytes` with its text chunks replaced by one `tEXt` chunk `keyword`=`text`. `None` when the
/// bytes are not a well-formed PNG.
pub fn with_text(bytes: &[u8], keyword: &str, text: &str) -> Option<Vec<u8>> {
    let body = bytes.strip_prefix(SIGNATURE)?;
    let mut out = Vec::with_capacity(bytes.len() + text.len() + 64);
    out.extend_from_slice(SIGNATURE);
    let mut rest = body;
    let mut wrote_text = false;
    while !rest.is_empty() {
        let len = u32::from_be_bytes(rest.get(..4)?.try_into().ok()?) as usize;
        let kind = rest.get(4..8)?;
        let chunk = rest.get(..12 + len)?;
        rest = &rest[12 + len..];
        if matches!(kind, b"tEXt" | b"zTXt" | b"iTXt") {
            continue;
        }
        // Right after IHDR, where readers look first.
        if kind == b"IHDR" {
            out.extend_from_slice(chunk);
            write_text_chunk(&mut out, keyword, text);
            wrote_text = true;
            continue;
        }
        out.extend_from_slice(chunk);
    }
    wrote_text.then_some(out)
}

fn write_text_chunk(out: &mut Vec<u8>, keyword: &str, text: &str) {
    // tEXt is Latin-1; anything else becomes '?' rather than corrupting the chunk.
    let latin1 = |s: &str| -> Vec<u8> {
        s.chars()
            .map(|c| {
                u8::try_from(u32::from(c))
                    .ok()
                    .filter(|&b| b != 0)
                    .unwrap_or(b'?')
            })
            .collect()
    };
    let mut data = latin1(keyword);
    data.push(0);
    data.extend(latin1(text));
    out.extend_from_slice(&u32::try_from(data.len()).unwrap_or(u32::MAX).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(b"tEXt");
    out.extend_from_slice(&data);
    let crc = crc32fast::hash(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png() -> Vec<u8> {
        let img = image::RgbaImage::from_pixel(4, 4, image::Rgba([1, 2, 3, 255]));
        let mut bytes = Vec::new();
        img.write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .unwrap();
        bytes
    }

    #[test]
    fn the_text_is_readable_and_the_image_still_decodes() {
        let once = with_text(&png(), "parameters", "a cat\nSteps: 30, Seed: 7").unwrap();
        let twice = with_text(&once, "parameters", "a dog").unwrap();

        let texts = text_chunks(&twice);
        assert_eq!(texts, ["parameters\0a dog"]);
        assert_eq!(image::load_from_memory(&twice).unwrap().width(), 4);
    }

    #[test]
    fn bytes_that_are_not_a_png_are_refused() {
        assert_eq!(with_text(b"GIF89a", "k", "v"), None);
        let mut truncated = png();
        truncated.truncate(20);
        assert_eq!(with_text(&truncated, "k", "v"), None);
    }

    fn text_chunks(bytes: &[u8]) -> Vec<String> {
        let mut rest = &bytes[8..];
        let mut found = Vec::new();
        while !rest.is_empty() {
            let len = u32::from_be_bytes(rest[..4].try_into().unwrap()) as usize;
            if &rest[4..8] == b"tEXt" {
                found.push(String::from_utf8_lossy(&rest[8..8 + len]).into_owned());
            }
            rest = &rest[12 + len..];
        }
        found
    }
}
