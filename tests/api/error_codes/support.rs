//! The support console's operations: a caller without a staff role, the accounts service
//! down, and the database failing behind a real staff member.

use futures_util::future::join_all;
use serde_json::json;
use wiremock::matchers::any;
use wiremock::{Mock, MockServer, ResponseTemplate};

use super::generation::break_image_store;
use super::shared::{failing_databases, send_bad_bodies};
use super::{Op, Sent};
use crate::helpers::TestApp;
use crate::staff::{console, console_for_sam, image_of, token};

async fn support_failures(op: Op) {
    let sent = Sent::default();
    match op {
        Op::SetPlan
        | Op::AddCredits
        | Op::RemoveImage
        | Op::DeleteUser
        | Op::DecideSuspension
        | Op::FalsePositive
        | Op::ResetAge => action_failures(op, &sent).await,
        Op::SetRole => role_failures(&sent).await,
        Op::FindUsers | Op::UserImages | Op::Preview | Op::Moderation => {
            reading_failures(op, &sent).await
        }
        Op::Grants => support_members_day_failures(&sent).await,
        _ => {}
    }
    let staff = token("sam", json!({"support": true, "admin": true}));

    let c = console(None).await;
    sent.send(op.request(&c.app, None)).await;
    Mock::given(any())
        .respond_with(ResponseTemplate::new(500).set_body_json(json!({"error": {"code": 500}})))
        .mount(&c.accounts)
        .await;
    sent.send(op.request(&c.app, Some(&staff))).await;

    database_failures(op, ("sam", json!({"support": true, "admin": true})), &sent).await;

    sent.assert_is_the_list_of(op).await;
}

/// `op` by staff member `uid` with `roles`, on each way a database fails.
async fn database_failures(op: Op, (uid, roles): (&str, serde_json::Value), sent: &Sent) {
    let staff = token(uid, roles.clone());
    join_all(failing_databases().map(|answer| async {
        let database = MockServer::start().await;
        Mock::given(any())
            .respond_with(answer)
            .mount(&database)
            .await;
        let c = console(Some(&database)).await;
        c.account_has(uid, roles.clone()).await;
        c.email_finds("tess", json!({})).await;
        sent.send(op.request(&c.app, Some(&staff))).await;
    }))
    .await;
}

/// A valid body for `op`, but for the reason.
fn body(op: Op, reason: &str) -> serde_json::Value {
    match op {
        Op::SetPlan => json!({"plan": "pro", "reason": reason}),
        Op::AddCredits => json!({"credits": 5, "reason": reason}),
        Op::DecideSuspension => json!({"decision": "uphold", "reason": reason}),
        _ => json!({ "reason": reason }),
    }
}

/// What only the actions meet: a body that is not JSON, a blank reason, staff acting on their
/// own record, support handing out more than it may alone, a decision on an account that is
/// not suspended or a refusal that is not the user's.
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
    let beyond_support = match op {
        Op::SetPlan => Some(json!({"plan": "pro", "reason": "x"})),
        Op::AddCredits => Some(json!({"credits": 21, "reason": "x"})),
        Op::ResetAge => Some(json!({"reason": "x"})),
        _ => None,
    };
    if let Some(beyond) = beyond_support {
        sent.send(call().json(&beyond)).await;
    }
    if matches!(op, Op::DecideSuspension | Op::FalsePositive) {
        sent.send(call().json(&body(op, "reviewed"))).await;
    }
    if op == Op::DeleteUser {
        c.account_has("root", json!({"admin": true})).await;
        sent.send(
            op.call(&c.app, "root")
                .bearer_auth(&staff)
                .json(&body(op, "reviewed")),
        )
        .await;
        c.register("alice").await;
        image_of(&c, "alice").await;
        break_image_store(&c.app);
        sent.send(call().json(&body(op, "reviewed"))).await;
    }
}

/// An admin's grants are not counted, so only a support member's day reads the database.
async fn support_members_day_failures(sent: &Sent) {
    database_failures(Op::Grants, ("ann", json!({"support": true})), sent).await;
}

