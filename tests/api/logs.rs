//! What the log keeps, read from a real `lucent serve`: a failure once, where it happens (not
//! on every read of it), and never a prompt above debug level, even when a backend echoes it.

use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::process::Instance;
use crate::test_keys::{claims, unsigned};

const PROMPT: &str = "velvet unicorn 7731";

/// A1111's answer to a request it cannot validate: its `api.py` exception handler echoes the
/// body and names the input at fault.
fn validation_error() -> ResponseTemplate {
    ResponseTemplate::new(422).set_body_json(json!({
        "error": "RequestValidationError",
        "detail": "",
        "body": format!("{{\"prompt\": \"{PROMPT}\", \"steps\": 20}}"),
        "errors": format!("1 validation error: input '{PROMPT}' is not valid"),
    }))
}

fn lines_at_or_above_warn(log: &str) -> Vec<Value> {
    log.lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|line| matches!(line["level"].as_str(), Some("WARN" | "ERROR")))
        .collect()
}

#[tokio::test]
async fn a_failed_job_is_logged_once_by_its_kind_and_its_prompt_never_above_debug() {
    let backend = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/sdapi/v1/txt2img"))
        .respond_with(validation_error())
        .mount(&backend)
        .await;
    let data = tempfile::tempdir().unwrap();
    let generator = format!("a1111+{}", backend.uri());
    let gateway = Instance::serve(data.path(), &["--generator", &generator]);
    let client = reqwest::Client::new();
    let token = unsigned(&claims("alice"));
    let saved = client
        .post(gateway.url("/api/v1/me"))
        .bearer_auth(&token)
        .json(&json!({"username": "alice", "ageConfirmed": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), 200);
    let job: Value = client
        .post(gateway.url("/api/v1/jobs"))
        .bearer_auth(&token)
        .json(&json!({"prompt": PROMPT}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let job_url = gateway.url(&format!("/api/v1/jobs/{}", job["id"].as_str().unwrap()));
    let read = async || -> Value {
        let response = client.get(&job_url).bearer_auth(&token).send().await;
        response.unwrap().json().await.unwrap()
    };
    // The job's event stream ends with the job.
    let events = client
        .get(format!("{job_url}/events"))
        .bearer_auth(&token)
        .send();
    let events = events.await.unwrap().text().await.unwrap();
    assert!(events.contains("event: error"), "{events}");

    for _ in 0..5 {
        assert_eq!(read().await["error"]["code"], "backend_failed");
    }

    let loud = lines_at_or_above_warn(&gateway.log());
    let failures: Vec<_> = loud
        .iter()
        .filter(|line| line["message"] == "job failed")
        .collect();
    assert_eq!(failures.len(), 1, "{loud:#?}");
    assert!(
        failures[0]["error"]
            .as_str()
            .unwrap()
            .contains("RequestValidationError"),
        "{failures:#?}"
    );
    assert!(
        loud.iter()
            .all(|line| !line.to_string().contains("unicorn")),
        "{loud:#?}"
    );
}
