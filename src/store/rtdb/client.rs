//! A small Firebase Realtime Database REST client on the gateway's shared `reqwest::Client`:
//! `{base}/{path}.json`, admin access by bearer token, ETag-conditional writes,
//! `print=silent` writes, JSON-quoted queries, per-request timeouts, and errors
//! that keep the status and the database's `{"error": "…"}` text.

use std::sync::Arc;
use std::time::Duration;

use reqwest::{Method, RequestBuilder, Response, StatusCode};
use serde_json::Value;
use url::Url;

use crate::store::{StoreError, StoreResult, valid_key};

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

/// A filtered read: `orderBy` a child (or `$key`), with optional bounds and limits.
#[derive(Debug, Default)]
pub struct Query<'a> {
    pub order_by: &'a str,
    pub equal_to: Option<Value>,
    pub start_at: Option<Value>,
    pub end_at: Option<Value>,
    pub limit_to_first: Option<usize>,
    pub limit_to_last: Option<usize>,
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

    /// `{base}/{segment}/…/{last}.json`, built segment by segment; every segment must be a
    /// valid key, so nothing in a path can escape it (`%2F`, `..`, `?`, `#`).
    fn url(&self, path: &str) -> StoreResult<Url> {
        let segments = path
            .trim_matches('/')
            .split('/')
            .map(valid_key)
            .collect::<StoreResult<Vec<_>>>()?;
        let (last, parents) = segments
            .split_last()
            .ok_or_else(|| StoreError::InvalidKey(String::new()))?;
        let mut url = self.base.clone();
        url.path_segments_mut()
            .map_err(|()| StoreError::Invalid(format!("{} cannot be a base URL", self.base)))?
            .pop_if_empty()
            .extend(parents)
            .push(&format!("{last}.json"));
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

    /// Children of `path` selected by `query` (the ordering child needs `.indexOn` in the
    /// rules). The database returns an object whose key order means nothing.
    pub async fn query(&self, path: &str, query: &Query<'_>) -> StoreResult<Value> {
        let quote = |v: &Value| v.to_string();
        let mut params = vec![("orderBy", quote(&Value::from(query.order_by)))];
        if let Some(v) = &query.equal_to {
            params.push(("equalTo", quote(v)));
        }
        if let Some(v) = &query.start_at {
            params.push(("startAt", quote(v)));
        }
        if let Some(v) = &query.end_at {
            params.push(("endAt", quote(v)));
        }
        if let Some(n) = query.limit_to_first {
            params.push(("limitToFirst", n.to_string()));
        }
        if let Some(n) = query.limit_to_last {
            params.push(("limitToLast", n.to_string()));
        }
        let request = self.request(Method::GET, path).await?.query(&params);
        Self::json(Self::send(request).await?).await
    }

    /// The keys directly under `path`.
    pub async fn shallow_keys(&self, path: &str) -> StoreResult<Vec<String>> {
        let request = self
            .request(Method::GET, path)
            .await?
            .query(&[("shallow", "true")]);
        match Self::json(Self::send(request).await?).await? {
            Value::Object(map) => Ok(map.into_iter().map(|(k, _)| k).collect()),
            _ => Ok(Vec::new()),
        }
    }

    /// Replaces `path` unconditionally.
    pub async fn put(&self, path: &str, value: &Value) -> StoreResult<()> {
        let request = self
            .request(Method::PUT, path)
            .await?
            .query(&[("print", "silent")])
            .json(value);
        Self::send(request).await.map(drop)
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
