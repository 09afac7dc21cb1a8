//! The support console's API (`src/http/staff`), one file per part of it as the routes are
//! split: only accounts that hold a staff role now get in; everyone else meets the 404 of a path
//! that does not exist. The Auth emulator's accounts API is played by a local server in its wire
//! format (Identity Toolkit `accounts:lookup` and `accounts:update`). Here: the console as a test
//! arranges it, shared by every part.

mod access;
mod actions;
mod card;
mod grants;
mod images;
mod roles;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use wiremock::matchers::{body_partial_json, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::billing::{mount_subscription, subscription};
use crate::builder::TestAppBuilder;
use crate::helpers::{TestApp, spawn_app};
use crate::test_keys::{claims, unsigned};

const ACCOUNTS: &str = "/identitytoolkit.googleapis.com/v1/projects/demo-lucent/accounts";

/// The gateway in emulator mode, its accounts API (and, if given, its database) local servers.
pub struct Console {
    pub app: TestApp,
    pub accounts: MockServer,
}

pub async fn console(database: Option<&MockServer>) -> Console {
    let app = TestApp::builder();
    match database {
        Some(db) => {
            console_with(
                app.database(
                    "https://demo-lucent-default-rtdb.firebaseio.com",
                    db.uri().trim_start_matches("http://"),
                )
                // A database that hangs is given up on after 2 s, not the default 5.
                .store_timeout(Duration::from_secs(2)),
            )
            .await
        }
        None => console_with(app).await,
    }
}

/// `app` in emulator mode.
pub async fn console_with(app: TestAppBuilder) -> Console {
    let accounts = accounts_service().await;
    let host = accounts.uri().trim_start_matches("http://").to_owned();
    Console {
        app: app.auth_emulator(&host).spawn().await,
        accounts,
    }
}

/// A console where sam holds the support role; sam's token.
pub async fn console_for_sam(app: TestAppBuilder) -> (Console, String) {
    let c = console_with(app).await;
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

/// The emulator's accounts API (Identity Toolkit), knowing no uid until told
/// ([`account_on`]): it answers an unknown one without `users`.
pub async fn accounts_service() -> MockServer {
    let accounts = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(format!("{ACCOUNTS}:lookup")))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"kind": "identitytoolkit#GetAccountInfoResponse"})),
        )
        .with_priority(10)
        .mount(&accounts)
        .await;
    accounts
}

/// `accounts` answers lookups of `uid` with this record.
pub async fn account_on(accounts: &MockServer, uid: &str, record: Value) {
    Mock::given(method("POST"))
        .and(path(format!("{ACCOUNTS}:lookup")))
        .and(body_partial_json(json!({ "localId": [uid] })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "kind": "identitytoolkit#GetAccountInfoResponse",
            "users": [record],
        })))
        .mount(accounts)
        .await;
}

impl Console {
    /// The accounts API answers lookups of `uid` with these custom claims (a verified email,
    /// enabled, no revocation).
    pub async fn account_has(&self, uid: &str, custom: Value) {
        self.account_is(uid, account(uid, custom)).await;
    }

    /// The accounts API answers lookups of `uid` with this record.
    pub async fn account_is(&self, uid: &str, record: Value) {
        account_on(&self.accounts, uid, record).await;
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

/// `uid`'s credits as their own profile shows them.
pub async fn quota_of(c: &Console, uid: &str) -> Value {
    c.json(&token(uid, json!({})), "/api/v1/me").await["quota"].clone()
}

/// The custom claims written, by uid, in order.
pub async fn claims_written(c: &Console) -> Vec<(String, Value)> {
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
