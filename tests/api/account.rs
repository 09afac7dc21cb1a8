//! Leaving and taking one's data along: `DELETE /api/v1/me` (and staff's), with the
//! subscription, jobs, images, records and the sign-in account, resumable after a failure;
//! `GET /api/v1/me/export` as a ZIP read back with a ZIP reader.

use std::io::Read;

use lucent::billing::processor::{CHECKOUT_PLACEHOLDER, NewSubscription};
use lucent::users::period::CreditPlan;
use serde_json::{Value, json};
use wiremock::matchers::{body_json, method, path};
use wiremock::{Mock, ResponseTemplate};

use crate::builder::Generator;
use crate::fake_rtdb::FakeRtdb;
use crate::helpers::{TestApp, error_code};
use crate::redis_server::RedisServer;
use crate::staff::{Console, console, console_for_sam, console_with, status_and_code, token};
use crate::store_contract::NAMESPACE;
use crate::test_checkout::{alice_pays_at, path_of, subscribe_alice};

const ACCOUNTS: &str = "/identitytoolkit.googleapis.com/v1/projects/demo-lucent/accounts";

impl Console {
    /// `accounts:delete` of `uid` answers `status` (Identity Toolkit answers `{}` on success).
    pub(crate) async fn deleting_answers(&self, uid: &str, status: u16) {
        let body = match status {
            200 => json!({"kind": "identitytoolkit#DeleteAccountResponse"}),
            _ => json!({"error": {"code": status, "message": "UNAVAILABLE"}}),
        };
        Mock::given(method("POST"))
            .and(path(format!("{ACCOUNTS}:delete")))
            .and(body_json(json!({"localId": uid})))
            .respond_with(ResponseTemplate::new(status).set_body_json(body))
            .mount(&self.accounts)
            .await;
    }

    async fn deletes(&self) -> usize {
        let calls = self.accounts.received_requests().await.unwrap();
        calls
            .iter()
            .filter(|r| r.url.path().ends_with("accounts:delete"))
            .count()
    }
}

/// alice, registered with one image; her token.
async fn alice_with_an_image(c: &Console) -> String {
    c.register("alice").await;
    let alice = token("alice", json!({}));
    c.app.generate_ok(&alice, &json!({"prompt": "a fox"})).await;
    alice
}

pub(crate) async fn delete_me(app: &TestApp, token: &str, email: &str) -> reqwest::Response {
    app.client
        .delete(app.url("/api/v1/me"))
        .bearer_auth(token)
        .json(&json!({ "email": email }))
        .send()
        .await
        .unwrap()
}

/// What the stores still hold of `uid`: profile, images, credits used today, refusals, and
/// the files under the account's folder of the image store.
async fn left_of(app: &TestApp, uid: &str) -> (bool, usize, u32, usize, usize) {
    let store = &app.state.store;
    let period = app.state.users.period(CreditPlan::Free).key;
    let folder = app.data_dir.path().join("images").join(uid);
    let files = walk(&folder);
    (
        store.get_user(uid).await.unwrap().is_some(),
        store.list_generations(uid, None, 100).await.unwrap().len(),
        store.get_usage(uid, &period).await.unwrap(),
        store.list_refusals(uid).await.unwrap().len(),
        files,
    )
}

fn walk(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |entries| {
        entries
            .map(|e| e.unwrap().path())
            .map(|p| if p.is_dir() { walk(&p) } else { 1 })
            .sum()
    })
}

