//! The ComfyUI backend through the whole gateway, against a local server in ComfyUI's wire
//! format: the workflow it is sent, progress, the seed, every failure costing nothing, the
//! websocket dropping, the deadline, credentials, readiness and the checkpoint check.

use std::time::Duration;

use base64::Engine;
use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::backends::assert_fails_and_refunds;
use crate::builder::{Generator, TestAppBuilder};
use crate::fake_comfyui::{FakeComfy, Mode, Options};
use crate::helpers::{TestApp, until};
use crate::redis_server::RedisServer;

/// The arrangement's patience.
const ARRANGING: Duration = Duration::from_secs(10);

/// `app` on `comfy`, each image allowed 5 s.
async fn app_on(comfy: &FakeComfy, app: TestAppBuilder) -> TestApp {
    app.generator(Generator::ComfyUi(&comfy.uri))
        .generator_timeout(Duration::from_secs(5))
        .spawn()
        .await
}

async fn comfy(mode: Mode) -> FakeComfy {
    FakeComfy::start(Options {
        mode,
        ..Options::default()
    })
    .await
}

fn node<'a>(graph: &'a Value, class: &str) -> Vec<&'a Value> {
    graph
        .as_object()
        .unwrap()
        .values()
        .filter(|n| n["class_type"] == class)
        .collect()
}

#[tokio::test]
async fn comfyui_runs_the_styles_workflow_at_2x_with_progress_and_reports_the_seed() {
    let comfy = comfy(Mode::Succeed).await;
    let app = app_on(&comfy, TestApp::builder()).await;
    let token = app.register("alice").await;
    app.make_pro("alice").await;
    let body = json!({"prompt": "a girl", "style": "anime-v1", "look": "korean",
        "negativePrompt": "lowres", "seed": 4242, "steps": 50, "enhance": true});

    let (status, events) = app.generate_stream(&token, &body).await;

    assert_eq!(status, 200);
    let (last, done) = events.last().unwrap();
    assert_eq!(last, "done", "{events:?}");
    assert_eq!(done["generations"][0]["seed"], 4242);
    let sent = &comfy.prompts()[0];
    assert!(
        sent["client_id"].as_str().unwrap().starts_with("lucent-"),
        "{sent}"
    );
    let graph = &sent["prompt"];
    assert_eq!(
        node(graph, "CheckpointLoaderSimple")[0]["inputs"]["ckpt_name"],
        "anythingV5_PrtRE.safetensors"
    );
    let texts: Vec<&str> = node(graph, "CLIPTextEncode")
        .iter()
        .map(|n| n["inputs"]["text"].as_str().unwrap())
        .collect();
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("a girl, masterpiece") && t.ends_with("Korean Girl")),
        "{texts:?}"
    );
    assert!(texts.contains(&"lowres"), "{texts:?}");
    let samplers = node(graph, "KSampler");
    assert_eq!(samplers.len(), 2, "a second pass for 2x");
    assert!(
        samplers
            .iter()
            .all(|s| s["inputs"]["seed"] == 4242 && s["inputs"]["steps"] == 50)
    );
    assert_eq!(node(graph, "LatentUpscaleBy")[0]["inputs"]["scale_by"], 2.0);
    let fractions: Vec<f64> = events
        .iter()
        .filter(|(n, _)| n == "progress")
        .map(|(_, d)| d["fraction"].as_f64().unwrap())
        .collect();
    assert!(
        fractions.iter().any(|f| *f > 0.0 && *f < 0.5),
        "{fractions:?}"
    );
    assert!(
        fractions.iter().any(|f| *f > 0.5),
        "the second pass is the second half: {fractions:?}"
    );
    assert!(fractions.windows(2).all(|w| w[0] <= w[1]), "{fractions:?}");
    assert_eq!(
        comfy.history_len(),
        0,
        "the entry is deleted once the image is in hand"
    );
    assert_eq!(app.credits_used(&token).await, 1);
}

