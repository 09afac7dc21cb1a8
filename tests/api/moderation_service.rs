//! The moderation service where the deployer has one: OpenAI's `POST /v1/moderations`, played
//! by a local server in its wire format (the request's `model` and typed `input` parts, bearer
//! key; the answer's `results` with every category, its scores and input types). Explicit
//! prompts are checked before any credit, finished images of explicit requests before they are
//! stored; only the categories our rules forbid refuse; out of reach, explicit requests wait.

use base64::Engine;
use serde_json::{Value, json};
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

use crate::helpers::{TestApp, error_code};

const KEY: &str = "sk-test-moderation-5f2e9c1a7b3d";
const EXPLICIT: &str = "nude woman on a bed, soft light";

const CATEGORIES: [(&str, &[&str]); 13] = [
    ("harassment", &["text"]),
    ("harassment/threatening", &["text"]),
    ("hate", &["text"]),
    ("hate/threatening", &["text"]),
    ("illicit", &["text"]),
    ("illicit/violent", &["text"]),
    ("self-harm", &["text", "image"]),
    ("self-harm/instructions", &["text", "image"]),
    ("self-harm/intent", &["text", "image"]),
    ("sexual", &["text", "image"]),
    ("sexual/minors", &["text"]),
    ("violence", &["text", "image"]),
    ("violence/graphic", &["text", "image"]),
];

/// The service's answer for one input of `kind` (`text` or `image`), `flags` true: the
/// categories the model does not score for that kind are `false` with a score of 0 and no
/// input type, as the service answers them.
fn answer(kind: &str, flags: &[&str]) -> Value {
    let applies = |types: &[&str]| types.contains(&kind);
    let categories: serde_json::Map<String, Value> = CATEGORIES
        .iter()
        .map(|(name, _)| ((*name).to_owned(), json!(flags.contains(name))))
        .collect();
    let scores: serde_json::Map<String, Value> = CATEGORIES
        .iter()
        .map(|(name, types)| {
            let score = if flags.contains(name) {
                0.93
            } else if applies(types) {
                0.000_2
            } else {
                0.0
            };
            ((*name).to_owned(), json!(score))
        })
        .collect();
    let types: serde_json::Map<String, Value> = CATEGORIES
        .iter()
        .map(|(name, types)| {
            let used: Vec<&str> = if applies(types) { vec![kind] } else { vec![] };
            ((*name).to_owned(), json!(used))
        })
        .collect();
    json!({
        "id": "modr-0123456789",
        "model": "omni-moderation-2024-09-26",
        "results": [{
            "flagged": !flags.is_empty(),
            "categories": categories,
            "category_scores": scores,
            "category_applied_input_types": types,
        }],
    })
}

/// Matches a moderation request whose one input is of `kind` (`text` or `image_url`).
struct Input(&'static str);

impl wiremock::Match for Input {
    fn matches(&self, request: &Request) -> bool {
        let body: Value = serde_json::from_slice(&request.body).unwrap_or_default();
        body["model"] == "omni-moderation-latest"
            && body["input"].as_array().is_some_and(|i| i.len() == 1)
            && body["input"][0]["type"] == self.0
    }
}

async fn service_answering(text: ResponseTemplate, image: ResponseTemplate) -> MockServer {
    let service = MockServer::start().await;
    for (kind, answer) in [("text", text), ("image_url", image)] {
        Mock::given(method("POST"))
            .and(path("/v1/moderations"))
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .and(Input(kind))
            .respond_with(answer)
            .mount(&service)
            .await;
    }
    service
}

fn verdict(kind: &str, flags: &[&str]) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(answer(kind, flags))
}

/// The service's own error body for a failure of its own.
fn outage() -> ResponseTemplate {
    ResponseTemplate::new(500).set_body_json(json!({"error": {
        "message": "The server had an error while processing your request. Sorry about that!",
        "type": "server_error", "param": null, "code": null}}))
}

async fn app_checked_by(service: &MockServer) -> TestApp {
    TestApp::builder()
        .moderation(KEY, &service.uri())
        .spawn()
        .await
}

async fn sent_to(service: &MockServer) -> Vec<Value> {
    service
        .received_requests()
        .await
        .unwrap_or_default()
        .iter()
        .map(|r| serde_json::from_slice(&r.body).unwrap())
        .collect()
}

#[tokio::test]
async fn an_explicit_prompt_the_service_flags_for_minors_is_refused_and_costs_nothing() {
    let service = service_answering(
        verdict("text", &["sexual", "sexual/minors"]),
        verdict("image", &[]),
    )
    .await;
    let app = app_checked_by(&service).await;
    let token = app.register("alice").await;

    let response = app.generate(&token, &json!({"prompt": EXPLICIT})).await;

    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "prompt_refused");
    assert_eq!(body["error"]["category"], "minor");
    assert_eq!(body["error"]["field"], "prompt");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("flagged by the moderation service"),
        "{message}"
    );
    assert_eq!(app.credits_used(&token).await, 0);
    assert_eq!(app.jobs_waiting().await, 0);
    let sent = sent_to(&service).await;
    assert_eq!(sent.len(), 1);
    let read = sent[0]["input"][0]["text"].as_str().unwrap();
    assert!(
        read.starts_with(EXPLICIT) && read.contains("RAW photo"),
        "the service reads what the model would, the style's text included: {read}"
    );
    let kept = app.state.store.list_refusals("alice").await.unwrap();
    assert_eq!(kept.len(), 1, "it counts like any refusal");
    assert_eq!(kept[0].1.flagged, ["sexual/minors"]);
    assert!(kept[0].1.words.is_empty());
}

