//! A standing that survives a new sign-up: a deleted account's tombstone remembers a keyed hash
//! of its verified email, and a new account that verifies the same address starts with its
//! strikes, suspension, credits and age decision; an address nobody verified hands on nothing.
//! On both stores.

use lucent::store::{AgeCheck, AgeStatus, now_ms};
use serde_json::{Value, json};

use crate::account::delete_me;
use crate::fake_rtdb::FakeRtdb;
use crate::helpers::{TestApp, error_code};
use crate::staff::{Console, console, console_with, token};
use crate::store_contract::NAMESPACE;

const EMAIL: &str = "robin@example.com";

/// `uid`'s token with `email`, verified or not as `verified`.
fn signed_in(uid: &str, email: &str, verified: bool) -> String {
    token(uid, json!({"email": email, "email_verified": verified}))
}

async fn me(c: &Console, token: &str) -> Value {
    let response = c.app.get_me(token).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

async fn registers(c: &Console, token: &str, name: &str) -> Value {
    let response = c
        .app
        .post_me(token, &json!({"username": name, "ageConfirmed": true}))
        .await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

/// `uid` signs up as `EMAIL` (verified or not), makes two images, is refused five times
/// (suspended), is found under 18 by the age check, and deletes the account.
async fn leaves_a_standing(c: &Console, uid: &str, verified: bool) {
    let old = signed_in(uid, EMAIL, verified);
    registers(c, &old, uid).await;
    for prompt in ["a red fox", "a blue whale"] {
        c.app.generate_ok(&old, &json!({"prompt": prompt})).await;
    }
    for _ in 0..5 {
        let refused = c
            .app
            .generate(&old, &json!({"prompt": "nude 15 year old girl"}))
            .await;
        assert_eq!(refused.status(), 422);
    }
    let minor = AgeCheck {
        status: AgeStatus::Minor,
        provider: "persona".into(),
        reference: "inq_minor".into(),
        checked_at: now_ms(),
        read_at: now_ms(),
    };
    c.app.state.store.set_age_check(uid, &minor).await.unwrap();
    c.app.state.users.changed(uid).await;
    c.deleting_answers(uid, 200).await;
    assert_eq!(delete_me(&c.app, &old, EMAIL).await.status(), 200);
}

/// What `GET /me` shows of the standing: strikes, suspended, credits used, age status.
fn standing(me: &Value) -> (u64, bool, u64, String) {
    (
        me["standing"]["strikes"].as_u64().unwrap(),
        !me["standing"]["suspension"].is_null(),
        me["quota"]["used"].as_u64().unwrap(),
        me["ageCheck"]["status"].as_str().unwrap().to_owned(),
    )
}

fn clean() -> (u64, bool, u64, String) {
    (0, false, 0, "unverified".to_owned())
}

fn as_left() -> (u64, bool, u64, String) {
    (5, true, 2, "minor".to_owned())
}

async fn a_new_sign_up_with_the_verified_email_starts_where_the_deleted_account_stood(c: Console) {
    leaves_a_standing(&c, "robin", true).await;

    let new = signed_in("robin2", EMAIL, true);
    let registered = registers(&c, &new, "robin2").await;

    assert_eq!(standing(&registered), as_left());
    assert_eq!(standing(&me(&c, &new).await), as_left());
    let refused = c.app.generate(&new, &json!({"prompt": "a kite"})).await;
    assert_eq!(error_code(refused, 403).await, "account_suspended");
    let trail = c.app.state.store.list_audit("robin2").await.unwrap();
    assert!(
        trail.iter().any(|e| e.action == "standing carried over"),
        "{trail:?}"
    );
    let tombstone = c.app.state.store.get_tombstone("robin").await.unwrap();
    let tombstone = serde_json::to_string(&tombstone).unwrap();
    assert!(tombstone.contains("emailKey"), "{tombstone}");
    assert!(
        !tombstone.contains("robin@"),
        "a hash, never the address: {tombstone}"
    );
}

async fn the_standing_is_carried_once_the_new_account_verifies_the_email(c: Console) {
    leaves_a_standing(&c, "robin", true).await;
    let unverified = signed_in("robin2", EMAIL, false);

    let registered = registers(&c, &unverified, "robin2").await;
    assert_eq!(standing(&registered), clean(), "not before it is verified");

    let verified = signed_in("robin2", EMAIL, true);
    assert_eq!(standing(&me(&c, &verified).await), as_left());
    assert_eq!(
        standing(&me(&c, &verified).await),
        as_left(),
        "carried once, not added again"
    );
}

async fn an_address_the_deleted_account_never_verified_hands_on_nothing(c: Console) {
    leaves_a_standing(&c, "robin", false).await;

    let new = signed_in("robin2", EMAIL, true);

    assert_eq!(standing(&registers(&c, &new, "robin2").await), clean());
    c.app.generate_ok(&new, &json!({"prompt": "a kite"})).await;
}

async fn embedded() -> Console {
    console(None).await
}

/// The same console on the Realtime Database's wire format; the server is leaked so it
/// outlives the test's console.
async fn rtdb() -> Console {
    let db = Box::leak(Box::new(FakeRtdb::start(NAMESPACE, "owner").await));
    let database = format!("https://{NAMESPACE}.firebaseio.com");
    let host = db.uri.trim_start_matches("http://").to_owned();
    console_with(TestApp::builder().database(&database, &host)).await
}

adapter_contract!(embedded, rtdb; [
    a_new_sign_up_with_the_verified_email_starts_where_the_deleted_account_stood,
    the_standing_is_carried_once_the_new_account_verifies_the_email,
    an_address_the_deleted_account_never_verified_hands_on_nothing,
]);