#[tokio::test]
async fn comfyui_draws_the_size_asked_for_in_its_latent_image() {
    let comfy = comfy(Mode::Succeed).await;
    let app = app_on(&comfy, TestApp::builder()).await;
    let token = app.register("alice").await;

    app.generate_ok(
        &token,
        &json!({"prompt": "a fox", "size": "portrait", "enhance": false}),
    )
    .await;

    let graph = &comfy.prompts()[0]["prompt"];
    let latent = &node(graph, "EmptyLatentImage")[0]["inputs"];
    assert_eq!(
        (&latent["width"], &latent["height"]),
        (&json!(512), &json!(768))
    );
}

#[tokio::test]
async fn without_a_seed_the_gateway_chooses_one_and_comfyui_runs_that_one() {
    let comfy = comfy(Mode::Succeed).await;
    let app = app_on(&comfy, TestApp::builder()).await;
    let token = app.register("alice").await;

    let made = app
        .generate_ok(&token, &json!({"prompt": "a fox", "enhance": false}))
        .await;

    let graph = &comfy.prompts()[0]["prompt"];
    let ran = &node(graph, "KSampler")[0]["inputs"]["seed"];
    assert_eq!(&made["seed"], ran);
    assert!(
        node(graph, "LatentUpscaleBy").is_empty(),
        "no second pass without 2x"
    );
}

#[tokio::test]
async fn a_prompt_queued_behind_anothers_still_arrives() {
    let comfy = comfy(Mode::QueuedFor(Duration::from_millis(800))).await;
    let app = app_on(&comfy, TestApp::builder()).await;
    let token = app.register("alice").await;

    app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
}

/// A backend on `comfy`, outside the gateway, to read its own error messages.
fn backend_on(uri: &str) -> lucent::worker::backend::ComfyUi {
    lucent::worker::backend::ComfyUi::new(
        lucent::upstream::http_client().unwrap(),
        url::Url::parse(uri).unwrap(),
        lucent::worker::backend::comfyui::Templates::default(),
    )
}

/// "a fox" on the realistic style's checkpoint, as the worker asks a backend for it.
pub fn a_fox() -> lucent::worker::backend::Render {
    lucent::worker::backend::Render {
        prompt: "a fox".into(),
        user_prompt: "a fox".into(),
        negative_prompt: String::new(),
        style_id: "real-v1.1".into(),
        checkpoint: "Realistic_Vision_V4.0.safetensors [29a7afaa]".into(),
        prompt_plus: String::new(),
        look_text: String::new(),
        seed: Some(1),
        steps: 20,
        width: 512,
        height: 512,
        enhance: false,
        cfg: 7.0,
        sampler: &lucent::generation::controls::SAMPLERS[0],
        source: None,
    }
}

#[tokio::test]
async fn a_missing_checkpoint_is_a_502_that_costs_nothing_and_the_log_names_it() {
    use lucent::worker::backend::{Backend, BackendError};
    let comfy = FakeComfy::start(Options {
        checkpoints: vec!["sd_xl_base_1.0.safetensors".into()],
        ..Options::default()
    })
    .await;
    let app = app_on(&comfy, TestApp::builder()).await;

    assert_fails_and_refunds(&app, 502, "backend_failed").await;
    let error = backend_on(&comfy.uri)
        .render(&a_fox(), &tokio::sync::watch::channel(Default::default()).0)
        .await
        .unwrap_err();
    let BackendError::Failed(message) = error else {
        panic!("{error:?}")
    };
    assert_eq!(
        message,
        "ComfyUI refused the workflow: Prompt outputs failed validation; CheckpointLoaderSimple \
         (node 4): Value not in list ckpt_name: 'Realistic_Vision_V4.0.safetensors' not in \
         ['sd_xl_base_1.0.safetensors']"
    );
}

