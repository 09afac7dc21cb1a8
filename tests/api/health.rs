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
