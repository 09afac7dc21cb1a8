//! `lucent users …` against the data directory of a gateway that is running.

use std::process::{Command, Output};
use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, poll_until, spawn_app, until};

fn users(app: &TestApp, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lucent"))
        .env_clear()
        .env("LUCENT_DATA_DIR", app.data_dir.path())
        .arg("users")
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Whether the server comes to show `expected` as the caller's plan within 5 s (its caches
/// may still hold the old one for a moment).
async fn plan_seen_by_the_server(app: &TestApp, token: &str, expected: &str) -> bool {
    let seen = async || {
        let me: Value = app.get_me(token).await.json().await.unwrap();
        me["plan"] == expected
    };
    tokio::time::timeout(Duration::from_secs(5), poll_until(seen))
        .await
        .is_ok()
}

#[tokio::test]
async fn support_finds_a_user_by_uid_or_email() {
    let app = spawn_app().await;
    app.register("alice").await;

    let by_uid = stdout(&users(&app, &["show", "alice"]));
    let by_email = stdout(&users(&app, &["show", "alice@example.com"]));

    assert!(by_uid.contains("uid:       alice"), "{by_uid}");
    assert!(
        by_uid.contains("plan:      free (no subscription record)"),
        "{by_uid}"
    );
    assert!(by_uid.contains("credits:   0 of 10 used in d"), "{by_uid}");
    assert_eq!(by_uid, by_email);
}

#[tokio::test]
async fn an_unknown_user_is_a_clear_error() {
    let app = spawn_app().await;

    let out = users(&app, &["show", "nobody@example.com"]);

    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("no user with email \"nobody@example.com\""),
        "{stderr}"
    );
}

#[tokio::test]
async fn a_plan_set_by_support_is_audited_and_seen_by_the_running_server() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    assert!(plan_seen_by_the_server(&app, &token, "free").await);

    let out = stdout(&users(
        &app,
        &[
            "set-plan",
            "alice",
            "pro",
            "--reason",
            "refund ticket 42",
            "--by",
            "sam",
        ],
    ));

    assert!(out.contains("alice: set-plan pro"), "{out}");
    assert!(
        plan_seen_by_the_server(&app, &token, "pro").await,
        "the server never saw pro"
    );
    let shown: Value =
        serde_json::from_str(&stdout(&users(&app, &["show", "alice", "--json"]))).unwrap();
    assert_eq!(shown["plan"], "pro");
    assert_eq!(shown["audit"][0]["actor"], "sam");
    assert_eq!(shown["audit"][0]["reason"], "refund ticket 42");
    assert_eq!(shown["audit"][0]["action"], "set-plan pro");
}

#[tokio::test]
async fn a_plan_taken_back_makes_the_user_free_again() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    stdout(&users(
        &app,
        &[
            "set-plan",
            "alice",
            "pro",
            "--reason",
            "trial",
            "--until",
            "2999-01-31",
        ],
    ));

    stdout(&users(
        &app,
        &["set-plan", "alice", "free", "--reason", "chargeback"],
    ));

    assert!(plan_seen_by_the_server(&app, &token, "free").await);
    let shown = stdout(&users(&app, &["show", "alice"]));
    assert!(shown.contains("planType=free, status=manual"), "{shown}");
    assert!(
        shown.contains("set-plan pro until 2999-01-31 by support: trial"),
        "{shown}"
    );
}

#[tokio::test]
async fn a_plan_change_needs_a_reason_and_a_future_end() {
    let app = spawn_app().await;
    app.register("alice").await;

    let no_reason = users(&app, &["set-plan", "alice", "pro"]);
    let blank_reason = users(&app, &["set-plan", "alice", "pro", "--reason", "  "]);
    let past = users(
        &app,
        &[
            "set-plan",
            "alice",
            "pro",
            "--reason",
            "x",
            "--until",
            "2001-01-01",
        ],
    );
    let unknown = users(&app, &["set-plan", "bob", "pro", "--reason", "x"]);

    for out in [&no_reason, &blank_reason, &past, &unknown] {
        assert!(!out.status.success());
    }
    assert!(String::from_utf8_lossy(&past.stderr).contains("--until is in the past"));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no user with uid \"bob\""));
    let shown = stdout(&users(&app, &["show", "alice"]));
    assert!(shown.contains("audit:     none"), "{shown}");
}

#[tokio::test]
async fn support_finds_users_by_the_start_of_their_email() {
    let app = spawn_app().await;
    for uid in ["alice", "alicia", "bob"] {
        app.register(uid).await;
    }

    let out = stdout(&users(&app, &["find", "Ali"]));
    let none = users(&app, &["find", "zed"]);

    let uids: Vec<&str> = out.lines().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(uids, ["alice", "alicia"], "{out}");
    assert!(
        out.starts_with("alice\talice@example.com\talice\tFree: never subscribed\n"),
        "{out}"
    );
    assert!(!none.status.success());
}

