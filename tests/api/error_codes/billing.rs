//! Billing, against a local server speaking Stripe's wire format, and Verotel's postbacks.

use std::time::Duration;

use futures_util::future::join_all;
use lucent::billing::signature;
use lucent::billing::verotel::signature::sign_incoming;
use lucent::store::{Subscription, push_id};
use reqwest::RequestBuilder;
use serde_json::{Value, json};
use wiremock::matchers::{method, path, path_regex};
use wiremock::{Mock, MockServer, ResponseTemplate};

use super::shared::{database_failures, shared_failures};
use super::{CALLER, Op, Sent};
use crate::builder::TestAppBuilder;
use crate::fake_verotel;
use crate::helpers::{TestApp, spawn_app};
use crate::test_keys::{now, token_for};

const WEBHOOK_SECRET: &str = "whsec_error_codes_9b1d0c7e4a2f6e8d3c5b";

/// The gateway on Stripe at `stripe`, with its records in `database` when given.
pub(super) async fn billing_app(stripe: &str, database: Option<&MockServer>) -> TestApp {
    spawn_on(TestApp::builder().stripe(stripe, WEBHOOK_SECRET), database).await
}

/// The gateway on Verotel (nothing listens at its FlexPay and Control Center bases), with its
/// records in `database` when given.
pub(super) async fn verotel_app(database: Option<&MockServer>) -> TestApp {
    spawn_on(TestApp::builder().verotel("http://127.0.0.1:9"), database).await
}

async fn spawn_on(app: TestAppBuilder, database: Option<&MockServer>) -> TestApp {
    // A processor or a database that hangs is given up on after 2 s, not the default 10 and 5.
    let mut app = app
        .payments_timeout(Duration::from_secs(2))
        .store_timeout(Duration::from_secs(2));
    if let Some(database) = database {
        app = app.database(
            "https://demo-lucent-default-rtdb.firebaseio.com",
            database.uri().trim_start_matches("http://"),
        );
    }
    app.spawn().await
}

fn stripe_error(status: u16) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_json(
        json!({"error": {"type": "invalid_request_error", "message": "No such customer"}}),
    )
}

/// Stripe refusing, down and hanging, for requests to `at` that contain `refused`, `down`
/// or `slow`.
async fn stripe_failing(stripe: &MockServer, verb: &str, at: &str) {
    let answers = [
        ("refused", stripe_error(400)),
        ("down", stripe_error(503)),
        (
            "slow",
            ResponseTemplate::new(200).set_delay(Duration::from_secs(30)),
        ),
    ];
    for (word, answer) in answers {
        Mock::given(method(verb))
            .and(path_regex(format!("^{at}")))
            .and(RequestContains(word))
            .respond_with(answer)
            .mount(stripe)
            .await;
    }
}

/// Matches a request whose path or body contains the text.
struct RequestContains(&'static str);

impl wiremock::Match for RequestContains {
    fn matches(&self, request: &wiremock::Request) -> bool {
        request.url.path().contains(self.0)
            || String::from_utf8_lossy(&request.body).contains(self.0)
    }
}

/// Registered callers named after what Stripe does with their requests.
async fn failing_callers(app: &TestApp) -> Vec<String> {
    let mut tokens = Vec::new();
    for uid in ["refused", "down", "slow"] {
        tokens.push(app.register(uid).await);
    }
    tokens
}

async fn stripe_app() -> (TestApp, MockServer) {
    let stripe = MockServer::start().await;
    let app = billing_app(&stripe.uri(), None).await;
    (app, stripe)
}

#[tokio::test]
async fn checkout_sends_every_code_it_lists() {
    let op = Op::Checkout;
    let sent = Sent::default();
    shared_failures(op, &sent).await;

    let (app, stripe) = stripe_app().await;
    stripe_failing(&stripe, "POST", "/v1/checkout/sessions").await;
    let callers = failing_callers(&app).await;
    join_all(
        callers
            .iter()
            .map(|token| sent.send(op.request(&app, Some(token)))),
    )
    .await;
    let pro = app.register("pro").await;
    app.make_pro("pro").await;
    sent.send(op.request(&app, Some(&pro))).await;
    let suspended = app.register("sus").await;
    app.suspend("sus").await;
    sent.send(op.request(&app, Some(&suspended))).await;
    let eager = token_for("unregistered");
    for _ in 0..6 {
        sent.send(op.request(&app, Some(&eager))).await;
    }

    sent.assert_is_the_list_of(op).await;
}

fn confirm(app: &TestApp, token: &str, session: &str, uid: &str) -> RequestBuilder {
    Op::PaymentSuccess
        .call(app, "")
        .bearer_auth(token)
        .json(&json!({"sessionId": session, "firebaseId": uid}))
}

async fn mount_session(stripe: &MockServer, id: &str, uid: &str, status: &str, paid: &str) {
    Mock::given(method("GET"))
        .and(path(format!("/v1/checkout/sessions/{id}")))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": id, "object": "checkout.session", "status": status, "payment_status": paid,
            "client_reference_id": uid, "customer": "cus_1", "subscription": "sub_1",
        })))
        .mount(stripe)
        .await;
}