#[tokio::test]
async fn adult_content_the_service_calls_sexual_is_made_and_each_image_is_checked_first() {
    let service =
        service_answering(verdict("text", &["sexual"]), verdict("image", &["sexual"])).await;
    let app = app_checked_by(&service).await;
    let token = app.register("alice").await;

    let made = app.generate_ok(&token, &json!({"prompt": EXPLICIT})).await;

    assert!(made["id"].is_string());
    assert_eq!(app.credits_used(&token).await, 1);
    let sent = sent_to(&service).await;
    assert_eq!(sent.len(), 2, "the prompt, then the image");
    let url = sent[1]["input"][0]["image_url"]["url"].as_str().unwrap();
    let png = base64::engine::general_purpose::STANDARD
        .decode(url.strip_prefix("data:image/png;base64,").unwrap())
        .unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
}

#[tokio::test]
async fn a_flagged_image_is_never_kept_its_credit_comes_back_and_it_counts() {
    let service = service_answering(
        verdict("text", &["sexual"]),
        verdict("image", &["sexual", "violence", "violence/graphic"]),
    )
    .await;
    let app = app_checked_by(&service).await;
    let token = app.register("alice").await;

    let response = app.generate(&token, &json!({"prompt": EXPLICIT})).await;

    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "prompt_refused");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("flagged the finished image"),
        "{body}"
    );
    assert_eq!(
        app.credits_used(&token).await,
        0,
        "the credit is back when the error arrives"
    );
    let history: Value = app.list_generations(&token, "").await.json().await.unwrap();
    assert_eq!(history["items"], json!([]), "the image was never stored");
    let kept = app.state.store.list_refusals("alice").await.unwrap();
    assert_eq!(kept.len(), 1);
    let (_, refusal) = &kept[0];
    assert_eq!(
        (refusal.route.as_str(), refusal.category.as_str()),
        ("image", "non_consent")
    );
    assert_eq!(refusal.flagged, ["violence/graphic"]);
}

#[tokio::test]
async fn with_the_service_out_of_reach_explicit_requests_wait_and_others_are_made() {
    let service = service_answering(outage(), outage()).await;
    let app = app_checked_by(&service).await;
    let token = app.register("alice").await;

    let explicit = app.generate(&token, &json!({"prompt": EXPLICIT})).await;
    let ordinary = app
        .generate(&token, &json!({"prompt": "a lighthouse at dusk"}))
        .await;

    assert!(explicit.headers().contains_key("retry-after"));
    assert_eq!(error_code(explicit, 503).await, "dependency_unavailable");
    assert_eq!(ordinary.status(), 201, "an ordinary request is not sent");
    assert_eq!(sent_to(&service).await.len(), 1);
    assert_eq!(app.credits_used(&token).await, 1, "only the ordinary image");
    assert!(
        app.state
            .store
            .list_refusals("alice")
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn an_image_that_cannot_be_checked_is_not_kept_and_costs_nothing() {
    let service = service_answering(verdict("text", &[]), outage()).await;
    let app = app_checked_by(&service).await;
    let token = app.register("alice").await;

    let response = app.generate(&token, &json!({"prompt": EXPLICIT})).await;

    assert_eq!(error_code(response, 503).await, "dependency_unavailable");
    assert_eq!(
        app.credits_used(&token).await,
        0,
        "the credit is back when the error arrives"
    );
    let history: Value = app.list_generations(&token, "").await.json().await.unwrap();
    assert_eq!(history["items"], json!([]));
    assert!(
        app.state
            .store
            .list_refusals("alice")
            .await
            .unwrap()
            .is_empty(),
        "an outage is no one's strike"
    );
}

#[tokio::test]
async fn a_refused_key_keeps_explicit_requests_waiting() {
    let service = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/moderations"))
        .respond_with(ResponseTemplate::new(401).set_body_json(json!({"error": {
            "message": "Incorrect API key provided: sk-test-****. You can find your API key at https://platform.openai.com/account/api-keys.",
            "type": "invalid_request_error", "param": null, "code": "invalid_api_key"}})))
        .mount(&service)
        .await;
    let app = app_checked_by(&service).await;
    let token = app.register("alice").await;

    let response = app.generate(&token, &json!({"prompt": EXPLICIT})).await;

    assert_eq!(error_code(response, 503).await, "dependency_unavailable");
}
