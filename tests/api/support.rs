//! The support console's API: only accounts that hold a staff role now get in; everyone else
//! meets the 404 of a path that does not exist. The Auth emulator's accounts API is played by a
//! local server in its wire format (Identity Toolkit `accounts:lookup` and `accounts:update`).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use wiremock::matchers::{body_partial_json, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::billing::{mount_subscription, subscription};
use crate::helpers::{TestApp, spawn_app, spawn_app_with, stripe_flags};
use crate::test_keys::{claims, unsigned};

const ACCOUNTS: &str = "/identitytoolkit.googleapis.com/v1/projects/demo-lucent/accounts";

/// The gateway in emulator mode, its accounts API (and, if given, its database) local servers.
pub struct Console {
    pub app: TestApp,
    pub accounts: MockServer,
}

pub async fn console(database: Option<&MockServer>) -> Console {
    let db = database.map(|db| db.uri().trim_start_matches("http://").to_owned());
    match &db {
        Some(db) => {
            console_with(&[
                "--database-url",
                "https://demo-lucent-default-rtdb.firebaseio.com",
                "--database-emulator-host",
                db,
            ])
            .await
        }
        None => console_with(&[]).await,
    }
}

/// The gateway in emulator mode with `extra` flags.
pub async fn console_with(extra: &[&str]) -> Console {
    let accounts = MockServer::start().await;
    // A uid the accounts service does not know: Identity Toolkit answers without `users`.
    Mock::given(method("POST"))
        .and(path(format!("{ACCOUNTS}:lookup")))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"kind": "identitytoolkit#GetAccountInfoResponse"})),
        )
        .with_priority(10)
        .mount(&accounts)
        .await;
    let host = accounts.uri().trim_start_matches("http://").to_owned();
    let mut args = vec!["--auth-emulator-host", host.as_str()];
    args.extend_from_slice(extra);
    Console {
        app: spawn_app_with(&args).await,
        accounts,
    }
}

/// A console where sam holds the support role; sam's token.
pub async fn console_for_sam(extra: &[&str]) -> (Console, String) {
    let c = console_with(extra).await;
    c.account_has("sam", json!({"support": true})).await;
    (c, token("sam", json!({"support": true})))
}

/// `uid`'s account as `accounts:lookup` reports it: email `uid@example.com`, verified, with
/// `custom` as its custom claims.
pub fn account(uid: &str, custom: Value) -> Value {
    json!({
        "localId": uid,
        "email": format!("{uid}@example.com"),
        "emailVerified": true,
        "validSince": "1600000000",
        "customAttributes": custom.to_string(),
    })
}

/// An emulator token for `uid` with `roles` as custom claims.
pub fn token(uid: &str, roles: Value) -> String {
    let mut claims = claims(uid);
    claims
        .as_object_mut()
        .unwrap()
        .extend(roles.as_object().unwrap().clone());
    unsigned(&claims)
}

impl Console {
    /// The accounts API answers lookups of `uid` with these custom claims (a verified email,
    /// enabled, no revocation).
    pub async fn account_has(&self, uid: &str, custom: Value) {
        self.account_is(uid, account(uid, custom)).await;
    }

    /// The accounts API answers lookups of `uid` with this record.
    pub async fn account_is(&self, uid: &str, record: Value) {
        Mock::given(method("POST"))
            .and(path(format!("{ACCOUNTS}:lookup")))
            .and(body_partial_json(json!({ "localId": [uid] })))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "kind": "identitytoolkit#GetAccountInfoResponse",
                "users": [record],
            })))
            .mount(&self.accounts)
            .await;
    }

    pub async fn register(&self, uid: &str) {
        let response = self
            .app
            .post_me(
                &token(uid, json!({})),
                &json!({"username": uid, "ageConfirmed": true}),
            )
            .await;
        assert_eq!(response.status(), 200);
    }

    pub async fn set_plan(&self, token: &str, uid: &str, body: Value) -> reqwest::Response {
        self.app
            .client
            .post(self.app.url(&format!("/api/v1/support/users/{uid}/plan")))
            .bearer_auth(token)
            .json(&body)
            .send()
            .await
            .unwrap()
    }

    pub async fn add_credits(&self, token: &str, uid: &str, body: Value) -> reqwest::Response {
        self.app
            .client
            .post(
                self.app
                    .url(&format!("/api/v1/support/users/{uid}/credits")),
            )
            .bearer_auth(token)
            .json(&body)
            .send()
            .await
            .unwrap()
    }

    /// `uid`'s audit trail, as stored.
    pub async fn trail(&self, uid: &str) -> Vec<lucent::store::AuditEntry> {
        self.app.state.store.list_audit(uid).await.unwrap()
    }

    /// What `path` answers `token` with, as JSON after checking the status.
    pub async fn json(&self, token: &str, path: &str) -> Value {
        let response = self.get(Some(token), path).await;
        assert_eq!(response.status(), 200, "{path}");
        response.json().await.unwrap()
    }

    pub async fn get(&self, token: Option<&str>, path: &str) -> reqwest::Response {
        let mut request = self.app.client.get(self.app.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.unwrap()
    }
}

