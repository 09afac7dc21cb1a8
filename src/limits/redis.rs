//! Allowances in Redis, so that every instance spends from one allowance: the same GCRA as
//! [`super::MemoryAllowances`], as one script, so that concurrent spends cannot both pass.

use std::sync::LazyLock;
use std::time::Duration;

use async_trait::async_trait;
use redis::Script;

use super::{Allowance, Allowances};
use crate::coordination::CoordinationError;
use crate::coordination::redis::RedisClient;

/// KEYS: the allowance. ARGV: interval (ms), burst. Returns the wait in ms, 0 when it passes.
/// Redis's own clock, so that instances with skewed clocks agree.
static SPEND: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local interval = tonumber(ARGV[1])
local tolerance = interval * (tonumber(ARGV[2]) - 1)
local tat = math.max(tonumber(redis.call('GET', KEYS[1]) or now), now)
if tat - now > tolerance then
  return tat - now - tolerance
end
redis.call('SET', KEYS[1], string.format('%d', tat + interval), 'PX', tat + interval - now)
return 0
",
    )
});

pub struct RedisAllowances {
    redis: RedisClient,
}

impl RedisAllowances {
    pub fn new(redis: RedisClient) -> Self {
        Self { redis }
    }
}

#[async_trait]
impl Allowances for RedisAllowances {
    async fn spend(
        &self,
        key: &str,
        allowance: Allowance,
    ) -> Result<Option<Duration>, CoordinationError> {
        let key = self.redis.key(&format!("rl:{key}"));
        let interval = u64::try_from(allowance.interval.as_millis()).unwrap_or(u64::MAX);
        let mut call = SPEND.prepare_invoke();
        call.key(key).arg(interval).arg(allowance.burst);
        let wait: u64 = self.redis.run_script(call).await?;
        Ok((wait > 0).then(|| Duration::from_millis(wait)))
    }
}
