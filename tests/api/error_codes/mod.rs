//! Every error code the document lists for an operation is one that operation sends. For each
//! operation a test arranges each failure, records the code that comes back and compares that
//! set with the document's list: a code listed but never sent fails, and so does a code sent
//! but not listed, or sent with another status than the table's.

mod account;
mod age;
mod billing;
mod gallery;
mod generation;
mod jobs;
mod profile;
mod shared;
mod support;

use std::collections::BTreeSet;
use std::sync::Mutex;

use lucent::http::ErrorCode;
use lucent::store::push_id;
use reqwest::RequestBuilder;
use serde_json::{Value, json};

use crate::fake_verotel;
use crate::helpers::{TestApp, spawn_app};
use billing::{postback, signed_event, subscription_event};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    GetMe,
    PostMe,
    Create,
    Legacy,
    List,
    Image,
    Delete,
    MarkFavorite,
    UnmarkFavorite,
    Checkout,
    PaymentSuccess,
    Portal,
    Webhook,
    Postback,
    Submit,
    Job,
    JobEvents,
    CancelJob,
    FindUsers,
    SupportUser,
    DeletedAccount,
    StartAgeCheck,
    AgeWebhook,
    ResetAge,
    SetPlan,
    AddCredits,
    RemoveImage,
    UserImages,
    Preview,
    SetRole,
    Moderation,
    DecideSuspension,
    FalsePositive,
    DeleteMe,
    Export,
    DeleteUser,
    StyleSample,
    Grants,
}

const OPS: [Op; 38] = [
    Op::GetMe,
    Op::PostMe,
    Op::Create,
    Op::Legacy,
    Op::List,
    Op::Image,
    Op::Delete,
    Op::MarkFavorite,
    Op::UnmarkFavorite,
    Op::Checkout,
    Op::PaymentSuccess,
    Op::Portal,
    Op::Webhook,
    Op::Postback,
    Op::Submit,
    Op::Job,
    Op::JobEvents,
    Op::CancelJob,
    Op::FindUsers,
    Op::SupportUser,
    Op::DeletedAccount,
    Op::StartAgeCheck,
    Op::AgeWebhook,
    Op::ResetAge,
    Op::SetPlan,
    Op::AddCredits,
    Op::RemoveImage,
    Op::UserImages,
    Op::Preview,
    Op::SetRole,
    Op::Moderation,
    Op::DecideSuspension,
    Op::FalsePositive,
    Op::DeleteMe,
    Op::Export,
    Op::DeleteUser,
    Op::StyleSample,
    Op::Grants,
];

/// Who the calls that are not about a particular user come from.
const CALLER: &str = "caller";

impl Op {
    /// The method and the path as the document spells them.
    fn route(self) -> (&'static str, &'static str) {
        match self {
            Op::GetMe => ("get", "/api/v1/me"),
            Op::PostMe => ("post", "/api/v1/me"),
            Op::Create => ("post", "/api/v1/generations"),
            Op::Legacy => ("get", "/generate-image"),
            Op::List => ("get", "/api/v1/generations"),
            Op::Image => ("get", "/api/v1/generations/{id}/image"),
            Op::Delete => ("delete", "/api/v1/generations/{id}"),
            Op::MarkFavorite => ("put", "/api/v1/generations/{id}/favorite"),
            Op::UnmarkFavorite => ("delete", "/api/v1/generations/{id}/favorite"),
            Op::Checkout => ("post", "/api/v1/checkout"),
            Op::PaymentSuccess => ("post", "/api/v1/payment-success"),
            Op::Portal => ("post", "/api/v1/billing/portal"),
            Op::Webhook => ("post", "/api/v1/stripe/webhook"),
            Op::Postback => ("get", "/api/v1/billing/verotel/postback"),
            Op::Submit => ("post", "/api/v1/jobs"),
            Op::Job => ("get", "/api/v1/jobs/{id}"),
            Op::JobEvents => ("get", "/api/v1/jobs/{id}/events"),
            Op::CancelJob => ("delete", "/api/v1/jobs/{id}"),
            Op::FindUsers => ("get", "/api/v1/support/users"),
            Op::SupportUser => ("get", "/api/v1/support/users/{uid}"),
            Op::DeletedAccount => ("get", "/api/v1/support/deleted/{uid}"),
            Op::StartAgeCheck => ("post", "/api/v1/me/age-check"),
            Op::AgeWebhook => ("post", "/api/v1/age-check/persona"),
            Op::ResetAge => ("post", "/api/v1/support/users/{uid}/age-check/reset"),
            Op::SetPlan => ("post", "/api/v1/support/users/{uid}/plan"),
            Op::AddCredits => ("post", "/api/v1/support/users/{uid}/credits"),
            Op::RemoveImage => ("delete", "/api/v1/support/users/{uid}/generations/{id}"),
            Op::UserImages => ("get", "/api/v1/support/users/{uid}/generations"),
            Op::Preview => (
                "get",
                "/api/v1/support/users/{uid}/generations/{id}/preview",
            ),
            Op::SetRole => ("post", "/api/v1/support/staff"),
            Op::Moderation => ("get", "/api/v1/support/moderation"),
            Op::DecideSuspension => ("post", "/api/v1/support/users/{uid}/suspension"),
            Op::FalsePositive => (
                "post",
                "/api/v1/support/users/{uid}/refusals/{id}/false-positive",
            ),
            Op::DeleteMe => ("delete", "/api/v1/me"),
            Op::Export => ("get", "/api/v1/me/export"),
            Op::DeleteUser => ("delete", "/api/v1/support/users/{uid}"),
            Op::StyleSample => ("get", "/api/v1/styles/{id}/sample"),
            Op::Grants => ("get", "/api/v1/support/grants"),
        }
    }

