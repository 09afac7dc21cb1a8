//! Where test mode keeps its sessions, subscriptions and customers: in the process on one
//! machine, in Redis when instances share state, so a checkout made through one instance can
//! be paid and confirmed through another.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use async_trait::async_trait;

use crate::billing::ProviderError;
use crate::coordination::CoordinationError;
use crate::coordination::redis::RedisClient;

/// Records as JSON under string keys, each kept for a while.
#[async_trait]
pub trait Ledger: Send + Sync {
    async fn get(&self, key: &str) -> Result<Option<String>, ProviderError>;
    /// Stores `value` for `keep`; with `only_new`, only if `key` is absent. True if stored.
    async fn put(
        &self,
        key: &str,
        value: &str,
        keep: Duration,
        only_new: bool,
    ) -> Result<bool, ProviderError>;
}

#[derive(Default)]
pub struct MemoryLedger {
    entries: Mutex<HashMap<String, (String, Instant)>>,
}

#[async_trait]
impl Ledger for MemoryLedger {
    async fn get(&self, key: &str) -> Result<Option<String>, ProviderError> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        Ok(entries
            .get(key)
            .filter(|(_, until)| *until > Instant::now())
            .map(|(value, _)| value.clone()))
    }

    async fn put(
        &self,
        key: &str,
        value: &str,
        keep: Duration,
        only_new: bool,
    ) -> Result<bool, ProviderError> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        entries.retain(|_, (_, until)| *until > now);
        if only_new && entries.contains_key(key) {
            return Ok(false);
        }
        entries.insert(key.to_owned(), (value.to_owned(), now + keep));
        Ok(true)
    }
}

pub struct RedisLedger {
    redis: RedisClient,
}

impl RedisLedger {
    pub fn new(redis: RedisClient) -> Self {
        Self { redis }
    }

    fn key(&self, key: &str) -> String {
        self.redis.key(&format!("tm:{key}"))
    }
}

impl From<CoordinationError> for ProviderError {
    fn from(e: CoordinationError) -> Self {
        match e {
            CoordinationError::Timeout => ProviderError::Timeout,
            CoordinationError::Unavailable(e) | CoordinationError::Refused(e) => {
                ProviderError::Unavailable(e)
            }
        }
    }
}

#[async_trait]
impl Ledger for RedisLedger {
    async fn get(&self, key: &str) -> Result<Option<String>, ProviderError> {
        let key = self.key(key);
        Ok(self
            .redis
            .call(|mut c| async move {
                redis::cmd("GET")
                    .arg(key)
                    .query_async::<Option<String>>(&mut c)
                    .await
            })
            .await?)
    }

    async fn put(
        &self,
        key: &str,
        value: &str,
        keep: Duration,
        only_new: bool,
    ) -> Result<bool, ProviderError> {
        let mut set = redis::cmd("SET");
        set.arg(self.key(key))
            .arg(value)
            .arg("PX")
            .arg(u64::try_from(keep.as_millis()).unwrap_or(u64::MAX));
        if only_new {
            set.arg("NX");
        }
        // SET answers OK, or nil when NX found the key.
        let stored = self
            .redis
            .call(|mut c| async move { set.query_async::<Option<String>>(&mut c).await })
            .await?;
        Ok(stored.is_some())
    }
}
