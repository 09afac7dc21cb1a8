//! Generation through the API with the built-in renderer: credits, blur, download, delete,
//! history, the event stream, and the legacy call.

use lucent::images::preview::edge_energy;
use lucent::store::GenerationRecord;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, ids, spawn_app};
use crate::provenance::assert_marked_as_ai_made;
use crate::test_keys::token_for;

fn decode(bytes: &[u8]) -> image::RgbaImage {
    image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .expect("a PNG")
        .to_rgba8()
}

async fn image_bytes(app: &TestApp, token: &str, id: &str) -> Vec<u8> {
    let response = app.get_image(token, id, false).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/png");
    response.bytes().await.unwrap().to_vec()
}

async fn original(app: &TestApp, uid: &str, id: &str) -> Vec<u8> {
    let record = app
        .state
        .store
        .get_generation(uid, id)
        .await
        .unwrap()
        .unwrap();
    app.stored_blob(&record.blob_key).await
}

#[tokio::test]
async fn free_user_gets_a_blurred_image() {
    let app = spawn_app().await;
    let token = app.register("alice").await;

    let made = app
        .generate_ok(
            &token,
            &json!({"prompt": "a lighthouse on a cliff at dusk", "enhance": false}),
        )
        .await;

    assert_eq!(made["blurred"], true);
    assert_eq!(
        (made["width"].as_u64(), made["height"].as_u64()),
        (Some(512), Some(512))
    );
    let id = made["id"].as_str().unwrap();
    let received = image_bytes(&app, &token, id).await;
    let sharp = original(&app, "alice", id).await;
    assert_ne!(decode(&received), decode(&sharp));
    let (blurred, sharp) = (decode(&received), decode(&sharp));
    assert_eq!(blurred.dimensions(), sharp.dimensions());
    // Above the caption and the watermark: the picture itself.
    let picture =
        |img: &image::RgbaImage| image::imageops::crop_imm(img, 0, 0, 512, 384).to_image();
    let (after, before) = (
        edge_energy(&picture(&blurred)),
        edge_energy(&picture(&sharp)),
    );
    assert!(after < before * 0.1, "edge energy {before} -> {after}");
}

#[tokio::test]
async fn a_portrait_request_makes_a_portrait_image_and_enhance_doubles_it() {
    let app = spawn_app().await;
    let token = app.register("alice").await;

    let portrait = app
        .generate_ok(
            &token,
            &json!({"prompt": "a lighthouse", "size": "portrait", "enhance": false}),
        )
        .await;
    let landscape = app
        .generate_ok(
            &token,
            &json!({"prompt": "a lighthouse", "size": "landscape"}),
        )
        .await;

    let dimensions = |made: &Value| (made["width"].as_u64(), made["height"].as_u64());
    assert_eq!(dimensions(&portrait), (Some(512), Some(768)));
    assert_eq!(dimensions(&landscape), (Some(1536), Some(1024)));
    let id = portrait["id"].as_str().unwrap();
    assert_eq!(
        decode(&original(&app, "alice", id).await).dimensions(),
        (512, 768)
    );
    let history: Value = app.list_generations(&token, "").await.json().await.unwrap();
    let listed: Vec<_> = history["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(dimensions)
        .collect();
    assert_eq!(listed, [(Some(1536), Some(1024)), (Some(512), Some(768))]);
}

#[tokio::test]
async fn a_size_the_style_does_not_offer_is_refused_before_any_credit() {
    let app = spawn_app().await;
    let token = app.register("alice").await;

    let response = app
        .generate(&token, &json!({"prompt": "a lighthouse", "size": "poster"}))
        .await;

    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["field"], "size", "{body}");
    assert_eq!(app.credits_used(&token).await, 0);
}

#[tokio::test]
async fn the_catalog_gives_each_style_its_sizes() {
    let app = spawn_app().await;

    let catalog: Value = app.get("/api/v1/catalog").await.json().await.unwrap();

    let first = &catalog["styles"][0];
    assert_eq!(first["cfg"], 7.0);
    assert_eq!(
        ids(&catalog["samplers"]),
        ["dpmpp-2m", "euler-a", "euler", "dpmpp-sde", "ddim"]
    );
    assert_eq!(
        first["sizes"],
        json!([
            {"id": "square", "label": "Square", "width": 512, "height": 512},
            {"id": "portrait", "label": "Portrait 2:3", "width": 512, "height": 768},
            {"id": "landscape", "label": "Landscape 3:2", "width": 768, "height": 512},
        ])
    );
}

