//! The OpenAPI document is the router's: every documented operation is routed, every other
//! method on a documented path is refused as such, and the error codes it lists are exactly
//! the gateway's.

use std::collections::BTreeSet;

use lucent::http::ErrorCode;
use serde_json::Value;

use crate::helpers::spawn_app;

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

async fn document() -> (crate::helpers::TestApp, Value) {
    let app = spawn_app().await;
    let doc: Value = app.get("/api/v1/openapi.json").await.json().await.unwrap();
    (app, doc)
}

/// A concrete URL for a templated path.
fn concrete(path: &str) -> String {
    path.split('/')
        .map(|segment| {
            if segment.starts_with('{') {
                "x"
            } else {
                segment
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[tokio::test]
async fn the_document_is_openapi_3_1_with_the_api_and_operations_routes() {
    let (_, doc) = document().await;

    assert_eq!(doc["openapi"], "3.1.0");
    for path in [
        "/api/v1/me",
        "/api/v1/catalog",
        "/api/v1/generations",
        "/api/v1/generations/{id}",
        "/api/v1/generations/{id}/image",
        "/api/v1/checkout",
        "/api/v1/payment-success",
        "/api/v1/billing/portal",
        "/api/v1/stripe/webhook",
        "/api/v1/openapi.json",
        "/generate-image",
        "/healthz",
        "/readyz",
        "/metrics",
        "/checkout/test/{session}",
        "/checkout/test/portal/{customer}",
        "/api/v1/support/users",
        "/api/v1/support/users/{uid}",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} is not documented");
    }
}

#[tokio::test]
async fn every_documented_operation_is_routed_and_no_other_method_is() {
    let (app, doc) = document().await;
    let paths = doc["paths"].as_object().unwrap();

    for (path, item) in paths {
        let url = app.url(&concrete(path));
        for method in METHODS {
            let request = app
                .client
                .request(method.to_uppercase().parse().unwrap(), &url)
                .header("content-type", "application/json");
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            let body = response.text().await.unwrap_or_default();
            let documented = item.get(method).is_some();
            // The support console answers outsiders as a missing route would; its other
            // methods' 405 shows the path is routed, and tests/api/staff/ the rest.
            let hides_itself = item[method]["tags"]
                .as_array()
                .is_some_and(|tags| tags.iter().any(|t| t == "support"));
            if documented {
                assert_ne!(status, 405, "{method} {path} is documented but not routed");
                assert!(
                    hides_itself || !body.contains("route not found"),
                    "{method} {path} is documented but falls through: {body}"
                );
            } else {
                assert!(
                    status == 405 || (status == 200 && !path.starts_with("/api")),
                    "{method} {path} is routed ({status}) but not documented"
                );
            }
        }
    }
}

#[tokio::test]
async fn every_operation_has_its_own_id() {
    let (_, doc) = document().await;
    let mut seen = BTreeSet::new();

    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in METHODS {
            if let Some(id) = item[method]["operationId"].as_str() {
                assert!(
                    seen.insert(id.to_owned()),
                    "{method} {path}: operationId {id} is taken"
                );
            }
        }
    }
}

/// The codes each operation lists, from the descriptions of its error responses.
fn documented_codes(doc: &Value) -> BTreeSet<String> {
    let mut codes = BTreeSet::new();
    for item in doc["paths"].as_object().unwrap().values() {
        for method in METHODS {
            let Some(responses) = item[method]["responses"].as_object() else {
                continue;
            };
            for response in responses.values() {
                if let Some(list) = response["description"]
                    .as_str()
                    .and_then(|d| d.strip_prefix("`code` is one of: "))
                {
                    codes.extend(list.split(", ").map(str::to_owned));
                }
            }
        }
    }
    codes
}

#[tokio::test]
async fn the_error_codes_are_the_gateways_each_listed_by_some_operation() {
    let (_, doc) = document().await;

    let all: BTreeSet<String> = ErrorCode::ALL
        .iter()
        .map(|c| c.as_str().to_owned())
        .collect();
    let schema: BTreeSet<String> = doc["components"]["schemas"]["ErrorCode"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect();

    assert_eq!(schema, all, "the ErrorCode schema is the gateway's list");
    assert_eq!(
        documented_codes(&doc),
        all,
        "every code is sent by some operation, and none is listed that does not exist"
    );
}

/// Every event a stream sends is a `StreamEvent` as the document describes it (what API
/// fuzzers check event by event): a named event the document lists, with JSON as `data`.
#[tokio::test]
async fn every_event_of_a_stream_is_a_documented_stream_event() {
    let (app, doc) = document().await;
    let token = app.register("ann").await;
    let schemas = &doc["components"]["schemas"];
    let names: Vec<&str> = schemas["StreamEventName"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let required = &schemas["StreamEvent"]["required"];

    let stream = app
        .client
        .post(app.url("/api/v1/generations"))
        .bearer_auth(&token)
        .header("accept", "text/event-stream")
        .json(&serde_json::json!({"prompt": "a lighthouse at dusk"}))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();

    assert_eq!(required, &serde_json::json!(["event", "data"]));
    let events: Vec<&str> = stream
        .split("\n\n")
        .filter(|e| e.contains("data:"))
        .collect();
    assert!(events.last().unwrap().contains("event: done"), "{stream}");
    for event in events {
        let field = |name: &str| {
            event
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .map(str::trim)
        };
        let name = field("event:").unwrap_or("message");
        assert!(names.contains(&name), "{name} is not a documented event");
        let data: Result<Value, _> = serde_json::from_str(field("data:").unwrap());
        assert!(data.is_ok(), "{event}");
    }
}

/// `value` with every object's keys in order: serde_json keeps insertion order when some
/// crate in the build turns on its `preserve_order` (c2pa does), and the committed document
/// must not change with the build's features.
fn sorted(value: Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(String, Value)> = map.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(sorted).collect()),
        other => other,
    }
}

/// The web app's types are generated from `contracts/openapi.json`, so a gateway change that
/// leaves it stale fails here; `LUCENT_WRITE_OPENAPI=1 cargo test --test api contract` rewrites it.
#[tokio::test]
async fn the_committed_document_is_the_one_the_gateway_serves() {
    let (_, doc) = document().await;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("contracts/openapi.json");
    let pretty = serde_json::to_string_pretty(&sorted(doc)).unwrap() + "\n";
    if std::env::var_os("LUCENT_WRITE_OPENAPI").is_some() {
        std::fs::write(&path, &pretty).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();

    assert!(
        committed == pretty,
        "contracts/openapi.json is stale: run LUCENT_WRITE_OPENAPI=1 cargo test --test api contract, then npm run api:types in frontend/"
    );
}
