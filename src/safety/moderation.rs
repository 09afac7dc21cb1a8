//! A hosted moderation service as a second opinion on explicit requests: OpenAI's
//! `POST /v1/moderations` (bearer key; `{"model", "input": [{"type": "text", "text"} |
//! {"type": "image_url", "image_url": {"url"}}]}`; `{"results": [{"flagged", "categories",
//! "category_scores", "category_applied_input_types"}]}`).
//!
//! Sexual content is what Lucent makes, so the service's `flagged` alone means nothing here:
//! only the categories our rules forbid count ([`FORBIDDEN`]). The service classifies
//! `sexual/minors` from text only; for images it sees violence, which in explicit imagery
//! is our `non_consent`.

use std::time::Duration;

use base64::Engine;
use reqwest::StatusCode;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use serde_json::{Value, json};
use url::Url;

use super::Category;
use crate::upstream::read_at_most;

/// Said at start and in the readiness answer when no moderation service is configured.
pub const NO_MODERATION: &str = "no moderation service is configured (LUCENT_MODERATION_KEY): \
    explicit requests and their images are judged by the word lists alone, which read words, \
    not meaning";

/// The service's categories that refuse an explicit request, and the rule each one is.
pub const FORBIDDEN: [(&str, Category); 2] = [
    ("sexual/minors", Category::Minor),
    ("violence/graphic", Category::NonConsent),
];

const TIMEOUT: Duration = Duration::from_secs(10);
/// An answer is a few kilobytes; anything much larger is not one.
const ANSWER_MAX: usize = 256 * 1024;

/// What is sent for a check.
#[derive(Debug, Clone, Copy)]
pub enum Input<'a> {
    Text(&'a str),
    Png(&'a [u8]),
}

/// What the service found that our rules forbid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flagged {
    /// The rule of the first forbidden category.
    pub category: Category,
    /// Every forbidden category the service flagged, in its names.
    pub by: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ModerationError {
    #[error("the moderation service did not answer in time")]
    Timeout,
    #[error("the moderation service is unavailable: {0}")]
    Unavailable(String),
}

pub struct Moderation {
    http: reqwest::Client,
    url: Url,
    key: SecretString,
    model: String,
}

#[derive(Deserialize)]
struct Answer {
    results: Vec<Verdict>,
}

#[derive(Deserialize)]
struct Verdict {
    /// A category the model does not score for an input type is `null`.
    categories: serde_json::Map<String, Value>,
}

impl Moderation {
    pub fn new(
        http: reqwest::Client,
        base: &Url,
        key: SecretString,
        model: String,
    ) -> Result<Self, url::ParseError> {
        Ok(Self {
            http,
            url: base.join("v1/moderations")?,
            key,
            model,
        })
    }

    /// What the service flagged of `input` that our rules forbid; none: it may be made.
    pub async fn check(&self, input: Input<'_>) -> Result<Option<Flagged>, ModerationError> {
        let input = match input {
            Input::Text(text) => json!({"type": "text", "text": text}),
            Input::Png(png) => {
                let data = base64::engine::general_purpose::STANDARD.encode(png);
                json!({"type": "image_url", "image_url": {"url": format!("data:image/png;base64,{data}")}})
            }
        };
        let response = self
            .http
            .post(self.url.clone())
            .bearer_auth(self.key.expose_secret())
            .timeout(TIMEOUT)
            .json(&json!({"model": self.model, "input": [input]}))
            .send()
            .await
            .map_err(|e| {
                if e.is_timeout() {
                    ModerationError::Timeout
                } else {
                    ModerationError::Unavailable(e.to_string())
                }
            })?;
        let status = response.status();
        let body = read_at_most(response, ANSWER_MAX)
            .await
            .map_err(|e| ModerationError::Unavailable(e.to_string()))?;
        if status != StatusCode::OK {
            // A refused key or request is as unusable as an outage: the request waits, and
            // the log says why (the body carries no user input, only the service's reason).
            let said: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            let message = said["error"]["message"].as_str().unwrap_or("no message");
            return Err(ModerationError::Unavailable(format!("{status}: {message}")));
        }
        let answer: Answer = serde_json::from_slice(&body)
            .map_err(|e| ModerationError::Unavailable(format!("an unreadable answer: {e}")))?;
        if answer.results.is_empty() {
            return Err(ModerationError::Unavailable(
                "an answer without results".into(),
            ));
        }
        let by: Vec<String> = FORBIDDEN
            .iter()
            .filter(|(name, _)| {
                answer
                    .results
                    .iter()
                    .any(|r| r.categories.get(*name) == Some(&Value::Bool(true)))
            })
            .map(|(name, _)| (*name).to_owned())
            .collect();
        let category = FORBIDDEN
            .iter()
            .find(|(name, _)| by.iter().any(|b| b == name))
            .map(|(_, category)| *category);
        Ok(category.map(|category| Flagged { category, by }))
    }
}
