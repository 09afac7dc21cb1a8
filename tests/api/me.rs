//! `GET /api/v1/me` and `POST /api/v1/me`.

use serde_json::{Value, json};

use crate::helpers::{error_code, spawn_app};
use crate::test_keys::token_for;

#[tokio::test]
async fn registering_creates_a_free_profile_with_the_tokens_email() {
    let app = spawn_app().await;
    let token = token_for("alice");

    let response = app
        .post_me(
            &token,
            &json!({ "username": "  Alice  ", "ageConfirmed": true }),
        )
        .await;

    assert_eq!(response.status(), 200);
    let me: Value = response.json().await.unwrap();
    assert_eq!(me["uid"], "alice");
    assert_eq!(me["email"], "alice@example.com");
    assert_eq!(me["username"], "Alice");
    assert_eq!(me["ageConfirmed"], true);
    assert_eq!(me["plan"], "free");
    assert_eq!(me["quota"]["used"], 0);
    assert_eq!(me["quota"]["limit"], 10);
    assert!(
        me["quota"]["resetsAt"]
            .as_str()
            .unwrap()
            .ends_with("T00:00:00Z")
    );
}

#[tokio::test]
async fn an_email_in_the_body_is_refused_not_trusted() {
    let app = spawn_app().await;

    let response = app
        .post_me(
            &token_for("alice"),
            &json!({ "username": "A", "email": "ceo@lucent.example" }),
        )
        .await;

    assert_eq!(error_code(response, 400).await, "malformed_json");
}

#[tokio::test]
async fn a_profile_read_before_registration_is_a_conflict() {
    let app = spawn_app().await;

    let response = app.get_me(&token_for("alice")).await;

    assert_eq!(error_code(response, 409).await, "profile_missing");
}

#[tokio::test]
async fn updating_the_name_keeps_the_creation_time_and_the_age_confirmation() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let before: Value = app.get_me(&token).await.json().await.unwrap();

    let response = app.post_me(&token, &json!({ "username": "Alice B" })).await;

    let after: Value = response.json().await.unwrap();
    assert_eq!(after["username"], "Alice B");
    assert_eq!(after["createdAt"], before["createdAt"]);
    assert_eq!(after["ageConfirmed"], true);
}

#[tokio::test]
async fn usernames_must_be_1_to_40_visible_characters() {
    let app = spawn_app().await;
    let token = token_for("alice");

    for bad in ["", "   ", &"x".repeat(41), "bad\u{0007}name"] {
        let response = app.post_me(&token, &json!({ "username": bad })).await;
        assert_eq!(response.status(), 422, "{bad:?}");
        let body: Value = response.json().await.unwrap();
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("username")
        );
    }
    let forty = "é".repeat(40);
    let response = app.post_me(&token, &json!({ "username": forty })).await;
    assert_eq!(response.status(), 200);
}

#[tokio::test]
async fn a_body_that_is_not_json_is_a_415() {
    let app = spawn_app().await;

    let response = app
        .client
        .post(app.url("/api/v1/me"))
        .bearer_auth(token_for("alice"))
        .header("content-type", "text/plain")
        .body("username=alice")
        .send()
        .await
        .unwrap();

    assert_eq!(error_code(response, 415).await, "unsupported_media_type");
}

#[tokio::test]
async fn an_oversized_body_is_a_413() {
    let app = spawn_app().await;
    let huge = json!({ "username": "x".repeat(200_000) });

    let response = app.post_me(&token_for("alice"), &huge).await;

    assert_eq!(error_code(response, 413).await, "payload_too_large");
}
