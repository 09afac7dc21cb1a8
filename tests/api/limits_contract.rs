//! One contract, two adapters: the allowances kept in this process and those kept in Redis
//! (a real `redis-server`) spend the same way.

use std::sync::Arc;
use std::time::Duration;

use futures_util::future::join_all;
use lucent::coordination::redis::RedisClient;
use lucent::limits::{Allowance, Allowances, MemoryAllowances, RedisAllowances};

use crate::clock::Clock;
use crate::helpers::poll_until;
use crate::redis_server::RedisServer;

pub struct Harness {
    /// How the test lets time pass on this adapter.
    clock: Clock,
    allowances: Arc<dyn Allowances>,
    _keep: Option<RedisServer>,
}

async fn memory() -> Harness {
    Harness {
        clock: Clock::Paused,
        allowances: Arc::new(MemoryAllowances::default()),
        _keep: None,
    }
}

async fn redis() -> Harness {
    let server = RedisServer::start().await;
    let client = RedisClient::open(&server.url).unwrap();
    Harness {
        clock: Clock::Real,
        allowances: Arc::new(RedisAllowances::new(client)),
        _keep: Some(server),
    }
}

const A_MINUTE_BURST_3: Allowance = Allowance {
    interval: Duration::from_secs(60),
    burst: 3,
};

async fn a_burst_passes_then_the_caller_waits(h: Harness) {
    for _ in 0..3 {
        assert_eq!(
            h.allowances.spend("k", A_MINUTE_BURST_3).await.unwrap(),
            None
        );
    }
    let wait = h.allowances.spend("k", A_MINUTE_BURST_3).await.unwrap();

    let wait = wait.expect("the fourth request in a burst of three waits");
    assert!(
        wait > Duration::from_secs(50) && wait <= Duration::from_secs(60),
        "{wait:?}"
    );
}

async fn keys_spend_separate_allowances(h: Harness) {
    for _ in 0..3 {
        h.allowances.spend("a", A_MINUTE_BURST_3).await.unwrap();
    }

    assert_eq!(
        h.allowances.spend("b", A_MINUTE_BURST_3).await.unwrap(),
        None
    );
}

async fn a_refused_request_spends_nothing(h: Harness) {
    let one = Allowance {
        interval: Duration::from_millis(300),
        burst: 1,
    };
    h.allowances.spend("k", one).await.unwrap();
    for _ in 0..5 {
        assert!(h.allowances.spend("k", one).await.unwrap().is_some());
    }
    h.clock.pass(Duration::from_millis(400)).await;

    assert_eq!(h.allowances.spend("k", one).await.unwrap(), None);
}

async fn concurrent_requests_never_pass_more_than_the_burst(h: Harness) {
    let burst_10 = Allowance {
        interval: Duration::from_secs(60),
        burst: 10,
    };
    let answers = join_all((0..50).map(|_| h.allowances.spend("k", burst_10))).await;

    let passed = answers.iter().filter(|a| matches!(a, Ok(None))).count();
    assert_eq!(passed, 10);
}

adapter_contract!(memory, redis; [
    a_burst_passes_then_the_caller_waits,
    keys_spend_separate_allowances,
    a_refused_request_spends_nothing,
    concurrent_requests_never_pass_more_than_the_burst,
]);

#[tokio::test]
async fn a_redis_that_is_down_is_an_error_not_a_hang() {
    let mut server = RedisServer::start().await;
    let allowances = RedisAllowances::new(RedisClient::open(&server.url).unwrap());
    allowances.spend("k", A_MINUTE_BURST_3).await.unwrap();
    server.kill();

    // A guard against a hang, not a measurement: the client's own deadline is far shorter.
    let answer = tokio::time::timeout(
        Duration::from_secs(10),
        allowances.spend("k", A_MINUTE_BURST_3),
    )
    .await
    .expect("the call came back");

    assert!(answer.is_err(), "{answer:?}");
    server.resume().await;
    let mut answer = allowances.spend("k", A_MINUTE_BURST_3).await;
    let back = async || {
        answer = allowances.spend("k", A_MINUTE_BURST_3).await;
        answer.is_ok()
    };
    let _ = tokio::time::timeout(Duration::from_secs(5), poll_until(back)).await;
    assert_eq!(answer.unwrap(), None, "back, with the spend kept on disk");
}
