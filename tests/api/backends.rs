//! The A1111 and legacy backends through the whole gateway, against local servers speaking
//! their wire formats: success, and every failure giving its status and its credit back.

use std::time::Duration;

use base64::Engine;
use serde_json::{Value, json};
use wiremock::matchers::{body_partial_json, header, method, path, query_param};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

use crate::builder::Generator;
use crate::helpers::{TestApp, error_code, ids, png};

/// The gateway on the A1111 `server`, each image allowed `timeout`.
async fn app_with_backend(server: &MockServer, timeout: Duration) -> TestApp {
    TestApp::builder()
        .generator(Generator::A1111(&server.uri()))
        .generator_timeout(timeout)
        .spawn()
        .await
}

pub fn txt2img_answer(seed: i64) -> Value {
    let b64 = base64::engine::general_purpose::STANDARD.encode(png(64, 64, 3));
    json!({
        "images": [b64],
        "parameters": {},
        "info": json!({"seed": seed, "all_seeds": [seed], "sd_model_name": "Realistic_Vision_V4.0"}).to_string(),
    })
}

pub async fn mount_txt2img(server: &MockServer, response: ResponseTemplate) {
    Mock::given(method("POST"))
        .and(path("/sdapi/v1/txt2img"))
        .respond_with(response)
        .mount(server)
        .await;
}

/// An image, after `ms` milliseconds: a backend busy long enough to queue behind.
pub fn slow_answer(ms: u64) -> ResponseTemplate {
    ResponseTemplate::new(200)
        .set_delay(Duration::from_millis(ms))
        .set_body_json(txt2img_answer(1))
}

/// The image requests an A1111 wire server received, in order.
pub async fn txt2img_calls(server: &MockServer) -> Vec<wiremock::Request> {
    let mut received = server.received_requests().await.unwrap();
    received.retain(|r| r.url.path().ends_with("txt2img"));
    received
}

/// The gateway on an A1111 backend that answers every image with `response`, each image
/// allowed `timeout`.
async fn a1111_answering(response: ResponseTemplate, timeout: Duration) -> (TestApp, MockServer) {
    let server = MockServer::start().await;
    mount_txt2img(&server, response).await;
    (app_with_backend(&server, timeout).await, server)
}

/// A failure costs nothing: the credit reserved for it is back before the error arrives.
pub async fn assert_fails_and_refunds(app: &TestApp, status: u16, code: &str) {
    let token = app.register("alice").await;
    let response = app.generate(&token, &json!({"prompt": "a fox"})).await;
    assert_eq!(error_code(response, status).await, code);
    assert_eq!(
        app.credits_used(&token).await,
        0,
        "the credit was not back when the error arrived"
    );
    assert!(
        app.state
            .store
            .list_generations("alice", None, 10)
            .await
            .unwrap()
            .is_empty()
    );
}

/// A gateway on an A1111 server that answers one txt2img call whose body has `expected`
/// (seed `seed` in its answer), and alice's token.
async fn a1111_expecting(expected: Value, seed: i64) -> (TestApp, MockServer, String) {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/sdapi/v1/txt2img"))
        .and(body_partial_json(expected))
        .respond_with(ResponseTemplate::new(200).set_body_json(txt2img_answer(seed)))
        .expect(1)
        .mount(&server)
        .await;
    let app = app_with_backend(&server, Duration::from_secs(2)).await;
    let token = app.register("alice").await;
    (app, server, token)
}

#[tokio::test]
async fn a1111_gets_the_prompt_checkpoint_and_hires_and_reports_its_seed() {
    let expected = json!({
        "steps": 30,
        "width": 512,
        "height": 512,
        "enable_hr": true,
        "hr_scale": 2,
        "override_settings": {"sd_model_checkpoint": "anythingV5_PrtRE.safetensors [893e49b9]"},
    });
    let (app, server, token) = a1111_expecting(expected, 1_234_567).await;

    let made = app
        .generate_ok(
            &token,
            &json!({"prompt": "a girl", "style": "anime-v1", "look": "korean"}),
        )
        .await;

    assert_eq!(made["seed"], 1_234_567);
    let sent: Value = server.received_requests().await.unwrap()[0]
        .body_json()
        .unwrap();
    let prompt = sent["prompt"].as_str().unwrap();
    assert!(
        prompt.starts_with("a girl, masterpiece") && prompt.ends_with("Korean Girl"),
        "{prompt}"
    );
    assert!(sent["negative_prompt"].as_str().unwrap().contains("lowres"));
    // No seed asked for: the gateway picks one when it queues the job, so that a rerun of
    // the job (its worker died) draws the same image.
    assert!(sent["seed"].as_u64().is_some(), "{}", sent["seed"]);
    assert_eq!(app.credits_used(&token).await, 1);
}

