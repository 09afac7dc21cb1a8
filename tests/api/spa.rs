use crate::helpers::spawn_app;

#[tokio::test]
async fn an_unknown_page_gets_the_web_app() {
    let app = spawn_app().await;

    let response = app.get("/some/unknown/page").await;

    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-cache");
    assert!(response.text().await.unwrap().contains("<div id=root>"));
}

#[tokio::test]
async fn the_root_serves_the_index_page() {
    let app = spawn_app().await;

    let response = app.get("/").await;

    assert_eq!(response.status(), 200);
    assert!(
        response
            .text()
            .await
            .unwrap()
            .contains("<title>Lucent</title>")
    );
}

#[tokio::test]
async fn an_unknown_api_path_is_a_json_404() {
    let app = spawn_app().await;

    let response = app.get("/api/nope").await;

    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "not_found");
    assert!(body["error"]["message"].is_string());
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year() {
    let app = spawn_app().await;

    let response = app.get("/assets/index-abc123.js").await;

    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
}

#[tokio::test]
async fn a_path_escaping_the_web_root_gets_no_file_from_outside() {
    let app = spawn_app().await;
    std::fs::write(app.data_dir.path().join("secret.txt"), "do not serve").unwrap();

    let response = app.get("/..%2fsecret.txt").await;

    assert!(!response.text().await.unwrap().contains("do not serve"));
}

#[tokio::test]
async fn the_web_app_is_gzipped_for_browsers_that_accept_it() {
    let app = spawn_app().await;
    let script = "console.log('lucent');".repeat(200);
    std::fs::write(app.data_dir.path().join("web/assets/big-abc.js"), &script).unwrap();

    let response = app
        .client
        .get(app.url("/assets/big-abc.js"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();

    assert_eq!(response.headers()["content-encoding"], "gzip");
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(response.bytes().await.unwrap().len() < script.len() / 4);
}
