//! The moderation queue on the console: staff see the suspended accounts and every user's
//! latest refusals with the words that decided them, lift or uphold a suspension and mark a
//! refusal a false positive, each with a reason written to the audit trail first.

use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::staff::{Console, console_for_sam, status_and_code, token};

const QUEUE: &str = "/api/v1/support/moderation";

/// A refused request by `uid` (a minor in an explicit prompt).
async fn refused(c: &Console, uid: &str) {
    let response = c
        .app
        .generate(
            &token(uid, json!({})),
            &json!({"prompt": "naked little girl"}),
        )
        .await;
    assert_eq!(response.status(), 422);
}

/// `uid` registered, then suspended by five refusals in a row.
async fn suspended(c: &Console, uid: &str) {
    c.register(uid).await;
    for _ in 0..5 {
        refused(c, uid).await;
    }
}

async fn post(c: &Console, staff: &str, path: &str, body: Value) -> reqwest::Response {
    c.app
        .client
        .post(c.app.url(path))
        .bearer_auth(staff)
        .json(&body)
        .send()
        .await
        .unwrap()
}

async fn decide(c: &Console, staff: &str, uid: &str, decision: &str) -> reqwest::Response {
    let path = format!("/api/v1/support/users/{uid}/suspension");
    post(
        c,
        staff,
        &path,
        json!({"decision": decision, "reason": "reviewed the prompts"}),
    )
    .await
}

async fn generates(c: &Console, uid: &str) -> u16 {
    let body = json!({"prompt": "a lighthouse at dusk"});
    let response = c.app.generate(&token(uid, json!({})), &body).await;
    response.status().as_u16()
}

#[tokio::test]
async fn staff_see_suspended_accounts_and_every_users_refusals_newest_first() {
    let (c, sam) = console_for_sam(TestApp::builder()).await;
    suspended(&c, "alice").await;
    c.register("bob").await;
    refused(&c, "bob").await;

    let queue = c.json(&sam, QUEUE).await;

    let suspended = queue["suspended"].as_array().unwrap();
    assert_eq!(suspended.len(), 1);
    assert_eq!(suspended[0]["uid"], "alice");
    assert_eq!(suspended[0]["email"], "alice@example.com");
    assert_eq!(suspended[0]["suspension"]["upheldAt"], Value::Null);
    let refusals = queue["refusals"].as_array().unwrap();
    let owners: Vec<&str> = refusals
        .iter()
        .map(|r| r["uid"].as_str().unwrap())
        .collect();
    assert_eq!(owners, ["bob", "alice", "alice", "alice", "alice", "alice"]);
    let newest = &refusals[0];
    assert_eq!(newest["email"], "bob@example.com");
    assert_eq!(newest["category"], "minor");
    assert_eq!(newest["words"], json!(["little girl"]));
    assert_eq!(newest["prompt"], "naked little girl");
    assert_eq!(newest["route"], "generations");
    assert_eq!(newest["counts"], true);
    assert_eq!(queue["nextBefore"], Value::Null);
}