#[tokio::test]
async fn a1111_credentials_in_the_url_become_basic_auth() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/sdapi/v1/txt2img"))
        .and(header("authorization", "Basic Z3B1OnMzY3IzdA=="))
        .respond_with(ResponseTemplate::new(200).set_body_json(txt2img_answer(5)))
        .expect(1)
        .mount(&server)
        .await;
    let url = server.uri().replace("http://", "http://gpu:s3cr3t@");
    let app = TestApp::builder()
        .generator(Generator::A1111(&url))
        .spawn()
        .await;
    let token = app.register("alice").await;

    app.generate_ok(&token, &json!({"prompt": "x", "seed": 5}))
        .await;
}

#[tokio::test]
async fn a1111_passwords_are_percent_decoded_not_form_decoded() {
    let server = MockServer::start().await;
    let expected = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode("gpu:p+ss w")
    );
    Mock::given(method("POST"))
        .and(path("/sdapi/v1/txt2img"))
        .and(header("authorization", expected.as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_json(txt2img_answer(5)))
        .expect(1)
        .mount(&server)
        .await;
    let url = server.uri().replace("http://", "http://gpu:p+ss%20w@");
    let app = TestApp::builder()
        .generator(Generator::A1111(&url))
        .spawn()
        .await;
    let token = app.register("alice").await;

    app.generate_ok(&token, &json!({"prompt": "x", "seed": 5}))
        .await;
}

#[tokio::test]
async fn a_backend_past_its_deadline_is_interrupted() {
    let server = MockServer::start().await;
    mount_txt2img(
        &server,
        ResponseTemplate::new(200)
            .set_delay(Duration::from_secs(5))
            .set_body_json(txt2img_answer(1)),
    )
    .await;
    Mock::given(method("POST"))
        .and(path("/sdapi/v1/interrupt"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({})))
        .expect(1)
        .mount(&server)
        .await;
    let app = app_with_backend(&server, Duration::from_secs(1)).await;

    assert_fails_and_refunds(&app, 504, "backend_timeout").await;
}

#[tokio::test]
async fn a_client_that_leaves_once_its_job_reached_the_backend_is_charged_and_holds_the_slot() {
    let (app, server) = a1111_answering(slow_answer(1500), Duration::from_secs(10)).await;
    let leaver = app.register("alice").await;
    let next = app.register("bob").await;

    // Alice's request reaches the backend, then her client gives up.
    let gone = app
        .client
        .post(app.url("/api/v1/generations"))
        .bearer_auth(&leaver)
        .timeout(Duration::from_millis(400))
        .json(&json!({"prompt": "first"}))
        .send()
        .await;
    assert!(gone.is_err_and(|e| e.is_timeout()));
    let txt2img = || async { txt2img_calls(&server).await.len() };
    let second = json!({"prompt": "second"});
    let waiting = app.generate(&next, &second);
    let (done, sent_meanwhile) = tokio::join!(waiting, async {
        app.until_line(|line| line.running == 1 && line.queued_free == 1)
            .await;
        txt2img().await
    });

    assert_eq!(
        sent_meanwhile, 1,
        "the slot was given away while alice's job still ran"
    );
    assert_eq!(done.status(), 201);
    assert_eq!(txt2img().await, 2);
    assert_eq!(
        app.credits_used(&leaver).await,
        1,
        "alice's image was paid for when her job ended, before the next one ran"
    );
    let kept = app
        .state
        .store
        .list_generations("alice", None, 10)
        .await
        .unwrap();
    assert_eq!(kept.len(), 1, "alice's image was not recorded");
}