    fn call(self, app: &TestApp, id: &str) -> RequestBuilder {
        let (method, path) = self.route();
        let url = app.url(&path.replace("{id}", id).replace("{uid}", id));
        app.client
            .request(method.to_uppercase().parse().unwrap(), url)
    }

    /// A call that would succeed for a registered caller with `token`: failures come from
    /// the token or what lies behind the gateway, not the request.
    fn request(self, app: &TestApp, token: Option<&str>) -> RequestBuilder {
        let mut request = self.call(app, &push_id::generation_id());
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        match self {
            Op::PostMe => request.json(&json!({"username": CALLER, "ageConfirmed": true})),
            Op::Create | Op::Submit => request.json(&json!({"prompt": "a fox"})),
            Op::Legacy => request.query(&[("prompt", "a fox")]),
            Op::FindUsers => request.query(&[("q", "someone@example.com")]),
            Op::SetPlan => request.json(&json!({"plan": "pro", "reason": "goodwill"})),
            Op::AddCredits => request.json(&json!({"credits": 5, "reason": "goodwill"})),
            Op::SetRole => request.json(&json!({"email": "tess@example.com", "role": "support",
                "granted": true, "reason": "joined support"})),
            Op::RemoveImage | Op::FalsePositive | Op::DeleteUser | Op::ResetAge => {
                request.json(&json!({"reason": "reviewed"}))
            }
            Op::StartAgeCheck => request.json(&json!({})),
            Op::DeleteMe => request.json(&json!({"email": format!("{CALLER}@example.com")})),
            Op::DecideSuspension => {
                request.json(&json!({"decision": "lift", "reason": "reviewed"}))
            }
            Op::PaymentSuccess => request.json(&json!({"sessionId": "cs_1", "firebaseId": CALLER})),
            Op::Webhook => signed_event(request, &subscription_event("sub_1")),
            Op::Postback => postback(request, fake_verotel::KEY),
            _ => request,
        }
    }

    fn has_json_body(self) -> bool {
        matches!(
            self,
            Op::PostMe
                | Op::Create
                | Op::Submit
                | Op::PaymentSuccess
                | Op::SetPlan
                | Op::AddCredits
                | Op::SetRole
                | Op::RemoveImage
                | Op::DecideSuspension
                | Op::FalsePositive
                | Op::DeleteMe
                | Op::DeleteUser
                | Op::StartAgeCheck
                | Op::ResetAge
        )
    }
}

/// The codes one operation answered with.
#[derive(Default)]
struct Sent(Mutex<BTreeSet<String>>);

impl Sent {
    async fn send(&self, request: RequestBuilder) {
        let response = request.send().await.unwrap();
        let status = response.status();
        if status.is_success() || status.is_redirection() {
            return;
        }
        let body: Value = response.json().await.unwrap_or(Value::Null);
        let code = body["error"]["code"].as_str().unwrap_or("(no code)");
        let expected = ErrorCode::ALL
            .iter()
            .find(|c| c.as_str() == code)
            .map(|c| c.status());
        assert_eq!(
            Some(status),
            expected,
            "{code} came with another status than the table's"
        );
        self.0.lock().unwrap().insert(code.to_owned());
    }

    /// Compares what was sent with what the document lists for `op`.
    async fn assert_is_the_list_of(self, op: Op) {
        let sent = self.0.into_inner().unwrap();
        let listed = listed_codes(op).await;
        let never_sent: Vec<_> = listed.difference(&sent).collect();
        let not_listed: Vec<_> = sent.difference(&listed).collect();
        assert!(
            never_sent.is_empty() && not_listed.is_empty(),
            "{op:?}: listed but never sent {never_sent:?}; sent but not listed {not_listed:?}"
        );
    }
}

async fn document() -> Value {
    let app = spawn_app().await;
    app.get("/api/v1/openapi.json").await.json().await.unwrap()
}

fn codes_in(operation: &Value) -> BTreeSet<String> {
    let mut codes = BTreeSet::new();
    for response in operation["responses"].as_object().into_iter().flatten() {
        if let Some(list) = response.1["description"]
            .as_str()
            .and_then(|d| d.strip_prefix("`code` is one of: "))
        {
            codes.extend(list.split(", ").map(str::to_owned));
        }
    }
    codes
}

async fn listed_codes(op: Op) -> BTreeSet<String> {
    let (method, path) = op.route();
    codes_in(&document().await["paths"][path][method])
}

#[tokio::test]
async fn every_operation_that_lists_error_codes_is_tested_here() {
    let doc = document().await;
    let mut with_codes = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if !codes_in(operation).is_empty() {
                with_codes.insert((method.clone(), path.clone()));
            }
        }
    }
    let tested: BTreeSet<_> = OPS
        .iter()
        .map(|op| {
            let (method, path) = op.route();
            (method.to_owned(), path.to_owned())
        })
        .collect();

    assert_eq!(with_codes, tested);
}
