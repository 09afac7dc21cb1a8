//! Variations and upscales of one's own image (`source` in the body): ownership, the plan,
//! the size they keep, the content rules on the source's prompt, credits and refunds, and each
//! backend's wire format for drawing from an image.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use lucent::store::{GenerationRecord, push_id};
use serde_json::{Value, json};
use std::time::Duration;

use wiremock::matchers::{body_string_contains, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::backends::txt2img_answer;
use crate::builder::Generator;
use crate::fake_comfyui::{FakeComfy, Options};
use crate::helpers::{TestApp, error_code, png, spawn_app, until};

fn vary(source: &str, mode: &str) -> Value {
    json!({"prompt": "a red fox in snow", "source": {"generation": source, "mode": mode}})
}

async fn record(app: &TestApp, uid: &str, id: &str) -> GenerationRecord {
    app.state
        .store
        .get_generation(uid, id)
        .await
        .unwrap()
        .expect("a record")
}

async fn original(app: &TestApp, uid: &str, id: &str) -> Vec<u8> {
    let key = record(app, uid, id).await.blob_key;
    let blob = app.state.work.blobs.get(&key).await.unwrap();
    blob.expect("the original").to_vec()
}

/// The refusal's field and code.
async fn refused(response: reqwest::Response, status: u16) -> (String, String) {
    assert_eq!(response.status(), status);
    let body: Value = response.json().await.unwrap();
    let error = &body["error"];
    (
        error["code"].as_str().unwrap().to_owned(),
        error["field"].as_str().unwrap_or_default().to_owned(),
    )
}

#[tokio::test]
async fn a_user_varies_their_own_image_at_its_size_for_one_credit() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let first = app
        .generate_ok(
            &token,
            &json!({"prompt": "a red fox in snow", "size": "portrait"}),
        )
        .await;
    let first_id = first["id"].as_str().unwrap();

    let varied = app
        .generate_ok(&token, &vary(first_id, "vary-subtle"))
        .await;

    assert_eq!(
        varied["source"],
        json!({"generation": first_id, "mode": "vary-subtle"})
    );
    assert_eq!(
        (&varied["width"], &varied["height"], &varied["size"]),
        (&first["width"], &first["height"], &json!("portrait"))
    );
    assert_eq!(varied["enhance"], false);
    assert_eq!(
        varied["blurred"], true,
        "a free user's variation is blurred"
    );
    assert_ne!(varied["seed"], Value::Null);
    assert_eq!(app.credits_used(&token).await, 2);
    let listed: Value = app.list_generations(&token, "").await.json().await.unwrap();
    assert_eq!(listed["items"][0]["source"]["generation"], first_id);
    let kept = record(&app, "alice", varied["id"].as_str().unwrap()).await;
    assert_eq!(kept.source.map(|s| s.generation).as_deref(), Some(first_id));
}

#[tokio::test]
async fn the_built_in_renderer_draws_a_variation_from_the_source_itself() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let first = app
        .generate_ok(&token, &json!({"prompt": "a red fox in snow", "seed": 7}))
        .await;
    let first_id = first["id"].as_str().unwrap();
    let body = |mode: &str| {
        let mut body = vary(first_id, mode);
        body["seed"] = json!(8);
        body
    };

    let subtle = app.generate_ok(&token, &body("vary-subtle")).await;
    let again = app.generate_ok(&token, &body("vary-subtle")).await;
    let fresh = app
        .generate_ok(
            &token,
            &json!({"prompt": "a red fox in snow", "seed": 8, "enhance": true}),
        )
        .await;

    let pixels = |bytes: Vec<u8>| image::load_from_memory(&bytes).unwrap().to_rgb8();
    let source = pixels(original(&app, "alice", first_id).await);
    let subtle_px = pixels(original(&app, "alice", subtle["id"].as_str().unwrap()).await);
    let again_px = pixels(original(&app, "alice", again["id"].as_str().unwrap()).await);
    let fresh_px = pixels(original(&app, "alice", fresh["id"].as_str().unwrap()).await);
    assert_eq!(
        subtle_px, again_px,
        "the same variation twice is the same picture"
    );
    let distance = |a: &image::RgbImage, b: &image::RgbImage| -> u64 {
        a.as_raw()
            .iter()
            .zip(b.as_raw())
            .map(|(x, y)| u64::from(x.abs_diff(*y)))
            .sum()
    };
    assert!(
        distance(&subtle_px, &source) < distance(&fresh_px, &source),
        "a variation is nearer its source than a new picture of the same prompt and seed"
    );
}

