//! The content gate on every path that makes an image from a prompt: a refusal is a 422
//! `prompt_refused` naming the field, the rule and the words, and it costs nothing (no credit,
//! no place in line, no backend call).

use lucent::config::MeaningMode;
use serde_json::{Value, json};
use wiremock::{MockServer, ResponseTemplate};

use crate::backends::{mount_txt2img, txt2img_answer, txt2img_calls};
use crate::builder::{Generator, TestAppBuilder};
use crate::generations::age;
use crate::helpers::{TestApp, error_code};

pub async fn app_on_a1111(app: TestAppBuilder) -> (TestApp, MockServer) {
    let backend = MockServer::start().await;
    let app = app
        .generator(Generator::A1111(&backend.uri()))
        .spawn()
        .await;
    (app, backend)
}

/// The refusal's `error` object, asserting the 422.
pub async fn refusal(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "prompt_refused", "{body}");
    body["error"].clone()
}

#[tokio::test]
async fn a_refused_prompt_costs_nothing_on_every_generation_path() {
    let (app, backend) = app_on_a1111(TestApp::builder()).await;
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
    let (app, _backend) = app_on_a1111(TestApp::builder()).await;
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
    let (app, _backend) = app_on_a1111(TestApp::builder()).await;
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
    // The lists alone: the reader of meaning knows Taylor Swift whatever the lists say.
    let (app, backend) = app_on_a1111(
        TestApp::builder()
            .safety_lists(lists.path())
            .meaning(MeaningMode::Off),
    )
    .await;
    mount_txt2img(
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

async fn refused_message(app: &TestApp, token: &str) -> String {
    let response = app
        .generate(token, &json!({"prompt": "naked little girl"}))
        .await;
    refusal(response).await["message"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn refusals_are_recorded_warned_at_three_and_suspend_generation_at_five() {
    let (app, backend) = app_on_a1111(TestApp::builder()).await;
    mount_txt2img(
        &backend,
        ResponseTemplate::new(200).set_body_json(txt2img_answer(1)),
    )
    .await;
    let token = app.register("alice").await;

    let mut messages = Vec::new();
    for _ in 0..5 {
        messages.push(refused_message(&app, &token).await);
    }

    assert!(
        !messages[1].contains("refused requests in 24 hours"),
        "{messages:?}"
    );
    assert!(
        messages[2].contains("That is 3 refused requests in 24 hours"),
        "{messages:?}"
    );
    assert!(
        messages[4].contains("generation is suspended"),
        "{messages:?}"
    );
    let kept = app.state.store.list_refusals("alice").await.unwrap();
    assert_eq!(kept.len(), 5);
    let (_, first) = &kept[0];
    assert_eq!(
        (
            first.route.as_str(),
            first.category.as_str(),
            first.prompt.as_str()
        ),
        ("generations", "minor", "naked little girl")
    );
    assert_eq!(first.words, ["little girl"]);
    let body = json!({"prompt": "a fox"});
    let jobs = app
        .client
        .post(app.url("/api/v1/jobs"))
        .bearer_auth(&token)
        .json(&body)
        .send()
        .await
        .unwrap();
    let legacy = app
        .client
        .get(app.url("/generate-image"))
        .bearer_auth(&token)
        .query(&[("prompt", "a fox")])
        .send()
        .await
        .unwrap();
    for response in [app.generate(&token, &body).await, jobs, legacy] {
        assert_eq!(error_code(response, 403).await, "account_suspended");
    }
    assert_eq!(app.credits_used(&token).await, 0);
    assert!(txt2img_calls(&backend).await.is_empty());
}

#[tokio::test]
async fn a_suspended_accounts_images_are_held_from_its_deletes_and_the_retention_sweep() {
    let (app, backend) = app_on_a1111(TestApp::builder()).await;
    mount_txt2img(
        &backend,
        ResponseTemplate::new(200).set_body_json(txt2img_answer(1)),
    )
    .await;
    let pro = app.register("paula").await;
    app.make_pro("paula").await;
    let kept = app.generate_ok(&pro, &json!({"prompt": "a fox"})).await;
    // Two free users' images past the retention window; one of them is suspended.
    for uid in ["fred", "fiona"] {
        let token = app.register(uid).await;
        let made = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
        age(&app, uid, made["id"].as_str().unwrap(), 8).await;
    }
    app.suspend("paula").await;
    app.suspend("fred").await;

    let deleted = app
        .delete_generation(&pro, kept["id"].as_str().unwrap())
        .await;
    let swept = app.sweep().await;

    assert_eq!(error_code(deleted, 403).await, "account_suspended");
    assert_eq!(swept, 1, "fiona's image goes, fred's is held");
    assert_eq!(app.state.store.count_generations("fred").await.unwrap(), 1);
    assert_eq!(app.state.store.count_generations("fiona").await.unwrap(), 0);
}
