//! One contract, two adapters: leases kept in this process and leases kept in Redis (a real
//! `redis-server`) are held the same way.

use std::sync::Arc;
use std::time::Duration;

use lucent::coordination::lease::{Leases, MemoryLeases, RedisLeases};
use lucent::coordination::redis::RedisClient;

use crate::clock::Clock;
use crate::redis_server::RedisServer;

pub struct Harness {
    /// How the test lets time pass on this adapter.
    clock: Clock,
    leases: Arc<dyn Leases>,
    _keep: Option<RedisServer>,
}

async fn memory() -> Harness {
    Harness {
        clock: Clock::Paused,
        leases: Arc::new(MemoryLeases::default()),
        _keep: None,
    }
}

async fn redis() -> Harness {
    let server = RedisServer::start().await;
    let client = RedisClient::open(&server.url).unwrap();
    Harness {
        clock: Clock::Real,
        leases: Arc::new(RedisLeases::new(client)),
        _keep: Some(server),
    }
}

const HOUR: Duration = Duration::from_secs(3600);

async fn a_free_lease_is_taken_and_then_refused_to_others(h: Harness) {
    assert!(h.leases.hold("sweep", "a", HOUR).await.unwrap());
    assert!(!h.leases.hold("sweep", "b", HOUR).await.unwrap());
}

async fn the_holder_renews_its_lease(h: Harness) {
    assert!(h.leases.hold("sweep", "a", HOUR).await.unwrap());
    assert!(h.leases.hold("sweep", "a", HOUR).await.unwrap());
    assert!(!h.leases.hold("sweep", "b", HOUR).await.unwrap());
}

async fn leases_are_separate_by_name(h: Harness) {
    assert!(h.leases.hold("sweep", "a", HOUR).await.unwrap());
    assert!(h.leases.hold("other", "b", HOUR).await.unwrap());
}

async fn a_lease_nobody_renews_runs_out(h: Harness) {
    let short = Duration::from_millis(50);
    assert!(h.leases.hold("sweep", "a", short).await.unwrap());

    h.clock.pass(short * 3).await;

    assert!(h.leases.hold("sweep", "b", HOUR).await.unwrap());
    assert!(!h.leases.hold("sweep", "a", HOUR).await.unwrap());
}

adapter_contract!(memory, redis; [
    a_free_lease_is_taken_and_then_refused_to_others,
    the_holder_renews_its_lease,
    leases_are_separate_by_name,
    a_lease_nobody_renews_runs_out,
]);
