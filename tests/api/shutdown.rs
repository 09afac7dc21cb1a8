//! SIGTERM: the real binary stops accepting, lets the request in flight finish, and exits 0.

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::json;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::png;
use crate::process::Instance;
use crate::test_keys::{claims, unsigned};

#[tokio::test(flavor = "multi_thread")]
async fn sigterm_finishes_the_request_in_flight_then_exits_cleanly() {
    let gpu = MockServer::start().await;
    let b64 = base64::Engine::encode(&base64::engine::general_purpose::STANDARD, png(32, 32, 1));
    Mock::given(method("POST"))
        .and(path("/sdapi/v1/txt2img"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_delay(Duration::from_millis(1500))
                .set_body_json(json!({"images": [b64], "info": "{\"seed\": 1}"})),
        )
        .mount(&gpu)
        .await;
    let data = tempfile::tempdir().unwrap();
    let gpu_spec = format!("a1111+{}", gpu.uri());
    let mut instance = Instance::serve(data.path(), &["--generator", &gpu_spec]);
    let base = instance.base.clone();
    let client = reqwest::Client::new();
    let token = unsigned(&claims("alice"));
    let profile = client
        .post(format!("{base}/api/v1/me"))
        .bearer_auth(&token)
        .json(&json!({"username": "A"}))
        .send()
        .await
        .unwrap();
    assert_eq!(profile.status(), 200);

    let in_flight = tokio::spawn({
        let (client, base, token) = (client.clone(), base.clone(), token.clone());
        async move {
            client
                .post(format!("{base}/api/v1/generations"))
                .bearer_auth(token)
                .json(&json!({"prompt": "x"}))
                .send()
                .await
        }
    });
    tokio::time::sleep(Duration::from_millis(400)).await;
    let sent_at = Instant::now();
    Command::new("kill")
        .args(["-TERM", &instance.child.id().to_string()])
        .status()
        .unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;

    let refused = reqwest::Client::new()
        .get(format!("{base}/healthz"))
        .send()
        .await;
    assert!(
        refused.is_err(),
        "a new connection after SIGTERM was accepted"
    );
    let finished = in_flight
        .await
        .unwrap()
        .expect("the request in flight completes");
    assert_eq!(finished.status(), 201);
    let status = tokio::task::block_in_place(|| instance.child.wait()).unwrap();
    assert!(status.success(), "{status:?}");
    assert!(sent_at.elapsed() < Duration::from_secs(8));
}
