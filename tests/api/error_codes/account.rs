//! Leaving and exporting.

use serde_json::json;

use super::generation::break_image_store;
use super::shared::shared_failures;
use super::{CALLER, Op, Sent};
use crate::helpers::spawn_app;
use crate::test_keys::token_for;

#[tokio::test]
async fn deleting_ones_account_sends_every_code_it_lists() {
    let op = Op::DeleteMe;
    let sent = Sent::default();
    shared_failures(op, &sent).await;

    // Without the accounts service (no credentials for Google's here): the last step fails.
    let app = spawn_app().await;
    let token = app.register(CALLER).await;
    sent.send(
        op.call(&app, "")
            .bearer_auth(&token)
            .json(&json!({"email": "someone@else.com"})),
    )
    .await;
    sent.send(op.request(&app, Some(&token))).await;
    let broken = spawn_app().await;
    let token = broken.register(CALLER).await;
    broken
        .generate_ok(&token, &json!({"prompt": "a fox"}))
        .await;
    break_image_store(&broken);
    sent.send(op.request(&broken, Some(&token))).await;

    sent.assert_is_the_list_of(op).await;
}

#[tokio::test]
async fn exporting_ones_data_sends_every_code_it_lists() {
    let op = Op::Export;
    let sent = Sent::default();
    shared_failures(op, &sent).await;

    let app = spawn_app().await;
    sent.send(op.request(&app, Some(&token_for("unregistered"))))
        .await;
    let token = app.register(CALLER).await;
    // An export of the caller's being written, on this instance.
    let writing = app.state.exports.take(CALLER).await.unwrap();
    sent.send(op.request(&app, Some(&token))).await;
    drop(writing);
    for _ in 0..4 {
        sent.send(op.request(&app, Some(&token))).await;
    }

    sent.assert_is_the_list_of(op).await;
}