#[tokio::test]
async fn a_full_queue_refuses_before_any_credit_is_touched() {
    let server = MockServer::start().await;
    mount_txt2img(&server, slow_answer(1500)).await;
    let app = TestApp::builder()
        .generator(Generator::A1111(&server.uri()))
        .queue_limit(1)
        .spawn()
        .await;
    let tokens = [
        app.register("alice").await,
        app.register("bob").await,
        app.register("carol").await,
    ];

    let first = json!({"prompt": "a"});
    let running = app.generate(&tokens[0], &first);
    let waiting = async {
        app.until_line(|line| line.running == 1).await;
        app.generate(&tokens[1], &json!({"prompt": "b"})).await
    };
    let refused = async {
        app.until_line(|line| line.running == 1 && line.queued_free == 1)
            .await;
        app.generate(&tokens[2], &json!({"prompt": "c"})).await
    };
    let (_, _, refused) = tokio::join!(running, waiting, refused);

    assert_eq!(error_code(refused, 429).await, "queue_full");
    let metrics = app.state.metrics.render(0);
    assert!(
        metrics.contains("lucent_credits_total{outcome=\"reserved\"} 2"),
        "{metrics}"
    );
    assert!(!metrics.contains("outcome=\"released\""), "{metrics}");
}

#[tokio::test]
async fn a1111_progress_reaches_the_event_stream() {
    let server = MockServer::start().await;
    mount_txt2img(
        &server,
        ResponseTemplate::new(200)
            .set_delay(Duration::from_millis(1300))
            .set_body_json(txt2img_answer(9)),
    )
    .await;
    Mock::given(method("GET"))
        .and(path("/sdapi/v1/progress"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"progress": 0.4, "eta_relative": 2.5, "state": {}})),
        )
        .mount(&server)
        .await;
    let app = app_with_backend(&server, Duration::from_secs(2)).await;
    let token = app.register("alice").await;

    let (_, events) = app.generate_stream(&token, &json!({"prompt": "x"})).await;

    let progress: Vec<_> = events
        .iter()
        .filter(|(n, _)| n == "progress")
        .map(|(_, d)| d.clone())
        .collect();
    assert!(progress.iter().any(|p| (p["fraction"].as_f64().unwrap() - 0.4).abs() < 1e-6 && p["etaSeconds"] == 2.5), "{progress:?}");
    assert_eq!(events.last().unwrap().0, "done");
}

#[tokio::test]
async fn a_backend_that_hangs_is_a_504_and_costs_nothing() {
    let (app, _backend) = a1111_answering(
        ResponseTemplate::new(200).set_delay(Duration::from_secs(30)),
        Duration::from_secs(2),
    )
    .await;
    assert_fails_and_refunds(&app, 504, "backend_timeout").await;
}

#[tokio::test]
async fn a_backend_error_is_a_502_and_costs_nothing() {
    let (app, _backend) = a1111_answering(
        ResponseTemplate::new(500).set_body_string("CUDA out of memory"),
        Duration::from_secs(2),
    )
    .await;
    assert_fails_and_refunds(&app, 502, "backend_failed").await;
}

#[tokio::test]
async fn garbage_from_the_backend_is_a_502_and_costs_nothing() {
    let (app, _backend) = a1111_answering(
        ResponseTemplate::new(200).set_body_json(json!({"images": ["bm90IGEgcG5n"], "info": "{}"})),
        Duration::from_secs(2),
    )
    .await;
    assert_fails_and_refunds(&app, 502, "backend_bad_image").await;
}

#[tokio::test]
async fn a_body_that_is_not_json_is_a_502() {
    let (app, _backend) = a1111_answering(
        ResponseTemplate::new(200).set_body_string("<html>proxy error</html>"),
        Duration::from_secs(2),
    )
    .await;
    assert_fails_and_refunds(&app, 502, "backend_bad_image").await;
}

