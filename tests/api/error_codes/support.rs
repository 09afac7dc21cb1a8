//! The support console's operations: a caller without a staff role, the accounts service
//! down, and the database failing behind a real staff member.

use futures_util::future::join_all;
use serde_json::json;
use wiremock::matchers::any;
use wiremock::{Mock, MockServer, ResponseTemplate};

use super::shared::{failing_databases, send_bad_bodies};
use super::{Op, Sent};
use crate::support::{console, token};

async fn support_failures(op: Op) {
    let sent = Sent::default();
    if matches!(op, Op::SetPlan | Op::RemoveImage) {
        action_failures(op, &sent).await;
    }
    let staff = token("sam", json!({"support": true}));

    let c = console(None).await;
    sent.send(op.request(&c.app, None)).await;
    Mock::given(any())
        .respond_with(ResponseTemplate::new(500).set_body_json(json!({"error": {"code": 500}})))
        .mount(&c.accounts)
        .await;
    sent.send(op.request(&c.app, Some(&staff))).await;

    join_all(failing_databases().map(|answer| async {
        let database = MockServer::start().await;
        Mock::given(any())
            .respond_with(answer)
            .mount(&database)
            .await;
        let c = console(Some(&database)).await;
        c.account_has("sam", json!({"support": true})).await;
        sent.send(op.request(&c.app, Some(&staff))).await;
    }))
    .await;

    sent.assert_is_the_list_of(op).await;
}

/// A valid body for `op`, but for the reason.
fn body(op: Op, reason: &str) -> serde_json::Value {
    match op {
        Op::SetPlan => json!({"plan": "pro", "reason": reason}),
        _ => json!({ "reason": reason }),
    }
}

/// What only the actions meet: a body that is not JSON, a blank reason, staff acting on their
/// own record.
async fn action_failures(op: Op, sent: &Sent) {
    let c = console(None).await;
    c.account_has("sam", json!({"support": true})).await;
    let staff = token("sam", json!({"support": true}));
    let call = || op.call(&c.app, "alice").bearer_auth(&staff);
    send_bad_bodies(call, sent).await;
    sent.send(call().json(&body(op, ""))).await;
    sent.send(
        op.call(&c.app, "sam")
            .bearer_auth(&staff)
            .json(&body(op, "x")),
    )
    .await;
}

#[tokio::test]
async fn finding_users_sends_every_code_it_lists() {
    support_failures(Op::FindUsers).await;
}

#[tokio::test]
async fn reading_a_user_sends_every_code_it_lists() {
    support_failures(Op::SupportUser).await;
}

#[tokio::test]
async fn setting_a_plan_sends_every_code_it_lists() {
    support_failures(Op::SetPlan).await;
}

#[tokio::test]
async fn removing_an_image_sends_every_code_it_lists() {
    support_failures(Op::RemoveImage).await;
}
