//! Finding users and reading their card (`src/http/staff/card.rs`), with what the payment
//! provider says now (`src/http/staff/provider.rs`).

use super::*;

#[tokio::test]
async fn staff_find_a_user_by_email_and_read_why_they_are_pro() {
    let c = console(None).await;
    c.register("alice").await;
    c.app.make_pro("alice").await;
    c.account_has("sam", json!({"support": true})).await;
    let sam = token("sam", json!({"support": true}));

    let found: Value = c.get(Some(&sam), FIND).await.json().await.unwrap();
    let card = c.get(Some(&sam), "/api/v1/support/users/alice").await;

    assert_eq!(found["users"][0]["uid"], "alice", "{found}");
    let why = found["users"][0]["why"].as_str().unwrap();
    assert!(why.starts_with("Pro: active until "), "{why}");
    assert_eq!(card.status(), 200);
    let card: Value = card.json().await.unwrap();
    assert_eq!(card["profile"]["plan"], "pro");
    assert_eq!(card["profile"]["quota"]["used"], 0);
    assert_eq!(card["why"], why);
    assert_eq!(
        card["provider"]["state"], "none",
        "no subscription on record to ask about"
    );
    assert_eq!(card["audit"], json!([]));
}

#[tokio::test]
async fn a_uid_finds_that_user_and_an_unknown_one_finds_nobody() {
    let c = console(None).await;
    c.register("alice").await;
    c.account_has("sam", json!({"admin": true})).await;
    let sam = token("sam", json!({"admin": true}));

    let by_uid: Value = c
        .get(Some(&sam), "/api/v1/support/users?q=alice")
        .await
        .json()
        .await
        .unwrap();
    let nobody: Value = c
        .get(Some(&sam), "/api/v1/support/users?q=bob@example.com")
        .await
        .json()
        .await
        .unwrap();
    let blank = c.get(Some(&sam), "/api/v1/support/users?q=%20").await;
    let missing = c.get(Some(&sam), "/api/v1/support/users/bob").await;

    assert_eq!(by_uid["users"][0]["why"], "Free: never subscribed");
    assert_eq!(nobody["users"], json!([]));
    assert_eq!(
        status_and_code(blank).await,
        (422, "invalid_field".to_owned())
    );
    assert_eq!(
        status_and_code(missing).await,
        (404, "not_found".to_owned())
    );
}

#[tokio::test]
async fn the_start_of_an_email_in_any_case_finds_everyone_it_begins() {
    let (c, sam) = console_for_sam(TestApp::builder()).await;
    for uid in ["alice", "alicia", "bob"] {
        c.register(uid).await;
    }

    let found = c.json(&sam, "/api/v1/support/users?q=ALI").await;

    let uids: Vec<&str> = found["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["uid"].as_str().unwrap())
        .collect();
    assert_eq!(uids, ["alice", "alicia"]);
}

/// A console on Stripe (played by a local server), where alice's record names `sub_1`, active
/// until `period_end` (seconds).
async fn stripe_console(period_end: i64) -> (Console, String, MockServer) {
    let stripe = MockServer::start().await;
    let (c, sam) = console_for_sam(
        TestApp::builder().stripe(&stripe.uri(), "whsec_lucent_test_c2f3a1e0b7d94b6a8f5e"),
    )
    .await;
    c.register("alice").await;
    let record = lucent::store::Subscription {
        plan_type: Some("pro".into()),
        status: Some("active".into()),
        subscription_id: Some("sub_1".into()),
        customer_id: Some("cus_1".into()),
        current_period_end: Some(period_end * 1000),
        ..Default::default()
    };
    c.app
        .state
        .users
        .merge_subscription("alice", &record)
        .await
        .unwrap();
    (c, sam, stripe)
}

#[tokio::test]
async fn the_card_shows_what_stripe_says_now_next_to_the_record() {
    let end = chrono::Utc::now().timestamp() + 86_400;
    let (c, sam, stripe) = stripe_console(end).await;
    mount_subscription(&stripe, subscription("sub_1", "alice", "past_due", end)).await;

    let card = c.json(&sam, "/api/v1/support/users/alice").await;

    assert_eq!(
        card["provider"],
        json!({"processor": "stripe", "state": "found", "status": "past_due", "currentPeriodEnd": end * 1000,
               "matchesRecord": false, "message": null}),
        "the record says active: a webhook was missed"
    );
    assert_eq!(
        card["profile"]["plan"], "pro",
        "the gateway still decides by the record"
    );
}

#[tokio::test]
async fn a_record_that_agrees_with_stripe_says_so() {
    let end = chrono::Utc::now().timestamp() + 86_400;
    let (c, sam, stripe) = stripe_console(end).await;
    mount_subscription(&stripe, subscription("sub_1", "alice", "active", end)).await;

    let card = c.json(&sam, "/api/v1/support/users/alice").await;

    assert_eq!(card["provider"]["matchesRecord"], true);
}

#[tokio::test]
async fn with_stripe_down_the_card_still_answers_and_says_so() {
    let end = chrono::Utc::now().timestamp() + 86_400;
    let (c, sam, stripe) = stripe_console(end).await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(500).set_body_json(
            json!({"error": {"type": "api_error", "message": "Something went wrong"}}),
        ))
        .mount(&stripe)
        .await;

    let card = c.json(&sam, "/api/v1/support/users/alice").await;

    assert_eq!(card["provider"]["state"], "unreachable");
    assert!(
        card["provider"]["message"]
            .as_str()
            .unwrap()
            .contains("unavailable"),
        "{card}"
    );
    assert_eq!(card["why"].as_str().unwrap().split(':').next(), Some("Pro"));
}