#[tokio::test]
async fn pro_user_gets_the_original() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    app.make_pro("alice").await;

    let made = app
        .generate_ok(&token, &json!({"prompt": "a lighthouse", "seed": 42}))
        .await;

    assert_eq!(made["blurred"], false);
    assert_eq!(made["seed"], 42);
    assert_eq!(made["width"], 1024, "enhance is on by default");
    let id = made["id"].as_str().unwrap();
    let served = image_bytes(&app, &token, id).await;
    assert_eq!(decode(&served), decode(&original(&app, "alice", id).await));
    assert_marked_as_ai_made(&served);
}

#[tokio::test]
async fn a_user_who_becomes_pro_sees_earlier_images_sharp() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let made = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    let id = made["id"].as_str().unwrap();
    let before = image_bytes(&app, &token, id).await;

    app.make_pro("alice").await;

    let after = image_bytes(&app, &token, id).await;
    assert_ne!(decode(&before), decode(&after));
    assert_eq!(decode(&after), decode(&original(&app, "alice", id).await));
}

#[tokio::test]
async fn the_same_prompt_and_seed_give_the_same_image_and_an_empty_seed_is_chosen() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    app.make_pro("alice").await;
    let body = json!({"prompt": "a fox", "seed": "7", "steps": "", "enhance": false});

    let a = app.generate_ok(&token, &body).await;
    let b = app.generate_ok(&token, &body).await;
    let c = app
        .generate_ok(&token, &json!({"prompt": "a fox", "seed": ""}))
        .await;

    let bytes = |v: &Value| v["id"].as_str().unwrap().to_owned();
    assert_eq!(
        image_bytes(&app, &token, &bytes(&a)).await,
        image_bytes(&app, &token, &bytes(&b)).await
    );
    assert_eq!(
        (a["seed"].as_u64(), a["steps"].as_u64()),
        (Some(7), Some(30))
    );
    assert!(c["seed"].is_u64());
}

#[tokio::test]
async fn each_image_costs_one_credit() {
    let app = spawn_app().await;
    let token = app.register("alice").await;

    app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    app.generate_ok(&token, &json!({"prompt": "a cat"})).await;

    assert_eq!(app.credits_used(&token).await, 2);
}

#[tokio::test]
async fn a_pro_user_makes_several_images_at_once_for_one_credit_each() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    app.make_pro("alice").await;

    let made = app
        .generate_all(
            &token,
            &json!({"prompt": "a fox", "count": 3, "seed": 10, "enhance": false}),
        )
        .await;

    let seeds: Vec<_> = made.iter().map(|g| g["seed"].as_u64().unwrap()).collect();
    assert_eq!(seeds, [10, 11, 12]);
    assert_eq!(app.credits_used(&token).await, 3);
}

#[tokio::test]
async fn the_daily_credits_run_out_with_a_clear_message_and_a_retry_time() {
    let app = TestApp::builder().free_daily(2).spawn().await;
    let token = app.register("alice").await;
    for _ in 0..2 {
        app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    }

    let response = app.generate(&token, &json!({"prompt": "a fox"})).await;

    assert_eq!(response.status(), 429);
    let retry: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=86_400).contains(&retry));
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "quota_exhausted");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("2 of your 2 credits today") && message.contains("T00:00:00Z"),
        "{message}"
    );
    assert_eq!(app.credits_used(&token).await, 2);
}

#[tokio::test]
async fn an_invalid_field_is_a_422_that_names_it_and_costs_nothing() {
    let app = spawn_app().await;
    let token = app.register("alice").await;

    let response = app
        .generate(&token, &json!({"prompt": "a fox", "seed": "twelve"}))
        .await;

    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("seed")
    );
    assert_eq!(app.credits_used(&token).await, 0);
}