#[tokio::test]
async fn deleting_an_account_leaves_nothing_of_it_but_a_trail_without_prompts_and_its_limits() {
    let c = console(None).await;
    c.register("alice").await;
    c.register("bob").await;
    let alice = token("alice", json!({}));
    for prompt in ["a red fox", "a blue whale"] {
        c.app.generate_ok(&alice, &json!({"prompt": prompt})).await;
    }
    let refused = c
        .app
        .generate(&alice, &json!({"prompt": "nude 15 year old girl"}))
        .await;
    assert_eq!(refused.status(), 422);
    let bobs = c
        .app
        .generate_ok(&token("bob", json!({})), &json!({"prompt": "a cat"}))
        .await;
    c.deleting_answers("alice", 200).await;

    let response = delete_me(&c.app, &alice, "Alice@Example.com ").await;

    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body, json!({"kept": []}));
    assert_eq!(left_of(&c.app, "alice").await, (false, 0, 0, 0, 0));
    assert_eq!(c.deletes().await, 1, "the sign-in account is deleted");
    let trail = c.app.state.store.list_audit("alice").await.unwrap();
    let last = trail.last().unwrap();
    assert_eq!(
        (
            last.action.as_str(),
            last.actor.as_str(),
            last.reason.as_str()
        ),
        ("account deleted", "alice", "asked by the owner")
    );
    assert!(
        trail
            .iter()
            .all(|e| !e.reason.contains("fox") && !e.action.contains("fox"))
    );
    let bob_left = left_of(&c.app, "bob").await;
    assert_eq!((bob_left.0, bob_left.1), (true, 1), "bob keeps his: {bobs}");
    assert_eq!(
        c.app.get_me(&alice).await.status(),
        409,
        "the profile is gone"
    );

    let again = delete_me(&c.app, &alice, "alice@example.com").await;
    assert_eq!(again.status(), 200, "asking again changes nothing");
}

#[tokio::test]
async fn an_email_that_is_not_the_accounts_deletes_nothing() {
    let c = console(None).await;
    let alice = alice_with_an_image(&c).await;

    let response = delete_me(&c.app, &alice, "bob@example.com").await;

    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["field"], "email");
    assert_eq!(left_of(&c.app, "alice").await.1, 1);
    assert_eq!(c.deletes().await, 0);
}

#[tokio::test]
async fn a_subscription_is_cancelled_with_the_account() {
    let c = console(None).await;
    c.register("alice").await;
    let alice = token("alice", json!({}));
    subscribe_alice(&c.app, &alice).await;
    let id = c
        .app
        .state
        .store
        .get_user("alice")
        .await
        .unwrap()
        .unwrap()
        .subscription
        .unwrap()
        .subscription_id
        .unwrap();
    c.deleting_answers("alice", 200).await;

    assert_eq!(
        delete_me(&c.app, &alice, "alice@example.com")
            .await
            .status(),
        200
    );

    let processor = &c.app.state.billing.processor;
    let sub = processor.subscription(&id).await.unwrap().unwrap();
    assert_eq!(sub.status, "canceled");
}

#[tokio::test]
async fn two_checkouts_both_paid_are_both_kept_and_both_cancelled_with_the_account() {
    let c = console(None).await;
    c.register("alice").await;
    let alice = token("alice", json!({}));
    // Two tabs: both checkouts are opened while alice is free, then both are paid. The gateway
    // gives one click's repeats within a minute the same checkout, so the second, opened
    // minutes later, is started at the processor with that later minute's key.
    let first = path_of(&c.app.checkout_url(&alice).await);
    let later = NewSubscription {
        uid: "alice".into(),
        email: Some("alice@example.com".into()),
        earlier: None,
        success_url: format!(
            "{}/success?session_id={CHECKOUT_PLACEHOLDER}",
            c.app.url("")
        ),
        cancel_url: c.app.url("/cancel"),
        idempotency_key: "checkout-alice-minutes-later".into(),
    };
    let processor = &c.app.state.billing.processor;
    let second = path_of(&processor.start(&later).await.unwrap().url);
    alice_pays_at(&c.app, &alice, &first).await;
    alice_pays_at(&c.app, &alice, &second).await;
    let record = c.app.state.store.get_user("alice").await.unwrap().unwrap();
    let sales: Vec<String> = record.subscription.unwrap().sales.into_keys().collect();
    assert_eq!(sales.len(), 2, "{sales:?}");
    c.deleting_answers("alice", 200).await;

    let deleted = delete_me(&c.app, &alice, "alice@example.com").await;

    assert_eq!(deleted.status(), 200);
    for id in &sales {
        let sub = processor.subscription(id).await.unwrap().unwrap();
        assert_eq!(sub.status, "canceled", "{id}");
    }
}

