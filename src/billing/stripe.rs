//! Stripe's REST API with plain reqwest: form-encoded requests, bearer secret key, JSON
//! objects back, `{"error":{"type","message"}}` on failure.

use std::time::Duration;

use async_trait::async_trait;
use reqwest::{Method, RequestBuilder, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use serde_json::Value;
use url::Url;

use super::ProviderError;
use super::payments::{
    CheckoutSession, NewCheckout, Payments, SessionInfo, SubscriptionInfo, is_provider_id,
};

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

/// A field that Stripe sends as an id or, when expanded, as the object.
fn id_of(v: &Value) -> Option<String> {
    v.as_str()
        .map(str::to_owned)
        .or_else(|| v["id"].as_str().map(str::to_owned))
}

pub fn session_from_json(v: &Value) -> Option<SessionInfo> {
    Some(SessionInfo {
        id: v["id"].as_str()?.to_owned(),
        status: v["status"].as_str().unwrap_or("open").to_owned(),
        payment_status: v["payment_status"].as_str().unwrap_or("unpaid").to_owned(),
        client_reference_id: v["client_reference_id"].as_str().map(str::to_owned),
        customer: id_of(&v["customer"]),
        subscription: id_of(&v["subscription"]),
    })
}

pub fn subscription_from_json(v: &Value) -> Option<SubscriptionInfo> {
    // API versions since 2025-03-31 carry the period on the items, older ones on the object.
    let period_end = v["current_period_end"]
        .as_i64()
        .or_else(|| v["items"]["data"][0]["current_period_end"].as_i64());
    Some(SubscriptionInfo {
        id: v["id"].as_str()?.to_owned(),
        customer: id_of(&v["customer"])?,
        status: v["status"].as_str()?.to_owned(),
        current_period_end: period_end,
        uid: v["metadata"]["uid"].as_str().map(str::to_owned),
    })
}

#[async_trait]
impl Payments for StripeApi {
    async fn create_checkout(&self, new: &NewCheckout) -> Result<CheckoutSession, ProviderError> {
        let mut form = vec![
            ("mode", "subscription".to_owned()),
            ("line_items[0][price]", self.price.clone()),
            ("line_items[0][quantity]", "1".to_owned()),
            ("client_reference_id", new.uid.clone()),
            ("subscription_data[metadata][uid]", new.uid.clone()),
            ("metadata[uid]", new.uid.clone()),
            ("success_url", new.success_url.clone()),
            ("cancel_url", new.cancel_url.clone()),
        ];
        match (&new.customer, &new.email) {
            (Some(customer), _) => form.push(("customer", customer.clone())),
            (None, Some(email)) => form.push(("customer_email", email.clone())),
            (None, None) => {}
        }
        let request = self
            .request(Method::POST, "v1/checkout/sessions")?
            .header("Idempotency-Key", &new.idempotency_key)
            .form(&form);
        let body = Self::send(request)
            .await?
            .ok_or_else(|| ProviderError::Refused("no checkout endpoint here".into()))?;
        match (body["id"].as_str(), body["url"].as_str()) {
            (Some(id), Some(url)) => Ok(CheckoutSession {
                id: id.to_owned(),
                url: url.to_owned(),
            }),
            _ => Err(ProviderError::Refused("a session without a URL".into())),
        }
    }

    async fn session(&self, id: &str) -> Result<Option<SessionInfo>, ProviderError> {
        if !is_provider_id(id) {
            return Ok(None);
        }
        let body =
            Self::send(self.request(Method::GET, &format!("v1/checkout/sessions/{id}"))?).await?;
        Ok(body.as_ref().and_then(session_from_json))
    }

    async fn subscription(&self, id: &str) -> Result<Option<SubscriptionInfo>, ProviderError> {
        if !is_provider_id(id) {
            return Ok(None);
        }
        let body =
            Self::send(self.request(Method::GET, &format!("v1/subscriptions/{id}"))?).await?;
        Ok(body.as_ref().and_then(subscription_from_json))
    }

    /// `DELETE /v1/subscriptions/{id}`: canceled at once. Stripe refuses (400) to cancel one
    /// that is already canceled; that one is read and answered as it is.
    async fn cancel_subscription(
        &self,
        id: &str,
    ) -> Result<Option<SubscriptionInfo>, ProviderError> {
        if !is_provider_id(id) {
            return Ok(None);
        }
        let path = format!("v1/subscriptions/{id}");
        match Self::send(self.request(Method::DELETE, &path)?).await {
            Ok(body) => Ok(body.as_ref().and_then(subscription_from_json)),
            Err(ProviderError::Refused(why)) => match self.subscription(id).await? {
                Some(sub) if sub.status == "canceled" => Ok(Some(sub)),
                _ => Err(ProviderError::Refused(why)),
            },
            Err(e) => Err(e),
        }
    }

    async fn portal(&self, customer: &str, return_url: &str) -> Result<String, ProviderError> {
        let request = self
            .request(Method::POST, "v1/billing_portal/sessions")?
            .form(&[("customer", customer), ("return_url", return_url)]);
        let body = Self::send(request).await?.unwrap_or(Value::Null);
        body["url"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| ProviderError::Refused("a portal session without a URL".into()))
    }
}
