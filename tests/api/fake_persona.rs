//! A local server speaking Persona's REST wire format (docs/persona-wire.md): JSON:API bodies
//! in kebab-case, inquiries under `/api/v1/inquiries`, the government-ID verification with the
//! verified birth date in `included`, one-time links in `meta`, and the signed webhook events
//! Persona sends.

use serde_json::{Value, json};
use wiremock::matchers::{header, method, path, query_param, query_param_is_missing};
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

pub const KEY: &str = "persona_sandbox_5c1e7a2b-90d4-4f6e-8a3b-1d2c3e4f5a6b";
pub const TEMPLATE: &str = "itmpl_Lucent18plus";
pub const SECRET: &str = "wbhsec_current-7e2d4c9a-51b0";
/// The webhook secret being rotated out, still accepted beside [`SECRET`].
pub const PREVIOUS_SECRET: &str = "wbhsec_previous-3a8f6b1c-d2e4";

pub struct FakePersona {
    pub server: MockServer,
}

/// An inquiry of the gateway's template as Persona serialises it at version 2023-01-05.
pub fn inquiry(id: &str, reference: &str, status: &str) -> Value {
    inquiry_from(TEMPLATE, id, reference, status)
}

/// An inquiry made from `template`.
pub fn inquiry_from(template: &str, id: &str, reference: &str, status: &str) -> Value {
    json!({
        "type": "inquiry",
        "id": id,
        "attributes": {
            "status": status,
            "reference-id": reference,
            "created-at": "2026-11-26T08:00:00.000Z",
            "decisioned-at": if matches!(status, "approved" | "declined") {
                Value::from("2026-11-26T08:05:00.000Z")
            } else {
                Value::Null
            },
            // A field the user may type: the gateway must not trust it.
            "birthdate": "1970-01-01",
            "fields": { "birthdate": { "type": "date", "value": "1970-01-01" } },
        },
        "relationships": {
            "inquiry-template": { "data": { "type": "inquiry-template", "id": template } },
            "template": { "data": {} },
            "verifications": { "data": [
                { "type": "verification/government-id", "id": "ver_1" }
            ]},
        },
    })
}

/// Answers `POST /inquiries` with a new inquiry for the posted reference id.
struct Creates(String);

impl Respond for Creates {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let body: Value = serde_json::from_slice(&request.body).unwrap_or_default();
        let reference = body["data"]["attributes"]["reference-id"]
            .as_str()
            .unwrap_or_default();
        ResponseTemplate::new(201)
            .set_body_json(json!({ "data": inquiry(&self.0, reference, "created") }))
    }
}

impl FakePersona {
    pub async fn start() -> Self {
        Self {
            server: MockServer::start().await,
        }
    }

    /// `PERSONA_API_BASE` for the gateway.
    pub fn base(&self) -> String {
        format!("{}/api/v1", self.server.uri())
    }

    /// New inquiries get `id`; every call must carry the key and the pinned version.
    pub async fn creates(&self, id: &str) {
        Mock::given(method("POST"))
            .and(path("/api/v1/inquiries"))
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .and(header("persona-version", "2023-01-05"))
            .and(header("key-inflection", "kebab"))
            .respond_with(Creates(id.to_owned()))
            .mount(&self.server)
            .await;
        Mock::given(method("POST"))
            .and(path(format!(
                "/api/v1/inquiries/{id}/generate-one-time-link"
            )))
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .respond_with(ResponseTemplate::new(201).set_body_json(json!({
                "data": inquiry(id, "", "created"),
                "meta": {
                    "one-time-link": format!("https://withpersona.com/verify?code={id}-otl"),
                    "one-time-link-short": "https://perso.na/abc",
                },
            })))
            .mount(&self.server)
            .await;
    }

    /// `GET /inquiries/{id}` answers `status` for `reference`, with a passed government-ID
    /// verification of `born` when given.
    pub async fn reads(&self, id: &str, reference: &str, status: &str, born: Option<&str>) {
        self.reads_from(TEMPLATE, id, reference, status, born).await;
    }

    /// The same for an inquiry made from `template`.
    pub async fn reads_from(
        &self,
        template: &str,
        id: &str,
        reference: &str,
        status: &str,
        born: Option<&str>,
    ) {
        let included: Vec<Value> = born
            .map(|born| {
                json!({
                    "type": "verification/government-id",
                    "id": "ver_1",
                    "attributes": { "status": "passed", "birthdate": born },
                })
            })
            .into_iter()
            .collect();
        Mock::given(method("GET"))
            .and(path(format!("/api/v1/inquiries/{id}")))
            .and(query_param("include", "verifications"))
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "data": inquiry_from(template, id, reference, status),
                "included": included,
            })))
            .mount(&self.server)
            .await;
    }

    /// `GET /inquiries?filter[reference-id]={uid}` lists `pages` of inquiries, newest first, a
    /// page's `links.next` carrying the cursor of its last (only the filters the gateway sends
    /// again are matched: the spec leaves open whether `next` keeps them).
    pub async fn lists(&self, uid: &str, pages: &[&[&str]]) {
        for (n, ids) in pages.iter().enumerate() {
            let next = (n + 1 < pages.len()).then(|| {
                format!(
                    "/api/v1/inquiries?page%5Bafter%5D={}",
                    ids.last().expect("a page before another is not empty")
                )
            });
            let listing = Mock::given(method("GET"))
                .and(path("/api/v1/inquiries"))
                .and(query_param("filter[reference-id]", uid))
                .and(query_param("page[size]", "100"))
                .and(header("authorization", format!("Bearer {KEY}").as_str()));
            let listing = match n {
                0 => listing.and(query_param_is_missing("page[after]")),
                _ => listing.and(query_param("page[after]", *pages[n - 1].last().unwrap())),
            };
            listing
                .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                    "data": ids.iter().map(|id| inquiry(id, uid, "approved")).collect::<Vec<_>>(),
                    "links": { "prev": null, "next": next },
                })))
                .mount(&self.server)
                .await;
        }
    }

    /// Every call answers 503, as Persona does when it is down.
    pub async fn down(&self) {
        Mock::given(wiremock::matchers::any())
            .respond_with(
                ResponseTemplate::new(503)
                    .set_body_json(json!({"errors": [{"title": "Service unavailable"}]})),
            )
            .mount(&self.server)
            .await;
    }

    pub async fn redacts(&self, id: &str) {
        Mock::given(method("DELETE"))
            .and(path(format!("/api/v1/inquiries/{id}")))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(json!({ "data": inquiry(id, "", "approved") })),
            )
            .mount(&self.server)
            .await;
    }

    /// How many requests went to `verb` `path`.
    pub async fn calls(&self, verb: &str, to: &str) -> usize {
        self.server
            .received_requests()
            .await
            .unwrap_or_default()
            .iter()
            .filter(|r| r.method.as_str() == verb && r.url.path() == to)
            .count()
    }
}

/// An inquiry event as Persona delivers it, for `inquiry` said to be `reference`'s.
pub fn event(id: &str, name: &str, inquiry_id: &str, reference: &str) -> Vec<u8> {
    let status = name.trim_start_matches("inquiry.");
    serde_json::to_vec(&json!({
        "data": {
            "type": "event",
            "id": id,
            "attributes": {
                "name": name,
                "created-at": "2026-11-26T08:05:01.000Z",
                "payload": { "data": inquiry(inquiry_id, reference, status) },
            },
        },
    }))
    .unwrap()
}
