//! Every PNG the gateway serves says, in XMP, that a trained model made it and which
//! generator: read back with the `png` crate and an XML parser, as other tools would.

use quick_xml::Reader;
use quick_xml::events::Event;
use serde_json::json;

use crate::helpers::spawn_app;

const TRAINED_ALGORITHMIC_MEDIA: &str =
    "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";

/// The XMP packet's `rdf:Description` attributes `Iptc4xmpExt:DigitalSourceType` and
/// `xmp:CreatorTool`, and the `parameters` text if there is one.
pub struct Marks {
    pub digital_source_type: String,
    pub creator_tool: String,
    pub parameters: Option<String>,
}

pub fn marks(bytes: &[u8]) -> Marks {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let reader = decoder.read_info().expect("a PNG");
    let info = reader.info();
    let xmp = info
        .utf8_text
        .iter()
        .find(|chunk| chunk.keyword == "XML:com.adobe.xmp")
        .expect("an XMP packet")
        .get_text()
        .unwrap();
    let parameters = info
        .uncompressed_latin1_text
        .iter()
        .find(|chunk| chunk.keyword == "parameters")
        .map(|chunk| chunk.text.clone());
    let mut xml = Reader::from_str(&xmp);
    loop {
        match xml.read_event().expect("well-formed XMP") {
            Event::Empty(element) | Event::Start(element)
                if element.name().as_ref() == b"rdf:Description" =>
            {
                let attribute = |name: &str| {
                    element
                        .try_get_attribute(name)
                        .unwrap()
                        .unwrap_or_else(|| panic!("{name} in {xmp}"))
                        .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                        .unwrap()
                        .into_owned()
                };
                return Marks {
                    digital_source_type: attribute("Iptc4xmpExt:DigitalSourceType"),
                    creator_tool: attribute("xmp:CreatorTool"),
                    parameters,
                };
            }
            Event::Eof => panic!("no rdf:Description in {xmp}"),
            _ => {}
        }
    }
}

pub fn assert_marked_as_ai_made(bytes: &[u8]) {
    let marks = marks(bytes);
    assert_eq!(marks.digital_source_type, TRAINED_ALGORITHMIC_MEDIA);
    assert!(
        marks.creator_tool.starts_with("Lucent, "),
        "{}",
        marks.creator_tool
    );
}

#[tokio::test]
async fn every_image_route_serves_a_png_marked_as_ai_made() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let made = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    let id = made["id"].as_str().unwrap();
    let preview = app
        .get_image(&token, id, false)
        .await
        .bytes()
        .await
        .unwrap();
    let legacy = app
        .client
        .get(app.url("/generate-image?prompt=a%20fox&seed=5&step=20"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(legacy.status(), 200);
    let legacy = legacy.bytes().await.unwrap();
    app.make_pro("alice").await;
    let original = app
        .get_image(&token, id, false)
        .await
        .bytes()
        .await
        .unwrap();
    let download = app.get_image(&token, id, true).await.bytes().await.unwrap();

    for served in [&preview, &legacy, &original, &download] {
        assert_marked_as_ai_made(served);
    }
    assert_eq!(
        marks(&original).creator_tool,
        "Lucent, Realistic_Vision_V4.0.safetensors [29a7afaa]"
    );
    assert_eq!(marks(&original).parameters, None);
    let parameters = marks(&download)
        .parameters
        .expect("a download's parameters");
    assert!(
        parameters.starts_with("a fox\nNegative prompt: "),
        "{parameters}"
    );
}
