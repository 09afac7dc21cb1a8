//! `GET /api/v1/styles/{id}/sample`: the picture on each style's tile and the landing page,
//! drawn once by the configured renderer and kept in the image store.

use reqwest::Url;
use reqwest::header;
use serde_json::Value;
use wiremock::{MockServer, ResponseTemplate};

use crate::backends::{mount_txt2img, txt2img_answer, txt2img_calls};
use crate::builder::Generator;
use crate::helpers::{TestApp, error_code, spawn_app};
use crate::redis_server::RedisServer;

#[tokio::test]
async fn every_style_in_the_catalog_has_its_own_sample_picture() {
    let app = spawn_app().await;
    let catalog: Value = app.get("/api/v1/catalog").await.json().await.unwrap();

    let mut pictures = Vec::new();
    for style in catalog["styles"].as_array().unwrap() {
        let response = app.get(style["sample"].as_str().unwrap()).await;
        assert_eq!(response.status(), 200, "{style}");
        assert_eq!(response.headers()[header::CONTENT_TYPE], "image/png");
        assert_eq!(
            response.headers()[header::CACHE_CONTROL],
            "public, max-age=86400"
        );
        let png = response.bytes().await.unwrap();
        let image = image::load_from_memory(&png).unwrap();
        assert_eq!((image.width(), image.height()), (256, 256));
        pictures.push(png);
    }
    pictures.sort();
    pictures.dedup();
    assert_eq!(pictures.len(), catalog["styles"].as_array().unwrap().len());
}

#[tokio::test]
async fn a_browser_holding_the_sample_is_told_it_is_current() {
    let app = spawn_app().await;
    let first = app.get("/api/v1/styles/anime-v1/sample").await;
    let etag = first.headers()[header::ETAG].clone();

    let again = app
        .client
        .get(app.url("/api/v1/styles/anime-v1/sample"))
        .header(header::IF_NONE_MATCH, etag.clone())
        .send()
        .await
        .unwrap();

    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()[header::ETAG], etag);
    assert!(again.bytes().await.unwrap().is_empty());
}

#[tokio::test]
async fn an_unknown_style_has_no_sample() {
    let app = spawn_app().await;

    let response = app.get("/api/v1/styles/no-such-style/sample").await;

    assert_eq!(error_code(response, 404).await, "not_found");
}

/// The picture a style's tile shows, as PNG bytes.
async fn sample(app: &TestApp, style: &str) -> Vec<u8> {
    let response = app.get(&format!("/api/v1/styles/{style}/sample")).await;
    assert_eq!(response.status(), 200);
    response.bytes().await.unwrap().to_vec()
}

fn shared_store(dir: &tempfile::TempDir) -> String {
    Url::from_directory_path(dir.path()).unwrap().to_string()
}

#[tokio::test]
async fn the_configured_renderer_draws_each_sample_once_with_nothing_explicit() {
    let server = MockServer::start().await;
    mount_txt2img(
        &server,
        ResponseTemplate::new(200).set_body_json(txt2img_answer(1)),
    )
    .await;
    let app = TestApp::builder()
        .generator(Generator::A1111(&server.uri()))
        .spawn()
        .await;

    let first = sample(&app, "real-v1.1").await;
    let again = sample(&app, "real-v1.1").await;

    assert_eq!(first, again);
    let calls = txt2img_calls(&server).await;
    assert_eq!(calls.len(), 1, "drawn once");
    let body: Value = calls[0].body_json().unwrap();
    assert_eq!(body["seed"], 1);
    assert!(
        body["negative_prompt"].as_str().unwrap().contains("nude"),
        "{body}"
    );
    let image = image::load_from_memory(&first).unwrap();
    assert_eq!((image.width(), image.height()), (256, 256));
}

#[tokio::test]
async fn an_instance_without_a_renderer_serves_the_sample_a_renderer_kept_in_the_store() {
    let store = tempfile::tempdir().unwrap();
    let server = MockServer::start().await;
    mount_txt2img(
        &server,
        ResponseTemplate::new(200).set_body_json(txt2img_answer(1)),
    )
    .await;
    let drawing = TestApp::builder()
        .generator(Generator::A1111(&server.uri()))
        .image_store(&shared_store(&store))
        .spawn()
        .await;
    let redis = RedisServer::start().await;
    let elsewhere = TestApp::builder()
        .generator(Generator::None)
        .redis(&redis.url)
        .image_store(&shared_store(&store))
        .spawn()
        .await;

    let drawn = sample(&drawing, "anime-v1").await;

    assert_eq!(sample(&elsewhere, "anime-v1").await, drawn);
    assert_eq!(txt2img_calls(&server).await.len(), 1);
}

#[tokio::test]
async fn a_renderer_that_fails_leaves_the_built_in_picture_in_its_place() {
    let server = MockServer::start().await;
    mount_txt2img(&server, ResponseTemplate::new(500)).await;
    let failing = TestApp::builder()
        .generator(Generator::A1111(&server.uri()))
        .spawn()
        .await;
    let built_in = spawn_app().await;

    let stand_in = sample(&failing, "real-v1.1").await;

    assert_eq!(stand_in, sample(&built_in, "real-v1.1").await);
}