#[tokio::test]
async fn a_node_that_fails_is_a_502_and_costs_nothing() {
    let comfy = comfy(Mode::NodeFails).await;
    let app = app_on(&comfy, TestApp::builder()).await;

    assert_fails_and_refunds(&app, 502, "backend_failed").await;
    assert_eq!(comfy.history_len(), 0);
}

#[tokio::test]
async fn garbage_from_comfyui_is_a_502_and_costs_nothing() {
    let comfy = comfy(Mode::Garbage).await;
    let app = app_on(&comfy, TestApp::builder()).await;

    assert_fails_and_refunds(&app, 502, "backend_bad_image").await;
}

#[tokio::test]
async fn a_dropped_websocket_falls_back_to_polling_the_history() {
    let comfy = comfy(Mode::DropsSocket).await;
    let app = app_on(&comfy, TestApp::builder()).await;
    let token = app.register("alice").await;

    app.generate_ok(&token, &json!({"prompt": "a fox", "steps": 30}))
        .await;

    let polls = comfy
        .received()
        .iter()
        .filter(|(call, _)| call.starts_with("GET /history/"))
        .count();
    assert!(polls >= 1, "{:?}", comfy.received());
}

#[tokio::test]
async fn answers_larger_than_comfyui_ever_sends_are_refused() {
    use lucent::worker::backend::{Backend, BackendError};
    let server = MockServer::start().await;
    let padding = "x".repeat(2 * 1024 * 1024);
    Mock::given(method("POST"))
        .and(path("/prompt"))
        .respond_with(ResponseTemplate::new(200).set_body_json(
            json!({"prompt_id": "p1", "number": 0, "node_errors": {}, "padding": padding}),
        ))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/system_stats"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"system": {"os": "posix"}, "padding": padding})),
        )
        .mount(&server)
        .await;
    let backend = backend_on(&server.uri());

    let rendered = backend
        .render(&a_fox(), &tokio::sync::watch::channel(Default::default()).0)
        .await;
    let ready = backend.ready().await;

    assert!(
        matches!(rendered, Err(BackendError::TooLarge)),
        "{rendered:?}"
    );
    assert!(ready.unwrap_err().contains("more than"));
}

#[tokio::test]
async fn a_server_without_the_websocket_is_followed_through_its_history() {
    let comfy = FakeComfy::start(Options {
        websocket: false,
        ..Options::default()
    })
    .await;
    let app = app_on(&comfy, TestApp::builder()).await;
    let token = app.register("alice").await;

    app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
}

#[tokio::test]
async fn comfyui_past_the_deadline_is_interrupted_and_it_costs_nothing() {
    let comfy = comfy(Mode::Hangs).await;
    let app = TestApp::builder()
        .generator(Generator::ComfyUi(&comfy.uri))
        .generator_timeout(Duration::from_secs(1))
        .spawn()
        .await;

    assert_fails_and_refunds(&app, 504, "backend_timeout").await;
    let id = comfy.prompts()[0]["prompt_id"].as_str().unwrap().to_owned();
    let calls = comfy.received();
    let sent = |call: &str, body: Value| calls.iter().any(|c| c.0 == call && c.1 == body);
    assert!(sent("POST /queue", json!({"delete": [id]})), "{calls:?}");
    assert!(
        sent("POST /interrupt", json!({"prompt_id": id})),
        "{calls:?}"
    );
}

#[tokio::test]
async fn credentials_in_the_url_reach_every_call_and_the_websocket() {
    for (userinfo, header) in [
        (
            "gpu:p+ss%20w@",
            format!(
                "Basic {}",
                base64::engine::general_purpose::STANDARD.encode("gpu:p+ss w")
            ),
        ),
        (":tok3n@", "Bearer tok3n".to_owned()),
    ] {
        let comfy = FakeComfy::start(Options {
            authorization: Some(header),
            // A drop would hide a socket refused for its credentials behind the polling.
            mode: Mode::Succeed,
            ..Options::default()
        })
        .await;
        let url = comfy.uri.replace("http://", &format!("http://{userinfo}"));
        let app = TestApp::builder()
            .generator(Generator::ComfyUi(&url))
            .spawn()
            .await;
        let token = app.register("alice").await;

        let (_, events) = app
            .generate_stream(&token, &json!({"prompt": "a fox", "steps": 30}))
            .await;

        assert_eq!(events.last().unwrap().0, "done", "{userinfo}: {events:?}");
        assert!(
            events.iter().any(|(n, _)| n == "progress"),
            "{userinfo}: progress comes from the websocket only"
        );
        assert_eq!(app.get_readyz().await.status(), 200);
    }
}