pub async fn status_and_code(response: reqwest::Response) -> (u16, String) {
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    (
        status,
        body["error"]["code"].as_str().unwrap_or("").to_owned(),
    )
}

const FIND: &str = "/api/v1/support/users?q=alice@example.com";

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
async fn guests_users_and_revoked_staff_meet_a_path_that_does_not_exist() {
    let c = console(None).await;
    c.register("alice").await;
    c.account_has("alice", json!({})).await;
    c.account_has("rex", json!({"beta": true})).await;
    let unknown_path = status_and_code(c.get(None, "/api/v1/nothing-here").await).await;

    let guest = c.get(None, FIND).await;
    let user = c.get(Some(&token("alice", json!({}))), FIND).await;
    let self_made = c
        .get(Some(&token("alice", json!({"support": "true"}))), FIND)
        .await;
    // The token still says support; the account no longer does.
    let revoked = c
        .get(Some(&token("rex", json!({"support": true}))), FIND)
        .await;

    for response in [guest, user, self_made, revoked] {
        assert_eq!(status_and_code(response).await, unknown_path);
    }
    assert_eq!(unknown_path.0, 404);
}

#[tokio::test]
async fn a_disabled_staff_account_gets_404_at_once() {
    let c = console(None).await;
    let mut record = account("sam", json!({"support": true}));
    record["disabled"] = json!(true);
    c.account_is("sam", record).await;
    // A fresh token: it still says support, and the account is what counts.
    let sam = token("sam", json!({"support": true}));

    let response = c.get(Some(&sam), FIND).await;

    assert_eq!(
        status_and_code(response).await,
        (404, "not_found".to_owned())
    );
}

#[tokio::test]
async fn a_session_from_before_the_accounts_revocation_loses_the_console() {
    let c = console(None).await;
    let revoked_at = chrono::Utc::now().timestamp() - 60;
    let mut record = account("sam", json!({"support": true}));
    record["validSince"] = json!(revoked_at.to_string());
    c.account_is("sam", record).await;
    let session = |auth_time: i64| {
        let mut claims = claims("sam");
        claims["support"] = json!(true);
        claims["auth_time"] = json!(auth_time);
        unsigned(&claims)
    };

    let before = c.get(Some(&session(revoked_at - 1)), FIND).await;
    let after = c.get(Some(&session(revoked_at)), FIND).await;

    assert_eq!(status_and_code(before).await, (404, "not_found".to_owned()));
    assert_eq!(after.status(), 200, "a sign-in since then is a new session");
}

#[tokio::test]
async fn a_role_on_an_unverified_email_counts_for_nothing_and_is_never_granted() {
    let c = console_with(&[]).await;
    let mut record = account("sam", json!({"support": true}));
    record["emailVerified"] = json!(false);
    c.account_is("sam", record).await;
    c.account_has("ada", json!({"admin": true})).await;
    Mock::given(method("POST"))
        .and(path(format!("{ACCOUNTS}:lookup")))
        .and(body_partial_json(json!({ "email": ["tess@example.com"] })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"users": [
            {"localId": "tess", "email": "tess@example.com", "emailVerified": false}
        ]})))
        .mount(&c.accounts)
        .await;
    let grant = json!({"email": "tess@example.com", "role": "support", "granted": true,
                       "reason": "joined the team"});

    let unverified = c
        .get(Some(&token("sam", json!({"support": true}))), FIND)
        .await;
    let granted = c
        .set_role(&token("ada", json!({"admin": true})), grant)
        .await;

    assert_eq!(
        status_and_code(unverified).await,
        (404, "not_found".to_owned())
    );
    assert_eq!(
        status_and_code(granted).await,
        (422, "invalid_field".to_owned())
    );
    assert!(claims_written(&c).await.is_empty());
    assert!(
        c.trail("tess").await.is_empty(),
        "nothing refused is written"
    );
}

