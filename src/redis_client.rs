//! The Redis that several instances share state through (`LUCENT_REDIS_URL`): one multiplexed
//! connection that reconnects by itself, with timeouts short enough that an outage is an error
//! within a second, never a hang. Every key starts with one prefix in a hash tag, so a cluster
//! keeps them in one slot and the scripts may touch several.

use std::future::Future;
use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};

/// Past this, a call counts as failed whatever the connection is doing (reconnects included).
const CALL_DEADLINE: Duration = Duration::from_millis(800);

#[derive(Debug, thiserror::Error)]
pub enum RedisError {
    #[error("redis did not answer in time")]
    Timeout,
    #[error("redis: {0}")]
    Unavailable(String),
}

impl From<redis::RedisError> for RedisError {
    fn from(e: redis::RedisError) -> Self {
        if e.is_timeout() {
            Self::Timeout
        } else {
            Self::Unavailable(e.to_string())
        }
    }
}

#[derive(Clone)]
pub struct RedisClient {
    connection: ConnectionManager,
    prefix: String,
}

impl RedisClient {
    /// Connects on first use, so an instance starts (and reports not ready) while Redis is down.
    pub fn open(url: &str) -> Result<Self, RedisError> {
        let client = redis::Client::open(url)?;
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(Duration::from_millis(250)))
            .set_response_timeout(Some(Duration::from_millis(500)))
            .set_number_of_retries(1)
            .set_min_delay(Duration::from_millis(50))
            .set_max_delay(Duration::from_millis(100));
        Ok(Self {
            connection: client.get_connection_manager_lazy(config)?,
            prefix: "{lucent}:".to_owned(),
        })
    }

    /// The full name of a key.
    pub fn key(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }

    /// Runs `call` on the shared connection within [`CALL_DEADLINE`].
    pub async fn call<T, F, Fut>(&self, call: F) -> Result<T, RedisError>
    where
        F: FnOnce(ConnectionManager) -> Fut,
        Fut: Future<Output = redis::RedisResult<T>>,
    {
        match tokio::time::timeout(CALL_DEADLINE, call(self.connection.clone())).await {
            Ok(result) => Ok(result?),
            Err(_) => Err(RedisError::Timeout),
        }
    }

    pub async fn ping(&self) -> Result<(), RedisError> {
        self.call(|mut c| async move { redis::cmd("PING").query_async::<String>(&mut c).await })
            .await
            .map(drop)
    }
}
