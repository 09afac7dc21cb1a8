//! Profiles.

use serde_json::json;

use super::shared::shared_failures;
use super::{Op, Sent};
use crate::helpers::spawn_app;
use crate::test_keys::token_for;

#[tokio::test]
async fn reading_the_profile_sends_every_code_it_lists() {
    let op = Op::GetMe;
    let sent = Sent::default();
    shared_failures(op, &sent).await;

    let app = spawn_app().await;
    sent.send(op.request(&app, Some(&token_for("unregistered"))))
        .await;

    sent.assert_is_the_list_of(op).await;
}

#[tokio::test]
async fn saving_the_profile_sends_every_code_it_lists() {
    let op = Op::PostMe;
    let sent = Sent::default();
    shared_failures(op, &sent).await;

    let app = spawn_app().await;
    let leaver = app.register("leaver").await;
    // Started, if not finished (no accounts service here): the tombstone is written first.
    app.client
        .delete(app.url("/api/v1/me"))
        .bearer_auth(&leaver)
        .json(&json!({"email": "leaver@example.com"}))
        .send()
        .await
        .unwrap();
    sent.send(
        op.call(&app, "")
            .bearer_auth(&leaver)
            .json(&json!({"username": "leaver"})),
    )
    .await;
    let token = token_for("hasty");
    for _ in 0..11 {
        sent.send(
            op.call(&app, "")
                .bearer_auth(&token)
                .json(&json!({"username": ""})),
        )
        .await;
    }

    sent.assert_is_the_list_of(op).await;
}