#[tokio::test]
async fn an_unsigned_token_claiming_support_outside_emulator_mode_gets_nowhere() {
    let app = spawn_app().await;
    let forged = token("mallory", json!({"support": true, "admin": true}));

    let response = app
        .client
        .get(app.url(FIND))
        .bearer_auth(&forged)
        .send()
        .await
        .unwrap();

    assert_eq!(
        status_and_code(response).await,
        (404, "not_found".to_owned())
    );
}

#[tokio::test]
async fn with_the_accounts_service_down_staff_are_told_to_retry() {
    let c = console(None).await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(503)
                .set_body_json(json!({"error": {"code": 503, "message": "UNAVAILABLE"}})),
        )
        .mount(&c.accounts)
        .await;

    let response = c
        .get(Some(&token("sam", json!({"support": true}))), FIND)
        .await;

    assert_eq!(
        status_and_code(response).await,
        (503, "dependency_unavailable".to_owned())
    );
}

/// `lucent staff …` against the accounts API; what it printed.
fn staff_command(c: &Console, args: &[&str]) -> String {
    let host = c.accounts.uri().trim_start_matches("http://").to_owned();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lucent"))
        .env_clear()
        .args(["staff", "--auth-emulator-host", &host])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The custom claims written, by uid, in order.
async fn claims_written(c: &Console) -> Vec<(String, Value)> {
    let received = c.accounts.received_requests().await.unwrap();
    received
        .iter()
        .filter(|r| r.url.path().ends_with("accounts:update"))
        .map(|r| {
            let body: Value = serde_json::from_slice(&r.body).unwrap();
            let claims = body["customAttributes"].as_str().unwrap();
            (
                body["localId"].as_str().unwrap().to_owned(),
                serde_json::from_str(claims).unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn granting_and_revoking_a_role_keeps_the_accounts_other_claims() {
    let c = console(None).await;
    Mock::given(method("POST"))
        .and(path(format!("{ACCOUNTS}:lookup")))
        .and(body_partial_json(json!({ "email": ["sam@example.com"] })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "users": [account("sam", json!({"beta": true, "admin": true}))],
        })))
        .mount(&c.accounts)
        .await;
    c.account_has("sam", json!({"beta": true, "admin": true}))
        .await;
    Mock::given(method("POST"))
        .and(path(format!("{ACCOUNTS}:update")))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"localId": "sam"})))
        .mount(&c.accounts)
        .await;

    let granted = staff_command(&c, &["grant", "sam@example.com", "--role", "support"]);
    let revoked = staff_command(&c, &["revoke", "sam@example.com", "--role", "admin"]);

    assert_eq!(granted, "sam@example.com (sam) now has the support role\n");
    assert_eq!(
        revoked,
        "sam@example.com (sam) no longer has the admin role\n"
    );
    assert_eq!(
        claims_written(&c).await,
        [
            (
                "sam".to_owned(),
                json!({"beta": true, "admin": true, "support": true})
            ),
            ("sam".to_owned(), json!({"beta": true})),
        ]
    );
}

#[tokio::test]
async fn staff_set_a_plan_with_a_reason_and_the_trail_says_who_and_why() {
    let c = console(None).await;
    c.register("alice").await;
    c.account_has("sam", json!({"support": true})).await;
    let sam = token("sam", json!({"support": true}));
    let alice = token("alice", json!({}));
    assert_eq!(
        c.get(Some(&alice), "/api/v1/me")
            .await
            .json::<Value>()
            .await
            .unwrap()["plan"],
        "free"
    );

    let until = chrono::Utc::now().date_naive() + chrono::Days::new(31);
    let body =
        json!({"plan": "pro", "until": until.to_string(), "reason": "refund of a double charge"});
    let response = c.set_plan(&sam, "alice", body).await;

    assert_eq!(response.status(), 200);
    let card: Value = response.json().await.unwrap();
    assert_eq!(
        card["why"],
        format!("Pro: set by support until {}", until.format("%b %-d, %Y"))
    );
    assert_eq!(
        card["audit"][0],
        json!({"at": card["audit"][0]["at"], "actor": "sam@example.com (sam)",
               "action": format!("set-plan pro until {until}"), "reason": "refund of a double charge"})
    );
    let me: Value = c
        .get(Some(&alice), "/api/v1/me")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(me["plan"], "pro", "the user sees it at once");
}

