//! The parts of the shared state this process uses: all in this process alone (one machine, the
//! local stack), or all through Redis (`LUCENT_REDIS_URL`). The one place that chooses;
//! everything else takes the parts it is given.

use std::sync::Arc;

use crate::billing::test_mode::{Ledger, MemoryLedger, RedisLedger};
use crate::coordination::lease::{Leases, MemoryLeases, RedisLeases};
use crate::coordination::redis::RedisClient;
use crate::jobs::{JobBoard, MemoryBoard, RedisBoard, Rules};
use crate::limits::streams::{EVENT_STREAMS, EXPORTS, StreamSlots};
use crate::limits::{Allowances, MemoryAllowances, RedisAllowances};

pub struct SharedParts {
    /// The shared Redis, for readiness and the caches that listen to it; `None` alone.
    pub redis: Option<RedisClient>,
    /// Who runs what next.
    pub board: Arc<dyn JobBoard>,
    /// Rate limits' allowances.
    pub allowances: Arc<dyn Allowances>,
    /// Open event streams per user.
    pub streams: StreamSlots,
    /// Exports being written per user.
    pub exports: StreamSlots,
    /// Leases: the retention sweep, role changes of one account.
    pub leases: Arc<dyn Leases>,
    /// The test-mode checkout's sessions.
    pub test_ledger: Box<dyn Ledger>,
    /// The test-mode age checks' inquiries.
    pub age_ledger: Box<dyn Ledger>,
}

impl SharedParts {
    /// Everything in this process.
    pub fn alone(rules: Rules) -> Self {
        Self {
            redis: None,
            board: Arc::new(MemoryBoard::new(rules)),
            allowances: Arc::new(MemoryAllowances::default()),
            streams: StreamSlots::local(EVENT_STREAMS),
            exports: StreamSlots::local(EXPORTS),
            leases: Arc::new(MemoryLeases::default()),
            test_ledger: Box::new(MemoryLedger::default()),
            age_ledger: Box::new(MemoryLedger::default()),
        }
    }

    /// Everything through `redis`; `instance` names this process among the others.
    pub fn through(redis: RedisClient, rules: Rules, instance: String) -> Self {
        Self {
            board: RedisBoard::new(redis.clone(), rules),
            allowances: Arc::new(RedisAllowances::new(redis.clone())),
            streams: StreamSlots::shared(EVENT_STREAMS, redis.clone(), instance.clone()),
            exports: StreamSlots::shared(EXPORTS, redis.clone(), instance),
            leases: Arc::new(RedisLeases::new(redis.clone())),
            test_ledger: Box::new(RedisLedger::new(redis.clone())),
            age_ledger: Box::new(RedisLedger::new(redis.clone())),
            redis: Some(redis),
        }
    }
}
