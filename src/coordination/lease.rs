//! Leases: work that must run on one instance at a time (the retention sweep) is done by
//! whoever holds its lease. In the process on one machine; in Redis when instances share
//! state, where a holder that dies simply stops renewing and the lease runs out.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use std::time::Duration;

// Tokio's clock, not the system's: a test pauses it and moves it on (tests/api/clock.rs).
use tokio::time::Instant;

use async_trait::async_trait;
use redis::Script;

use crate::coordination::CoordinationError;
use crate::coordination::redis::RedisClient;

#[async_trait]
pub trait Leases: Send + Sync {
    /// Takes lease `name` for `holder` for `ttl`, or extends it when `holder` has it already;
    /// false while someone else holds it.
    async fn hold(
        &self,
        name: &str,
        holder: &str,
        ttl: Duration,
    ) -> Result<bool, CoordinationError>;

    /// Gives lease `name` up if `holder` has it; a no-op otherwise.
    async fn release(&self, name: &str, holder: &str) -> Result<(), CoordinationError>;
}

/// Runs `work` while `holder` has lease `name`, waiting up to `wait` for it: `Ok(None)` when
/// the wait ran out. The lease is given back after; if that fails, it runs out by itself.
pub async fn while_held<T>(
    leases: &dyn Leases,
    name: &str,
    holder: &str,
    (ttl, wait): (Duration, Duration),
    work: impl Future<Output = T>,
) -> Result<Option<T>, CoordinationError> {
    if !hold_within(leases, name, holder, ttl, wait).await? {
        return Ok(None);
    }
    let done = work.await;
    if let Err(e) = leases.release(name, holder).await {
        tracing::warn!(lease = name, error = %e, "giving a lease back; it runs out by itself");
    }
    Ok(Some(done))
}

/// Waits up to `wait` for lease `name`: true once `holder` has it, false when the wait ran out.
async fn hold_within(
    leases: &dyn Leases,
    name: &str,
    holder: &str,
    ttl: Duration,
    wait: Duration,
) -> Result<bool, CoordinationError> {
    let give_up = Instant::now() + wait;
    loop {
        if leases.hold(name, holder, ttl).await? {
            return Ok(true);
        }
        if Instant::now() >= give_up {
            return Ok(false);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[derive(Default)]
pub struct MemoryLeases {
    held: Mutex<HashMap<String, (String, Instant)>>,
}

#[async_trait]
impl Leases for MemoryLeases {
    async fn hold(
        &self,
        name: &str,
        holder: &str,
        ttl: Duration,
    ) -> Result<bool, CoordinationError> {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        if let Some((by, until)) = held.get(name)
            && by != holder
            && *until > now
        {
            return Ok(false);
        }
        held.insert(name.to_owned(), (holder.to_owned(), now + ttl));
        Ok(true)
    }

    async fn release(&self, name: &str, holder: &str) -> Result<(), CoordinationError> {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        if held.get(name).is_some_and(|(by, _)| by == holder) {
            held.remove(name);
        }
        Ok(())
    }
}

/// KEYS: the lease. ARGV: holder, ttl (ms). 1 when `holder` has it now.
static HOLD: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local by = redis.call('GET', KEYS[1])
if by and by ~= ARGV[1] then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
",
    )
});

/// KEYS: the lease. ARGV: holder. Deletes it if `holder` has it.
static RELEASE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
end
return 1
",
    )
});

pub struct RedisLeases {
    redis: RedisClient,
}

impl RedisLeases {
    pub fn new(redis: RedisClient) -> Self {
        Self { redis }
    }
}

#[async_trait]
impl Leases for RedisLeases {
    async fn hold(
        &self,
        name: &str,
        holder: &str,
        ttl: Duration,
    ) -> Result<bool, CoordinationError> {
        let mut call = HOLD.prepare_invoke();
        call.key(self.redis.key(&format!("lease:{name}")))
            .arg(holder)
            .arg(u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX));
        let held: u8 = self.redis.run_script(call).await?;
        Ok(held == 1)
    }

    async fn release(&self, name: &str, holder: &str) -> Result<(), CoordinationError> {
        let mut call = RELEASE.prepare_invoke();
        call.key(self.redis.key(&format!("lease:{name}")))
            .arg(holder);
        let _: u8 = self.redis.run_script(call).await?;
        Ok(())
    }
}