#[tokio::test]
async fn a_job_still_waiting_is_cancelled_and_nothing_it_would_make_is_left() {
    let redis = RedisServer::start().await;
    let c = console_with(
        TestApp::builder()
            .generator(Generator::None)
            .redis(&redis.url),
    )
    .await;
    c.register("alice").await;
    let alice = token("alice", json!({}));
    let job = c.app.submit_job(&alice, &json!({"prompt": "a fox"})).await;
    assert_eq!(c.app.state.following.jobs_of("alice").await.unwrap(), [job]);
    c.deleting_answers("alice", 200).await;

    assert_eq!(
        delete_me(&c.app, &alice, "alice@example.com")
            .await
            .status(),
        200
    );

    assert!(
        c.app
            .state
            .following
            .jobs_of("alice")
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(left_of(&c.app, "alice").await, (false, 0, 0, 0, 0));
}

#[tokio::test]
async fn a_deletion_cut_halfway_is_finished_by_asking_again() {
    let c = console(None).await;
    let alice = alice_with_an_image(&c).await;
    // The accounts service is down for the first request.
    Mock::given(method("POST"))
        .and(path(format!("{ACCOUNTS}:delete")))
        .respond_with(
            ResponseTemplate::new(503)
                .set_body_json(json!({"error": {"code": 503, "message": "UNAVAILABLE"}})),
        )
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&c.accounts)
        .await;
    c.deleting_answers("alice", 200).await;

    let first = delete_me(&c.app, &alice, "alice@example.com").await;
    assert_eq!(first.status(), 503);
    assert!(first.headers().contains_key("retry-after"));

    let second = delete_me(&c.app, &alice, "alice@example.com").await;
    assert_eq!(second.status(), 200);
    assert_eq!(c.deletes().await, 2);
    assert_eq!(left_of(&c.app, "alice").await, (false, 0, 0, 0, 0));
    let actions: Vec<String> = c
        .app
        .state
        .store
        .list_audit("alice")
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.action)
        .collect();
    assert_eq!(
        actions,
        [
            "account deletion started",
            "account deletion started",
            "account deleted"
        ]
    );
}

#[tokio::test]
async fn an_account_under_review_keeps_what_the_rules_hold_and_says_so() {
    let c = console(None).await;
    let alice = alice_with_an_image(&c).await;
    let refused = c
        .app
        .generate(&alice, &json!({"prompt": "nude 15 year old girl"}))
        .await;
    assert_eq!(refused.status(), 422);
    c.app.suspend("alice").await;
    c.deleting_answers("alice", 200).await;

    let response = delete_me(&c.app, &alice, "alice@example.com").await;

    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert!(
        body["kept"][0].as_str().unwrap().contains("review"),
        "{body}"
    );
    assert_eq!(left_of(&c.app, "alice").await, (true, 1, 0, 1, 2));
    assert_eq!(c.deletes().await, 1);
}

#[tokio::test]
async fn staff_delete_an_account_with_a_reason_in_the_trail() {
    let c = console(None).await;
    c.account_has("sam", json!({"support": true})).await;
    c.register("alice").await;
    c.app
        .generate_ok(&token("alice", json!({})), &json!({"prompt": "a fox"}))
        .await;
    c.deleting_answers("alice", 200).await;
    let sam = token("sam", json!({"support": true}));
    let delete = |reason: &str| {
        c.app
            .client
            .delete(c.app.url("/api/v1/support/users/alice"))
            .bearer_auth(&sam)
            .json(&json!({ "reason": reason }))
            .send()
    };

    assert_eq!(delete(" ").await.unwrap().status(), 422);
    let response = delete("GDPR request by email, ticket 4411").await.unwrap();

    assert_eq!(response.status(), 200);
    assert_eq!(left_of(&c.app, "alice").await, (false, 0, 0, 0, 0));
    let last = c
        .app
        .state
        .store
        .list_audit("alice")
        .await
        .unwrap()
        .pop()
        .unwrap();
    assert_eq!(last.action, "account deleted");
    assert!(last.actor.contains("sam"), "{}", last.actor);
    assert_eq!(last.reason, "GDPR request by email, ticket 4411");
}

