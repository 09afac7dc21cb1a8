//! Several `lucent serve` processes on one Redis: what one instance counts, every instance
//! counts.

use serde_json::json;

use crate::process::Instance;
use crate::redis_server::RedisServer;
use crate::test_keys::{claims, unsigned};

/// Two instances on one Redis, each with its own data directory.
struct Cluster {
    instances: [Instance; 2],
    _redis: RedisServer,
    _data: [tempfile::TempDir; 2],
}

async fn cluster() -> Cluster {
    let redis = RedisServer::start().await;
    let data = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    let instances = [0, 1].map(|i| Instance::serve(data[i].path(), &["--redis-url", &redis.url]));
    Cluster {
        instances,
        _redis: redis,
        _data: data,
    }
}

#[tokio::test]
async fn requests_alternating_between_instances_spend_one_rate_limit_budget() {
    let cluster = cluster().await;
    let client = reqwest::Client::new();
    let token = unsigned(&claims("alice"));

    let mut statuses = Vec::new();
    for i in 0..12 {
        let instance = &cluster.instances[i % 2];
        let response = client
            .post(instance.url("/api/v1/me"))
            .bearer_auth(&token)
            .json(&json!({"username": "Alice"}))
            .send()
            .await
            .unwrap();
        statuses.push(response.status().as_u16());
    }

    // A profile write's burst is 10 per user: two budgets would have let all 12 through.
    assert_eq!(statuses[..10], [200; 10]);
    assert_eq!(statuses[10..], [429, 429]);
}
