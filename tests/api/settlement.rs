//! A refund cut short is paid later, exactly once: a gateway killed while its refund is on the
//! wire, then a database that refuses writes, and the other gateway's sweep pays it when the
//! database is back. Real processes on Redis and the Realtime Database's wire format.

use serde_json::{Value, json};

use crate::fake_rtdb::{FakeRtdb, Fault};
use crate::helpers::until;
use crate::scale_out::{ARRANGING, Deployment};
use crate::store_contract::NAMESPACE;

/// Alice's only usage node: the credits used and what each job holds.
fn usage(db: &FakeRtdb) -> Value {
    let periods = db.value("usage/alice");
    let nodes: Vec<&Value> = periods
        .as_object()
        .into_iter()
        .flat_map(|m| m.values())
        .collect();
    assert_eq!(nodes.len(), 1, "{periods}");
    nodes[0].clone()
}

/// Ended jobs the board still waits to see settled.
async fn unsettled(deployment: &Deployment) -> usize {
    let client = redis::Client::open(deployment.redis.url.as_str()).unwrap();
    let mut connection = client.get_multiplexed_async_connection().await.unwrap();
    redis::cmd("ZCARD")
        .arg("{lucent}:unsettled")
        .query_async(&mut connection)
        .await
        .unwrap()
}

fn released(metrics: &str) -> u64 {
    metrics
        .lines()
        .find_map(|l| l.strip_prefix("lucent_credits_total{outcome=\"released\"} "))
        .map_or(0, |n| n.parse().unwrap())
}

#[tokio::test]
async fn a_refund_cut_by_a_dead_gateway_and_then_a_failing_database_is_paid_once_on_recovery() {
    let db = FakeRtdb::start(NAMESPACE, "owner").await;
    let database = format!("https://{NAMESPACE}.firebaseio.com");
    let host = db.uri.trim_start_matches("http://").to_owned();
    let mut deployment = Deployment::start_with(
        50,
        &[
            "--database-url",
            &database,
            "--database-emulator-host",
            &host,
        ],
    )
    .await;
    let alice = deployment.register("alice").await;
    let worker = deployment.worker();
    let (status, made) = deployment.submit(0, &alice).await;
    assert_eq!(status, 202, "{made}");
    let made = deployment
        .until_ended(0, &alice, made["id"].as_str().unwrap())
        .await;
    assert_eq!(made["status"], "succeeded", "{made}");
    drop(worker);
    until(ARRANGING, async || usage(&db).get("holds").is_none()).await;
    let (status, queued) = deployment.submit(0, &alice).await;
    assert_eq!(status, 202, "{queued}");
    let id = queued["id"].as_str().unwrap().to_owned();
    assert_eq!(usage(&db), json!({"used": 2, "holds": {&id: 1}}));

    db.fault_writes("usage", Fault::Hang);
    let cancel = deployment
        .client
        .delete(deployment.gateways[0].url(&format!("/api/v1/jobs/{id}")))
        .bearer_auth(&alice)
        .send();
    let cancel = tokio::spawn(cancel);
    until(ARRANGING, async || db.caught() == 1).await;
    deployment.gateways[0].child.kill().unwrap();
    assert!(cancel.await.unwrap().is_err(), "the gateway died answering");
    db.fault_writes("usage", Fault::Unavailable);
    until(ARRANGING, async || db.caught() >= 3).await;
    assert_eq!(
        usage(&db),
        json!({"used": 2, "holds": {&id: 1}}),
        "no refund landed yet"
    );
    assert_eq!(
        unsettled(&deployment).await,
        1,
        "the job waits for its refund"
    );

    db.fault_writes("usage", Fault::None);
    until(ARRANGING, async || unsettled(&deployment).await == 0).await;

    assert_eq!(usage(&db), json!({"used": 1}), "one image, one credit");
    let metrics = deployment.metrics(&deployment.gateways[1]).await;
    assert_eq!(released(&metrics), 1, "{metrics}");
    let me = deployment.get(1, &alice, "/api/v1/me").await;
    assert_eq!(me["quota"]["used"], 1, "{me}");
}