#[tokio::test]
async fn a_staff_members_or_a_paying_subscribers_account_is_deleted_by_an_admin_only() {
    let c = console(None).await;
    c.account_has("sam", json!({"support": true})).await;
    c.account_has("kim", json!({"support": true})).await;
    c.account_has("ada", json!({"admin": true})).await;
    c.account_has("root", json!({"admin": true})).await;
    c.register("payer").await;
    c.app.pays_for_premium("payer").await;
    let delete = |who: &str, uid: &str| {
        let staff = token(who, json!({"support": true}));
        c.app
            .client
            .delete(c.app.url(&format!("/api/v1/support/users/{uid}")))
            .bearer_auth(staff)
            .json(&json!({ "reason": "asked by email" }))
            .send()
    };

    for uid in ["root", "kim", "payer"] {
        let refused = delete("sam", uid).await.unwrap();
        assert_eq!(error_code(refused, 403).await, "admin_required", "{uid}");
    }
    assert!(c.app.state.store.get_user("payer").await.unwrap().is_some());
    c.deleting_answers("payer", 200).await;
    let by_admin = delete("ada", "payer").await.unwrap();
    assert_eq!(by_admin.status(), 200);
}

/// The archive's files by name.
pub fn unzip(bytes: &[u8]) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a ZIP");
    (0..archive.len())
        .map(|i| {
            let mut file = archive.by_index(i).unwrap();
            let mut content = Vec::new();
            file.read_to_end(&mut content).unwrap();
            (file.name().to_owned(), content)
        })
        .collect()
}

