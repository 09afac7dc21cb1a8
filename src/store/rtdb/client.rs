//! A small Firebase Realtime Database REST client on the gateway's shared `reqwest::Client`:
//! `{base}/{path}.json`, admin access by bearer token, ETag-conditional writes, server
//! increments, `print=silent` writes, JSON-quoted queries, per-request timeouts, and errors
//! that keep the status and the database's `{"error": "…"}` text.

use std::sync::Arc;
use std::time::Duration;

use reqwest::{Method, RequestBuilder, Response, StatusCode};
use serde_json::Value;
use url::Url;

use crate::store::{StoreError, StoreResult};

const SCOPES: &[&str] = &[
    "https://www.googleapis.com/auth/firebase.database",
    "https://www.googleapis.com/auth/userinfo.email",
];

/// How the gateway proves it is the admin.
#[derive(Clone)]
pub enum Credentials {
    /// The Database emulator's admin token.
    EmulatorOwner,
    /// A Google OAuth2 access token (service account or metadata server), cached and renewed
    /// by `gcp_auth`.
    Google(Arc<dyn gcp_auth::TokenProvider>),
}

/// A value read with its ETag, for a later conditional write.
#[derive(Debug, Clone)]
pub struct Versioned {
    pub value: Value,
    pub etag: String,
}

/// What a conditional write found.
#[derive(Debug)]
pub enum Conditional {
    Written,
    /// Someone wrote first; here is what is there now.
    Stale(Versioned),
}

#[derive(Clone)]
pub struct RtdbClient {
    http: reqwest::Client,
    base: Url,
    /// `ns=` for the emulator, which serves every database from one host.
    namespace: Option<String>,
    credentials: Credentials,
    timeout: Duration,
}

impl RtdbClient {
    pub fn new(
        http: reqwest::Client,
        base: Url,
        namespace: Option<String>,
        credentials: Credentials,
        timeout: Duration,
    ) -> Self {
        Self {
            http,
            base,
            namespace,
            credentials,
            timeout,
        }
    }

    fn url(&self, path: &str) -> StoreResult<Url> {
        let clean = path.trim_matches('/');
        let mut url = self
            .base
            .join(&format!("{clean}.json"))
            .map_err(|e| StoreError::Invalid(format!("path {path:?}: {e}")))?;
        if let Some(ns) = &self.namespace {
            url.query_pairs_mut().append_pair("ns", ns);
        }
        Ok(url)
    }

    async fn request(&self, method: Method, path: &str) -> StoreResult<RequestBuilder> {
        let token = match &self.credentials {
            Credentials::EmulatorOwner => "owner".to_owned(),
            Credentials::Google(provider) => provider
                .token(SCOPES)
                .await
                .map_err(|e| StoreError::Unavailable(format!("no access token: {e}")))?
                .as_str()
                .to_owned(),
        };
        Ok(self
            .http
            .request(method, self.url(path)?)
            .bearer_auth(token)
            .timeout(self.timeout))
    }

    async fn send(builder: RequestBuilder) -> StoreResult<Response> {
        let response = builder.send().await.map_err(|e| {
            if e.is_timeout() {
                StoreError::Timeout
            } else {
                StoreError::Unavailable(e.to_string())
            }
        })?;
        let status = response.status();
        if status.is_success() || status == StatusCode::PRECONDITION_FAILED {
            return Ok(response);
        }
        let text = response.text().await.unwrap_or_default();
        let message = serde_json::from_str::<Value>(&text)
            .ok()
            .and_then(|v| v["error"].as_str().map(str::to_owned))
            .unwrap_or(text);
        Err(
            if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
                StoreError::Unavailable(format!("{status}: {message}"))
            } else {
                StoreError::Rejected {
                    status: status.as_u16(),
                    message,
                }
            },
        )
    }

    async fn json(response: Response) -> StoreResult<Value> {
        response.json().await.map_err(|e| {
            if e.is_timeout() {
                StoreError::Timeout
            } else {
                StoreError::Invalid(format!("response body: {e}"))
            }
        })
    }

    pub async fn get(&self, path: &str) -> StoreResult<Value> {
        Self::json(Self::send(self.request(Method::GET, path).await?).await?).await
    }

    /// Reads `path` with its ETag.
    pub async fn get_versioned(&self, path: &str) -> StoreResult<Versioned> {
        let request = self
            .request(Method::GET, path)
            .await?
            .header("X-Firebase-ETag", "true");
        let response = Self::send(request).await?;
        let etag = etag_of(&response)?;
        Ok(Versioned {
            value: Self::json(response).await?,
            etag,
        })
    }

    /// Writes `value` only if `path` still has `etag`.
    pub async fn put_if_match(
        &self,
        path: &str,
        value: &Value,
        etag: &str,
    ) -> StoreResult<Conditional> {
        let request = self
            .request(Method::PUT, path)
            .await?
            .header("if-match", etag)
            .query(&[("print", "silent")])
            .json(value);
        let response = Self::send(request).await?;
        if response.status() == StatusCode::PRECONDITION_FAILED {
            let etag = etag_of(&response)?;
            return Ok(Conditional::Stale(Versioned {
                value: Self::json(response).await?,
                etag,
            }));
        }
        Ok(Conditional::Written)
    }

    /// Appends under `path`; returns the database's push id.
    pub async fn push(&self, path: &str, value: &Value) -> StoreResult<String> {
        let response = Self::send(self.request(Method::POST, path).await?.json(value)).await?;
        let body = Self::json(response).await?;
        body["name"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| StoreError::Invalid(format!("push answered {body}")))
    }

    /// Children of `path` whose `child` equals `value` (needs `.indexOn` in the rules).
    pub async fn query_equal(
        &self,
        path: &str,
        child: &str,
        value: &str,
        limit: u32,
    ) -> StoreResult<Value> {
        let order_by =
            serde_json::to_string(child).map_err(|e| StoreError::Invalid(e.to_string()))?;
        let equal_to =
            serde_json::to_string(value).map_err(|e| StoreError::Invalid(e.to_string()))?;
        let request = self.request(Method::GET, path).await?.query(&[
            ("orderBy", order_by.as_str()),
            ("equalTo", equal_to.as_str()),
            ("limitToFirst", &limit.to_string()),
        ]);
        Self::json(Self::send(request).await?).await
    }
}

fn etag_of(response: &Response) -> StoreResult<String> {
    response
        .headers()
        .get("etag")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .ok_or_else(|| StoreError::Invalid("the database sent no ETag".into()))
}
