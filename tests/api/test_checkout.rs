//! Test-mode checkout: the gateway's own page takes Stripe's test cards and the success page's
//! confirmation goes through the same verification as with Stripe.

use serde_json::Value;

use crate::helpers::{TestApp, error_code, spawn_app};

pub fn path_of(url: &str) -> String {
    url::Url::parse(url).unwrap().path().to_owned()
}

async fn pay(app: &TestApp, page: &str, card: &str) -> reqwest::Response {
    app.client
        .post(app.url(page))
        .form(&[("card", card), ("exp", "12/34"), ("cvc", "123")])
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn the_test_checkout_takes_a_test_card_and_the_user_becomes_pro() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let page = path_of(&app.checkout_url(&token).await);
    assert!(page.starts_with("/checkout/test/cs_test_"), "{page}");

    let html = app.get(&page).await.text().await.unwrap();
    assert!(html.contains("TEST MODE") && html.contains("$9.99"));

    let declined = pay(&app, &page, "4000 0000 0000 0002").await;
    assert_eq!(declined.status(), 402);
    assert!(
        declined
            .text()
            .await
            .unwrap()
            .contains("Your card was declined.")
    );

    let paid = pay(&app, &page, "4242 4242 4242 4242").await;
    assert_eq!(paid.status(), 303);
    let location = paid.headers()["location"].to_str().unwrap().to_owned();
    let session = location.split("session_id=").nth(1).unwrap().to_owned();
    assert!(
        location.starts_with("http://127.0.0.1:8080/success?session_id=cs_test_"),
        "{location}"
    );
    let me: Value = app.get_me(&token).await.json().await.unwrap();
    assert_eq!(
        me["plan"], "free",
        "paying alone grants nothing until the success page confirms"
    );

    let confirmed = app.post_payment_success(&token, "alice", &session).await;

    assert_eq!(confirmed.status(), 200);
    let me: Value = app.get_me(&token).await.json().await.unwrap();
    assert_eq!(me["plan"], "pro");
}

#[tokio::test]
async fn an_unpaid_test_session_is_not_confirmed() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let page = path_of(&app.checkout_url(&token).await);
    let session = page.rsplit('/').next().unwrap();

    let response = app.post_payment_success(&token, "alice", session).await;

    assert_eq!(error_code(response, 409).await, "payment_incomplete");
}

/// alice, whose `token` this is, pays with a test card and is confirmed pro.
pub async fn subscribe_alice(app: &TestApp, token: &str) {
    let page = path_of(&app.checkout_url(token).await);
    alice_pays_at(app, token, &page).await;
}

/// alice pays with a test card on the checkout page at `page` and comes back to the app.
pub async fn alice_pays_at(app: &TestApp, token: &str, page: &str) {
    let paid = pay(app, page, "4242424242424242").await;
    let session = paid.headers()["location"]
        .to_str()
        .unwrap()
        .split("session_id=")
        .nth(1)
        .unwrap()
        .to_owned();
    assert_eq!(
        app.post_payment_success(token, "alice", &session)
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn the_test_portal_cancels_and_the_user_is_free_again() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    subscribe_alice(&app, &token).await;

    let portal: Value = app
        .client
        .post(app.url("/api/v1/billing/portal"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let portal_path = path_of(portal["url"].as_str().unwrap());
    let cancelled = app
        .client
        .post(app.url(&portal_path))
        .form(&[("return_url", "http://127.0.0.1:8080/profile")])
        .send()
        .await
        .unwrap();

    assert_eq!(cancelled.status(), 303);
    let me: Value = app.get_me(&token).await.json().await.unwrap();
    assert_eq!(me["plan"], "free");
}

#[tokio::test]
async fn an_unknown_test_session_page_is_not_found() {
    let app = spawn_app().await;

    assert_eq!(app.get("/checkout/test/cs_test_nope").await.status(), 404);
}