#[tokio::test]
async fn a_lifted_suspension_lets_the_user_generate_and_the_trail_says_who_and_why() {
    let (c, sam) = console_for_sam(TestApp::builder()).await;
    suspended(&c, "alice").await;
    assert_eq!(generates(&c, "alice").await, 403);

    let response = decide(&c, &sam, "alice", "lift").await;

    assert_eq!(response.status(), 200);
    let card: Value = response.json().await.unwrap();
    assert_eq!(card["suspension"], Value::Null);
    let counting: Vec<&Value> = card["refusals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["counts"])
        .collect();
    assert_eq!(
        counting,
        [&json!(false); 5],
        "the reviewed refusals no longer count"
    );
    assert_eq!(generates(&c, "alice").await, 201);
    let trail = c.trail("alice").await;
    assert_eq!(trail.len(), 1);
    assert_eq!(
        (
            trail[0].actor.as_str(),
            trail[0].action.as_str(),
            trail[0].reason.as_str()
        ),
        (
            "sam@example.com (sam)",
            "lift suspension",
            "reviewed the prompts"
        )
    );
    let queue = c.json(&sam, QUEUE).await;
    assert_eq!(queue["suspended"], json!([]));
}

#[tokio::test]
async fn an_upheld_suspension_stays_and_shows_as_reviewed() {
    let (c, sam) = console_for_sam(TestApp::builder()).await;
    suspended(&c, "alice").await;

    let response = decide(&c, &sam, "alice", "uphold").await;

    assert_eq!(response.status(), 200);
    let card: Value = response.json().await.unwrap();
    assert!(card["suspension"]["upheldAt"].is_i64(), "{card}");
    assert_eq!(generates(&c, "alice").await, 403);
    let queue = c.json(&sam, QUEUE).await;
    assert!(queue["suspended"][0]["suspension"]["upheldAt"].is_i64());
    assert_eq!(c.trail("alice").await[0].action, "uphold suspension");
    let again = decide(&c, &sam, "bob", "lift").await;
    assert_eq!(
        status_and_code(again).await,
        (404, "not_found".to_owned()),
        "bob has no record"
    );
}

#[tokio::test]
async fn a_refusal_marked_a_false_positive_stops_counting_and_is_audited() {
    let (c, sam) = console_for_sam(TestApp::builder()).await;
    c.register("bob").await;
    refused(&c, "bob").await;
    let queue = c.json(&sam, QUEUE).await;
    let id = queue["refusals"][0]["id"].as_str().unwrap().to_owned();
    let mark = |uid: &str| format!("/api/v1/support/users/{uid}/refusals/{id}/false-positive");
    let because = json!({"reason": "a ballet class"});

    let blank = post(&c, &sam, &mark("bob"), json!({"reason": " "})).await;
    c.register("alice").await;
    let wrong_user = post(&c, &sam, &mark("alice"), because.clone()).await;
    let marked = post(&c, &sam, &mark("bob"), because.clone()).await;
    let nobody = post(&c, &sam, &mark("nobody"), because).await;

    assert_eq!(status_and_code(blank).await.1, "invalid_field");
    assert_eq!(status_and_code(wrong_user).await.1, "invalid_field");
    assert_eq!(status_and_code(nobody).await, (404, "not_found".to_owned()));
    assert_eq!(marked.status(), 200);
    let card: Value = marked.json().await.unwrap();
    assert_eq!(card["refusals"][0]["falsePositive"], true);
    assert_eq!(card["refusals"][0]["counts"], false);
    let trail = c.trail("bob").await;
    assert_eq!(trail.len(), 1, "the refused attempts wrote nothing");
    assert_eq!(trail[0].action, format!("refusal {id} false positive"));
    assert_eq!(trail[0].reason, "a ballet class");
}

#[tokio::test]
async fn the_queue_pages_through_older_refusals() {
    let (c, sam) = console_for_sam(TestApp::builder()).await;
    let record = |n: usize| lucent::store::RefusalRecord {
        uid: format!("user{n}"),
        at: lucent::store::now_ms(),
        route: "jobs".into(),
        style: "nsfw-v1.1".into(),
        category: "bestiality".into(),
        words: vec!["dog".into()],
        prompt: format!("refused {n}"),
        negative_prompt: String::new(),
        flagged: Vec::new(),
        false_positive: false,
        strike: true,
    };
    for n in 0..51 {
        c.app.state.store.add_refusal(&record(n)).await.unwrap();
    }

    let first = c.json(&sam, QUEUE).await;
    let before = first["nextBefore"].as_str().unwrap().to_owned();
    let second = c.json(&sam, &format!("{QUEUE}?before={before}")).await;

    assert_eq!(first["refusals"].as_array().unwrap().len(), 50);
    assert_eq!(first["refusals"][0]["prompt"], "refused 50");
    assert_eq!(
        first["refusals"][0]["email"],
        Value::Null,
        "no such account"
    );
    assert_eq!(second["refusals"].as_array().unwrap().len(), 1);
    assert_eq!(second["refusals"][0]["prompt"], "refused 0");
    assert_eq!(second["nextBefore"], Value::Null);
}

#[tokio::test]
async fn users_meet_a_path_that_does_not_exist() {
    let (c, _) = console_for_sam(TestApp::builder()).await;
    c.register("alice").await;
    c.account_has("alice", json!({})).await;

    let response = c.get(Some(&token("alice", json!({}))), QUEUE).await;

    assert_eq!(
        status_and_code(response).await,
        (404, "not_found".to_owned())
    );
}