pub(crate) async fn export(app: &TestApp, token: &str) -> reqwest::Response {
    app.client
        .get(app.url("/api/v1/me/export"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn an_export_holds_the_profile_every_parameter_and_the_images_as_the_user_sees_them() {
    let c = console(None).await;
    c.register("alice").await;
    let alice = token("alice", json!({}));
    let made = c
        .app
        .generate_ok(
            &alice,
            &json!({"prompt": "a red fox", "negativePrompt": "blurry", "seed": 7, "cfg": 5.5}),
        )
        .await;
    let id = made["id"].as_str().unwrap();

    let response = export(&c.app, &alice).await;

    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/zip");
    assert!(
        response.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment; filename=\"lucent-export-")
    );
    let files = unzip(&response.bytes().await.unwrap());
    let names: Vec<&str> = files.keys().map(String::as_str).collect();
    let image = format!("images/{id}.png");
    assert_eq!(names, ["generations.json", image.as_str(), "profile.json"]);
    let profile: Value = serde_json::from_slice(&files["profile.json"]).unwrap();
    assert_eq!(profile["profile"]["email"], "alice@example.com");
    assert_eq!(profile["plan"], "free");
    let listed: Value = serde_json::from_slice(&files["generations.json"]).unwrap();
    let entry = &listed[0];
    assert_eq!(
        (
            &entry["prompt"],
            &entry["negativePrompt"],
            &entry["seed"],
            &entry["cfg"]
        ),
        (
            &json!("a red fox"),
            &json!("blurry"),
            &json!(7),
            &json!(5.5)
        )
    );
    assert_eq!(entry["file"], image);
    assert_eq!(
        entry.get("blobKey"),
        None,
        "the store's keys are not the user's"
    );
    let served = c
        .app
        .get_image(&alice, id, false)
        .await
        .bytes()
        .await
        .unwrap();
    assert_eq!(
        files[&image],
        served.to_vec(),
        "a free user gets the preview, as served"
    );
    crate::provenance::assert_marked_as_ai_made(&files[&image]);

    c.app.make_pro("alice").await;
    let files = unzip(&export(&c.app, &alice).await.bytes().await.unwrap());
    let original = c
        .app
        .get_image(&alice, id, false)
        .await
        .bytes()
        .await
        .unwrap();
    assert_eq!(
        files[&image],
        original.to_vec(),
        "a pro user gets the original"
    );
}

#[tokio::test]
async fn exports_are_rate_limited() {
    let c = console(None).await;
    c.register("alice").await;
    let alice = token("alice", json!({}));
    for _ in 0..3 {
        // Read to its end: an export holds the account's one export slot until then.
        let whole = export(&c.app, &alice).await;
        assert_eq!(whole.status(), 200);
        whole.bytes().await.unwrap();
    }
    let limited = export(&c.app, &alice).await;
    assert_eq!(limited.status(), 429);
    assert!(limited.headers().contains_key("retry-after"));
}

#[tokio::test]
async fn on_the_realtime_database_nothing_of_the_account_is_left_but_its_tombstone() {
    let db = FakeRtdb::start(NAMESPACE, "owner").await;
    let database = format!("https://{NAMESPACE}.firebaseio.com");
    let host = db.uri.trim_start_matches("http://").to_owned();
    let c = console_with(TestApp::builder().database(&database, &host)).await;
    c.register("alice").await;
    c.register("bob").await;
    let alice = token("alice", json!({}));
    c.app.generate_ok(&alice, &json!({"prompt": "a fox"})).await;
    let refused = c
        .app
        .generate(&alice, &json!({"prompt": "nude 15 year old girl"}))
        .await;
    assert_eq!(refused.status(), 422);
    c.deleting_answers("alice", 200).await;

    let response = delete_me(&c.app, &alice, "alice@example.com").await;

    assert_eq!(response.status(), 200);
    for path in [
        "users/alice",
        "generations/alice",
        "usage/alice",
        "bonus/alice",
    ] {
        assert_eq!(db.value(path), Value::Null, "{path}");
    }
    let refusals = db.value("refusals");
    assert!(
        refusals
            .as_object()
            .is_none_or(|all| all.values().all(|r| r["uid"] != "alice")),
        "{refusals}"
    );
    assert_ne!(db.value("users/bob"), Value::Null, "bob keeps his profile");
    assert_ne!(
        db.value("audit/alice"),
        Value::Null,
        "the audit trail stays"
    );
    let tombstone = db.value("tombstones/alice");
    assert_eq!(tombstone["used"], 1, "{tombstone}");
    assert!(
        !tombstone.to_string().contains("fox"),
        "no image's prompt: {tombstone}"
    );
}

#[tokio::test]
async fn a_deletion_stopped_by_the_image_store_is_finished_once_it_is_back() {
    let c = console(None).await;
    let alice = alice_with_an_image(&c).await;
    c.deleting_answers("alice", 200).await;
    let images = c.app.data_dir.path().join("images");
    let aside = c.app.data_dir.path().join("images-aside");
    std::fs::rename(&images, &aside).unwrap();
    std::fs::write(&images, "not a directory").unwrap();

    let first = delete_me(&c.app, &alice, "alice@example.com").await;
    assert_eq!(first.status(), 503);
    assert_eq!(c.deletes().await, 0, "the sign-in goes last");

    std::fs::remove_file(&images).unwrap();
    std::fs::rename(&aside, &images).unwrap();
    let second = delete_me(&c.app, &alice, "alice@example.com").await;

    assert_eq!(second.status(), 200);
    assert_eq!(left_of(&c.app, "alice").await, (false, 0, 0, 0, 0));
    assert_eq!(c.deletes().await, 1);
}

#[tokio::test]
async fn a_deleted_accounts_credits_and_refusals_stay_on_its_tombstone_until_they_run_out() {
    let (c, sam) = console_for_sam(TestApp::builder()).await;
    c.register("alice").await;
    let alice = token("alice", json!({}));
    for prompt in ["a red fox", "a blue whale"] {
        c.app.generate_ok(&alice, &json!({"prompt": prompt})).await;
    }
    let refused = c
        .app
        .generate(&alice, &json!({"prompt": "nude 15 year old girl"}))
        .await;
    assert_eq!(refused.status(), 422);
    c.deleting_answers("alice", 200).await;
    assert_eq!(
        delete_me(&c.app, &alice, "alice@example.com")
            .await
            .status(),
        200
    );

    let card = c.get(Some(&sam), "/api/v1/support/deleted/alice").await;

    assert_eq!(card.status(), 200);
    let card: Value = card.json().await.unwrap();
    let period = c.app.state.users.period(CreditPlan::Free);
    assert_eq!(
        (&card["period"], &card["used"], &card["suspension"]),
        (&json!(period.key), &json!(2), &Value::Null),
        "{card}"
    );
    let refusals = card["refusals"].as_array().unwrap();
    assert_eq!(refusals.len(), 1, "{card}");
    assert_eq!(refusals[0]["category"], "minor");
    assert_eq!(refusals[0]["counts"], true);
    let refused_at = refusals[0]["at"].as_i64().unwrap();
    let keep_until = card["keepUntil"].as_i64().unwrap();
    assert_eq!(
        keep_until,
        (refused_at + 24 * 3600 * 1000).max(period.resets_at.timestamp_millis()),
        "kept while the period and the refusal's 24 hours last"
    );
    assert!(
        !card.to_string().contains("fox"),
        "no image's prompt: {card}"
    );
    assert_eq!(
        status_and_code(
            c.get(
                Some(&token("bob", json!({}))),
                "/api/v1/support/deleted/alice"
            )
            .await
        )
        .await,
        status_and_code(c.get(None, "/api/v1/nothing-here").await).await,
        "support only: others find no such route"
    );

    let retention = c.app.retention();
    retention.sweep_once().await.unwrap();
    let store = &c.app.state.store;
    let mut tombstone = store.get_tombstone("alice").await.unwrap().unwrap();
    assert_eq!(tombstone.keep_until, keep_until, "not yet due");

    // Time passes: the tombstone is due.
    store.delete_tombstone("alice").await.unwrap();
    tombstone.keep_until = lucent::store::now_ms() - 1;
    assert!(store.put_tombstone("alice", &tombstone).await.unwrap());
    retention.sweep_once().await.unwrap();

    assert_eq!(
        c.get(Some(&sam), "/api/v1/support/deleted/alice")
            .await
            .status(),
        404
    );
    let again = c
        .app
        .post_me(&alice, &json!({"username": "alice", "ageConfirmed": true}))
        .await;
    assert_eq!(
        error_code(again, 410).await,
        "account_deleted",
        "the uid stays deleted"
    );
}

#[tokio::test]
async fn deleting_an_account_asks_persona_to_redact_every_inquiry_it_ever_had() {
    let persona = crate::fake_persona::FakePersona::start().await;
    persona.creates("inq_alice").await;
    // Newest first: the inquiry on record, a declined attempt, and one from before a reset.
    let every = ["inq_alice", "inq_declined", "inq_before_reset"];
    persona.lists("alice", &[&every[..2], &every[2..]]).await;
    for id in every {
        persona.redacts(id).await;
    }
    let c = console_with(TestApp::builder().persona(&persona.base())).await;
    c.register("alice").await;
    let alice = token("alice", json!({}));
    let started = c
        .app
        .client
        .post(c.app.url("/api/v1/me/age-check"))
        .bearer_auth(&alice)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(started.status(), 201);
    c.deleting_answers("alice", 200).await;

    let response = delete_me(&c.app, &alice, "alice@example.com").await;

    assert_eq!(response.status(), 200);
    for id in every {
        assert_eq!(
            persona
                .calls("DELETE", &format!("/api/v1/inquiries/{id}"))
                .await,
            1,
            "{id}"
        );
    }
}

#[tokio::test]
async fn a_deleted_account_stays_deleted_for_a_token_issued_before() {
    let c = console(None).await;
    let alice = alice_with_an_image(&c).await;
    c.deleting_answers("alice", 200).await;
    assert_eq!(
        delete_me(&c.app, &alice, "alice@example.com")
            .await
            .status(),
        200
    );

    let again = c
        .app
        .post_me(&alice, &json!({"username": "alice", "ageConfirmed": true}))
        .await;

    assert_eq!(error_code(again, 410).await, "account_deleted");
    let tombstone = c.app.state.store.list_audit("alice").await.unwrap();
    assert!(
        tombstone[0]
            .reason
            .contains("0 refusal(s) counting in the last 24 hours"),
        "the tombstone keeps the standing: {:?}",
        tombstone[0]
    );
    c.register("bob").await;
}
