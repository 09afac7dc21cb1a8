//! The gallery: history, images, deletion.

use lucent::age::Mode;
use lucent::store::push_id;
use serde_json::json;

use super::generation::break_image_store;
use super::shared::shared_failures;
use super::{Op, Sent};
use crate::helpers::{TestApp, spawn_app};

/// An app with one image of a free user's: the app, the user's token and the image's id.
async fn app_with_an_image() -> (TestApp, String, String) {
    let app = spawn_app().await;
    let token = app.register("ann").await;
    let made = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    let id = made["id"].as_str().unwrap().to_owned();
    (app, token, id)
}

/// `op` on an image that does not exist, then on the caller's own `id`.
async fn unknown_then_own(op: Op, sent: &Sent, app: &TestApp, token: &str, id: &str) {
    sent.send(op.call(app, &push_id::generation_id()).bearer_auth(token))
        .await;
    sent.send(op.call(app, id).bearer_auth(token)).await;
}

#[tokio::test]
async fn listing_generations_sends_every_code_it_lists() {
    let op = Op::List;
    let sent = Sent::default();
    shared_failures(op, &sent).await;

    let app = spawn_app().await;
    let token = app.register("ann").await;
    for query in ["x", "0"] {
        sent.send(
            op.call(&app, "")
                .bearer_auth(&token)
                .query(&[("limit", query)]),
        )
        .await;
    }
    for _ in 0..11 {
        sent.send(op.call(&app, "").bearer_auth(&token).query(&[("q", "fox")]))
            .await;
    }

    sent.assert_is_the_list_of(op).await;
}

#[tokio::test]
async fn reading_an_image_sends_every_code_it_lists() {
    let op = Op::Image;
    let sent = Sent::default();
    shared_failures(op, &sent).await;

    let (app, token, id) = app_with_an_image().await;
    let image = |id: &str| op.call(&app, id).bearer_auth(&token);
    sent.send(image(&id).query(&[("download", "1"), ("download", "1")]))
        .await;
    sent.send(image(&push_id::generation_id())).await;
    sent.send(image(&id).query(&[("download", "1")])).await;
    // Past the burst of 120 (and what refills while the requests are made).
    let ben = app.register("ben").await;
    for _ in 0..250 {
        sent.send(op.call(&app, &id).bearer_auth(&ben)).await;
    }
    break_image_store(&app);
    sent.send(image(&id)).await;

    // An explicit image, its owner's age check reset since.
    let checked = TestApp::builder().age_check(Mode::Test).spawn().await;
    let eve = checked.register("eve").await;
    checked.verify_age("eve").await;
    let made = checked
        .generate_ok(
            &eve,
            &serde_json::json!({"prompt": "a portrait", "style": "nsfw-v1.1"}),
        )
        .await;
    checked
        .state
        .age
        .reset("eve", "admin", "reviewed")
        .await
        .unwrap();
    let explicit = made["id"].as_str().unwrap();
    sent.send(op.call(&checked, explicit).bearer_auth(&eve))
        .await;

    sent.assert_is_the_list_of(op).await;
}

#[tokio::test]
async fn deleting_an_image_sends_every_code_it_lists() {
    let op = Op::Delete;
    let sent = Sent::default();
    shared_failures(op, &sent).await;

    let (app, token, id) = app_with_an_image().await;
    sent.send(op.call(&app, &push_id::generation_id()).bearer_auth(&token))
        .await;
    // Any plan deletes its own image: the one refusal left is a suspension's hold.
    app.suspend("ann").await;
    sent.send(op.call(&app, &id).bearer_auth(&token)).await;

    sent.assert_is_the_list_of(op).await;
}

#[tokio::test]
async fn marking_and_unmarking_a_favourite_send_every_code_they_list() {
    for op in [Op::MarkFavorite, Op::UnmarkFavorite] {
        let sent = Sent::default();
        shared_failures(op, &sent).await;

        let (app, token, id) = app_with_an_image().await;
        unknown_then_own(op, &sent, &app, &token, &id).await;

        sent.assert_is_the_list_of(op).await;
    }
}