#[tokio::test]
async fn a_plan_change_needs_a_reason_a_real_date_a_user_and_someone_else() {
    let c = console(None).await;
    c.register("alice").await;
    c.register("sam").await;
    c.account_has("sam", json!({"support": true})).await;
    let sam = token("sam", json!({"support": true}));

    let blank = c
        .set_plan(&sam, "alice", json!({"plan": "pro", "reason": "  "}))
        .await;
    let bad_date = c
        .set_plan(
            &sam,
            "alice",
            json!({"plan": "pro", "until": "31/01/2999", "reason": "x"}),
        )
        .await;
    let past = c
        .set_plan(
            &sam,
            "alice",
            json!({"plan": "pro", "until": "2001-01-01", "reason": "x"}),
        )
        .await;
    let nobody = c
        .set_plan(&sam, "bob", json!({"plan": "free", "reason": "x"}))
        .await;
    let own = c
        .set_plan(&sam, "sam", json!({"plan": "free", "reason": "x"}))
        .await;

    for response in [blank, bad_date, past] {
        assert_eq!(
            status_and_code(response).await,
            (422, "invalid_field".to_owned())
        );
    }
    assert_eq!(status_and_code(nobody).await, (404, "not_found".to_owned()));
    assert_eq!(status_and_code(own).await, (403, "own_record".to_owned()));
    let trail = c.trail("alice").await;
    assert!(trail.is_empty(), "nothing refused is written: {trail:?}");
}

#[tokio::test]
async fn more_than_a_month_of_pro_or_twenty_credits_at_once_needs_an_admin() {
    let c = console(None).await;
    c.register("alice").await;
    c.account_has("sam", json!({"support": true})).await;
    c.account_has("ada", json!({"admin": true})).await;
    let sam = token("sam", json!({"support": true}));
    let ada = token("ada", json!({"admin": true}));
    let in_days = |days| (chrono::Utc::now().date_naive() + chrono::Days::new(days)).to_string();
    let pro = |until: Option<String>| json!({"plan": "pro", "until": until, "reason": "goodwill"});
    let credits = |n: u32| json!({"credits": n, "reason": "goodwill"});

    let beyond_support = [
        c.set_plan(&sam, "alice", pro(Some(in_days(32)))).await,
        c.set_plan(&sam, "alice", pro(None)).await,
        c.add_credits(&sam, "alice", credits(21)).await,
    ];
    for response in beyond_support {
        assert_eq!(
            status_and_code(response).await,
            (403, "admin_required".to_owned())
        );
    }
    assert!(
        c.trail("alice").await.is_empty(),
        "nothing refused is written"
    );
    assert_eq!(quota_of(&c, "alice").await["bonus"], 0);

    let within_support = [
        c.set_plan(&sam, "alice", pro(Some(in_days(31)))).await,
        c.add_credits(&sam, "alice", credits(20)).await,
    ];
    let by_admin = [
        c.set_plan(&ada, "alice", pro(None)).await,
        c.add_credits(&ada, "alice", credits(100)).await,
    ];
    for response in within_support.into_iter().chain(by_admin) {
        assert_eq!(response.status(), 200);
    }
    let actions: Vec<_> = c
        .trail("alice")
        .await
        .into_iter()
        .map(|e| e.actor)
        .collect();
    assert_eq!(
        actions,
        [
            "sam@example.com (sam)",
            "sam@example.com (sam)",
            "ada@example.com (ada)",
            "ada@example.com (ada)"
        ]
    );
    // A bonus belongs to the period it was given in: the 20 to the month ending with sam's
    // plan, the 100 to the calendar month ada's plan without an end is counted in.
    assert_eq!(quota_of(&c, "alice").await["bonus"], 100);
}