#[tokio::test]
async fn every_field_at_fault_is_told_at_once_before_what_a_free_user_may_not_ask() {
    let app = spawn_app().await;
    let token = app.register("alice").await;

    let response = app
        .generate(
            &token,
            &json!({"prompt": " ", "seed": "twelve", "steps": 0, "cfg": 99,
                "style": "anime-v1", "count": 4}),
        )
        .await;

    assert_eq!(response.status(), 422);
    let error = &response.json::<Value>().await.unwrap()["error"];
    assert_eq!(error["code"], "invalid_field");
    assert_eq!(error["field"], "prompt");
    let fields: Vec<(&str, &str)> = error["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["field"].as_str().unwrap(), f["message"].as_str().unwrap()))
        .collect();
    let named: Vec<&str> = fields.iter().map(|(field, _)| *field).collect();
    assert_eq!(named, ["prompt", "cfg", "seed", "steps"]);
    for (field, message) in fields {
        assert!(message.starts_with(&format!("{field}: ")), "{message}");
    }
    assert_eq!(app.credits_used(&token).await, 0);
}

#[tokio::test]
async fn the_nsfw_style_needs_an_age_confirmation() {
    let app = spawn_app().await;
    let token = token_for("bob");
    app.post_me(&token, &json!({"username": "Bob", "ageConfirmed": false}))
        .await;

    let response = app
        .generate(&token, &json!({"prompt": "x", "style": "nsfw-v1.1"}))
        .await;

    assert_eq!(error_code(response, 403).await, "age_confirmation_required");
}

#[tokio::test]
async fn a_generation_without_a_profile_is_a_conflict() {
    let app = spawn_app().await;

    let response = app
        .generate(&token_for("nobody"), &json!({"prompt": "x"}))
        .await;

    assert_eq!(error_code(response, 409).await, "profile_missing");
}

#[tokio::test]
async fn guests_cannot_generate() {
    let app = spawn_app().await;

    let response = app
        .client
        .post(app.url("/api/v1/generations"))
        .json(&json!({"prompt": "x"}))
        .send()
        .await
        .unwrap();

    assert_eq!(error_code(response, 401).await, "token_missing");
}

#[tokio::test]
async fn download_is_for_pro_users_and_carries_the_parameters() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let made = app
        .generate_ok(
            &token,
            &json!({"prompt": "a fox in snow", "seed": 99, "cfg": 4.5, "sampler": "euler-a"}),
        )
        .await;
    let id = made["id"].as_str().unwrap();

    let free = app.get_image(&token, id, true).await;
    assert_eq!(error_code(free, 403).await, "pro_required");

    app.make_pro("alice").await;
    let response = app.get_image(&token, id, true).await;

    assert_eq!(response.status(), 200);
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    let name = disposition
        .strip_prefix("attachment; filename=\"")
        .unwrap()
        .strip_suffix('"')
        .unwrap();
    let suffix = name
        .strip_prefix("generated_image_")
        .unwrap()
        .strip_suffix(".png")
        .unwrap();
    assert!(
        suffix.len() == 8 && suffix.chars().all(|c| c.is_ascii_alphanumeric()),
        "{name}"
    );
    let bytes = response.bytes().await.unwrap();
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        text.contains("parameters\0a fox in snow\nNegative prompt: "),
        "no parameters chunk"
    );
    assert!(text.contains("Seed: 99") && text.contains("Model: Realistic_Vision_V4.0"));
    assert!(
        text.contains("Sampler: Euler a, CFG scale: 4.5,"),
        "the sampler and guidance it was drawn with"
    );
    assert_eq!(decode(&bytes).dimensions(), (1024, 1024));
}

#[tokio::test]
async fn a_free_user_deletes_their_own_image_record_and_bytes() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let made = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    let id = made["id"].as_str().unwrap();
    let record = app
        .state
        .store
        .get_generation("alice", id)
        .await
        .unwrap()
        .unwrap();

    let response = app.delete_generation(&token, id).await;

    assert_eq!(response.status(), 204);
    assert_eq!(app.delete_generation(&token, id).await.status(), 404);
    assert_eq!(app.get_image(&token, id, false).await.status(), 404);
    assert!(
        app.state
            .work
            .blobs
            .get(&record.blob_key)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        app.state
            .work
            .blobs
            .get(&record.preview_key)
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn another_users_image_is_not_found_everywhere() {
    let app = spawn_app().await;
    let alice = app.register("alice").await;
    let mallory = app.register("mallory").await;
    app.make_pro("mallory").await;
    let made = app.generate_ok(&alice, &json!({"prompt": "private"})).await;
    let id = made["id"].as_str().unwrap();

    assert_eq!(app.get_image(&mallory, id, false).await.status(), 404);
    assert_eq!(app.get_image(&mallory, id, true).await.status(), 404);
    assert_eq!(app.delete_generation(&mallory, id).await.status(), 404);
    assert!(!image_bytes(&app, &alice, id).await.is_empty());
}

#[tokio::test]
async fn ids_that_are_not_ids_are_not_found() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    app.make_pro("alice").await;

    for id in [
        "..%2F..%2Flucent.sqlite3",
        "%2e%2e",
        &"a".repeat(5000),
        "abc",
        "-..-..-..-..-..-..-..-..-..-..",
    ] {
        assert_eq!(app.get_image(&token, id, false).await.status(), 404, "{id}");
        assert_eq!(
            app.delete_generation(&token, id).await.status(),
            404,
            "{id}"
        );
    }
}

