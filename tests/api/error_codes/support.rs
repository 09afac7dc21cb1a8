//! The support console's operations: a caller without a staff role, the accounts service
//! down, and the database failing behind a real staff member.

use futures_util::future::join_all;
use serde_json::json;
use wiremock::matchers::any;
use wiremock::{Mock, MockServer, ResponseTemplate};

use super::shared::failing_databases;
use super::{Op, Sent};
use crate::support::{console, token};

async fn support_failures(op: Op) {
    let sent = Sent::default();
    if op == Op::SetPlan {
        plan_failures(&sent).await;
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

/// What only the plan change meets: a body that is not JSON, a refused field, staff acting on
/// their own record.
async fn plan_failures(sent: &Sent) {
    let op = Op::SetPlan;
    let c = console(None).await;
    c.account_has("sam", json!({"support": true})).await;
    let staff = token("sam", json!({"support": true}));
    let call = || op.call(&c.app, "alice").bearer_auth(&staff);
    sent.send(call().header("content-type", "application/json").body("{"))
        .await;
    sent.send(call().header("content-type", "text/plain").body("{}"))
        .await;
    sent.send(
        call()
            .header("content-type", "application/json")
            .body(vec![b' '; 3 << 20]),
    )
    .await;
    sent.send(call().json(&json!({"plan": "pro", "reason": ""})))
        .await;
    sent.send(
        op.call(&c.app, "sam")
            .bearer_auth(&staff)
            .json(&json!({"plan": "pro", "reason": "x"})),
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
