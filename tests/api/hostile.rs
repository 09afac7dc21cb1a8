//! Hostile inputs: floods, odd bodies and bytes, through the real router.

use std::time::Duration;

use lucent::age::Mode;
use serde_json::json;

use crate::helpers::{TestApp, error_code, spawn_app};
use crate::test_keys::token_for;
use crate::{account, age_check};

#[tokio::test]
async fn a_query_flood_on_the_legacy_call_is_rate_limited() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    // Pro: 1,000 credits, so only the rate limit can refuse, however slowly the machine runs.
    app.make_pro("alice").await;
    let mut statuses = Vec::new();

    for _ in 0..40 {
        let response = app
            .client
            .get(app.url("/generate-image?prompt=x"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        statuses.push(response.status().as_u16());
        if response.status() == 429 {
            assert!(response.headers().contains_key("retry-after"));
            let body: serde_json::Value = response.json().await.unwrap();
            assert_eq!(body["error"]["code"], "rate_limited");
            break;
        }
    }

    assert_eq!(statuses.last(), Some(&429), "{statuses:?}");
    assert!(
        statuses.len() > 10,
        "normal use must not trip the limit: {statuses:?}"
    );
}

#[tokio::test]
async fn one_address_cannot_register_profiles_without_end() {
    let app = spawn_app().await;

    let mut limited_at = None;
    for i in 0..80 {
        let response = app
            .post_me(&token_for(&format!("bot{i}")), &json!({"username": "bot"}))
            .await;
        if response.status() == 429 {
            limited_at = Some(i);
            break;
        }
    }

    let at = limited_at.expect("an address making 80 profiles at once is limited");
    assert!(at >= 20, "limited too early, at {at}");
}

/// How many of `accounts` new accounts, all on this machine's one address, each asking once,
/// pass before the first is limited (429 `rate_limited`, saying when to come back); `None`
/// when none is.
async fn passing_before_the_address_is_limited(
    app: &TestApp,
    accounts: usize,
    ask: impl AsyncFn(&TestApp, &str) -> reqwest::Response,
) -> Option<usize> {
    for i in 0..accounts {
        let token = app.register(&format!("newcomer{i}")).await;
        let response = ask(app, &token).await;
        if response.status() == 429 {
            assert!(response.headers().contains_key("retry-after"));
            assert_eq!(error_code(response, 429).await, "rate_limited");
            return Some(i);
        }
        // Read to its end: an export holds its account's export slot until then.
        response.bytes().await.unwrap();
    }
    None
}

#[tokio::test]
async fn new_accounts_from_one_address_cannot_start_an_age_check_each_without_end() {
    let app = TestApp::builder().age_check(Mode::Test).spawn().await;

    let passed = passing_before_the_address_is_limited(&app, 14, async |app, token| {
        age_check::start(app, token, &json!({})).await
    })
    .await;

    assert_eq!(passed, Some(6), "each start costs the provider two calls");
}

#[tokio::test]
async fn new_accounts_from_one_address_cannot_export_without_end() {
    let app = spawn_app().await;

    let passed = passing_before_the_address_is_limited(&app, 8, account::export).await;

    assert_eq!(passed, Some(4));
}

#[tokio::test]
async fn new_accounts_from_one_address_cannot_open_billing_portals_without_end() {
    let app = spawn_app().await;

    let passed = passing_before_the_address_is_limited(&app, 20, TestApp::post_portal).await;

    assert_eq!(passed, Some(15), "three times one account's burst of five");
}

#[tokio::test]
async fn one_account_cannot_open_billing_portals_without_end() {
    let app = spawn_app().await;
    let alice = app.register("alice").await;

    let mut statuses = Vec::new();
    for _ in 0..8 {
        statuses.push(app.post_portal(&alice).await.status().as_u16());
    }

    // Each call would open a session at Stripe; alice has none to manage (403) until limited.
    assert_eq!(statuses, [403, 403, 403, 403, 403, 429, 429, 429]);
}

#[tokio::test]
async fn deeply_nested_json_is_a_400_not_a_crash() {
    let app = spawn_app().await;
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));

    let response = app
        .client
        .post(app.url("/api/v1/me"))
        .bearer_auth(token_for("alice"))
        .header("content-type", "application/json")
        .body(deep)
        .send()
        .await
        .unwrap();

    assert_eq!(response.status(), 400);
    assert_eq!(app.get_healthz().await.status(), 200);
}

#[tokio::test]
async fn invalid_utf8_is_a_400() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let mut body = br#"{"prompt": "a "#.to_vec();
    body.extend_from_slice(&[0xff, 0xfe, 0xfd]);
    body.extend_from_slice(br#""}"#);

    let response = app
        .client
        .post(app.url("/api/v1/generations"))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();

    assert_eq!(error_code(response, 400).await, "malformed_json");
    assert_eq!(app.credits_used(&token).await, 0);
}

#[tokio::test]
async fn control_characters_in_a_prompt_are_the_spaces_the_model_reads() {
    let app = spawn_app().await;
    let token = app.register("alice").await;

    let made = app
        .generate_ok(
            &token,
            &json!({"prompt": "a fox\u{0}\u{1b}[2J in\tsnow\u{7}", "enhance": false}),
        )
        .await;

    assert_eq!(made["prompt"], "a fox  [2J in snow");
}

#[tokio::test]
async fn an_oversized_generation_body_is_a_413() {
    let app = spawn_app().await;
    let token = app.register("alice").await;

    let response = app
        .generate(&token, &json!({"prompt": "x".repeat(100_000)}))
        .await;

    assert_eq!(error_code(response, 413).await, "payload_too_large");
}

#[tokio::test]
async fn a_header_that_is_not_text_is_refused() {
    let app = spawn_app().await;

    let response = app
        .client
        .get(app.url("/api/v1/me"))
        .header(
            "authorization",
            reqwest::header::HeaderValue::from_bytes(b"Bearer \xff\xfe").unwrap(),
        )
        .send()
        .await
        .unwrap();

    assert_eq!(error_code(response, 401).await, "token_invalid");
}

#[tokio::test]
async fn a_client_that_never_finishes_its_headers_is_disconnected_and_others_are_served() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = TestApp::builder()
        .header_timeout(Duration::from_secs(1))
        .spawn()
        .await;
    let address = app.address.trim_start_matches("http://").to_owned();
    let mut slow = tokio::net::TcpStream::connect(&address).await.unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: lucent\r\nX-Slow: ")
        .await
        .unwrap();

    // A bound on the test only: without a header deadline the read would never end.
    let mut rest = Vec::new();
    let closed = tokio::time::timeout(
        std::time::Duration::from_secs(60),
        slow.read_to_end(&mut rest),
    )
    .await;
    let healthy = app.client.get(app.url("/healthz")).send().await.unwrap();

    assert!(closed.is_ok(), "the server closed the connection");
    let answered = String::from_utf8_lossy(&rest);
    assert!(
        answered.is_empty() || answered.starts_with("HTTP/1.1 408"),
        "no answer to a request never sent: {answered}"
    );
    assert_eq!(healthy.status(), 200);
}