#[tokio::test]
async fn upscale_is_premium_and_doubles_the_source() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let first = app
        .generate_ok(&token, &json!({"prompt": "a fox", "enhance": false}))
        .await;
    let first_id = first["id"].as_str().unwrap();

    let (code, _) = refused(app.generate(&token, &vary(first_id, "upscale")).await, 403).await;
    assert_eq!(code, "pro_required");
    assert_eq!(app.credits_used(&token).await, 1, "a refusal costs nothing");

    app.make_pro("alice").await;
    let upscaled = app.generate_ok(&token, &vary(first_id, "upscale")).await;

    assert_eq!(upscaled["width"], 1024);
    assert_eq!(upscaled["height"], 1024);
    assert_eq!(
        upscaled["size"],
        Value::Null,
        "an upscale is no size of the catalog"
    );
    assert_eq!(upscaled["source"]["mode"], "upscale");
    assert_eq!(upscaled["blurred"], false);
}

#[tokio::test]
async fn an_image_twice_past_the_largest_size_is_not_upscaled() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    app.make_pro("alice").await;
    let made = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    let id = made["id"].as_str().unwrap();
    // As an image upscaled twice already would be.
    let mut large = record(&app, "alice", id).await;
    (large.width, large.height) = (2560, 3840);
    app.state
        .store
        .put_generation("alice", &large)
        .await
        .unwrap();

    let response = app.generate(&token, &vary(id, "upscale")).await;

    assert_eq!(
        refused(response, 422).await,
        ("invalid_field".into(), "source".into())
    );
    assert_eq!(app.credits_used(&token).await, 1);
}

#[tokio::test]
async fn someone_elses_image_or_no_image_is_not_found_and_costs_nothing() {
    let app = spawn_app().await;
    let alice = app.register("alice").await;
    let bob = app.register("bob").await;
    let hers = app.generate_ok(&alice, &json!({"prompt": "a fox"})).await;

    for id in [
        hers["id"].as_str().unwrap().to_owned(),
        push_id::generation_id(),
        "not-an-id".to_owned(),
    ] {
        let response = app.generate(&bob, &vary(&id, "vary-subtle")).await;
        assert_eq!(error_code(response, 404).await, "not_found", "{id}");
    }
    assert_eq!(app.credits_used(&bob).await, 0);
}

#[tokio::test]
async fn a_variation_takes_its_size_from_the_source_so_size_and_enhance_are_refused() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let first = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    let id = first["id"].as_str().unwrap();

    for (extra, field) in [
        (json!({"size": "portrait"}), "size"),
        (json!({"enhance": true}), "enhance"),
    ] {
        let mut body = vary(id, "vary-strong");
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let response = app.generate(&token, &body).await;
        assert_eq!(
            refused(response, 422).await,
            ("invalid_field".into(), field.into())
        );
    }
    let mut unknown = vary(id, "vary-sideways");
    unknown["enhance"] = json!(false);
    let response = app.generate(&token, &unknown).await;
    assert_eq!(
        refused(response, 422).await,
        ("invalid_field".into(), "source".into())
    );
    assert_eq!(app.credits_used(&token).await, 1);
}

#[tokio::test]
async fn a_source_whose_prompt_todays_rules_refuse_is_refused_and_recorded() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let made = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    let id = made["id"].as_str().unwrap();
    // Made when the rules let it through; they do not now.
    let mut old = record(&app, "alice", id).await;
    old.prompt = "nude 15 year old girl".into();
    app.state.store.put_generation("alice", &old).await.unwrap();

    let response = app.generate(&token, &vary(id, "vary-subtle")).await;

    assert_eq!(
        refused(response, 422).await,
        ("prompt_refused".into(), "source".into())
    );
    assert_eq!(app.credits_used(&token).await, 1, "a refusal costs nothing");
    let kept = app.state.store.list_refusals("alice").await.unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(
        kept[0].1.prompt, "nude 15 year old girl, a red fox in snow",
        "the source's words, then the new ones"
    );
}

#[tokio::test]
async fn the_new_prompt_of_a_variation_passes_the_rules_too() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let made = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    let mut body = vary(made["id"].as_str().unwrap(), "vary-subtle");
    body["prompt"] = json!("nude 15 year old girl");

    let response = app.generate(&token, &body).await;

    assert_eq!(
        refused(response, 422).await,
        ("prompt_refused".into(), "prompt".into())
    );
    assert_eq!(app.credits_used(&token).await, 1);
}

