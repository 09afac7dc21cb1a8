//! What many operations share: tokens, the database, the body.

use std::time::Duration;

use futures_util::future::join_all;
use reqwest::RequestBuilder;
use serde_json::{Value, json};
use wiremock::matchers::any;
use wiremock::{Mock, MockServer, ResponseTemplate};

use super::billing::{billing_app, verotel_app};
use super::{CALLER, Op, Sent};
use crate::helpers::spawn_app;
use crate::test_keys::{claims, now, sign, token_for};

fn token_with(edit: impl FnOnce(&mut Value)) -> String {
    let mut claims = claims(CALLER);
    edit(&mut claims);
    sign(&claims)
}

/// Every way a token fails, and signing keys out of reach.
pub(super) async fn token_failures(op: Op, sent: &Sent) {
    let app = spawn_app().await;
    sent.send(op.request(&app, None)).await;
    for token in [
        "not-a-token".to_owned(),
        token_with(|c| c["exp"] = json!(now() - 3600)),
        token_with(|c| c["aud"] = json!("someone-elses-project")),
        token_with(|c| c["iat"] = json!(now() + 600)),
        token_with(|c| c["sub"] = json!("")),
    ] {
        // A gateway each: a route's per-address limit runs before the token is read, and the
        // export's allows a burst of four.
        let app = spawn_app().await;
        sent.send(op.request(&app, Some(&token))).await;
    }

    let keys_down = spawn_app().await;
    keys_down.keys.reset().await;
    Mock::given(any())
        .respond_with(ResponseTemplate::new(500))
        .mount(&keys_down.keys)
        .await;
    sent.send(op.request(&keys_down, Some(&token_for(CALLER))))
        .await;
}

/// A database that is down, one that hangs and one that answers what is not JSON.
pub(super) fn failing_databases() -> [ResponseTemplate; 3] {
    [
        ResponseTemplate::new(503).set_body_json(json!({"error": "down"})),
        ResponseTemplate::new(200).set_delay(Duration::from_secs(60)),
        ResponseTemplate::new(200).set_body_string("<html>maintenance</html>"),
    ]
}

/// Each of [`failing_databases`] behind the gateway.
pub(super) async fn database_failures(op: Op, sent: &Sent) {
    join_all(failing_databases().map(|answer| async move {
        let database = MockServer::start().await;
        Mock::given(any())
            .respond_with(answer)
            .mount(&database)
            .await;
        let app = match op {
            Op::Postback => verotel_app(Some(&database)).await,
            _ => billing_app("http://127.0.0.1:9", Some(&database)).await,
        };
        sent.send(op.request(&app, Some(&token_for(CALLER)))).await;
    }))
    .await;
}

/// A body that is not JSON, one that says it is something else, and one that is too big.
async fn body_failures(op: Op, sent: &Sent) {
    let app = spawn_app().await;
    let token = app.register(CALLER).await;
    send_bad_bodies(|| op.call(&app, "").bearer_auth(&token), sent).await;
}

/// The three bad bodies of [`body_failures`], each on a fresh `call()`.
pub(super) async fn send_bad_bodies(call: impl Fn() -> RequestBuilder, sent: &Sent) {
    sent.send(call().header("content-type", "application/json").body("{"))
        .await;
    sent.send(call().header("content-type", "text/plain").body("{}"))
        .await;
    sent.send(
        call()
            .header("content-type", "application/json")
            .body(vec![b' '; 3 << 20]),
    )
    .await;
}

/// What every signed-in operation with records shares.
pub(super) async fn shared_failures(op: Op, sent: &Sent) {
    token_failures(op, sent).await;
    database_failures(op, sent).await;
    if op.has_json_body() {
        body_failures(op, sent).await;
    }
}
