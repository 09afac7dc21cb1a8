//! The Redis that several instances share state through (`LUCENT_REDIS_URL`): one multiplexed
//! connection that reconnects by itself, with timeouts short enough that an outage is an error
//! within a second, never a hang. Every key starts with one prefix in a hash tag, so a cluster
//! keeps them in one slot and the scripts may touch several.

use std::future::Future;
use std::sync::{Arc, Weak};
use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{ProtocolVersion, PushInfo, PushKind, Value};
use tokio::sync::mpsc;

use super::CoordinationError;

/// Past this, a call counts as failed whatever the connection is doing (reconnects included).
const CALL_DEADLINE: Duration = Duration::from_millis(800);

const RESPONSE_TIMEOUT: Duration = Duration::from_millis(500);

/// Short connect and response timeouts and one quick retry: an outage must be an error within
/// a second, and the manager tries to reconnect on the next call anyway.
fn fail_fast(response_timeout: Duration) -> ConnectionManagerConfig {
    ConnectionManagerConfig::new()
        .set_connection_timeout(Some(Duration::from_millis(250)))
        .set_response_timeout(Some(response_timeout))
        .set_number_of_retries(1)
        .set_min_delay(Duration::from_millis(50))
        .set_max_delay(Duration::from_millis(100))
}

/// What a listener hears on a channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    Message(String),
    /// (Re)subscribed after an outage: messages published meanwhile were lost.
    Missed,
}

#[derive(Clone)]
pub struct RedisClient {
    client: redis::Client,
    connection: ConnectionManager,
    prefix: String,
}

impl RedisClient {
    /// Connects on first use, so an instance starts (and reports not ready) while Redis is down.
    pub fn open(url: &str) -> Result<Self, CoordinationError> {
        let client = redis::Client::open(url)?;
        let config = fail_fast(RESPONSE_TIMEOUT);
        Ok(Self {
            connection: client.get_connection_manager_lazy(config)?,
            client,
            prefix: "{lucent}:".to_owned(),
        })
    }

    /// A connection of its own for commands that block (BLPOP): on the shared one they would
    /// hold up every other command, and its response timeout would cut them short.
    pub fn blocking_connection(
        &self,
        longest_block: Duration,
    ) -> Result<ConnectionManager, CoordinationError> {
        let config = fail_fast(longest_block + RESPONSE_TIMEOUT);
        Ok(self.client.get_connection_manager_lazy(config)?)
    }

