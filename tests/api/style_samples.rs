//! `GET /api/v1/styles/{id}/sample`: the picture on each style's tile.

use reqwest::header;
use serde_json::Value;

use crate::helpers::{error_code, spawn_app};

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
