//! Leaving with a Verotel subscription, and what support sees of one.

use serde_json::json;

use super::{delivered, initial};
use crate::fake_verotel::{FakeVerotel, event};
use crate::helpers::TestApp;
use crate::staff::{Console, console_for_sam};

/// A console on Verotel where sam holds the support role and alice is registered.
async fn verotel_console() -> (Console, String, FakeVerotel) {
    let verotel = FakeVerotel::start().await;
    let (c, sam) = console_for_sam(TestApp::builder().verotel(&verotel.server.uri())).await;
    c.register("alice").await;
    (c, sam, verotel)
}

#[tokio::test]
async fn deleting_the_account_cancels_the_sale_through_the_control_center() {
    let (c, _sam, verotel) = verotel_console().await;
    let alice = crate::staff::token("alice", json!({}));
    delivered(&c.app, &initial("7501", "alice.t", "2099-01-15")).await;
    c.deleting_answers("alice", 200).await;

    let response = delete(&c, &alice).await;

    assert_eq!(response.status(), 200);
    assert_eq!(verotel.cancel_calls().await, ["7501"]);
    assert!(c.app.state.store.get_user("alice").await.unwrap().is_none());
    // Verotel's own cancel postback for the deleted account is answered and ignored.
    delivered(&c.app, &event("cancel", "7501", "alice.t")).await;
}

#[tokio::test]
async fn a_second_sale_paid_beside_the_first_is_shown_to_support_and_cancelled_too() {
    let (c, sam, verotel) = verotel_console().await;
    let alice = crate::staff::token("alice", json!({}));
    delivered(&c.app, &initial("7501", "alice.t", "2099-01-15")).await;
    delivered(&c.app, &initial("7502", "alice.u", "2099-01-20")).await;

    let card = c.json(&sam, "/api/v1/support/users/alice").await;
    let sales = &card["profile"]["subscription"]["sales"];
    assert_eq!(sales["7501"]["status"], "active");
    assert_eq!(sales["7502"]["status"], "active");
    assert_eq!(sales["7502"]["processor"], "verotel");

    c.deleting_answers("alice", 200).await;
    assert_eq!(delete(&c, &alice).await.status(), 200);
    assert_eq!(verotel.cancel_calls().await, ["7501", "7502"]);
}

async fn delete(c: &Console, token: &str) -> reqwest::Response {
    c.app
        .client
        .delete(c.app.url("/api/v1/me"))
        .bearer_auth(token)
        .json(&json!({"email": "alice@example.com"}))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn support_sees_the_sale_and_verotels_status_of_it_on_the_card() {
    let (c, sam, verotel) = verotel_console().await;
    delivered(&c.app, &initial("7601", "alice.t", "2099-01-15")).await;
    verotel.sale_status(
        "7601",
        "---\nresponse: FOUND\nsaleID: 7601\nreferenceID: alice.t\nsaleResult: APPROVED\ncancelled: 0\nexpired: 0\nnextChargeOn: 2099-01-15\n",
    );

    let card = c.json(&sam, "/api/v1/support/users/alice").await;

    assert_eq!(card["profile"]["subscription"]["subscriptionId"], "7601");
    assert_eq!(card["provider"]["processor"], "verotel");
    assert_eq!(card["provider"]["state"], "found");
    assert_eq!(card["provider"]["status"], "active");
    assert_eq!(card["provider"]["matchesRecord"], true);
    assert!(!card.to_string().contains("4242"));
}
