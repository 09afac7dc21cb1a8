//! Favourites and finding one's images: mark, unmark, and history filtered by favourite, style
//! and prompt text, a page at a time.

use lucent::store::{GenerationRecord, push_id};
use serde_json::{Value, json};

use crate::helpers::{TestApp, ids, spawn_app};

/// Stores an image of `uid`'s directly: many of them, faster than rendering.
async fn arrange(app: &TestApp, uid: &str, prompt: &str, style: &str) -> String {
    let id = push_id::generation_id();
    let record = GenerationRecord {
        id: id.clone(),
        prompt: prompt.into(),
        negative_prompt: String::new(),
        style: style.into(),
        checkpoint: "c.safetensors".into(),
        look: None,
        seed: 1,
        steps: 30,
        enhance: false,
        width: 512,
        height: 512,
        size: Some("square".into()),
        cfg: Some(7.0),
        sampler: Some("dpmpp-2m".into()),
        favorite: false,
        source: None,
        created_at: lucent::store::now_ms(),
        explicit: Some(false),
        blob_key: format!("{uid}/{id}/original.png"),
        preview_key: format!("{uid}/{id}/preview.png"),
    };
    app.state.store.put_generation(uid, &record).await.unwrap();
    id
}

/// As history lists them: ids sort by time, newest first (images made within one millisecond,
/// as arranged here, sort by their random tails).
fn newest_first<'a>(ids: &[&'a str]) -> Vec<&'a str> {
    let mut ids = ids.to_vec();
    ids.sort_unstable_by(|a, b| b.cmp(a));
    ids
}

async fn page(app: &TestApp, token: &str, query: &str) -> Value {
    let response = app.list_generations(token, query).await;
    assert_eq!(response.status(), 200, "{query}");
    response.json().await.unwrap()
}

#[tokio::test]
async fn a_favourite_is_marked_shown_and_unmarked() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let made = app.generate_ok(&token, &json!({"prompt": "a fox"})).await;
    let id = made["id"].as_str().unwrap();
    assert_eq!(made["favorite"], false);

    assert_eq!(app.favorite(&token, id, true).await.status(), 204);
    assert_eq!(app.favorite(&token, id, true).await.status(), 204, "again");
    let marked = page(&app, &token, "").await;
    assert_eq!(marked["items"][0]["favorite"], true);

    assert_eq!(app.favorite(&token, id, false).await.status(), 204);
    let unmarked = page(&app, &token, "").await;
    assert_eq!(unmarked["items"][0]["favorite"], false);
}

#[tokio::test]
async fn someone_elses_image_cannot_be_marked() {
    let app = spawn_app().await;
    let alice = app.register("alice").await;
    let bob = app.register("bob").await;
    let made = app.generate_ok(&alice, &json!({"prompt": "a fox"})).await;
    let id = made["id"].as_str().unwrap();

    for mark in [true, false] {
        assert_eq!(app.favorite(&bob, id, mark).await.status(), 404);
        assert_eq!(app.favorite(&bob, "not-an-id", mark).await.status(), 404);
    }
    let theirs = page(&app, &alice, "").await;
    assert_eq!(theirs["items"][0]["favorite"], false);
    assert_eq!(
        page(&app, &bob, "").await["items"],
        json!([]),
        "nothing made for bob"
    );
}

#[tokio::test]
async fn history_keeps_the_favourites_the_style_and_the_words_asked_for() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let fox = arrange(&app, "alice", "A red Fox in snow", "real-v1.1").await;
    let owl = arrange(&app, "alice", "an owl at night", "anime-v1").await;
    let foxes = arrange(&app, "alice", "two foxes playing", "anime-v1").await;
    app.favorite(&token, &fox, true).await;
    app.favorite(&token, &owl, true).await;

    let favourites = page(&app, &token, "?favorite=true").await;
    let anime = page(&app, &token, "?style=anime-v1").await;
    let with_fox = page(&app, &token, "?q=fOX").await;
    let all_three = page(&app, &token, "?favorite=true&style=anime-v1&q=owl").await;
    let none = page(&app, &token, "?favorite=true&q=foxes").await;

    assert_eq!(ids(&favourites["items"]), newest_first(&[&owl, &fox]));
    assert_eq!(ids(&anime["items"]), newest_first(&[&foxes, &owl]));
    assert_eq!(ids(&with_fox["items"]), newest_first(&[&foxes, &fox]));
    assert_eq!(ids(&all_three["items"]), [owl.as_str()]);
    assert_eq!(none["items"], json!([]));
    assert_eq!(none["nextCursor"], Value::Null, "the history ended");
}

#[tokio::test]
async fn filtered_pages_go_on_from_their_cursor_to_the_end() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let mut favourites = Vec::new();
    for i in 0..130 {
        let id = arrange(&app, "alice", &format!("picture {i}"), "real-v1.1").await;
        if i % 10 == 0 {
            app.favorite(&token, &id, true).await;
            favourites.push(id);
        }
    }
    favourites.sort_unstable_by(|a, b| b.cmp(a));

    let mut seen = Vec::new();
    let mut query = "?favorite=true&limit=5".to_owned();
    loop {
        let page = page(&app, &token, &query).await;
        seen.extend(ids(&page["items"]).into_iter().map(str::to_owned));
        match page["nextCursor"].as_str() {
            Some(cursor) => query = format!("?favorite=true&limit=5&cursor={cursor}"),
            None => break,
        }
    }

    assert_eq!(seen, favourites);
}

#[tokio::test]
async fn a_rare_match_is_found_over_pages_that_each_read_a_bounded_part() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let mut wanted = Vec::new();
    for i in 0..1_050 {
        let prompt = if i % 100 == 0 { "a heron" } else { "a fox" };
        let id = arrange(&app, "alice", prompt, "real-v1.1").await;
        if i % 100 == 0 {
            wanted.push(id);
        }
    }
    wanted.sort_unstable_by(|a, b| b.cmp(a));

    let first = page(&app, &token, "?q=heron&limit=20").await;
    let cursor = first["nextCursor"].as_str().expect("more to read");
    let second = page(&app, &token, &format!("?q=heron&limit=20&cursor={cursor}")).await;

    let first = ids(&first["items"]);
    assert_eq!(
        first.len(),
        10,
        "a thousand read, ten found: the page answers"
    );
    assert_eq!(second["nextCursor"], Value::Null);
    let found: Vec<&str> = first.into_iter().chain(ids(&second["items"])).collect();
    assert_eq!(found, wanted);
}

#[tokio::test]
async fn a_search_longer_than_a_prompt_names_its_field() {
    let app = spawn_app().await;
    let token = app.register("alice").await;

    let response = app
        .list_generations(&token, &format!("?q={}", "a".repeat(501)))
        .await;

    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["field"], "q");
}