#[tokio::test]
async fn readiness_asks_comfyuis_system_stats() {
    let comfy = comfy(Mode::Succeed).await;
    let ready = app_on(&comfy, TestApp::builder()).await;
    let not_comfy = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/system_stats"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"ok": true})))
        .mount(&not_comfy)
        .await;
    let wrong = TestApp::builder()
        .generator(Generator::ComfyUi(&not_comfy.uri()))
        .spawn()
        .await;

    assert_eq!(ready.get_readyz().await.status(), 200);
    let report: Value = wrong.get_readyz().await.json().await.unwrap();
    assert_eq!(report["status"], "not ready", "{report}");
    assert_eq!(report["checks"]["generator"]["ok"], false, "{report}");
}

#[tokio::test]
async fn the_catalogs_checkpoints_are_checked_against_the_server() {
    use lucent::worker::backend::Backend;
    let comfy = comfy(Mode::Succeed).await;
    let backend = backend_on(&comfy.uri);

    let missing = backend
        .missing_checkpoints(&[
            "anythingV5_PrtRE.safetensors [893e49b9]",
            "Flux_Dev.safetensors [abcdef12]",
        ])
        .await
        .unwrap();

    assert_eq!(missing, ["Flux_Dev.safetensors"]);
}

#[tokio::test]
async fn a_v3_combo_lists_the_checkpoints_in_its_options() {
    use lucent::worker::backend::Backend;
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/object_info/CheckpointLoaderSimple"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"CheckpointLoaderSimple": {
            "input": {"required": {"ckpt_name": ["COMBO", {"options": ["a.safetensors"]}]}}}})),
        )
        .mount(&server)
        .await;
    let backend = backend_on(&server.uri());

    let missing = backend
        .missing_checkpoints(&["a.safetensors [1]", "b.safetensors [2]"])
        .await
        .unwrap();

    assert_eq!(missing, ["b.safetensors"]);
}

#[tokio::test]
async fn a_deployers_workflow_file_is_what_its_style_runs() {
    let dir = tempfile::tempdir().unwrap();
    let mut catalog: Value =
        serde_json::from_str(include_str!("../../src/generation/catalog.json")).unwrap();
    catalog["styles"][0]["comfyWorkflow"] = json!("workflows/real.json");
    std::fs::create_dir(dir.path().join("workflows")).unwrap();
    let workflow = json!({
        "1": {"class_type": "CheckpointLoaderSimple", "inputs": {"ckpt_name": "{{checkpoint}}"}},
        "2": {"class_type": "CLIPTextEncode", "inputs": {"text": "{{prompt}}", "clip": ["1", 1]}},
        "3": {"class_type": "CLIPTextEncode", "inputs": {"text": "{{negative}}, watermark", "clip": ["1", 1]}},
        "4": {"class_type": "EmptyLatentImage", "inputs": {"width": "{{width}}", "height": "{{height}}", "batch_size": 1}},
        "5": {"class_type": "KSampler", "inputs": {"seed": "{{seed}}", "steps": "{{steps}}", "cfg": 4.5,
              "sampler_name": "euler", "scheduler": "normal", "denoise": 1.0, "model": ["1", 0],
              "positive": ["2", 0], "negative": ["3", 0], "latent_image": ["4", 0]}},
        "6": {"class_type": "VAEDecode", "inputs": {"samples": ["5", 0], "vae": ["1", 2]}},
        "7": {"class_type": "SaveImage", "inputs": {"images": ["6", 0], "filename_prefix": "{{filename_prefix}}"}},
    });
    std::fs::write(dir.path().join("workflows/real.json"), workflow.to_string()).unwrap();
    let catalog_path = dir.path().join("catalog.json");
    std::fs::write(&catalog_path, catalog.to_string()).unwrap();
    let comfy = comfy(Mode::Succeed).await;
    let app = app_on(&comfy, TestApp::builder().catalog(&catalog_path)).await;
    let token = app.register("alice").await;

    let made = app
        .generate_ok(
            &token,
            &json!({"prompt": "a fox", "negativePrompt": "blurry", "seed": 7}),
        )
        .await;

    let graph = &comfy.prompts()[0]["prompt"];
    assert_eq!(graph["3"]["inputs"]["text"], "blurry, watermark");
    assert_eq!(graph["5"]["inputs"]["seed"], 7);
    assert_eq!(graph["5"]["inputs"]["cfg"], 4.5);
    assert_eq!(graph["4"]["inputs"]["width"], 512);
    assert_eq!(graph["7"]["inputs"]["filename_prefix"], "lucent");
    assert_eq!(made["seed"], 7);
}

