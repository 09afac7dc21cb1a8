//! Every PNG the gateway serves says, in XMP, that a trained model made it and which
//! generator: read back with the `png` crate and an XML parser, as other tools would.

use std::path::{Path, PathBuf};

use quick_xml::Reader;
use quick_xml::events::Event;
use serde_json::json;

use crate::helpers::{TestApp, spawn_app};

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

/// alice made pro: her image `id` as the image route serves it, and as a download.
async fn as_pro(app: &TestApp, token: &str, id: &str) -> (bytes::Bytes, bytes::Bytes) {
    app.make_pro("alice").await;
    let original = app.get_image(token, id, false).await.bytes().await.unwrap();
    let download = app.get_image(token, id, true).await.bytes().await.unwrap();
    (original, download)
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
    let (original, download) = as_pro(&app, &token, id).await;

    for served in [&preview, &legacy, &original, &download] {
        assert_marked_as_ai_made(served);
    }
    assert_eq!(
        marks(&original).creator_tool,
        "Lucent, Realistic_Vision_V4.0.safetensors [29a7afaa]"
    );
    assert_eq!(marks(&preview).parameters, None);
    let parameters = marks(&download)
        .parameters
        .expect("a download's parameters");
    assert!(
        parameters.starts_with("a fox\nNegative prompt: "),
        "{parameters}"
    );
    assert_eq!(original, download, "the original is what is downloaded");
}

#[tokio::test]
async fn images_are_stored_marked_and_served_as_stored() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let made = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    let id = made["id"].as_str().unwrap();

    for file in ["original.png", "preview.png"] {
        let stored = app.stored_blob(&format!("alice/{id}/{file}")).await;
        assert_marked_as_ai_made(&stored);
    }
    let served = app
        .get_image(&token, id, false)
        .await
        .bytes()
        .await
        .unwrap();
    assert_eq!(
        served,
        app.stored_blob(&format!("alice/{id}/preview.png")).await
    );
}

#[tokio::test]
async fn an_image_stored_before_marks_is_marked_once_on_its_first_serve() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let made = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    let id = made["id"].as_str().unwrap();
    let key = format!("alice/{id}/preview.png");
    // As an image stored by an earlier version was: the renderer's PNG, no marks.
    let unmarked = image::load_from_memory(&app.stored_blob(&key).await).unwrap();
    let mut plain = Vec::new();
    unmarked
        .write_to(
            &mut std::io::Cursor::new(&mut plain),
            image::ImageFormat::Png,
        )
        .unwrap();
    app.put_blob(&key, plain).await;

    let first = app
        .get_image(&token, id, false)
        .await
        .bytes()
        .await
        .unwrap();
    let second = app
        .get_image(&token, id, false)
        .await
        .bytes()
        .await
        .unwrap();

    assert_marked_as_ai_made(&first);
    assert_eq!(first, second);
    assert_eq!(
        app.stored_blob(&key).await,
        first,
        "written back once marked"
    );
    assert_eq!(marks_made(&app).await.get("first_serve"), Some(&1));
}

/// A test signer for C2PA: a P-256 end-entity certificate (digitalSignature, emailProtection,
/// with key identifiers) issued by a test root, made with OpenSSL 3:
/// `openssl req -x509` for the root (CA:TRUE, keyCertSign), `openssl x509 -req -extfile` for
/// the signer (CA:FALSE); `chain.pem` is the signer then the root.
fn c2pa_keys(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/api/keys/c2pa")
        .join(file)
}

/// The active manifest's `c2pa.created` action, read with the C2PA SDK's own reader.
fn created_action(bytes: &[u8]) -> serde_json::Value {
    let reader = c2pa::Reader::from_context(c2pa::Context::new())
        .with_stream("image/png", std::io::Cursor::new(bytes))
        .expect("a C2PA manifest store");
    assert_ne!(
        reader.validation_state(),
        c2pa::validation_results::ValidationState::Invalid,
        "{}",
        reader.json()
    );
    let store: serde_json::Value = serde_json::from_str(&reader.json()).unwrap();
    let active = store["active_manifest"].as_str().unwrap();
    let manifest = &store["manifests"][active];
    assert_eq!(manifest["claim_generator_info"][0]["name"], "Lucent");
    manifest["assertions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| {
            a["label"]
                .as_str()
                .is_some_and(|l| l.starts_with("c2pa.actions"))
        })
        .flat_map(|a| a["data"]["actions"].as_array().unwrap().clone())
        .find(|action| action["action"] == "c2pa.created")
        .expect("a c2pa.created action")
}