/// What only the role change meets: a bad body, no reason, a caller who is not an admin, the
/// caller's own account, an email nobody has.
async fn role_failures(sent: &Sent) {
    let (c, support_only) = console_for_sam(TestApp::builder()).await;
    c.account_has("ada", json!({"admin": true})).await;
    c.email_finds("ada", json!({"admin": true})).await;
    let ada = token("ada", json!({"admin": true}));
    let call = || Op::SetRole.call(&c.app, "").bearer_auth(&ada);
    let body = |email: &str, reason: &str| json!({"email": email, "role": "support", "granted": true, "reason": reason});
    send_bad_bodies(call, sent).await;
    sent.send(call().json(&body("ada@example.com", ""))).await;
    sent.send(call().json(&body("ada@example.com", "x"))).await;
    sent.send(call().json(&body("nobody@example.com", "x")))
        .await;
    sent.send(
        Op::SetRole
            .call(&c.app, "")
            .bearer_auth(&support_only)
            .json(&body("ada@example.com", "x")),
    )
    .await;
}

/// What only the reads meet: a blank search, a bad page, an image store that fails.
async fn reading_failures(op: Op, sent: &Sent) {
    let (c, staff) = console_for_sam(TestApp::builder()).await;
    c.register("alice").await;
    let id = image_of(&c, "alice").await;
    let as_staff = |path: &str| c.app.client.get(c.app.url(path)).bearer_auth(&staff);
    match op {
        Op::FindUsers => sent.send(as_staff("/api/v1/support/users?q=")).await,
        Op::Moderation => {
            sent.send(as_staff("/api/v1/support/moderation?before=a.b"))
                .await;
        }
        Op::UserImages => {
            for limit in ["x", "0"] {
                sent.send(as_staff(&format!(
                    "/api/v1/support/users/alice/generations?limit={limit}"
                )))
                .await;
            }
        }
        _ => {
            // Another staff member past the burst (and what refills while it is sent).
            c.account_has("tess", json!({"support": true})).await;
            let tess = token("tess", json!({"support": true}));
            let preview = format!("/api/v1/support/users/alice/generations/{id}/preview");
            for _ in 0..250 {
                sent.send(c.app.client.get(c.app.url(&preview)).bearer_auth(&tess))
                    .await;
            }
            // One never read before: those read are kept in memory, and served from there.
            let unread = image_of(&c, "alice").await;
            break_image_store(&c.app);
            sent.send(as_staff(&format!(
                "/api/v1/support/users/alice/generations/{unread}/preview"
            )))
            .await;
        }
    }
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
async fn resetting_an_age_check_sends_every_code_it_lists() {
    support_failures(Op::ResetAge).await;
}

#[tokio::test]
async fn reading_ones_grants_of_the_day_sends_every_code_it_lists() {
    support_failures(Op::Grants).await;
}

#[tokio::test]
async fn reading_a_deleted_account_sends_every_code_it_lists() {
    support_failures(Op::DeletedAccount).await;
}

#[tokio::test]
async fn setting_a_plan_sends_every_code_it_lists() {
    support_failures(Op::SetPlan).await;
}

#[tokio::test]
async fn removing_an_image_sends_every_code_it_lists() {
    support_failures(Op::RemoveImage).await;
}

#[tokio::test]
async fn deleting_a_users_account_sends_every_code_it_lists() {
    support_failures(Op::DeleteUser).await;
}

#[tokio::test]
async fn adding_credits_sends_every_code_it_lists() {
    support_failures(Op::AddCredits).await;
}

#[tokio::test]
async fn listing_a_users_images_sends_every_code_it_lists() {
    support_failures(Op::UserImages).await;
}

#[tokio::test]
async fn a_preview_for_staff_sends_every_code_it_lists() {
    support_failures(Op::Preview).await;
}

#[tokio::test]
async fn changing_a_role_sends_every_code_it_lists() {
    support_failures(Op::SetRole).await;
}

#[tokio::test]
async fn the_moderation_queue_sends_every_code_it_lists() {
    support_failures(Op::Moderation).await;
}

#[tokio::test]
async fn deciding_on_a_suspension_sends_every_code_it_lists() {
    support_failures(Op::DecideSuspension).await;
}

#[tokio::test]
async fn marking_a_false_positive_sends_every_code_it_lists() {
    support_failures(Op::FalsePositive).await;
}
