//! Stripe's REST API with plain reqwest: form-encoded requests, bearer secret key, JSON
//! objects back, `{"error":{"type","message"}}` on failure. It implements the processor port
//! (`processor.rs`) on checkout sessions (`billing/session.rs`).

mod json;
mod processor;

use std::time::Duration;

use reqwest::{Method, RequestBuilder, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use serde_json::Value;
use url::Url;

use super::ProviderError;

pub struct StripeApi {
    http: reqwest::Client,
    base: Url,
    secret: SecretString,
    price: String,
    /// How long one call may take (`LUCENT_PAYMENTS_TIMEOUT`).
    timeout: Duration,
}

impl StripeApi {
    pub fn new(
        http: reqwest::Client,
        base: Url,
        secret: SecretString,
        price: String,
        timeout: Duration,
    ) -> Self {
        Self {
            http,
            base,
            secret,
            price,
            timeout,
        }
    }

    fn request(&self, method: Method, path: &str) -> Result<RequestBuilder, ProviderError> {
        let url = self
            .base
            .join(path)
            .map_err(|e| ProviderError::Refused(format!("{path}: {e}")))?;
        Ok(self
            .http
            .request(method, url)
            .bearer_auth(self.secret.expose_secret())
            .timeout(self.timeout))
    }

    /// Sends and returns the JSON object; `Ok(None)` for a 404 (no such object).
    async fn send(request: RequestBuilder) -> Result<Option<Value>, ProviderError> {
        let response = request.send().await.map_err(|e| {
            if e.is_timeout() {
                ProviderError::Timeout
            } else {
                ProviderError::Unavailable(e.to_string())
            }
        })?;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        if status.is_success() {
            return Ok(Some(body));
        }
        if status == StatusCode::NOT_FOUND {
            return Ok(None);
        }
        let kind = body["error"]["type"].as_str().unwrap_or("unknown");
        let message = body["error"]["message"].as_str().unwrap_or("no message");
        let said = format!("{status} {kind}: {message}");
        Err(
            if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
                ProviderError::Unavailable(said)
            } else {
                ProviderError::Refused(said)
            },
        )
    }
}
