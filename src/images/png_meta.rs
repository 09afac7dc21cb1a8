//! The metadata every PNG the gateway serves carries: an XMP packet that marks it as made by
//! a trained model (IPTC `DigitalSourceType`, which the EU AI Act's machine-readable marking
//! is read from) and names the generator, and on a download the `parameters` text in
//! AUTOMATIC1111's format, so other tools (A1111's "PNG Info", ComfyUI, civitai) read how it
//! was made. Text chunks the backend wrote are replaced, so a file never carries two stories.

const SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// IPTC's term for "created by software using a model trained on sampled content".
pub const TRAINED_ALGORITHMIC_MEDIA: &str =
    "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";

/// Where XMP goes in a PNG (the XMP specification, part 3): an uncompressed `iTXt` chunk.
const XMP_KEYWORD: &str = "XML:com.adobe.xmp";

/// What a served PNG says about itself.
#[derive(Debug, Clone, Copy)]
pub struct Provenance<'a> {
    /// Names the generator: the product and the model.
    pub creator_tool: &'a str,
    /// A1111's `parameters` text, on downloads.
    pub parameters: Option<&'a str>,
}

/// `bytes` with its text chunks replaced by `provenance`'s. `None` when the bytes are not a
/// well-formed PNG.
pub fn with_provenance(bytes: &[u8], provenance: Provenance<'_>) -> Option<Vec<u8>> {
    let body = bytes.strip_prefix(SIGNATURE)?;
    let xmp = xmp_packet(provenance.creator_tool);
    let mut out = Vec::with_capacity(bytes.len() + xmp.len() + 256);
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
        out.extend_from_slice(chunk);
        // Right after IHDR, where readers look first.
        if kind == b"IHDR" {
            if let Some(parameters) = provenance.parameters {
                write_chunk(&mut out, b"tEXt", &latin1_text("parameters", parameters));
            }
            write_chunk(&mut out, b"iTXt", &international_text(XMP_KEYWORD, &xmp));
            wrote_text = true;
        }
    }
    wrote_text.then_some(out)
}

/// Whether `bytes` carry the XMP mark already: an `iTXt` chunk of XMP before the image data.
/// Reads chunk headers only, up to the first `IDAT`: a few dozen bytes of a stored image.
pub fn is_marked(bytes: &[u8]) -> bool {
    let Some(mut rest) = bytes.strip_prefix(SIGNATURE) else {
        return false;
    };
    while let (Some(len), Some(kind)) = (rest.get(..4), rest.get(4..8)) {
        let len = u32::from_be_bytes([len[0], len[1], len[2], len[3]]) as usize;
        if kind == b"IDAT" {
            return false;
        }
        if kind == b"iTXt"
            && rest
                .get(8..8 + len)
                .is_some_and(|data| data.starts_with(XMP_KEYWORD.as_bytes()))
        {
            return true;
        }
        let Some(next) = rest.get(12 + len..) else {
            return false;
        };
        rest = next;
    }
    false
}

fn xmp_packet(creator_tool: &str) -> String {
    let tool = escape_xml(creator_tool);
    format!(
        "<?xpacket begin=\"\u{feff}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n\
         <x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n\
         <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n\
         <rdf:Description rdf:about=\"\"\n\
         xmlns:Iptc4xmpExt=\"http://iptc.org/std/Iptc4xmpExt/2008-02-29/\"\n\
         xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"\n\
         Iptc4xmpExt:DigitalSourceType=\"{TRAINED_ALGORITHMIC_MEDIA}\"\n\
         xmp:CreatorTool=\"{tool}\"/>\n\
         </rdf:RDF>\n\
         </x:xmpmeta>\n\
         <?xpacket end=\"r\"?>"
    )
}

fn escape_xml(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '&' => "&amp;".to_owned(),
            '<' => "&lt;".to_owned(),
            '>' => "&gt;".to_owned(),
            '"' => "&quot;".to_owned(),
            c if c.is_control() => " ".to_owned(),
            c => c.to_string(),
        })
        .collect()
}

/// A `tEXt` body: Latin-1 only; anything else becomes '?' rather than corrupting the chunk.
fn latin1_text(keyword: &str, text: &str) -> Vec<u8> {
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
    data
}

/// An uncompressed `iTXt` body: keyword, no compression, no language, UTF-8 text.
fn international_text(keyword: &str, text: &str) -> Vec<u8> {
    let mut data = keyword.as_bytes().to_vec();
    data.extend_from_slice(&[0, 0, 0, 0, 0]);
    data.extend_from_slice(text.as_bytes());
    data
}

fn write_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&u32::try_from(data.len()).unwrap_or(u32::MAX).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
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

    fn download(parameters: &str) -> Provenance<'_> {
        Provenance {
            creator_tool: "Lucent",
            parameters: Some(parameters),
        }
    }

    #[test]
    fn the_text_is_readable_and_the_image_still_decodes() {
        let once = with_provenance(&png(), download("a cat\nSteps: 30, Seed: 7")).unwrap();
        let twice = with_provenance(&once, download("a dog")).unwrap();

        let texts = text_chunks(&twice);
        assert_eq!(texts, ["parameters\0a dog"]);
        assert_eq!(image::load_from_memory(&twice).unwrap().width(), 4);
    }

    #[test]
    fn a_marked_image_is_told_from_one_stored_before_marks() {
        let plain = png();
        assert!(!is_marked(&plain));
        assert!(is_marked(
            &with_provenance(&plain, download("a cat")).unwrap()
        ));
        assert!(!is_marked(b"GIF89a"));
        assert!(!is_marked(&plain[..20]));
    }

    #[test]
    fn the_creator_tool_cannot_break_out_of_its_attribute() {
        let packet = xmp_packet("Lucent \"x\" <y> & z");
        assert!(packet.contains("xmp:CreatorTool=\"Lucent &quot;x&quot; &lt;y&gt; &amp; z\""));
    }

    #[test]
    fn bytes_that_are_not_a_png_are_refused() {
        assert_eq!(with_provenance(b"GIF89a", download("v")), None);
        let mut truncated = png();
        truncated.truncate(20);
        assert_eq!(with_provenance(&truncated, download("v")), None);
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