#[tokio::test]
async fn a_variation_whose_source_is_gone_by_its_turn_fails_and_gives_its_credit_back() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let made = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    let id = made["id"].as_str().unwrap();
    let key = record(&app, "alice", id).await.blob_key;
    std::fs::remove_file(app.data_dir.path().join("images").join(&key)).unwrap();

    let response = app.generate(&token, &vary(id, "vary-subtle")).await;

    assert!(response.status().is_server_error(), "{}", response.status());
    assert_eq!(
        app.credits_used(&token).await,
        1,
        "only the first image is paid"
    );
}

#[tokio::test]
async fn a_variation_whose_source_record_is_gone_by_its_turn_fails_though_its_bytes_remain() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/sdapi/v1/txt2img"))
        .and(body_string_contains("slow"))
        .respond_with(crate::backends::slow_answer(1500))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/sdapi/v1/txt2img"))
        .respond_with(ResponseTemplate::new(200).set_body_json(txt2img_answer(5)))
        .with_priority(10)
        .mount(&server)
        .await;
    let app = TestApp::builder()
        .generator(Generator::A1111(&server.uri()))
        .spawn()
        .await;
    let (alice, bob) = (app.register("alice").await, app.register("bob").await);
    let made = app.generate_ok(&alice, &json!({"prompt": "a fox"})).await;
    let id = made["id"].as_str().unwrap().to_owned();
    let send = |token: &str, body: Value| {
        app.client
            .post(app.url("/api/v1/generations"))
            .bearer_auth(token)
            .json(&body)
            .send()
    };
    // Bob's slow image holds the only slot; alice's variation waits behind it.
    let slow = tokio::spawn(send(&bob, json!({"prompt": "slow"})));
    until(Duration::from_secs(10), async || {
        crate::backends::txt2img_calls(&server)
            .await
            .iter()
            .any(|r| String::from_utf8_lossy(&r.body).contains("slow"))
    })
    .await;
    let varied = tokio::spawn(send(&alice, vary(&id, "vary-subtle")));
    until(Duration::from_secs(10), async || {
        app.jobs_waiting().await == 1
    })
    .await;

    // The record goes; its bytes stay (a blob delete that failed).
    assert!(
        app.state
            .store
            .delete_generation("alice", &id)
            .await
            .unwrap()
    );

    let varied = varied.await.unwrap().unwrap();
    assert!(varied.status().is_server_error(), "{}", varied.status());
    assert!(slow.await.unwrap().unwrap().status().is_success());
    app.reap_and_settle().await;
    assert_eq!(
        app.credits_used(&alice).await,
        1,
        "the variation's credit came back"
    );
    let img2img = server
        .received_requests()
        .await
        .unwrap()
        .iter()
        .filter(|r| r.url.path() == "/sdapi/v1/img2img")
        .count();
    assert_eq!(img2img, 0, "the bytes were not read for it");
}

#[tokio::test]
async fn a1111_draws_a_variation_with_img2img_from_the_original() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/sdapi/v1/txt2img"))
        .respond_with(ResponseTemplate::new(200).set_body_json(txt2img_answer(5)))
        .mount(&server)
        .await;
    let b64 = STANDARD.encode(png(64, 96, 9));
    Mock::given(method("POST"))
        .and(path("/sdapi/v1/img2img"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "images": [b64], "parameters": {},
            "info": json!({"seed": 77, "all_seeds": [77]}).to_string()})))
        .mount(&server)
        .await;
    let app = TestApp::builder()
        .generator(Generator::A1111(&server.uri()))
        .spawn()
        .await;
    let token = app.register("alice").await;
    app.make_pro("alice").await;
    let first = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    let first_id = first["id"].as_str().unwrap();

    let upscaled = app
        .generate_ok(
            &token,
            &json!({"prompt": "a fox, detailed", "cfg": 5, "seed": 77,
            "source": {"generation": first_id, "mode": "upscale"}}),
        )
        .await;

    let calls = server.received_requests().await.unwrap();
    let img2img: Vec<_> = calls
        .iter()
        .filter(|r| r.url.path() == "/sdapi/v1/img2img")
        .collect();
    assert_eq!(img2img.len(), 1);
    let sent: Value = serde_json::from_slice(&img2img[0].body).unwrap();
    let init = STANDARD
        .decode(sent["init_images"][0].as_str().unwrap())
        .unwrap();
    assert_eq!(
        init,
        original(&app, "alice", first_id).await,
        "the stored original"
    );
    assert_eq!(sent["denoising_strength"].as_f64().unwrap() as f32, 0.382);
    assert_eq!(sent["resize_mode"], 0);
    assert_eq!(
        (&sent["width"], &sent["height"]),
        (
            &json!(first["width"].as_u64().unwrap() * 2),
            &json!(first["height"].as_u64().unwrap() * 2)
        )
    );
    assert_eq!(
        sent["prompt"].as_str().unwrap().split(", ").next(),
        Some("a fox")
    );
    assert_eq!(sent["cfg_scale"], 5.0);
    assert_eq!(sent["seed"], 77);
    assert_eq!(sent.get("enable_hr"), None, "no hires pass on top");
    assert_eq!(
        (upscaled["width"].clone(), upscaled["height"].clone()),
        (json!(64), json!(96))
    );
    assert_eq!(upscaled["seed"], 77);
}

