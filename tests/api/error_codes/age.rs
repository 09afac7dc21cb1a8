//! The age check: starting one, Persona's webhook, and an admin's reset.

use std::time::Duration;

use futures_util::future::join_all;
use serde_json::json;
use wiremock::matchers::any;
use wiremock::{Mock, MockServer, ResponseTemplate};

use super::shared::{failing_databases, shared_failures};
use super::{CALLER, Op, Sent};
use crate::age_check::answer_in_test_mode;
use crate::fake_persona::{FakePersona, SECRET, event};
use crate::helpers::{TestApp, spawn_app};
use crate::test_keys::token_for;
use lucent::age::Mode;
use lucent::billing::signature::sign;

async fn persona_app(persona: &FakePersona) -> TestApp {
    TestApp::builder().persona(&persona.base()).spawn().await
}

/// Persona answering every call with `status`.
async fn persona_answering(status: u16) -> FakePersona {
    let persona = FakePersona::start().await;
    Mock::given(any())
        .respond_with(
            ResponseTemplate::new(status).set_body_json(json!({"errors": [{"title": "x"}]})),
        )
        .mount(&persona.server)
        .await;
    persona
}

#[tokio::test]
async fn starting_an_age_check_sends_every_code_it_lists() {
    let op = Op::StartAgeCheck;
    let sent = Sent::default();
    shared_failures(op, &sent).await;

    let off = spawn_app().await;
    let token = off.register(CALLER).await;
    sent.send(op.request(&off, Some(&token))).await;

    let test_mode = TestApp::builder().age_check(Mode::Test).spawn().await;
    sent.send(op.request(&test_mode, Some(&token_for("nobody"))))
        .await;
    let adult = test_mode.register("ada").await;
    test_mode.verify_age("ada").await;
    sent.send(op.request(&test_mode, Some(&adult))).await;
    let minor = test_mode.register("minnie").await;
    answer_in_test_mode(&test_mode, &minor, "minor").await;
    sent.send(op.request(&test_mode, Some(&minor))).await;
    let hasty = test_mode.register("hasty").await;
    let call = || op.call(&test_mode, "").bearer_auth(&hasty);
    sent.send(call().json(&json!({"returnTo": "https://evil.example"})))
        .await;
    for _ in 0..7 {
        sent.send(call().json(&json!({}))).await;
    }

    for status in [503, 401] {
        let persona = persona_answering(status).await;
        let app = persona_app(&persona).await;
        let token = app.register(CALLER).await;
        sent.send(op.request(&app, Some(&token))).await;
    }

    sent.assert_is_the_list_of(op).await;
}

#[tokio::test]
async fn personas_webhook_sends_every_code_it_lists() {
    let op = Op::AgeWebhook;
    let sent = Sent::default();
    let body = event("evt_1", "inquiry.approved", "inq_1", CALLER);
    let signed = |app: &TestApp, body: &[u8]| {
        op.call(app, "")
            .header("content-type", "application/json")
            .header(
                "persona-signature",
                sign(body, SECRET, lucent::store::now_ms() / 1000),
            )
            .body(body.to_vec())
    };

    join_all(failing_databases().map(|answer| async {
        let database = MockServer::start().await;
        Mock::given(any())
            .respond_with(answer)
            .mount(&database)
            .await;
        let host = database.uri().trim_start_matches("http://").to_owned();
        let persona = FakePersona::start().await;
        let app = TestApp::builder()
            .persona(&persona.base())
            .database("https://demo-lucent-default-rtdb.firebaseio.com", &host)
            .store_timeout(Duration::from_secs(2))
            .spawn()
            .await;
        sent.send(signed(&app, &body)).await;
    }))
    .await;

    let off = spawn_app().await;
    sent.send(signed(&off, &body)).await;

    let down = persona_answering(503).await;
    let app = persona_app(&down).await;
    sent.send(signed(&app, &body)).await;
    sent.send(op.call(&app, "").body(body.clone())).await;
    sent.send(signed(&app, b"{\"data\": \"not an event\"}"))
        .await;
    sent.send(op.call(&app, "").body(vec![b' '; 3 << 20])).await;

    sent.assert_is_the_list_of(op).await;
}
