//! The buyer's way: the signed order URL, the return to the success page, subscribing again
//! after a lapse, and the subscriber's own cancel page.

use serde_json::Value;

use super::{PUBLIC, checkout, delivered, initial, plan, record, verotel_app, with};
use crate::fake_verotel::{SHOP_ID, event};
use crate::helpers::error_code;

#[tokio::test]
async fn checkout_answers_a_signed_flexpay_subscription_url_for_the_monthly_plan() {
    let (app, verotel) = verotel_app().await;
    let alice = app.register("alice").await;

    let (url, params) = checkout(&app, &alice).await;

    assert!(url.starts_with(&format!("{}/startorder?", verotel.server.uri())));
    let reference = params["referenceID"].clone();
    assert!(reference.starts_with("alice."), "{reference}");
    for (key, value) in [
        ("type", "subscription"),
        ("version", "4"),
        ("shopID", SHOP_ID),
        ("subscriptionType", "recurring"),
        ("period", "P1M"),
        ("priceAmount", "9.99"),
        ("priceCurrency", "USD"),
        ("declineURL", "https://lucent.example/cancel"),
        ("email", "alice@example.com"),
    ] {
        assert_eq!(params[key], value, "{key}");
    }
    assert_eq!(
        params["successURL"],
        format!("{PUBLIC}/success?session_id={reference}")
    );
    assert!(params["name"].contains("Lucent Premium"));
    // The order page opens only for a URL signed as FlexPay checks it.
    assert_eq!(reqwest::get(&url).await.unwrap().status(), 200);
    let tampered = url.replace("priceAmount=9.99", "priceAmount=0.99");
    assert_eq!(reqwest::get(&tampered).await.unwrap().status(), 400);
    assert_eq!(plan(&app, &alice).await, "free");
}

#[tokio::test]
async fn a_success_return_without_a_postback_grants_nothing() {
    let (app, _verotel) = verotel_app().await;
    let alice = app.register("alice").await;
    let (_, params) = checkout(&app, &alice).await;
    let reference = &params["referenceID"];

    // The browser came back to the success URL, with whatever Verotel appended.
    let early = app.post_payment_success(&alice, "alice", reference).await;
    assert_eq!(error_code(early, 409).await, "payment_incomplete");
    let made_up = app
        .post_payment_success(&alice, "alice", "alice.0000000000000000")
        .await;
    assert_eq!(error_code(made_up, 404).await, "not_found");
    let bob = app.register("bob").await;
    let stolen = app.post_payment_success(&bob, "bob", reference).await;
    assert_eq!(error_code(stolen, 403).await, "session_not_yours");
    assert_eq!(plan(&app, &alice).await, "free");
    assert_eq!(plan(&app, &bob).await, "free");

    delivered(&app, &initial("7002", reference, "2099-01-15")).await;
    let with_verotels_data = format!("{reference}?saleID=7002&shopID={SHOP_ID}");
    let confirmed = app
        .post_payment_success(&alice, "alice", &with_verotels_data)
        .await;
    assert_eq!(confirmed.status(), 200);
    let body: Value = confirmed.json().await.unwrap();
    assert_eq!(body["plan"], "pro");
}

#[tokio::test]
async fn a_lapsed_subscriber_subscribes_again_under_a_new_reference() {
    let (app, _verotel) = verotel_app().await;
    let alice = app.register("alice").await;
    let (_, first) = checkout(&app, &alice).await;
    let old = &first["referenceID"];
    delivered(&app, &initial("7010", old, "2099-01-15")).await;
    delivered(
        &app,
        &with(event("expiry", "7010", old), &[("transactionID", "1")]),
    )
    .await;
    assert_eq!(plan(&app, &alice).await, "free");

    // FlexPay wants a new referenceID per order, even within the minute.
    let (_, second) = checkout(&app, &alice).await;
    let new = &second["referenceID"];
    assert_ne!(new, old);
    let early = app.post_payment_success(&alice, "alice", new).await;
    assert_eq!(error_code(early, 409).await, "payment_incomplete");
    delivered(&app, &initial("7011", new, "2099-03-15")).await;

    let confirmed = app.post_payment_success(&alice, "alice", new).await;
    assert_eq!(confirmed.status(), 200);
    assert_eq!(
        record(&app, "alice").await["subscription"]["subscriptionId"],
        "7011"
    );
    assert_eq!(plan(&app, &alice).await, "pro");
}

#[tokio::test]
async fn the_profiles_manage_link_is_flexpays_signed_cancel_page() {
    let (app, verotel) = verotel_app().await;
    let alice = app.register("alice").await;
    let none = app.post_portal(&alice).await;
    assert_eq!(error_code(none, 403).await, "pro_required");
    delivered(&app, &initial("7401", "alice.t", "2099-01-15")).await;

    let response = app.post_portal(&alice).await;

    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    let url = body["url"].as_str().unwrap();
    assert_eq!(
        url.split('?').next().unwrap(),
        format!("{}/cancel-subscription", verotel.server.uri())
    );
    assert!(url.contains("saleID=7401"));
    assert_eq!(reqwest::get(url).await.unwrap().status(), 200);
}