#[tokio::test]
async fn comfyui_gets_the_original_uploaded_and_a_graph_that_loads_it() {
    let comfy = FakeComfy::start(Options::default()).await;
    let app = TestApp::builder()
        .generator(Generator::ComfyUi(&comfy.uri))
        .generator_timeout(Duration::from_secs(5))
        .spawn()
        .await;
    let token = app.register("alice").await;
    let first = app
        .generate_ok(&token, &json!({"prompt": "a fox", "enhance": false}))
        .await;
    let first_id = first["id"].as_str().unwrap();

    let varied = app
        .generate_ok(&token, &vary(first_id, "vary-strong"))
        .await;

    let uploads = comfy.uploads();
    assert_eq!(uploads.len(), 1);
    let upload = &uploads[0];
    assert_eq!(upload.bytes, original(&app, "alice", first_id).await);
    assert_eq!(
        (upload.kind.as_str(), upload.overwrite.as_deref()),
        ("temp", Some("true"))
    );
    assert!(upload.filename.starts_with("lucent-") && upload.filename.ends_with(".png"));
    let graph = &comfy.prompts()[1]["prompt"];
    let load = graph
        .as_object()
        .unwrap()
        .values()
        .find(|n| n["class_type"] == "LoadImage")
        .expect("a LoadImage node");
    assert_eq!(
        load["inputs"]["image"],
        format!("{} [temp]", upload.filename)
    );
    let sampler = graph
        .as_object()
        .unwrap()
        .values()
        .find(|n| n["class_type"] == "KSampler")
        .unwrap();
    assert_eq!(sampler["inputs"]["denoise"].as_f64().unwrap() as f32, 0.85);
    assert_eq!(varied["source"]["mode"], "vary-strong");
    assert_eq!(app.credits_used(&token).await, 2);
}

#[tokio::test]
async fn the_legacy_backend_offers_no_variations_and_refuses_one() {
    let server = MockServer::start().await;
    let app = TestApp::builder()
        .generator(Generator::Legacy(&server.uri()))
        .spawn()
        .await;
    let token = app.register("alice").await;
    let catalog: Value = app.get("/api/v1/catalog").await.json().await.unwrap();
    assert_eq!(catalog["sourceModes"], json!([]));

    let response = app
        .generate(&token, &vary(&push_id::generation_id(), "vary-subtle"))
        .await;

    assert_eq!(
        refused(response, 422).await,
        ("invalid_field".into(), "source".into())
    );
}

#[tokio::test]
async fn the_catalog_offers_the_source_modes_with_upscale_for_pro() {
    let app = spawn_app().await;
    let catalog: Value = app.get("/api/v1/catalog").await.json().await.unwrap();
    assert_eq!(
        catalog["sourceModes"],
        json!([
            {"id": "vary-subtle", "label": "Vary (subtle)", "pro": false},
            {"id": "vary-strong", "label": "Vary (strong)", "pro": false},
            {"id": "upscale", "label": "Upscale 2x", "pro": true},
        ])
    );
}

#[tokio::test]
async fn a_legacy_worker_given_a_variation_fails_it_rather_than_draw_from_the_prompt() {
    use lucent::worker::backend::{Backend, BackendError, Legacy, SourceImage};
    // Gateways with their workers elsewhere offer variations whatever the workers draw with.
    let server = MockServer::start().await;
    let legacy = Legacy::new(
        lucent::upstream::http_client().unwrap(),
        url::Url::parse(&format!("{}/generate-image", server.uri())).unwrap(),
    );
    let mut job = crate::comfyui::a_fox();
    job.source = Some(SourceImage {
        png: png(64, 64, 1).into(),
        denoise: 0.5,
    });

    let drawn = legacy
        .render(&job, &tokio::sync::watch::channel(Default::default()).0)
        .await;

    assert!(matches!(drawn, Err(BackendError::Failed(_))), "{drawn:?}");
    assert!(server.received_requests().await.unwrap().is_empty());
}