#[tokio::test]
async fn bonus_credits_from_the_command_line_are_audited_and_seen_by_the_running_server() {
    let app = spawn_app().await;
    let token = app.register("alice").await;

    let out = stdout(&users(
        &app,
        &[
            "credits",
            "add",
            "alice",
            "3",
            "--reason",
            "outage on the 3rd",
            "--by",
            "sam",
        ],
    ));
    let refused = users(&app, &["credits", "add", "alice", "501", "--reason", "x"]);

    let today = chrono::Utc::now().format("d%Y-%m-%d").to_string();
    assert!(
        out.starts_with(&format!("alice: add-credits 3 to {today} (3 bonus credits")),
        "{out}"
    );
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--credits must be 1 to 500"));
    let mut limit = 0;
    let bonus_seen = async || {
        let me: Value = app.get_me(&token).await.json().await.unwrap();
        limit = me["quota"]["limit"].as_u64().unwrap();
        limit == 13
    };
    let _ = tokio::time::timeout(Duration::from_secs(5), poll_until(bonus_seen)).await;
    assert_eq!(limit, 13, "the server never saw the bonus");
    let shown: Value =
        serde_json::from_str(&stdout(&users(&app, &["show", "alice", "--json"]))).unwrap();
    assert_eq!(shown["credits"]["bonus"], 3);
    assert_eq!(
        shown["audit"][0]["action"],
        format!("add-credits 3 to {today}")
    );
    assert_eq!(shown["audit"][0]["actor"], "sam");
}

#[tokio::test]
async fn staff_uphold_then_lift_a_suspension_and_the_refusals_before_it_stop_counting() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let refused = json!({"prompt": "naked little girl"});
    for _ in 0..5 {
        assert_eq!(app.generate(&token, &refused).await.status(), 422);
    }
    let fox = json!({"prompt": "a fox"});
    assert_eq!(
        error_code(app.generate(&token, &fox).await, 403).await,
        "account_suspended"
    );

    let upheld = stdout(&users(
        &app,
        &[
            "uphold-suspension",
            "alice",
            "--reason",
            "asked five times",
            "--by",
            "sam",
        ],
    ));
    let lifted = stdout(&users(
        &app,
        &[
            "lift-suspension",
            "alice",
            "--reason",
            "reviewed: a typo",
            "--by",
            "sam",
        ],
    ));

    assert_eq!(
        upheld,
        "alice: uphold suspension; the running service sees it within 3 s\n"
    );
    assert!(lifted.starts_with("alice: lift suspension"), "{lifted}");
    until(Duration::from_secs(10), async || {
        app.generate(&token, &fox).await.status() == 201
    })
    .await;
    let again = app.generate(&token, &refused).await;
    let message: Value = again.json().await.unwrap();
    assert!(
        !message["error"]["message"]
            .as_str()
            .unwrap()
            .contains("refused requests in 24 hours"),
        "the reviewed refusals no longer count: {message}"
    );
    let shown: Value =
        serde_json::from_str(&stdout(&users(&app, &["show", "alice", "--json"]))).unwrap();
    let actions: Vec<_> = shown["audit"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["uphold suspension", "lift suspension"]);
    let not_suspended = users(&app, &["lift-suspension", "alice", "--reason", "again"]);
    assert!(!not_suspended.status.success());
    assert!(String::from_utf8_lossy(&not_suspended.stderr).contains("is not suspended"));
}

#[tokio::test]
async fn a_refusal_marked_a_false_positive_stops_counting() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let refused = json!({"prompt": "naked little girl"});
    for _ in 0..3 {
        assert_eq!(app.generate(&token, &refused).await.status(), 422);
    }
    let shown: Value =
        serde_json::from_str(&stdout(&users(&app, &["show", "alice", "--json"]))).unwrap();
    let id = shown["refusals"][0]["id"].as_str().unwrap().to_owned();
    assert_eq!(
        shown["refusals"][0]["refusal"]["prompt"],
        "naked little girl"
    );
    let text = stdout(&users(&app, &["show", "alice"]));
    assert!(text.contains(&format!("refused:   {id} ")), "{text}");
    assert!(
        text.contains("minor via generations: little girl"),
        "{text}"
    );

    let marked = stdout(&users(
        &app,
        &[
            "false-positive",
            "alice",
            &id,
            "--reason",
            "a doll, not a child",
        ],
    ));
    let fourth = app.generate(&token, &refused).await;

    assert_eq!(marked, format!("alice: refusal {id} false positive\n"));
    let body: Value = fourth.json().await.unwrap();
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("That is 3 refused requests in 24 hours"),
        "{message}"
    );
    let unknown = users(&app, &["false-positive", "alice", "nope", "--reason", "x"]);
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("is not one of this user's"));
}

#[tokio::test]
async fn the_queue_lists_suspended_accounts_and_refusals_from_a_shell() {
    let app = spawn_app().await;
    let alice = app.register("alice").await;
    let bob = app.register("bob").await;
    let refused = json!({"prompt": "naked little girl"});
    for _ in 0..5 {
        assert_eq!(app.generate(&alice, &refused).await.status(), 422);
    }
    assert_eq!(app.generate(&bob, &refused).await.status(), 422);
    let empty = stdout(&users(&app, &["queue", "--before=-A"]));

    let queue = stdout(&users(&app, &["queue"]));

    let lines: Vec<&str> = queue.lines().collect();
    assert_eq!(lines.len(), 7, "{queue}");
    assert!(
        lines[0].starts_with("suspended: alice alice@example.com since ")
            && lines[0].ends_with(": 5 refused requests in 24 hours (awaiting review)"),
        "{queue}"
    );
    assert!(lines[1].starts_with("refused:   -"), "{queue}");
    assert!(
        lines[1].ends_with(" bob bob@example.com minor via generations: little girl"),
        "{queue}"
    );
    assert!(
        lines[2..]
            .iter()
            .all(|l| l.contains(" alice alice@example.com "))
    );
    assert_eq!(
        empty,
        format!("{}\n", lines[0]),
        "no refusal is older than the first push id; the suspended are always listed"
    );
}