#[tokio::test]
async fn a_backend_that_resets_the_connection_is_a_502_and_costs_nothing() {
    // Accepts, reads the request, and hangs up without a word.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let (mut socket, _) = listener.accept().await.unwrap();
            let mut buffer = [0u8; 1024];
            let _ = tokio::io::AsyncReadExt::read(&mut socket, &mut buffer).await;
            socket.set_zero_linger().unwrap();
            drop(socket);
        }
    });
    let app = TestApp::builder()
        .generator(Generator::A1111(&format!("http://{address}")))
        .spawn()
        .await;
    assert_fails_and_refunds(&app, 502, "backend_failed").await;
}

#[tokio::test]
async fn an_oversized_answer_is_cut_off_with_a_502() {
    let (app, _backend) = a1111_answering(
        ResponseTemplate::new(200).set_body_bytes(vec![b'a'; 50 * 1024 * 1024]),
        Duration::from_secs(2),
    )
    .await;
    assert_fails_and_refunds(&app, 502, "backend_too_large").await;
}

#[tokio::test]
async fn a1111_draws_the_size_asked_for() {
    let (app, server, token) = a1111_expecting(json!({"width": 768, "height": 512}), 7).await;

    let response = app
        .generate(
            &token,
            &json!({"prompt": "a fox", "size": "landscape", "enhance": false}),
        )
        .await;

    assert_eq!(response.status(), 201);
    let sent: Value = server.received_requests().await.unwrap()[0]
        .body_json()
        .unwrap();
    assert!(sent.get("enable_hr").is_none(), "no hires pass: {sent}");
}

#[tokio::test]
async fn a1111_gets_the_guidance_and_sampler_picked_and_the_image_keeps_them() {
    let (app, _server, token) =
        a1111_expecting(json!({"cfg_scale": 4.5, "sampler_name": "Euler a"}), 7).await;

    let made = app
        .generate_ok(
            &token,
            &json!({"prompt": "a fox", "cfg": 4.5, "sampler": "euler-a", "size": "portrait"}),
        )
        .await;

    assert_eq!(
        (&made["cfg"], &made["sampler"], &made["size"]),
        (&json!(4.5), &json!("euler-a"), &json!("portrait"))
    );
    let history: Value = app.list_generations(&token, "").await.json().await.unwrap();
    assert_eq!(
        history["items"][0]["sampler"], "euler-a",
        "stored: {history}"
    );
}

#[tokio::test]
async fn a_legacy_backend_draws_one_size_so_each_style_offers_its_default_only() {
    let server = MockServer::start().await;
    let app = TestApp::builder()
        .generator(Generator::Legacy(&server.uri()))
        .spawn()
        .await;
    let token = app.register("alice").await;

    let catalog: Value = app.get("/api/v1/catalog").await.json().await.unwrap();
    let portrait = app
        .generate(&token, &json!({"prompt": "a fox", "size": "portrait"}))
        .await;

    for style in catalog["styles"].as_array().unwrap() {
        assert_eq!(ids(&style["sizes"]), ["square"], "{style}");
    }
    assert_eq!(error_code(portrait, 422).await, "invalid_field");
    assert_eq!(catalog["samplers"], json!([]), "nor guidance: {catalog}");
    let guided = app
        .generate(&token, &json!({"prompt": "a fox", "cfg": 5}))
        .await;
    assert_eq!(guided.status(), 422);
    let refusal: Value = guided.json().await.unwrap();
    assert_eq!(
        refusal["error"]["message"],
        "cfg: cfg cannot be chosen: this image backend draws with its own settings"
    );
    assert!(server.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn the_legacy_backend_gets_the_specs_exact_query() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/base/generate-image"))
        .and(query_param("prompt", "a fox"))
        .and(query_param("inputValue", "a fox"))
        .and(query_param(
            "selected_model_type",
            "dreamshaper_8.safetensors [9d40847d]",
        ))
        .and(query_param("seed", "77"))
        .and(query_param("step", "25"))
        .and(query_param("model_type", "Korean Girl"))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header("content-type", "image/png")
                .set_body_bytes(png(48, 48, 5)),
        )
        .expect(1)
        .mount(&server)
        .await;
    let app = TestApp::builder()
        .generator(Generator::Legacy(&format!("{}/base", server.uri())))
        .spawn()
        .await;
    let token = app.register("alice").await;

    let made = app
        .generate_ok(&token, &json!({"prompt": "a fox", "style": "nsfw-v1.1", "look": "korean", "seed": 77, "steps": 25}))
        .await;

    assert_eq!(
        (made["seed"].as_u64(), made["width"].as_u64()),
        (Some(77), Some(48))
    );
    assert_eq!(
        (&made["size"], &made["cfg"], &made["sampler"]),
        (&Value::Null, &Value::Null, &Value::Null),
        "it was told none of them, so none is kept"
    );
    let request: &Request = &server.received_requests().await.unwrap()[0];
    let plus = request
        .url
        .query_pairs()
        .find(|(k, _)| k == "Prompt_Plus")
        .unwrap()
        .1
        .into_owned();
    assert!(plus.contains("sensual"), "{plus}");
}