#[tokio::test]
async fn a_support_member_grants_up_to_a_daily_total_and_an_admin_beyond_it() {
    let (c, sam) =
        console_for_sam(&["--support-daily-credits", "30", "--support-daily-pro", "1"]).await;
    for uid in ["alice", "bob"] {
        c.register(uid).await;
    }
    c.account_has("ada", json!({"admin": true})).await;
    let ada = token("ada", json!({"admin": true}));
    let credits = |n: u32| json!({"credits": n, "reason": "goodwill"});
    let pro = json!({"plan": "pro", "until": (chrono::Utc::now().date_naive() + chrono::Days::new(7)).to_string(), "reason": "goodwill"});
    let left = async |who: &str| c.json(who, "/api/v1/support/grants").await;
    assert_eq!(left(&sam).await["creditsLeft"], 30);

    // Across users: the day is the support member's, not the user's.
    for (uid, n) in [("alice", 20), ("bob", 10)] {
        assert_eq!(c.add_credits(&sam, uid, credits(n)).await.status(), 200);
    }
    assert_eq!(c.set_plan(&sam, "alice", pro.clone()).await.status(), 200);
    let past_credits = c.add_credits(&sam, "bob", credits(1)).await;
    let past_pro = c.set_plan(&sam, "bob", pro.clone()).await;

    assert_eq!(
        status_and_code(past_credits).await,
        (403, "admin_required".to_owned())
    );
    assert_eq!(
        status_and_code(past_pro).await,
        (403, "admin_required".to_owned())
    );
    let today = left(&sam).await;
    assert_eq!(
        (&today["creditsLeft"], &today["proLeft"]),
        (&json!(0), &json!(0))
    );
    assert_eq!(today["creditsPerDay"], 30);
    assert_eq!(
        quota_of(&c, "bob").await["bonus"],
        10,
        "the refused grant gave nothing"
    );
    let bobs_trail = c.trail("bob").await;
    assert_eq!(
        bobs_trail.len(),
        1,
        "nothing refused is written: {bobs_trail:?}"
    );
    assert_eq!(c.add_credits(&ada, "bob", credits(50)).await.status(), 200);
    assert_eq!(c.set_plan(&ada, "bob", pro).await.status(), 200);
    assert_eq!(
        left(&ada).await["creditsLeft"],
        Value::Null,
        "an admin's are not counted"
    );
}