#[tokio::test]
async fn history_is_newest_first_and_pages_with_a_cursor() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    app.make_pro("alice").await;
    let mut ids = Vec::new();
    for i in 0..5 {
        let made = app
            .generate_ok(
                &token,
                &json!({"prompt": format!("image {i}"), "enhance": false}),
            )
            .await;
        ids.push(made["id"].as_str().unwrap().to_owned());
    }

    let first: Value = app
        .list_generations(&token, "?limit=3")
        .await
        .json()
        .await
        .unwrap();
    let cursor = first["nextCursor"].as_str().unwrap();
    let second: Value = app
        .list_generations(&token, &format!("?limit=3&cursor={cursor}"))
        .await
        .json()
        .await
        .unwrap();

    let seen: Vec<_> = [&first, &second]
        .iter()
        .flat_map(|p| {
            p["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["id"].as_str().unwrap().to_owned())
        })
        .collect();
    ids.reverse();
    assert_eq!(seen, ids);
    assert_eq!(second["nextCursor"], Value::Null);
    assert_eq!(first["items"][0]["prompt"], "image 4");
    assert_eq!(first["items"][0]["blurred"], false);
    assert_eq!(app.list_generations(&token, "?limit=0").await.status(), 422);
    assert_eq!(
        app.list_generations(&token, "?cursor=../x").await.status(),
        422
    );
}

#[tokio::test]
async fn the_event_stream_reports_progress_then_the_generation() {
    let app = spawn_app().await;
    let token = app.register("alice").await;

    let (status, events) = app
        .generate_stream(&token, &json!({"prompt": "a fox", "enhance": false}))
        .await;

    assert_eq!(status, 200);
    let names: Vec<_> = events.iter().map(|(n, _)| n.as_str()).collect();
    assert!(names.contains(&"progress"), "{names:?}");
    let (last, data) = events.last().unwrap();
    assert_eq!(last, "done");
    let made = &data["generations"][0];
    assert_eq!(made["blurred"], true);
    assert!(
        !image_bytes(&app, &token, made["id"].as_str().unwrap())
            .await
            .is_empty()
    );
    assert_eq!(app.credits_used(&token).await, 1);
}

#[tokio::test]
async fn a_refusal_before_the_stream_starts_is_a_plain_http_error() {
    let app = spawn_app().await;
    let token = app.register("alice").await;

    let (status, events) = app.generate_stream(&token, &json!({"prompt": ""})).await;

    assert_eq!(status, 422);
    assert!(events.is_empty());
}

#[tokio::test]
async fn the_catalog_lists_styles_looks_limits_and_the_renderer() {
    let app = spawn_app().await;

    let catalog: Value = app.get("/api/v1/catalog").await.json().await.unwrap();

    assert_eq!(
        &ids(&catalog["styles"])[..4],
        ["real-v1.1", "real-v1.2", "anime-v1", "nsfw-v1.1"]
    );
    assert_eq!(
        catalog["styles"][0]["checkpoint"],
        "Realistic_Vision_V4.0.safetensors [29a7afaa]"
    );
    assert_eq!(catalog["looks"][1]["label"], "Korean");
    assert_eq!(catalog["limits"]["promptMax"], 500);
    assert_eq!(catalog["renderer"]["kind"], "builtin");
    assert!(
        catalog["styles"][0].get("promptPlus").is_none(),
        "prompt texts stay on the server"
    );
}

#[tokio::test]
async fn the_legacy_call_answers_with_a_png_blurred_unless_pro() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let query = "/generate-image?prompt=a%20fox&inputValue=a%20fox&negativePrompt=&selected_model_type=Realistic_Vision_V5.0.safetensors%20%5B614d1063%5D&seed=5&step=20&Prompt_Plus=ignored&model_type=Korean%20Girl";

    let response = app
        .client
        .get(app.url(query))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();

    assert_eq!(response.status(), 200);
    let id = response.headers()["x-generation-id"]
        .to_str()
        .unwrap()
        .to_owned();
    let bytes = response.bytes().await.unwrap();
    assert_ne!(decode(&bytes), decode(&original(&app, "alice", &id).await));
    let record = app
        .state
        .store
        .get_generation("alice", &id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            record.style.as_str(),
            record.look.as_deref(),
            record.seed,
            record.steps
        ),
        ("real-v1.2", Some("korean"), 5, 20)
    );
    let guest = app.client.get(app.url(query)).send().await.unwrap();
    assert_eq!(guest.status(), 401);
}

