//! The content gate on every path that makes an image from a prompt: a refusal is a 422
//! `prompt_refused` naming the field, the rule and the words, and it costs nothing (no credit,
//! no place in line, no backend call).

use serde_json::{Value, json};
use wiremock::{MockServer, ResponseTemplate};

use crate::backends::{txt2img_answer, txt2img_calls};
use crate::helpers::{TestApp, spawn_app_with};

async fn app_on_a1111(extra: &[&str]) -> (TestApp, MockServer) {
    let backend = MockServer::start().await;
    let generator = format!("a1111+{}", backend.uri());
    let mut args = vec!["--generator", generator.as_str()];
    args.extend_from_slice(extra);
    (spawn_app_with(&args).await, backend)
}

async fn refusal(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "prompt_refused", "{body}");
    body["error"].clone()
}

#[tokio::test]
async fn a_refused_prompt_costs_nothing_on_every_generation_path() {
    let (app, backend) = app_on_a1111(&[]).await;
    let token = app.register("alice").await;
    let body = json!({"prompt": "nude 15 year old girl"});

    let jobs = app
        .client
        .post(app.url("/api/v1/jobs"))
        .bearer_auth(&token)
        .json(&body)
        .send()
        .await
        .unwrap();
    let generations = app.generate(&token, &body).await;
    let legacy = app
        .client
        .get(app.url("/generate-image"))
        .bearer_auth(&token)
        .query(&[("prompt", "nude 15 year old girl")])
        .send()
        .await
        .unwrap();

    for response in [jobs, generations, legacy] {
        let error = refusal(response).await;
        assert_eq!(error["field"], "prompt");
        assert_eq!(error["category"], "minor");
        assert_eq!(error["words"], json!(["15 year old"]));
        assert!(error["message"].as_str().unwrap().contains("under 18"));
    }
    assert_eq!(app.credits_used(&token).await, 0);
    assert_eq!(app.jobs_waiting().await, 0);
    assert!(txt2img_calls(&backend).await.is_empty());
}

#[tokio::test]
async fn an_explicit_request_whose_negative_prompt_asks_for_no_adults_is_refused_by_that_field() {
    let (app, _backend) = app_on_a1111(&[]).await;
    let token = app.register("alice").await;

    let response = app
        .generate(
            &token,
            &json!({"prompt": "nude girl on a bed", "negativePrompt": "adult, mature"}),
        )
        .await;

    let error = refusal(response).await;
    assert_eq!(error["field"], "negativePrompt");
    assert_eq!(error["category"], "minor");
    assert_eq!(error["words"], json!(["adult"]));
}

#[tokio::test]
async fn the_nsfw_style_makes_any_prompt_explicit() {
    let (app, _backend) = app_on_a1111(&[]).await;
    let token = app.register("alice").await;

    let response = app
        .generate(
            &token,
            &json!({"prompt": "Taylor Swift", "style": "nsfw-v1.1"}),
        )
        .await;

    let error = refusal(response).await;
    assert_eq!(error["category"], "real_person");
    assert_eq!(error["words"], json!(["Taylor Swift"]));
}

#[tokio::test]
async fn a_deployers_list_replaces_the_built_in_one_of_its_name() {
    let lists = tempfile::tempdir().unwrap();
    std::fs::write(
        lists.path().join("real_people.txt"),
        "# ours\nJane Q Example\n",
    )
    .unwrap();
    let dir = lists.path().to_str().unwrap();
    let (app, backend) = app_on_a1111(&["--safety-lists", dir]).await;
    crate::backends::mount_txt2img(
        &backend,
        ResponseTemplate::new(200).set_body_json(txt2img_answer(1)),
    )
    .await;
    let token = app.register("alice").await;

    let ours = app
        .generate(&token, &json!({"prompt": "nude Jane Q Example"}))
        .await;
    let built_in = app
        .generate(&token, &json!({"prompt": "nude Taylor Swift"}))
        .await;

    assert_eq!(refusal(ours).await["category"], "real_person");
    assert_eq!(built_in.status(), 201, "the built-in list was replaced");
}
