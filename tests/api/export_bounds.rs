//! An export's bounds: one at a time per account, memory of a page and an image whatever the
//! account's size, and an end for one nobody reads or that takes too long.

use std::time::Duration;

use futures_util::StreamExt;
use lucent::account::{Bounds, Export};
use lucent::gallery::Viewer;
use lucent::store::{GenerationRecord, push_id};
use serde_json::{Value, json};

use crate::account::unzip;
use crate::helpers::{TestApp, error_code, spawn_app, until};

const IMAGES: usize = 5000;

/// `n` images of `uid`'s, one small marked PNG shared by their records (the export reads it
/// once per record, as it would distinct ones).
async fn account_with_images(app: &TestApp, uid: &str, n: usize) -> String {
    let token = app.register(uid).await;
    with_images(app, uid, &token, n).await;
    token
}

/// `n` images of registered `uid`'s (`token` is theirs), as [`account_with_images`] makes them.
async fn with_images(app: &TestApp, uid: &str, token: &str, n: usize) {
    let made = app.generate_ok(token, &json!({"prompt": "a fox"})).await;
    let id = made["id"].as_str().unwrap();
    let template = app
        .state
        .store
        .get_generation(uid, id)
        .await
        .unwrap()
        .unwrap();
    let small = image::RgbaImage::from_pixel(48, 48, image::Rgba([200, 90, 40, 255]));
    let mut png = Vec::new();
    small
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let key = format!("{uid}/small.png");
    app.put_blob(&key, png).await;
    let records = (1..n).map(|_| GenerationRecord {
        id: push_id::generation_id(),
        blob_key: key.clone(),
        preview_key: key.clone(),
        ..template.clone()
    });
    futures_util::stream::iter(records)
        .for_each_concurrent(16, async |record| {
            app.state.store.put_generation(uid, &record).await.unwrap();
        })
        .await;
}

fn export_of(app: &TestApp, bounds: Bounds) -> Export {
    Export {
        store: app.state.store.clone(),
        gallery: app.state.gallery.clone(),
        users: app.state.users.clone(),
        bounds,
    }
}

const FREE_ADULT: Viewer = Viewer {
    pro: false,
    adult: true,
};

#[tokio::test]
async fn a_large_account_exports_whole_one_export_at_a_time() {
    let app = spawn_app().await;
    let token = account_with_images(&app, "ann", IMAGES).await;
    let ask = || {
        app.client
            .get(app.url("/api/v1/me/export"))
            .bearer_auth(&token)
            .send()
    };

    // Not read: its writer waits for this client, holding the account's export.
    let unread = ask().await.unwrap();
    assert_eq!(unread.status(), 200);
    let second = ask().await.unwrap();
    assert_eq!(error_code(second, 429).await, "too_many_requests");
    drop(unread);

    // The slot is given back as the abandoned writer notices its client left (asked of the
    // slots themselves: an export asked too often is rate limited).
    until(Duration::from_secs(10), async || {
        app.state.exports.take("ann").await.is_ok()
    })
    .await;
    let whole = ask().await.unwrap();
    assert_eq!(whole.status(), 200);
    let archive = unzip(&whole.bytes().await.unwrap());
    let listed: Value = serde_json::from_slice(&archive["generations.json"]).unwrap();
    assert_eq!(listed.as_array().unwrap().len(), IMAGES);
    let images = archive.keys().filter(|k| k.starts_with("images/")).count();
    assert_eq!(images, IMAGES);
}

#[tokio::test]
async fn an_export_nobody_reads_is_given_up_and_frees_the_account() {
    let app = spawn_app().await;
    account_with_images(&app, "ann", 400).await;
    let bounds = Bounds {
        total: Duration::from_secs(600),
        stall: Duration::from_millis(200),
    };
    let (held, released) = tokio::sync::oneshot::channel::<()>();

    let stream = export_of(&app, bounds).stream("ann".into(), FREE_ADULT, held);

    // The writer drops what it holds when it ends: here, a client that never reads.
    let given_up = tokio::time::timeout(Duration::from_secs(60), released).await;
    assert!(given_up.expect("the writer gave up").is_err());
    drop(stream);
}

#[tokio::test]
async fn an_export_past_its_time_ends_with_an_error_not_a_cut_archive() {
    let app = spawn_app().await;
    account_with_images(&app, "ann", 400).await;
    let bounds = Bounds {
        total: Duration::from_millis(1),
        stall: Duration::from_secs(600),
    };

    let parts: Vec<_> = export_of(&app, bounds)
        .stream("ann".into(), FREE_ADULT, ())
        .collect()
        .await;

    assert!(parts.last().unwrap().is_err(), "the last part is an error");
}

/// What an export of `uid` for `viewer` sends after its first part, with `change` made once
/// that part is read: the writer is then at most a few parts ahead, pages before its end.
async fn export_changed_halfway(
    app: &TestApp,
    uid: &str,
    viewer: Viewer,
    change: impl AsyncFnOnce(),
) -> Vec<std::io::Result<bytes::Bytes>> {
    let mut stream = Box::pin(export_of(app, Bounds::DEFAULT).stream(uid.into(), viewer, ()));
    assert!(stream.next().await.unwrap().is_ok(), "the first part");
    change().await;
    stream.collect().await
}

fn the_error_it_ended_with(parts: &[std::io::Result<bytes::Bytes>]) -> String {
    match parts.last().unwrap() {
        Err(e) => e.to_string(),
        Ok(_) => panic!("the export ended as a whole archive, not with an error"),
    }
}

#[tokio::test]
async fn an_export_ends_with_an_error_when_its_account_loses_premium_or_is_deleted_halfway() {
    let app = spawn_app().await;
    let pro = Viewer {
        pro: true,
        adult: true,
    };
    account_with_images(&app, "ann", 400).await;
    app.make_pro("ann").await;
    let premium_ended = async || {
        let ended = lucent::store::Subscription {
            status: Some("canceled".into()),
            current_period_end: Some(lucent::store::now_ms() - 1000),
            ..Default::default()
        };
        app.state
            .users
            .merge_subscription("ann", &ended)
            .await
            .unwrap();
    };
    let parts = export_changed_halfway(&app, "ann", pro, premium_ended).await;
    assert!(the_error_it_ended_with(&parts).contains("Premium"));

    // Deleting an account asks the accounts service too: the console's app has one.
    let console = crate::staff::console(None).await;
    let app = &console.app;
    console.register("bob").await;
    console.deleting_answers("bob", 200).await;
    let bob = crate::staff::token("bob", json!({}));
    with_images(app, "bob", &bob, 400).await;
    let deleted = async || {
        let response = crate::account::delete_me(app, &bob, "bob@example.com").await;
        assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    };
    let parts = export_changed_halfway(app, "bob", FREE_ADULT, deleted).await;
    assert!(the_error_it_ended_with(&parts).contains("deleted"));
}
