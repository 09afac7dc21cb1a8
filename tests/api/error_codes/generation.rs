//! Generation, through the API and the legacy call.

use std::time::Duration;

use reqwest::RequestBuilder;
use serde_json::{Value, json};
use wiremock::matchers::{body_string_contains, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use lucent::age::Mode;
use lucent::store::push_id;

use super::shared::shared_failures;
use super::{Op, Sent};
use crate::backends::{slow_answer, txt2img_answer};
use crate::builder::{Generator, TestAppBuilder};
use crate::helpers::{TestApp, spawn_app, until};
use crate::test_keys::token_for;

/// A local A1111 backend that answers by what the prompt asks for.
pub(super) async fn backend() -> MockServer {
    let server = MockServer::start().await;
    let answers = [
        (
            "fails",
            ResponseTemplate::new(500).set_body_string("CUDA out of memory"),
        ),
        (
            "garbage",
            ResponseTemplate::new(200).set_body_json(json!({"images": ["*not base64*"]})),
        ),
        (
            "huge",
            ResponseTemplate::new(200).set_body_bytes(vec![b'a'; 50 << 20]),
        ),
        (
            "hangs",
            ResponseTemplate::new(200).set_delay(Duration::from_secs(30)),
        ),
        ("slow", slow_answer(3000)),
    ];
    for (asks, answer) in answers {
        Mock::given(method("POST"))
            .and(path("/sdapi/v1/txt2img"))
            .and(body_string_contains(asks))
            .respond_with(answer)
            .mount(&server)
            .await;
    }
    Mock::given(method("POST"))
        .and(path("/sdapi/v1/txt2img"))
        .respond_with(ResponseTemplate::new(200).set_body_json(txt2img_answer(1)))
        .with_priority(10)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/sdapi/v1/interrupt"))
        .respond_with(ResponseTemplate::new(200))
        .mount(&server)
        .await;
    server
}

pub(super) async fn app_on(backend: &MockServer, app: TestAppBuilder) -> TestApp {
    app.generator(Generator::A1111(&backend.uri()))
        .spawn()
        .await
}

/// `op` (the API or the legacy call) asked for what `body` says.
fn generation(app: &TestApp, op: Op, token: &str, body: &Value) -> RequestBuilder {
    let request = op.call(app, "").bearer_auth(token);
    if op.has_json_body() {
        return request.json(body);
    }
    let fields = [
        ("prompt", "prompt"),
        ("style", "selected_model_type"),
        ("steps", "step"),
    ];
    let query: Vec<(&str, String)> = fields
        .iter()
        .filter_map(|(field, param)| {
            let value = &body[field];
            (!value.is_null()).then(|| {
                (
                    *param,
                    value.as_str().map_or(value.to_string(), str::to_owned),
                )
            })
        })
        .collect();
    request.query(&query)
}

/// The images directory becomes a file: the image store fails every call.
pub(super) fn break_image_store(app: &TestApp) {
    let images = app.data_dir.path().join("images");
    std::fs::remove_dir_all(&images).unwrap();
    std::fs::write(&images, "not a directory").unwrap();
}

/// How long an arrangement here may take to become ready.
pub(super) const ARRANGING: Duration = Duration::from_secs(10);

async fn generation_failures(op: Op, sent: &Sent) {
    let backend = backend().await;
    let app = app_on(
        &backend,
        TestApp::builder()
            .generator_timeout(Duration::from_secs(1))
            .free_daily(1),
    )
    .await;
    let token = app.register("ann").await;
    for body in [
        json!({"prompt": ""}),
        json!({"prompt": "nude 15 year old girl"}),
        json!({"prompt": "a fox", "steps": 40}),
        json!({"prompt": "fails"}),
        json!({"prompt": "garbage"}),
        json!({"prompt": "huge"}),
        json!({"prompt": "hangs"}),
        json!({"prompt": "a fox"}),
        json!({"prompt": "a fox"}),
    ] {
        sent.send(generation(&app, op, &token, &body)).await;
    }
    if op.has_json_body() {
        let nobodys = json!({"prompt": "a fox", "enhance": false,
            "source": {"generation": push_id::generation_id(), "mode": "vary-subtle"}});
        sent.send(generation(&app, op, &token, &nobodys)).await;
    }

    let suspended = app.register("sus").await;
    app.suspend("sus").await;
    sent.send(generation(
        &app,
        op,
        &suspended,
        &json!({"prompt": "a fox"}),
    ))
    .await;

    let nsfw = json!({"prompt": "a fox", "style": "nsfw-v1.1"});
    let minor = token_for("minor");
    app.post_me(&minor, &json!({"username": "minor", "ageConfirmed": false}))
        .await;
    sent.send(generation(&app, op, &minor, &nsfw)).await;
    sent.send(generation(
        &app,
        op,
        &token_for("unregistered"),
        &json!({"prompt": "a fox"}),
    ))
    .await;
    let hasty = token_for("hasty");
    for _ in 0..11 {
        sent.send(generation(&app, op, &hasty, &json!({"prompt": ""})))
            .await;
    }

    let checked = app_on(&backend, TestApp::builder().age_check(Mode::Test)).await;
    let unverified = checked.register("eve").await;
    sent.send(generation(&checked, op, &unverified, &nsfw))
        .await;

    let broken = app_on(&backend, TestApp::builder()).await;
    let token = broken.register("ann").await;
    break_image_store(&broken);
    sent.send(generation(&broken, op, &token, &json!({"prompt": "a fox"})))
        .await;

    crowded_queue(op, &backend, sent).await;
}

/// One slot, room for one in line: the running user's second request and a third user.
async fn crowded_queue(op: Op, backend: &MockServer, sent: &Sent) {
    let app = app_on(backend, TestApp::builder().queue_limit(1)).await;
    let [alice, bob, carol] = [
        app.register("alice").await,
        app.register("bob").await,
        app.register("carol").await,
    ];
    let slow = json!({"prompt": "slow"});
    let running = tokio::spawn(generation(&app, op, &alice, &slow).send());
    until(ARRANGING, async || {
        backend
            .received_requests()
            .await
            .unwrap()
            .iter()
            .any(|r| String::from_utf8_lossy(&r.body).contains("slow"))
    })
    .await;
    sent.send(generation(&app, op, &alice, &slow)).await;
    let waiting = tokio::spawn(generation(&app, op, &bob, &slow).send());
    until(ARRANGING, async || app.jobs_waiting().await == 1).await;
    sent.send(generation(&app, op, &carol, &slow)).await;
    for job in [running, waiting] {
        assert!(job.await.unwrap().unwrap().status().is_success());
    }
}

#[tokio::test]
async fn creating_a_generation_sends_every_code_it_lists() {
    let op = Op::Create;
    let sent = Sent::default();
    tokio::join!(
        shared_failures(op, &sent),
        generation_failures(op, &sent),
        queue_down(op, &sent)
    );
    sent.assert_is_the_list_of(op).await;
}

/// New jobs while the queue (Redis) is out of reach: nothing to queue them on.
pub(super) async fn queue_down(op: Op, sent: &Sent) {
    let app = TestApp::builder()
        .redis("redis://127.0.0.1:9")
        .spawn()
        .await;
    let token = app.register("ann").await;
    sent.send(generation(&app, op, &token, &json!({"prompt": "a fox"})))
        .await;
}

/// Submitting does not wait for the job, so the quota is spent by one that ended first.
async fn quota_spent(op: Op, sent: &Sent) {
    let app = TestApp::builder().free_daily(1).spawn().await;
    let token = app.register("ann").await;
    let fox = json!({"prompt": "a fox"});
    sent.send(generation(&app, op, &token, &fox)).await;
    until(ARRANGING, async || {
        let depth = app.state.following.depth().await.unwrap();
        depth.queued_free + depth.running == 0
    })
    .await;
    sent.send(generation(&app, op, &token, &fox)).await;
}

#[tokio::test]
async fn submitting_a_job_sends_every_code_it_lists() {
    let op = Op::Submit;
    let sent = Sent::default();
    tokio::join!(
        shared_failures(op, &sent),
        generation_failures(op, &sent),
        queue_down(op, &sent),
        quota_spent(op, &sent)
    );
    sent.assert_is_the_list_of(op).await;
}

#[tokio::test]
async fn the_legacy_call_sends_every_code_it_lists() {
    let op = Op::Legacy;
    let sent = Sent::default();
    tokio::join!(
        shared_failures(op, &sent),
        generation_failures(op, &sent),
        queue_down(op, &sent)
    );

    let app = spawn_app().await;
    let token = app.register("ann").await;
    sent.send(
        op.call(&app, "")
            .bearer_auth(&token)
            .query(&[("prompt", "a"), ("prompt", "b")]),
    )
    .await;

    sent.assert_is_the_list_of(op).await;
}

#[tokio::test]
async fn a_styles_sample_sends_every_code_it_lists() {
    let op = Op::StyleSample;
    let sent = Sent::default();
    let app = spawn_app().await;

    sent.send(op.call(&app, "real-v1.1")).await;
    sent.send(op.call(&app, "no-such-style")).await;

    sent.assert_is_the_list_of(op).await;
}
