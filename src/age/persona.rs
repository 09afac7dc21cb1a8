//! Persona, the production provider: JSON:API over HTTPS with a bearer key
//! (docs/persona-wire.md has the wire format and where each part is documented).
//!
//! - start: `POST /inquiries` with the template and the uid as `reference-id` (or the pending
//!   inquiry, resumed), then `POST /inquiries/{id}/generate-one-time-link`, whose link opens
//!   the hosted flow; the flow sends the user back to `redirect-uri`.
//! - inquiry: `GET /inquiries/{id}?include=verifications`: `status`, `reference-id`,
//!   `decisioned-at`, and the birth date of a *passed* verification (the government ID's).
//!   The inquiry's own `birthdate` field is not read: Persona documents fields as data the
//!   user may fill in, not as what the document proved.
//! - redact: `DELETE /inquiries/{id}` (409 once redacted, 404 when gone: both are done).
//! - every inquiry of an account, to redact them all: `GET /inquiries?filter[reference-id]=`,
//!   a hundred a page, following `links.next`'s `page[after]` cursor (§4).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate};
use reqwest::{Method, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use url::Url;

use super::{Inquiry, Provider, ProviderError, Started};

/// The API version every request names, so that a change of Persona's default does not change
/// what the gateway reads.
pub const VERSION: &str = "2023-01-05";

pub struct Persona {
    http: reqwest::Client,
    /// `https://api.withpersona.com/api/v1`, or a local server in tests.
    base: Url,
    key: SecretString,
    template: String,
}

/// A JSON:API document with one inquiry.
#[derive(Deserialize)]
struct Document {
    data: Resource,
    #[serde(default)]
    included: Vec<Included>,
    #[serde(default)]
    meta: Value,
}

/// A page of inquiries.
#[derive(Deserialize)]
struct Page {
    data: Vec<Listed>,
    #[serde(default)]
    links: Value,
}

#[derive(Deserialize)]
struct Listed {
    id: String,
}

/// A page holds at most this many (Persona's most; its default is 10).
const PAGE_SIZE: usize = 100;
/// Enough pages for any real account; a provider that never ends its list is not followed on.
const MOST_PAGES: usize = 20;

/// A related object: the verifications are read for their birth date.
#[derive(Deserialize)]
struct Included {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    attributes: Value,
}

impl Included {
    /// The birth date a passed verification read from the person's document.
    fn verified_birthdate(&self) -> Option<NaiveDate> {
        if !self.kind.starts_with("verification/") || self.attributes["status"] != "passed" {
            return None;
        }
        let date = self.attributes["birthdate"].as_str()?;
        NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()
    }
}

#[derive(Deserialize)]
struct Resource {
    id: String,
    attributes: Attributes,
    #[serde(default)]
    relationships: Value,
}

impl Resource {
    /// The template the inquiry was made from: `inquiry-template` for an inquiry of a Dynamic
    /// Flow template (`itmpl_`), `template` for a legacy one (docs/persona-wire.md, §3).
    fn template(&self) -> Option<String> {
        ["inquiry-template", "template"]
            .iter()
            .find_map(|r| self.relationships[r]["data"]["id"].as_str())
            .map(str::to_owned)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Attributes {
    status: String,
    #[serde(default)]
    reference_id: Option<String>,
    #[serde(default)]
    decisioned_at: Option<String>,
}

impl Persona {
    pub fn new(http: reqwest::Client, base: Url, key: SecretString, template: String) -> Self {
        Self {
            http,
            base,
            key,
            template,
        }
    }

    fn url(&self, path: &str) -> Result<Url, ProviderError> {
        let base = self.base.as_str().trim_end_matches('/');
        Url::parse(&format!("{base}/{path}"))
            .map_err(|e| ProviderError::Refused(format!("PERSONA_API_BASE: {e}")))
    }

    /// One call; `None` for 404.
    async fn call<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<Option<T>, ProviderError> {
        let mut request = self
            .http
            .request(method.clone(), self.url(path)?)
            .bearer_auth(self.key.expose_secret())
            .header("Persona-Version", VERSION)
            .header("Key-Inflection", "kebab");
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request
            .send()
            .await
            .map_err(|e| ProviderError::Unavailable(format!("{method} {path}: {e}")))?;
        let status = response.status();
        if status == StatusCode::NOT_FOUND
            || (method == Method::DELETE && status == StatusCode::CONFLICT)
        {
            return Ok(None);
        }
        let text = response
            .text()
            .await
            .map_err(|e| ProviderError::Unavailable(format!("{method} {path}: {e}")))?;
        if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
            return Err(ProviderError::Unavailable(format!(
                "{method} {path}: {status} {}",
                error_title(&text)
            )));
        }
        if !status.is_success() {
            return Err(ProviderError::Refused(format!(
                "{method} {path}: {status} {}",
                error_title(&text)
            )));
        }
        if text.trim().is_empty() {
            return Ok(None);
        }
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| ProviderError::Refused(format!("{method} {path}: {e}")))
    }

    async fn document(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<Document, ProviderError> {
        self.call(method, path, body)
            .await?
            .ok_or_else(|| ProviderError::Refused(format!("{path}: not found")))
    }
}

/// An inquiry id as Persona makes them (`inq_…`): an id from a webhook must not reach another
/// path of the API.
fn checked(id: &str) -> Result<&str, ProviderError> {
    let fine = !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    fine.then_some(id)
        .ok_or_else(|| ProviderError::Refused(format!("{id:?} is no inquiry id")))
}

/// The first error's title and detail, from Persona's `{"errors": [{"title", "details"}]}`.
fn error_title(body: &str) -> String {
    let parsed: Value = serde_json::from_str(body).unwrap_or_default();
    let first = &parsed["errors"][0];
    [&first["title"], &first["details"]]
        .iter()
        .filter_map(|v| v.as_str())
        .collect::<Vec<_>>()
        .join(": ")
}

fn millis(at: Option<&str>) -> Option<i64> {
    at.and_then(|at| DateTime::parse_from_rfc3339(at).ok())
        .map(|at| at.timestamp_millis())
}

#[async_trait]
impl Provider for Persona {
    fn name(&self) -> &'static str {
        "persona"
    }

    fn template(&self) -> Option<&str> {
        Some(&self.template)
    }

    async fn start(
        &self,
        uid: &str,
        resume: Option<&str>,
        return_to: &str,
    ) -> Result<Started, ProviderError> {
        let id = match resume {
            Some(id) => id.to_owned(),
            None => {
                let body = json!({ "data": { "attributes": {
                    "inquiry-template-id": self.template,
                    "reference-id": uid,
                    "redirect-uri": return_to,
                }}});
                self.document(Method::POST, "inquiries", Some(body))
                    .await?
                    .data
                    .id
            }
        };
        let link = self
            .document(
                Method::POST,
                &format!("inquiries/{id}/generate-one-time-link"),
                None,
            )
            .await?;
        let url = link.meta["one-time-link"]
            .as_str()
            .ok_or_else(|| ProviderError::Refused("no one-time-link in the answer".into()))?
            .to_owned();
        Ok(Started { reference: id, url })
    }

    async fn inquiry(&self, id: &str) -> Result<Inquiry, ProviderError> {
        let document = self
            .document(
                Method::GET,
                &format!("inquiries/{}?include=verifications", checked(id)?),
                None,
            )
            .await?;
        let birthdate = document
            .included
            .iter()
            .find_map(Included::verified_birthdate);
        let template = document.data.template();
        let attributes = document.data.attributes;
        Ok(Inquiry {
            template,
            id: document.data.id,
            reference_id: attributes.reference_id.unwrap_or_default(),
            status: attributes.status,
            birthdate,
            decided_at: millis(attributes.decisioned_at.as_deref()),
        })
    }

    async fn redact(&self, id: &str) -> Result<(), ProviderError> {
        self.call::<Value>(Method::DELETE, &format!("inquiries/{}", checked(id)?), None)
            .await
            .map(drop)
    }

    async fn inquiries_of(&self, uid: &str) -> Result<Vec<String>, ProviderError> {
        let encode =
            |v: &str| url::form_urlencoded::byte_serialize(v.as_bytes()).collect::<String>();
        let mut ids: Vec<String> = Vec::new();
        let mut after: Option<String> = None;
        for _ in 0..MOST_PAGES {
            let mut path = format!(
                "inquiries?filter%5Breference-id%5D={}&page%5Bsize%5D={PAGE_SIZE}",
                encode(uid)
            );
            if let Some(after) = &after {
                path.push_str(&format!("&page%5Bafter%5D={}", encode(after)));
            }
            let Some(page) = self.call::<Page>(Method::GET, &path, None).await? else {
                break;
            };
            let last = page.data.last().map(|i| i.id.clone());
            ids.extend(page.data.into_iter().map(|i| i.id));
            // Whether `links.next` keeps the filters is not documented: it is read only for
            // whether there is a next page, whose cursor is this page's last id, and the
            // filters are sent again (docs/persona-wire.md, §4).
            let more = page.links["next"]
                .as_str()
                .is_some_and(|next| !next.is_empty());
            match last {
                Some(last) if more => after = Some(last),
                _ => break,
            }
        }
        Ok(ids)
    }
}