#[tokio::test]
async fn a_legacy_backend_answering_html_is_a_502() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_string("<html>oops</html>"))
        .mount(&server)
        .await;
    let app = TestApp::builder()
        .generator(Generator::Legacy(&server.uri()))
        .spawn()
        .await;
    assert_fails_and_refunds(&app, 502, "backend_bad_image").await;
}

#[tokio::test]
async fn a_client_that_leaves_while_queued_is_not_charged_and_not_rendered() {
    let (app, server) = a1111_answering(slow_answer(1500), Duration::from_secs(10)).await;
    let first = app.register("alice").await;
    let second = app.register("bob").await;

    let first_body = json!({"prompt": "first"});
    let busy = app.generate(&first, &first_body);
    let leaver = async {
        app.until_line(|line| line.running == 1).await;
        let response = app
            .client
            .post(app.url("/api/v1/generations"))
            .bearer_auth(&second)
            .header("accept", "text/event-stream")
            .json(&json!({"prompt": "second"}))
            .send()
            .await
            .unwrap();
        let mut stream = response.bytes_stream();
        use futures_util::StreamExt;
        let first_chunk =
            String::from_utf8(stream.next().await.unwrap().unwrap().to_vec()).unwrap();
        assert!(first_chunk.contains("event: queued"), "{first_chunk}");
        assert!(first_chunk.contains("\"position\":1"), "{first_chunk}");
        // Leaving: the connection closes with the stream.
    };
    let (done, ()) = tokio::join!(busy, leaver);
    assert_eq!(done.status(), 201);
    app.until_line(|line| line.running == 0 && line.queued_free == 0)
        .await;

    assert_eq!(app.wait_for_credits(&second, 0).await, 0);
    assert_eq!(txt2img_calls(&server).await.len(), 1);
    assert_eq!(app.jobs_waiting().await, 0);
}

#[tokio::test]
async fn a_free_user_cannot_stack_requests_and_pro_users_go_first() {
    let (app, server) = a1111_answering(slow_answer(800), Duration::from_secs(10)).await;
    let running = app.register("runner").await;
    let free = app.register("free").await;
    let pro = app.register("pro").await;
    app.make_pro("pro").await;

    let running_body = json!({"prompt": "running"});
    let first = app.generate(&running, &running_body);
    let rest = async {
        app.until_line(|line| line.running == 1).await;
        let free_body = json!({"prompt": "free"});
        let free_req = app.generate(&free, &free_body);
        let stacked = async {
            app.until_line(|line| line.queued_free == 1).await;
            let second = app.generate(&free, &json!({"prompt": "free again"})).await;
            assert_eq!(second.status(), 429);
            assert!(second.headers().contains_key("retry-after"));
            app.generate(&pro, &json!({"prompt": "pro", "enhance": false}))
                .await
        };
        tokio::join!(free_req, stacked)
    };
    let (_, (free_done, pro_done)) = tokio::join!(first, rest);
    assert_eq!(
        (free_done.status(), pro_done.status()),
        (reqwest::StatusCode::CREATED, reqwest::StatusCode::CREATED)
    );

    let order: Vec<String> = txt2img_calls(&server)
        .await
        .iter()
        .map(|r| {
            r.body_json::<Value>().unwrap()["prompt"]
                .as_str()
                .unwrap()
                .split(',')
                .next()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(order, ["running", "pro", "free"]);
}