/// An image of `uid`'s, made through the API; its id.
pub async fn image_of(c: &Console, uid: &str) -> String {
    let response = c
        .app
        .client
        .post(c.app.url("/api/v1/generations"))
        .bearer_auth(token(uid, json!({})))
        .json(&json!({"prompt": "a fox"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let made: Value = response.json().await.unwrap();
    made["generations"][0]["id"].as_str().unwrap().to_owned()
}

async fn remove(c: &Console, staff: &str, uid: &str, id: &str, reason: &str) -> reqwest::Response {
    c.app
        .client
        .delete(
            c.app
                .url(&format!("/api/v1/support/users/{uid}/generations/{id}")),
        )
        .bearer_auth(staff)
        .json(&json!({ "reason": reason }))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn staff_delete_a_reported_image_of_a_free_user_and_the_trail_says_why() {
    let c = console(None).await;
    c.register("alice").await;
    let id = image_of(&c, "alice").await;
    c.account_has("sam", json!({"support": true})).await;
    let sam = token("sam", json!({"support": true}));

    let response = remove(&c, &sam, "alice", &id, "abuse report #12").await;

    assert_eq!(response.status(), 204);
    let left = c
        .app
        .state
        .store
        .get_generation("alice", &id)
        .await
        .unwrap();
    assert!(left.is_none(), "the record is gone");
    let card: Value = c
        .get(Some(&sam), "/api/v1/support/users/alice")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        card["audit"][0]["action"],
        format!("delete generation {id}")
    );
    assert_eq!(card["audit"][0]["reason"], "abuse report #12");
    assert_eq!(card["audit"][0]["actor"], "sam@example.com (sam)");
}

#[tokio::test]
async fn a_deletion_needs_a_reason_an_image_and_someone_elses_record() {
    let c = console(None).await;
    c.register("sam").await;
    let own = image_of(&c, "sam").await;
    c.register("alice").await;
    let id = image_of(&c, "alice").await;
    c.account_has("sam", json!({"support": true})).await;
    let sam = token("sam", json!({"support": true}));

    let blank = remove(&c, &sam, "alice", &id, " ").await;
    let unknown = remove(&c, &sam, "alice", &own, "x").await;
    let theirs = remove(&c, &sam, "sam", &own, "x").await;

    assert_eq!(
        status_and_code(blank).await,
        (422, "invalid_field".to_owned())
    );
    assert_eq!(
        status_and_code(unknown).await,
        (404, "not_found".to_owned())
    );
    assert_eq!(
        status_and_code(theirs).await,
        (403, "own_record".to_owned())
    );
    assert!(
        c.app
            .state
            .store
            .get_generation("alice", &id)
            .await
            .unwrap()
            .is_some()
    );
    assert!(c.trail("alice").await.is_empty());
}

#[tokio::test]
async fn the_start_of_an_email_in_any_case_finds_everyone_it_begins() {
    let (c, sam) = console_for_sam(&[]).await;
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

/// `uid`'s credits as their own profile shows them.
async fn quota_of(c: &Console, uid: &str) -> Value {
    c.json(&token(uid, json!({})), "/api/v1/me").await["quota"].clone()
}

#[tokio::test]
async fn bonus_credits_from_support_show_on_the_users_profile_and_can_be_spent() {
    let (c, sam) = console_for_sam(&["--free-daily", "1"]).await;
    c.register("alice").await;
    image_of(&c, "alice").await;
    let alice = token("alice", json!({}));
    let spent = c.app.generate(&alice, &json!({"prompt": "a fox"})).await;
    assert_eq!(
        status_and_code(spent).await,
        (429, "quota_exhausted".to_owned())
    );

    let response = c
        .add_credits(
            &sam,
            "alice",
            json!({"credits": 2, "reason": "two renders failed"}),
        )
        .await;

    assert_eq!(response.status(), 200);
    let card: Value = response.json().await.unwrap();
    let today = chrono::Utc::now().format("d%Y-%m-%d").to_string();
    assert_eq!(
        card["audit"][0]["action"],
        format!("add-credits 2 to {today}")
    );
    assert_eq!(card["audit"][0]["reason"], "two renders failed");
    assert_eq!(card["audit"][0]["actor"], "sam@example.com (sam)");
    assert_eq!(card["profile"]["quota"], quota_of(&c, "alice").await);
    let quota = quota_of(&c, "alice").await;
    assert_eq!(
        (&quota["used"], &quota["limit"], &quota["bonus"]),
        (&json!(1), &json!(3), &json!(2))
    );
    image_of(&c, "alice").await;
    image_of(&c, "alice").await;
    let over = c.app.generate(&alice, &json!({"prompt": "a fox"})).await;
    assert_eq!(
        status_and_code(over).await,
        (429, "quota_exhausted".to_owned())
    );
}

#[tokio::test]
async fn a_grant_needs_a_reason_a_sensible_number_a_user_and_someone_else() {
    let (c, sam) = console_for_sam(&[]).await;
    c.register("alice").await;
    c.register("sam").await;

    let refused = [
        c.add_credits(&sam, "alice", json!({"credits": 5, "reason": " "}))
            .await,
        c.add_credits(&sam, "alice", json!({"credits": 0, "reason": "x"}))
            .await,
        c.add_credits(&sam, "alice", json!({"credits": 501, "reason": "x"}))
            .await,
    ];
    let nobody = c
        .add_credits(&sam, "bob", json!({"credits": 5, "reason": "x"}))
        .await;
    let own = c
        .add_credits(&sam, "sam", json!({"credits": 5, "reason": "x"}))
        .await;

    for (response, field) in refused.into_iter().zip(["reason", "credits", "credits"]) {
        assert_eq!(response.status(), 422);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"]["code"], "invalid_field");
        assert_eq!(
            body["error"]["field"], field,
            "the field at fault is named: {body}"
        );
    }
    assert_eq!(status_and_code(nobody).await, (404, "not_found".to_owned()));
    assert_eq!(status_and_code(own).await, (403, "own_record".to_owned()));
    assert_eq!(quota_of(&c, "alice").await["bonus"], 0);
    assert_eq!(quota_of(&c, "sam").await["bonus"], 0);
    assert!(c.trail("alice").await.is_empty());
}

#[tokio::test]
async fn staff_see_a_pro_users_images_only_blurred() {
    let (c, sam) = console_for_sam(&[]).await;
    c.register("alice").await;
    let id = image_of(&c, "alice").await;
    let alice = token("alice", json!({}));
    let as_alice = async || {
        let image = c.app.get_image(&alice, &id, false).await;
        image.bytes().await.unwrap()
    };
    let blurred = as_alice().await;
    c.app.make_pro("alice").await;
    let sharp = as_alice().await;
    assert_ne!(blurred, sharp, "alice, now pro, sees the original");

    let page = c
        .json(&sam, "/api/v1/support/users/alice/generations")
        .await;
    let item = &page["items"][0];
    let preview = c.get(Some(&sam), item["imageUrl"].as_str().unwrap()).await;

    assert_eq!(
        (&item["id"], &item["prompt"], &item["blurred"]),
        (&json!(id), &json!("a fox"), &json!(true))
    );
    let card = c.json(&sam, "/api/v1/support/users/alice").await;
    assert_eq!(card["generations"], 1, "the card counts them");
    assert_eq!(preview.status(), 200);
    assert_eq!(preview.headers()["content-type"], "image/png");
    let preview = preview.bytes().await.unwrap();
    assert_eq!(preview, blurred);
    crate::provenance::assert_marked_as_ai_made(&preview);
    let user_route = c
        .get(Some(&sam), &format!("/api/v1/generations/{id}/image"))
        .await;
    assert_eq!(
        status_and_code(user_route).await,
        (404, "not_found".to_owned()),
        "the user's own route serves staff nothing of hers"
    );
}

#[tokio::test]
async fn another_users_images_are_not_found_and_a_bad_page_is_refused() {
    let (c, sam) = console_for_sam(&[]).await;
    c.register("alice").await;
    c.register("bob").await;
    let bobs = image_of(&c, "bob").await;

    let crossed = c
        .get(
            Some(&sam),
            &format!("/api/v1/support/users/alice/generations/{bobs}/preview"),
        )
        .await;
    let nobody = c
        .get(Some(&sam), "/api/v1/support/users/carol/generations")
        .await;
    let bad_limit = c
        .get(
            Some(&sam),
            "/api/v1/support/users/alice/generations?limit=0",
        )
        .await;

    assert_eq!(
        status_and_code(crossed).await,
        (404, "not_found".to_owned())
    );
    assert_eq!(status_and_code(nobody).await, (404, "not_found".to_owned()));
    assert_eq!(
        status_and_code(bad_limit).await,
        (422, "invalid_field".to_owned())
    );
}

/// A console on Stripe (played by a local server), where alice's record names `sub_1`, active
/// until `period_end` (seconds).
async fn stripe_console(period_end: i64) -> (Console, String, MockServer) {
    let stripe = MockServer::start().await;
    let base = stripe.uri();
    let (c, sam) = console_for_sam(&stripe_flags(&base, "whsec_lucent_test")).await;
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
        json!({"state": "found", "status": "past_due", "currentPeriodEnd": end * 1000,
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

impl Console {
    /// The accounts API finds `uid` by its email, with these custom claims, and takes updates.
    pub async fn email_finds(&self, uid: &str, custom: Value) {
        Mock::given(method("POST"))
            .and(path(format!("{ACCOUNTS}:lookup")))
            .and(body_partial_json(
                json!({ "email": [format!("{uid}@example.com")] }),
            ))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(json!({"users": [account(uid, custom.clone())]})),
            )
            .mount(&self.accounts)
            .await;
        self.account_has(uid, custom).await;
        Mock::given(method("POST"))
            .and(path(format!("{ACCOUNTS}:update")))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({"localId": uid})))
            .mount(&self.accounts)
            .await;
    }

    /// The accounts API keeps `uid`'s claims as written, as the Auth emulator does, and each
    /// lookup answers what was there when it arrived, after `slow`: two changes made at once
    /// both read before either writes.
    pub async fn live_account(
        &self,
        uid: &str,
        custom: Value,
        slow: Duration,
    ) -> Arc<Mutex<Value>> {
        let claims = Arc::new(Mutex::new(custom));
        for by in [
            json!({ "email": [format!("{uid}@example.com")] }),
            json!({ "localId": [uid] }),
        ] {
            let (uid, claims) = (uid.to_owned(), Arc::clone(&claims));
            Mock::given(method("POST"))
                .and(path(format!("{ACCOUNTS}:lookup")))
                .and(body_partial_json(by))
                .respond_with(move |_: &wiremock::Request| {
                    let now = claims.lock().unwrap().clone();
                    ResponseTemplate::new(200)
                        .set_body_json(json!({"users": [account(&uid, now)]}))
                        .set_delay(slow)
                })
                .mount(&self.accounts)
                .await;
        }
        let written = Arc::clone(&claims);
        Mock::given(method("POST"))
            .and(path(format!("{ACCOUNTS}:update")))
            .respond_with(move |request: &wiremock::Request| {
                let body: Value = serde_json::from_slice(&request.body).unwrap();
                let custom = body["customAttributes"].as_str().unwrap();
                *written.lock().unwrap() = serde_json::from_str(custom).unwrap();
                ResponseTemplate::new(200).set_body_json(json!({"localId": body["localId"]}))
            })
            .mount(&self.accounts)
            .await;
        claims
    }

    async fn set_role(&self, token: &str, body: Value) -> reqwest::Response {
        self.app
            .client
            .post(self.app.url("/api/v1/support/staff"))
            .bearer_auth(token)
            .json(&body)
            .send()
            .await
            .unwrap()
    }
}

#[tokio::test]
async fn an_admin_grants_the_support_role_from_the_browser_and_the_trail_says_who_and_why() {
    let c = console_with(&[]).await;
    c.account_has("ada", json!({"admin": true})).await;
    c.email_finds("tess", json!({"beta": true})).await;
    let ada = token("ada", json!({"admin": true}));

    let response = c
        .set_role(
            &ada,
            json!({"email": "tess@example.com", "role": "support", "granted": true,
                               "reason": "joined the support team"}),
        )
        .await;

    assert_eq!(response.status(), 200);
    let account: Value = response.json().await.unwrap();
    assert_eq!(
        account,
        json!({"uid": "tess", "email": "tess@example.com", "support": true, "admin": false})
    );
    assert_eq!(
        claims_written(&c).await,
        [("tess".to_owned(), json!({"beta": true, "support": true}))]
    );
    let trail = c.trail("tess").await;
    assert_eq!(trail.len(), 1);
    assert_eq!(
        (
            trail[0].actor.as_str(),
            trail[0].action.as_str(),
            trail[0].reason.as_str()
        ),
        (
            "ada@example.com (ada)",
            "grant role support",
            "joined the support team"
        )
    );
}

#[tokio::test]
async fn two_admins_changing_one_accounts_roles_at_once_both_count() {
    let c = console_with(&[]).await;
    c.account_has("ada", json!({"admin": true})).await;
    c.account_has("abe", json!({"admin": true})).await;
    let claims = c
        .live_account("tess", json!({"beta": true}), Duration::from_millis(300))
        .await;
    let change = |role: &str| {
        json!({"email": "tess@example.com", "role": role, "granted": true,
               "reason": "joined the team"})
    };

    let (ada, abe) = (
        token("ada", json!({"admin": true})),
        token("abe", json!({"admin": true})),
    );
    let (first, second) = tokio::join!(
        c.set_role(&ada, change("support")),
        c.set_role(&abe, change("admin")),
    );

    assert_eq!(
        (first.status().as_u16(), second.status().as_u16()),
        (200, 200)
    );
    assert_eq!(
        *claims.lock().unwrap(),
        json!({"beta": true, "support": true, "admin": true})
    );
}

#[tokio::test]
async fn support_staff_grant_nothing_and_nobody_changes_their_own_role() {
    let c = console_with(&[]).await;
    c.account_has("sam", json!({"support": true})).await;
    c.account_has("ada", json!({"admin": true})).await;
    c.email_finds("ada", json!({"admin": true})).await;
    let sam = token("sam", json!({"support": true}));
    // A token that still says admin: the account decides.
    let sam_claiming_admin = token("sam", json!({"support": true, "admin": true}));
    let ada = token("ada", json!({"admin": true}));
    let body =
        |email: &str| json!({"email": email, "role": "admin", "granted": true, "reason": "x"});

    let by_support = c.set_role(&sam, body("tess@example.com")).await;
    let by_stale_token = c
        .set_role(&sam_claiming_admin, body("tess@example.com"))
        .await;
    let own = c
        .set_role(
            &ada,
            json!({"email": "ada@example.com", "role": "admin", "granted": false, "reason": "x"}),
        )
        .await;
    let guest = c
        .app
        .client
        .post(c.app.url("/api/v1/support/staff"))
        .json(&body("a@b.c"))
        .send()
        .await
        .unwrap();

    assert_eq!(
        status_and_code(by_support).await,
        (403, "admin_required".to_owned())
    );
    assert_eq!(
        status_and_code(by_stale_token).await,
        (403, "admin_required".to_owned())
    );
    assert_eq!(status_and_code(own).await, (403, "own_record".to_owned()));
    assert_eq!(status_and_code(guest).await, (404, "not_found".to_owned()));
    assert!(claims_written(&c).await.is_empty());
    assert!(c.trail("ada").await.is_empty());
}