// Two threads: the wait for the log blocks one, and the fake server must answer meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_start_the_log_names_each_catalog_checkpoint_comfyui_lacks() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let comfy = FakeComfy::start(Options {
        checkpoints: vec!["Realistic_Vision_V4.0.safetensors".into()],
        ..Options::default()
    })
    .await;
    let data = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_lucent"))
        .env_clear()
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--auth-emulator-host",
            "127.0.0.1:9",
        ])
        .arg("--data-dir")
        .arg(data.path())
        .args(["--generator", &format!("comfyui+{}", comfy.uri)])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (lines, heard) = std::sync::mpsc::channel();
    let stderr = BufReader::new(child.stderr.take().unwrap());
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });

    // Until both are heard: a start on a busy machine may be quiet for seconds (the bound only
    // ends a test that would fail anyway).
    let mut warned = Vec::new();
    while let Ok(line) = heard.recv_timeout(Duration::from_secs(60)) {
        if line.contains("does not have this checkpoint") {
            warned.push(line);
        }
        if warned.len() == 2 {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();

    let named = |file: &str| warned.iter().any(|l| l.contains(file));
    assert!(named("Realistic_Vision_V5.0.safetensors"), "{warned:?}");
    assert!(named("anythingV5_PrtRE.safetensors"), "{warned:?}");
    assert!(!named("Realistic_Vision_V4.0.safetensors"), "{warned:?}");
}

#[tokio::test]
async fn a_render_whose_lease_went_to_another_worker_is_interrupted_on_comfyui() {
    let comfy = comfy(Mode::Hangs).await;
    let redis = RedisServer::start().await;
    let app = app_on(
        &comfy,
        TestApp::builder()
            .redis(&redis.url)
            .job_lease(Duration::from_secs(1)),
    )
    .await;
    let token = app.register("alice").await;
    let job = app.submit_job(&token, &json!({"prompt": "a fox"})).await;
    until(ARRANGING, async || !comfy.prompts().is_empty()).await;
    let prompt_id = comfy.prompts()[0]["prompt_id"].as_str().unwrap().to_owned();

    // What the reaper and another worker's claim leave: the job running under another token.
    let client = redis::Client::open(redis.url.as_str()).unwrap();
    let mut connection = client.get_multiplexed_async_connection().await.unwrap();
    let _: () = redis::cmd("HSET")
        .arg(format!("{{lucent}}:job:{job}"))
        .arg(&["token", "another-workers"])
        .query_async(&mut connection)
        .await
        .unwrap();

    until(ARRANGING, async || {
        comfy
            .received()
            .iter()
            .any(|(call, body)| call == "POST /interrupt" && body["prompt_id"] == prompt_id)
    })
    .await;
}
