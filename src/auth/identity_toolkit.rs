//! Firebase Auth accounts through the Identity Toolkit admin REST API: who holds a staff role
//! now (custom claims), and granting or revoking one. Google's API with a service account in
//! production; the Auth emulator's copy of it (`Bearer owner`) locally.

use std::sync::Arc;

use serde::Deserialize;
use serde_json::{Map, Value, json};
use tokio::sync::OnceCell;
use url::Url;

use crate::auth::Roles;

const SCOPES: &[&str] = &["https://www.googleapis.com/auth/cloud-platform"];

#[derive(Debug, Clone, thiserror::Error)]
pub enum AccountsError {
    #[error("the accounts service is unavailable: {0}")]
    Unavailable(String),
    #[error("the accounts service refused: {0}")]
    Refused(String),
}

/// How calls are authorised.
pub enum AccountsAuth {
    /// The Auth emulator's admin token.
    EmulatorOwner,
    /// A Google OAuth2 token from the ambient credentials, found on first use so that an
    /// instance without them starts (and only the console fails).
    Google(OnceCell<Arc<dyn gcp_auth::TokenProvider>>),
}

/// One account as the service reports it.
#[derive(Debug, Clone, PartialEq)]
pub struct Account {
    pub uid: String,
    pub email: Option<String>,
    /// Every custom claim, roles included.
    pub claims: Map<String, Value>,
    pub email_verified: bool,
    pub disabled: bool,
    /// Sessions that began before this (seconds) are revoked.
    pub valid_since: Option<i64>,
}

impl Account {
    /// The roles the claims name. Only a verified email holds one: roles are granted by email,
    /// and an unverified address may belong to anyone who typed it.
    pub fn roles(&self) -> Roles {
        let on =
            |name: &str| self.email_verified && self.claims.get(name) == Some(&Value::Bool(true));
        Roles {
            support: on("support"),
            admin: on("admin"),
        }
    }

    /// The roles a session that began at `auth_time` (seconds) holds now: none once the
    /// account is disabled or its sessions from before `validSince` were revoked.
    pub fn roles_for_session(&self, auth_time: i64) -> Roles {
        let revoked = self.valid_since.is_some_and(|since| auth_time < since);
        if self.disabled || revoked {
            Roles::default()
        } else {
            self.roles()
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Found {
    #[serde(default)]
    users: Vec<RawAccount>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawAccount {
    local_id: String,
    email: Option<String>,
    /// A JSON object, as a string.
    custom_attributes: Option<String>,
    /// Absent means false, for both.
    #[serde(default)]
    email_verified: bool,
    #[serde(default)]
    disabled: bool,
    /// Seconds, as a string.
    valid_since: Option<String>,
}

pub struct Accounts {
    http: reqwest::Client,
    /// `https://identitytoolkit.googleapis.com/v1/projects/{project}/`, or the emulator's.
    base: Url,
    auth: AccountsAuth,
}

impl Accounts {
    /// `root` is `https://identitytoolkit.googleapis.com/` or
    /// `http://<emulator host>/identitytoolkit.googleapis.com/`.
    pub fn new(http: reqwest::Client, root: &Url, project: &str, auth: AccountsAuth) -> Self {
        let base = root
            .join(&format!("v1/projects/{project}/"))
            .expect("a project id is a path segment");
        Self { http, base, auth }
    }

    async fn token(&self) -> Result<String, AccountsError> {
        match &self.auth {
            AccountsAuth::EmulatorOwner => Ok("owner".to_owned()),
            AccountsAuth::Google(cell) => {
                let provider = cell
                    .get_or_try_init(gcp_auth::provider)
                    .await
                    .map_err(|e| {
                        AccountsError::Unavailable(format!("no Google credentials: {e}"))
                    })?;
                let token = provider
                    .token(SCOPES)
                    .await
                    .map_err(|e| AccountsError::Unavailable(format!("no access token: {e}")))?;
                Ok(token.as_str().to_owned())
            }
        }
    }

    async fn call(&self, method: &str, body: Value) -> Result<Value, AccountsError> {
        // "./": a first segment with a colon would read as a URL scheme.
        let url = self
            .base
            .join(&format!("./accounts:{method}"))
            .expect("a fixed method name");
        let response = self
            .http
            .post(url)
            .bearer_auth(self.token().await?)
            .json(&body)
            .send()
            .await
            .map_err(|e| AccountsError::Unavailable(e.to_string()))?;
        let status = response.status();
        let answer: Value = response
            .json()
            .await
            .map_err(|e| AccountsError::Unavailable(format!("unreadable answer: {e}")))?;
        if status.is_success() {
            return Ok(answer);
        }
        let message = answer["error"]["message"].as_str().unwrap_or("no message");
        if status.is_server_error() {
            Err(AccountsError::Unavailable(format!("{status}: {message}")))
        } else {
            Err(AccountsError::Refused(format!("{status}: {message}")))
        }
    }

    async fn lookup(&self, query: Value) -> Result<Vec<Account>, AccountsError> {
        let found: Found = serde_json::from_value(self.call("lookup", query).await?)
            .map_err(|e| AccountsError::Unavailable(format!("unexpected answer: {e}")))?;
        Ok(found
            .users
            .into_iter()
            .map(|raw| Account {
                claims: raw
                    .custom_attributes
                    .and_then(|a| serde_json::from_str(&a).ok())
                    .unwrap_or_default(),
                uid: raw.local_id,
                email: raw.email,
                email_verified: raw.email_verified,
                disabled: raw.disabled,
                valid_since: raw.valid_since.and_then(|s| s.parse().ok()),
            })
            .collect())
    }

    pub async fn by_uid(&self, uid: &str) -> Result<Option<Account>, AccountsError> {
        Ok(self.lookup(json!({ "localId": [uid] })).await?.pop())
    }

    pub async fn by_email(&self, email: &str) -> Result<Vec<Account>, AccountsError> {
        self.lookup(json!({ "email": [email] })).await
    }

    /// Deletes the account (`accounts:delete`); one already gone counts as deleted.
    pub async fn delete(&self, uid: &str) -> Result<(), AccountsError> {
        match self.call("delete", json!({ "localId": uid })).await {
            Err(AccountsError::Refused(why)) if why.contains("USER_NOT_FOUND") => Ok(()),
            done => done.map(drop),
        }
    }

    /// Replaces the account's custom claims with `claims`.
    pub async fn set_claims(
        &self,
        uid: &str,
        claims: &Map<String, Value>,
    ) -> Result<(), AccountsError> {
        let attributes = Value::Object(claims.clone()).to_string();
        self.call(
            "update",
            json!({ "localId": uid, "customAttributes": attributes }),
        )
        .await
        .map(drop)
    }
}
