use crate::helpers::spawn_app;

#[tokio::test]
async fn healthz_answers_ok() {
    let app = spawn_app().await;

    let response = app.get_healthz().await;

    assert_eq!(response.status(), 200);
    assert_eq!(
        response.json::<serde_json::Value>().await.unwrap()["status"],
        "ok"
    );
}

#[tokio::test]
async fn readyz_reports_each_dependency_by_name() {
    let app = spawn_app().await;

    let response = app.get_readyz().await;

    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ready");
    assert_eq!(body["checks"]["store"]["ok"], true);
    assert_eq!(body["checks"]["store"]["kind"], "embedded");
}

#[tokio::test]
async fn every_response_carries_a_request_id() {
    let app = spawn_app().await;

    let response = app.get_healthz().await;

    let id = response
        .headers()
        .get("x-request-id")
        .expect("request id header");
    assert_eq!(id.len(), 36, "a UUID: {id:?}");
}

#[tokio::test]
async fn a_request_id_sent_by_the_caller_is_kept() {
    let app = spawn_app().await;

    let response = app
        .client
        .get(app.url("/healthz"))
        .header("x-request-id", "trace-me-123")
        .send()
        .await
        .unwrap();

    assert_eq!(response.headers()["x-request-id"], "trace-me-123");
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_credits_by_outcome() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    app.get_me(&token).await;
    let made = app
        .generate_ok(
            &token,
            &serde_json::json!({"prompt": "a fox", "enhance": false}),
        )
        .await;
    app.get_image(&token, made["id"].as_str().unwrap(), false)
        .await;

    let response = app.get("/metrics").await;

    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain; version=0.0.4")
    );
    let text = response.text().await.unwrap();
    for line in [
        "lucent_http_requests_total{route=\"/api/v1/me\",method=\"GET\",status=\"200\"} 1",
        "lucent_http_requests_total{route=\"/api/v1/me\",method=\"POST\",status=\"200\"} 1",
        "lucent_http_requests_total{route=\"/api/v1/generations/{id}/image\",method=\"GET\",status=\"200\"} 1",
        "lucent_credits_total{outcome=\"reserved\"} 1",
        "lucent_credits_total{outcome=\"kept\"} 1",
        "lucent_backend_duration_seconds_count{backend=\"builtin\"} 1",
        "lucent_queue_waiting 0",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
}

#[tokio::test]
async fn the_openapi_document_describes_every_api_route() {
    let app = spawn_app().await;

    let doc: serde_json::Value = app.get("/api/v1/openapi.json").await.json().await.unwrap();

    assert_eq!(doc["openapi"], "3.0.3");
    for path in [
        "/api/v1/me",
        "/api/v1/catalog",
        "/api/v1/generations",
        "/api/v1/generations/{id}",
        "/api/v1/generations/{id}/image",
        "/api/v1/checkout",
        "/api/v1/payment-success",
        "/api/v1/billing/portal",
        "/api/v1/stripe/webhook",
        "/generate-image",
        "/healthz",
        "/readyz",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} is not documented");
    }
}