    /// Calls `on` with what is published on `channel` for as long as `owner` lives, and with
    /// [`Heard::Missed`] after every (re)subscription. Pings once a second, since a
    /// subscription alone would not notice that Redis went away and came back.
    pub fn listen<T, F, Fut>(&self, channel: &'static str, owner: Weak<T>, on: F)
    where
        T: Send + Sync + 'static,
        F: Fn(Arc<T>, Heard) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send,
    {
        let redis = self.clone();
        tokio::spawn(async move {
            while owner.strong_count() > 0 {
                let (mut connection, mut pushes) = match redis.subscribe(channel).await {
                    Ok(subscribed) => subscribed,
                    Err(e) => {
                        tracing::warn!(channel, error = %e, "cannot subscribe; retrying");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                        continue;
                    }
                };
                let mut ping = tokio::time::interval(Duration::from_secs(1));
                loop {
                    tokio::select! {
                        push = pushes.recv() => {
                            let Some(push) = push else { break };
                            let heard = match push.kind {
                                PushKind::Message => match push.data.last() {
                                    Some(Value::BulkString(b)) => {
                                        Heard::Message(String::from_utf8_lossy(b).into_owned())
                                    }
                                    _ => continue,
                                },
                                PushKind::Disconnection | PushKind::Subscribe => Heard::Missed,
                                _ => continue,
                            };
                            let Some(owner) = owner.upgrade() else { return };
                            on(owner, heard).await;
                        }
                        _ = ping.tick() => {
                            if owner.strong_count() == 0 {
                                return;
                            }
                            let _ = tokio::time::timeout(
                                CALL_DEADLINE,
                                redis::cmd("PING").query_async::<Value>(&mut connection),
                            )
                            .await;
                        }
                    }
                }
            }
        });
    }

    /// Publishes `message` on `channel` (see [`RedisClient::listen`]).
    pub async fn publish(&self, channel: &str, message: &str) -> Result<(), CoordinationError> {
        let (channel, message) = (self.key(channel), message.to_owned());
        self.call(|mut c| async move {
            redis::cmd("PUBLISH")
                .arg(channel)
                .arg(message)
                .query_async::<i64>(&mut c)
                .await
        })
        .await
        .map(drop)
    }

    /// Messages published on `channel`, on a RESP3 connection of their own that resubscribes
    /// after a reconnect. A `Disconnection` push arrives too: messages may have been missed.
    /// The connection only notices an outage when used, so the caller pings it now and then.
    async fn subscribe(
        &self,
        channel: &str,
    ) -> Result<(ConnectionManager, mpsc::UnboundedReceiver<PushInfo>), CoordinationError> {
        let info = self.client.get_connection_info().clone();
        let resp3 = info
            .redis_settings()
            .clone()
            .set_protocol(ProtocolVersion::RESP3);
        let client = redis::Client::open(info.set_redis_settings(resp3))?;
        let (tx, rx) = mpsc::unbounded_channel();
        let config = fail_fast(RESPONSE_TIMEOUT)
            .set_push_sender(tx)
            .set_automatic_resubscription();
        let mut connection = client.get_connection_manager_lazy(config)?;
        let channel = self.key(channel);
        tokio::time::timeout(CALL_DEADLINE, connection.subscribe(&channel))
            .await
            .map_err(|_| CoordinationError::Timeout)??;
        Ok((connection, rx))
    }

    /// The full name of a key.
    pub fn key(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }

    /// Runs `call` on the shared connection within [`CALL_DEADLINE`].
    pub async fn call<T, F, Fut>(&self, call: F) -> Result<T, CoordinationError>
    where
        F: FnOnce(ConnectionManager) -> Fut,
        Fut: Future<Output = redis::RedisResult<T>>,
    {
        match tokio::time::timeout(CALL_DEADLINE, call(self.connection.clone())).await {
            Ok(result) => Ok(result?),
            Err(_) => Err(CoordinationError::Timeout),
        }
    }

    /// Runs a script (EVALSHA, loading it again after a Redis restart) within the deadline.
    pub async fn run_script<T>(
        &self,
        call: redis::ScriptInvocation<'static>,
    ) -> Result<T, CoordinationError>
    where
        T: redis::FromRedisValue + Send,
    {
        self.call(|mut c| async move { call.invoke_async(&mut c).await })
            .await
    }

    pub async fn ping(&self) -> Result<(), CoordinationError> {
        self.call(|mut c| async move { redis::cmd("PING").query_async::<String>(&mut c).await })
            .await
            .map(drop)
    }

    /// What Redis does when its memory is full (`CONFIG GET maxmemory-policy`); `None` where
    /// the server refuses CONFIG, as managed services often do.
    pub async fn eviction_policy(&self) -> Result<Option<Eviction>, CoordinationError> {
        let answer = self
            .call(|mut c| async move {
                redis::cmd("CONFIG")
                    .arg("GET")
                    .arg("maxmemory-policy")
                    .query_async::<Vec<String>>(&mut c)
                    .await
            })
            .await;
        match answer {
            Ok(pair) => Ok(pair.into_iter().nth(1).map(Eviction)),
            Err(CoordinationError::Refused(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// A `maxmemory-policy`. Only `noeviction` keeps money exact: the board's queued, running and
/// unsettled jobs carry no TTL, so a `volatile-*` policy can evict only what has a TTL
/// (settled jobs, rate-limit buckets, leases), while an `allkeys-*` policy can evict a job
/// holding credits or the queue itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Eviction(pub String);

impl Eviction {
    /// What a full Redis would lose under this policy, or `None` under `noeviction` (a full
    /// Redis refuses writes instead: new jobs get 503, nothing is lost).
    pub fn risk(&self) -> Option<&'static str> {
        match self.0.as_str() {
            "noeviction" => None,
            p if p.starts_with("volatile-") => Some(
                "when full, Redis evicts keys with a TTL: settled jobs, rate-limit buckets and leases (a rate limit may let extra requests through, a lease may be taken twice); set maxmemory-policy noeviction",
            ),
            _ => Some(
                "when full, Redis evicts any key, queued jobs and their reserved credits included; set maxmemory-policy noeviction",
            ),
        }
    }
}
