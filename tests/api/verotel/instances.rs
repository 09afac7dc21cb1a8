//! One change of an account at a time: the account's lease, within one process and across two.

use futures_util::future::join_all;

use super::{deliver, initial, plan, verotel_app, with};
use crate::fake_verotel::{FakeVerotel, KEY, event, signed_query};
use crate::helpers::error_code;
use crate::scale_out::Deployment;

#[tokio::test]
async fn a_postback_waits_for_another_change_of_the_account_and_is_taken_again_later() {
    let (app, _verotel) = verotel_app().await;
    let alice = app.register("alice").await;
    let leases = &app.state.staff.leases;
    let held = std::time::Duration::from_secs(60);
    assert!(
        leases
            .hold("billing:alice", "another instance", held)
            .await
            .unwrap()
    );
    let query = signed_query(&initial("7701", "alice.t", "2099-01-15"), KEY);

    let busy = deliver(&app, &query).await;

    assert_eq!(error_code(busy, 503).await, "dependency_unavailable");
    assert_eq!(plan(&app, &alice).await, "free");
    leases
        .release("billing:alice", "another instance")
        .await
        .unwrap();
    let again = deliver(&app, &query).await;
    assert_eq!(again.text().await.unwrap(), "OK");
    assert_eq!(plan(&app, &alice).await, "pro");
}

/// Two `lucent serve` on one Redis and one data directory, Verotel delivering each postback of
/// one sale to both, all at once: the claims and the account's lease are shared, so the end
/// state is the one the events name, and each event was applied once.
#[tokio::test]
async fn postbacks_racing_through_two_instances_apply_each_event_once() {
    let verotel = FakeVerotel::start().await;
    let flags = verotel.flags();
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let deployment = Deployment::start_with(100, &flags).await;
    let ann = deployment.register("ann").await;
    let reference = "ann.t";
    let events = [
        initial("7801", reference, "2099-01-15"),
        with(
            event("rebill", "7801", reference),
            &[("transactionID", "9002"), ("nextChargeOn", "2099-02-15")],
        ),
        event("cancel", "7801", reference),
    ];

    let deployment = &deployment;
    let deliveries = (0..10).flat_map(|round| {
        events.iter().map(move |params| {
            let gateway = &deployment.gateways[round % 2];
            let url = gateway.url(&format!(
                "/api/v1/billing/verotel/postback?{}",
                signed_query(params, KEY)
            ));
            deployment.client.get(url).send()
        })
    });
    for answer in join_all(deliveries).await {
        let answer = answer.unwrap();
        assert_eq!(answer.status(), 200);
        assert_eq!(answer.text().await.unwrap(), "OK");
    }

    let me = deployment.get(1, &ann, "/api/v1/me").await;
    assert_eq!(me["plan"], "pro");
    let mut applied = 0;
    for gateway in &deployment.gateways {
        let metrics = deployment.metrics(gateway).await;
        applied += metrics
            .lines()
            .find_map(|l| l.strip_prefix("lucent_webhooks_total{outcome=\"applied\"} "))
            .map_or(0, |n| n.parse::<u64>().unwrap());
    }
    assert_eq!(applied, 3, "one initial, one rebill, one cancel");
}