#[tokio::test]
async fn free_images_expire_and_pro_images_are_kept() {
    let app = spawn_app().await;
    let free = app.register("alice").await;
    let pro = app.register("bob").await;
    app.make_pro("bob").await;
    let a = app.generate_ok(&free, &json!({"prompt": "a"})).await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let b = app.generate_ok(&pro, &json!({"prompt": "b"})).await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let fresh = app.generate_ok(&free, &json!({"prompt": "fresh"})).await;
    // Age the first two past the retention window.
    for (uid, id) in [("alice", &a), ("bob", &b)] {
        age(&app, uid, id, 8).await;
    }

    let removed = app.sweep().await;

    assert_eq!(removed, 1);
    assert_eq!(app.get_image(&free, &a, false).await.status(), 404);
    assert_eq!(app.get_image(&pro, &b, false).await.status(), 200);
    assert_eq!(
        app.get_image(&free, fresh["id"].as_str().unwrap(), false)
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn more_than_a_page_of_old_pro_images_does_not_keep_free_images_forever() {
    let app = spawn_app().await;
    let free = app.register("alice").await;
    app.register("bob").await;
    app.make_pro("bob").await;
    let made = app.generate_ok(&free, &json!({"prompt": "a"})).await;
    let id = made["id"].as_str().unwrap();
    let record = age(&app, "alice", id, 30).await;
    let old = record.created_at;
    // Older still, and more of them than one query of the sweep reads.
    for i in 0..510 {
        let mut kept = record.clone();
        kept.id = lucent::store::push_id::generation_id();
        kept.created_at = old - 1000 - i;
        app.state.store.put_generation("bob", &kept).await.unwrap();
    }

    let removed = app.sweep().await;

    assert_eq!(removed, 1);
    assert_eq!(app.get_image(&free, id, false).await.status(), 404);
    assert_eq!(
        app.state
            .store
            .list_generations("bob", None, 100)
            .await
            .unwrap()
            .len(),
        100
    );
}

#[tokio::test]
async fn only_the_holder_of_the_retention_lease_sweeps() {
    let app = spawn_app().await;
    let free = app.register("alice").await;
    let made = app.generate_ok(&free, &json!({"prompt": "a"})).await;
    let id = made["id"].as_str().unwrap();
    age(&app, "alice", id, 8).await;
    let leases: std::sync::Arc<dyn lucent::coordination::lease::Leases> =
        std::sync::Arc::new(lucent::coordination::lease::MemoryLeases::default());
    let instance = |holder: &str| lucent::gallery::retention::Retention {
        store: app.state.store.clone(),
        users: app.state.users.clone(),
        blobs: app.state.work.blobs.clone(),
        free_days: 7,
        leases: leases.clone(),
        holder: holder.to_owned(),
    };
    let hour = std::time::Duration::from_secs(3600);
    assert!(leases.hold("retention", "a", hour).await.unwrap());

    let by_b = instance("b").sweep_once().await.unwrap();
    let still_there = app.get_image(&free, id, false).await.status().as_u16();
    let by_a = instance("a").sweep_once().await.unwrap();

    assert_eq!(
        (by_b, still_there),
        (0, 200),
        "b swept while a held the lease"
    );
    assert_eq!(by_a, 1);
    assert_eq!(app.get_image(&free, id, false).await.status(), 404);
}

/// Makes a stored image `days` older than it is; returns its record.
pub async fn age(app: &TestApp, uid: &str, id: &str, days: i64) -> GenerationRecord {
    let store = &app.state.store;
    let mut record = store.get_generation(uid, id).await.unwrap().unwrap();
    record.created_at -= days * 24 * 3600 * 1000;
    store.put_generation(uid, &record).await.unwrap();
    record
}

#[tokio::test]
async fn a_browser_holding_an_image_is_told_it_is_current_until_the_plan_changes() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let made = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    let id = made["id"].as_str().unwrap();
    let first = app.get_image(&token, id, false).await;
    assert_eq!(first.headers()["cache-control"], "private, no-cache");
    let etag = first.headers()["etag"].clone();
    let length: usize = first.headers()["content-length"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(first.bytes().await.unwrap().len(), length);
    let again = || {
        app.client
            .get(app.url(&format!("/api/v1/generations/{id}/image")))
            .bearer_auth(&token)
            .header("if-none-match", etag.clone())
            .send()
    };

    let held = again().await.unwrap();
    assert_eq!(held.status(), 304);
    assert_eq!(held.headers()["etag"], etag);
    assert!(held.bytes().await.unwrap().is_empty());

    app.make_pro("alice").await;
    let upgraded = again().await.unwrap();
    assert_eq!(upgraded.status(), 200, "the original, sharp, at once");
    assert_ne!(upgraded.headers()["etag"], etag);
}