/// A gateway signing with the test certificate, alice's token and one image of hers.
async fn signing_app() -> (TestApp, String, String) {
    let (chain, key) = (c2pa_keys("chain.pem"), c2pa_keys("signer-key.pem"));
    let app = TestApp::builder().c2pa(&chain, &key).spawn().await;
    let token = app.register("alice").await;
    let made = app
        .generate_ok(&token, &json!({"prompt": "a fox", "enhance": false}))
        .await;
    let id = made["id"].as_str().unwrap().to_owned();
    (app, token, id)
}

#[tokio::test]
async fn with_a_deployers_certificate_every_image_carries_signed_content_credentials() {
    let (app, token, id) = signing_app().await;
    let id = id.as_str();

    let preview = app
        .get_image(&token, id, false)
        .await
        .bytes()
        .await
        .unwrap();
    let (original, download) = as_pro(&app, &token, id).await;

    for bytes in [&preview, &original, &download] {
        let created = created_action(bytes);
        assert_eq!(created["digitalSourceType"], TRAINED_ALGORITHMIC_MEDIA);
        assert!(
            created["softwareAgent"]["name"]
                .as_str()
                .unwrap()
                .starts_with("Lucent, "),
            "{created}"
        );
        assert_marked_as_ai_made(bytes);
    }
    assert!(
        marks(&download).parameters.is_some(),
        "the download keeps its parameters"
    );
}

#[tokio::test]
async fn a_changed_byte_breaks_the_signature() {
    let (app, token, id) = signing_app().await;
    let mut bytes = app
        .get_image(&token, &id, false)
        .await
        .bytes()
        .await
        .unwrap()
        .to_vec();
    // The last byte of the image data, before IEND's 12 bytes.
    let at = bytes.len() - 13;
    bytes[at] ^= 0xff;

    let reader = c2pa::Reader::from_context(c2pa::Context::new())
        .with_stream("image/png", std::io::Cursor::new(&bytes))
        .expect("a C2PA manifest store");
    assert_eq!(
        reader.validation_state(),
        c2pa::validation_results::ValidationState::Invalid
    );
}

#[tokio::test]
async fn a_certificate_c2pa_refuses_stops_the_start() {
    // The root signs certificates, not content: a CA is no signer.
    let (ca, ca_key) = (c2pa_keys("ca.pem"), c2pa_keys("ca-key.pem"));
    let config = TestApp::builder()
        .c2pa(&ca, &ca_key)
        .config(tempfile::tempdir().unwrap().path());
    let error = lucent::process::application::Application::build(&config)
        .await
        .err()
        .expect("the start fails");
    let error = format!("{error:#}");
    assert!(
        error.contains("LUCENT_C2PA_CERT") && error.contains("cannot sign"),
        "{error}"
    );
}

/// `lucent_images_marked_total` by `when`, as `/metrics` reports it.
async fn marks_made(app: &TestApp) -> std::collections::BTreeMap<String, u64> {
    let text = app.state.metrics.render(0);
    text.lines()
        .filter_map(|line| line.strip_prefix("lucent_images_marked_total{when=\""))
        .filter_map(|rest| rest.split_once("\"} "))
        .map(|(when, n)| (when.to_owned(), n.parse().unwrap()))
        .collect()
}

#[tokio::test]
async fn each_image_is_signed_once_when_stored_however_often_it_is_served() {
    let (app, token, id) = signing_app().await;
    let stored = marks_made(&app).await;
    assert_eq!(
        stored.get("stored"),
        Some(&2),
        "the original and the preview"
    );

    for _ in 0..3 {
        assert_eq!(app.get_image(&token, &id, false).await.status(), 200);
    }
    as_pro(&app, &token, &id).await;
    let export = app
        .client
        .get(app.url("/api/v1/me/export"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(export.status(), 200);
    export.bytes().await.unwrap();

    assert_eq!(marks_made(&app).await, stored);
}