#[tokio::test]
async fn confirming_a_payment_sends_every_code_it_lists() {
    let op = Op::PaymentSuccess;
    let sent = Sent::default();
    shared_failures(op, &sent).await;

    let (app, stripe) = stripe_app().await;
    stripe_failing(&stripe, "GET", "/v1/checkout/sessions/").await;
    mount_session(&stripe, "cs_theirs", "someone-else", "complete", "paid").await;
    mount_session(&stripe, "cs_open", "opener", "open", "unpaid").await;
    // One caller per session: each stays inside its own rate-limit budget.
    let sessions = [
        ("cs_refused", "refuser"),
        ("cs_down", "downer"),
        ("cs_slow", "waiter"),
        ("cs_unknown", "guesser"),
        ("cs_theirs", "taker"),
        ("cs_open", "opener"),
    ];
    let mut tokens = Vec::new();
    for (_, uid) in sessions {
        tokens.push(app.register(uid).await);
    }
    join_all(
        sessions
            .iter()
            .zip(&tokens)
            .map(|((session, uid), token)| sent.send(confirm(&app, token, session, uid))),
    )
    .await;
    sent.send(confirm(&app, &token_for("nobody"), "cs_open", "nobody"))
        .await;
    let eager = app.register("eager").await;
    for _ in 0..6 {
        sent.send(confirm(&app, &eager, "cs_open", "someone-else"))
            .await;
    }

    sent.assert_is_the_list_of(op).await;
}

#[tokio::test]
async fn the_portal_sends_every_code_it_lists() {
    let op = Op::Portal;
    let sent = Sent::default();
    shared_failures(op, &sent).await;

    let (app, stripe) = stripe_app().await;
    stripe_failing(&stripe, "POST", "/v1/billing_portal/sessions").await;
    let callers = failing_callers(&app).await;
    for uid in ["refused", "down", "slow"] {
        let customer = Subscription {
            customer_id: Some(format!("cus_{uid}")),
            ..Default::default()
        };
        app.state
            .users
            .merge_subscription(uid, &customer)
            .await
            .unwrap();
    }
    join_all(
        callers
            .iter()
            .map(|token| sent.send(op.request(&app, Some(token)))),
    )
    .await;
    let free = app.register("free").await;
    // Each call would open a session at Stripe: a burst of five, then limited.
    for _ in 0..6 {
        sent.send(op.request(&app, Some(&free))).await;
    }
    sent.send(op.request(&app, Some(&token_for("unregistered"))))
        .await;

    sent.assert_is_the_list_of(op).await;
}

pub(super) fn subscription_event(subscription: &str) -> Value {
    json!({
        "id": format!("evt_{}", push_id::next()), "object": "event",
        "type": "customer.subscription.updated",
        "data": {"object": {"id": subscription, "object": "subscription"}},
    })
}

pub(super) fn signed_event(request: RequestBuilder, event: &Value) -> RequestBuilder {
    let body = event.to_string();
    let header = signature::sign(body.as_bytes(), WEBHOOK_SECRET, now());
    request.header("stripe-signature", header).body(body)
}

#[tokio::test]
async fn the_webhook_sends_every_code_it_lists() {
    let op = Op::Webhook;
    let sent = Sent::default();
    database_failures(op, &sent).await;

    let (app, stripe) = stripe_app().await;
    stripe_failing(&stripe, "GET", "/v1/subscriptions/").await;
    let deliver = || op.call(&app, "");
    join_all(
        ["sub_refused", "sub_down", "sub_slow"].map(|subscription| {
            sent.send(signed_event(deliver(), &subscription_event(subscription)))
        }),
    )
    .await;
    sent.send(deliver().body(subscription_event("sub_1").to_string()))
        .await;
    sent.send(signed_event(deliver(), &json!("not an event")))
        .await;
    sent.send(deliver().body(vec![b' '; 3 << 20])).await;
    let without_secret = spawn_app().await;
    sent.send(op.request(&without_secret, None)).await;

    sent.assert_is_the_list_of(op).await;
}

/// An initial postback for the caller's sale, its query signed with `key`.
pub(super) fn postback(request: RequestBuilder, key: &str) -> RequestBuilder {
    let mut params = fake_verotel::event("initial", "1", &format!("{CALLER}.t"));
    params.insert("transactionID".into(), "1".into());
    let signature = sign_incoming(key, fake_verotel::SHOP_ID, &params);
    params.insert("signature".into(), signature);
    request.query(&params)
}

#[tokio::test]
async fn the_verotel_postback_sends_every_code_it_lists() {
    let op = Op::Postback;
    let sent = Sent::default();
    database_failures(op, &sent).await;

    let app = verotel_app(None).await;
    sent.send(postback(op.call(&app, ""), "not-the-key")).await;
    // Another change of the caller's record holds its lease past the gateway's wait.
    let leases = &app.state.staff.leases;
    let lease = format!("billing:{CALLER}");
    assert!(
        leases
            .hold(&lease, "another instance", Duration::from_secs(60))
            .await
            .unwrap()
    );
    sent.send(op.request(&app, None)).await;
    sent.send(op.call(&app, "").query(&[("saleID", "1"), ("saleID", "2")]))
        .await;
    sent.send(op.request(&spawn_app().await, None)).await;

    sent.assert_is_the_list_of(op).await;
}
