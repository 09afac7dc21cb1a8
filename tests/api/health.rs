use serde_json::Value;

use crate::builder::Generator;
use crate::helpers::{TestApp, spawn_app};
use crate::redis_server::RedisServer;

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
    let app = TestApp::builder()
        .metrics_token("s3cret-metrics-token")
        .spawn()
        .await;
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

    let response = app
        .client
        .get(app.url("/metrics"))
        .bearer_auth("s3cret-metrics-token")
        .send()
        .await
        .unwrap();

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
async fn metrics_are_not_served_without_the_token() {
    let open = spawn_app().await;
    let guarded = TestApp::builder()
        .metrics_token("s3cret-metrics-token")
        .spawn()
        .await;

    let unconfigured = open.get("/metrics").await;
    let anonymous = guarded.get("/metrics").await;
    let wrong = guarded
        .client
        .get(guarded.url("/metrics"))
        .bearer_auth("guess")
        .send()
        .await
        .unwrap();

    for response in [unconfigured, anonymous, wrong] {
        assert_eq!(response.status(), 404);
        assert!(!response.text().await.unwrap().contains("lucent_"));
    }
}

#[tokio::test]
async fn readiness_writes_nothing_and_is_reused_for_a_few_seconds() {
    let server = wiremock::MockServer::start().await;
    wiremock::Mock::given(wiremock::matchers::path("/sdapi/v1/progress"))
        .respond_with(
            wiremock::ResponseTemplate::new(200).set_body_json(serde_json::json!({"progress": 0})),
        )
        .mount(&server)
        .await;
    let app = TestApp::builder()
        .generator(Generator::A1111(&server.uri()))
        .spawn()
        .await;

    let first = app.get_readyz().await;
    let second = app.get_readyz().await;

    assert_eq!(
        (first.status().as_u16(), second.status().as_u16()),
        (200, 200)
    );
    assert_eq!(
        server.received_requests().await.unwrap().len(),
        1,
        "the second answer is the first one, reused"
    );
    let written: Vec<_> = std::fs::read_dir(app.data_dir.path().join("images"))
        .unwrap()
        .collect();
    assert!(written.is_empty(), "readiness wrote {written:?}");
}

#[tokio::test]
async fn readiness_names_a_failed_dependency_without_its_error_text() {
    let server = wiremock::MockServer::start().await;
    let app = TestApp::builder()
        .generator(Generator::A1111(&server.uri()))
        .spawn()
        .await;
    drop(server);

    let response = app.get_readyz().await;

    assert_eq!(response.status(), 503);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["checks"]["generator"]["ok"], false);
    assert_eq!(body["checks"]["generator"]["error"], "unreachable");
}

#[tokio::test]
async fn readiness_includes_redis_when_instances_share_it() {
    let redis = RedisServer::start().await;
    let app = TestApp::builder().redis(&redis.url).spawn().await;

    let ready: Value = app.get_readyz().await.json().await.unwrap();

    assert_eq!(ready["checks"]["redis"]["ok"], true, "{ready}");
    assert_eq!(ready["checks"]["redis"]["evictionPolicy"], "noeviction");
    assert_eq!(ready["checks"]["redis"].get("warning"), None);
}

#[tokio::test]
async fn a_redis_that_may_evict_any_key_is_named_with_what_it_would_lose() {
    let redis = RedisServer::start().await;
    let client = redis::Client::open(redis.url.as_str()).unwrap();
    let mut connection = client.get_multiplexed_async_connection().await.unwrap();
    let _: () = redis::cmd("CONFIG")
        .arg(&["SET", "maxmemory-policy", "allkeys-lru"])
        .query_async(&mut connection)
        .await
        .unwrap();
    let app = TestApp::builder().redis(&redis.url).spawn().await;

    let response = app.get_readyz().await;

    assert_eq!(
        response.status(),
        200,
        "nothing is lost until Redis is full"
    );
    let ready: Value = response.json().await.unwrap();
    let check = &ready["checks"]["redis"];
    assert_eq!(check["evictionPolicy"], "allkeys-lru", "{ready}");
    assert!(
        check["warning"]
            .as_str()
            .unwrap()
            .contains("reserved credits"),
        "{ready}"
    );
}

#[tokio::test]
async fn redis_out_of_reach_makes_the_instance_not_ready() {
    let mut redis = RedisServer::start().await;
    let app = TestApp::builder().redis(&redis.url).spawn().await;
    redis.kill();

    let response = app.get_readyz().await;

    assert_eq!(response.status(), 503);
    let ready: Value = response.json().await.unwrap();
    assert_eq!(ready["checks"]["redis"]["error"], "unreachable", "{ready}");
}
