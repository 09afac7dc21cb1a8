//! At most so many open streams of a [`Kind`] per user (ten event streams, one export),
//! counted across every instance: each open stream holds a slot, given back when it ends. With Redis, a user's slots are one
//! hash of counts by instance, and an instance's counts stand only while the instance is alive
//! (its heartbeat in one sorted set), so the slots of an instance that died free themselves
//! within [`ALIVE_FOR`] without a write per stream. A slot Redis could not count (Redis out
//! of reach) is let through and put right by the next heartbeat: the cap keeps abuse down and
//! must not take streams down with Redis.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, LazyLock, Mutex, PoisonError, Weak};
use std::time::Duration;

use redis::Script;

use crate::coordination::CoordinationError;
use crate::coordination::redis::RedisClient;

/// What is counted, and how many of it one user may hold open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kind {
    /// Names the counts in Redis.
    name: &'static str,
    /// In the refusal: "you have {per_user} {what} open".
    what: &'static str,
    pub per_user: u32,
    /// What a refused caller is told to wait.
    retry_after: u64,
}

/// Job event streams (`GET /api/v1/jobs/{id}/events`); they end with their jobs, mostly
/// within seconds.
pub const EVENT_STREAMS: Kind = Kind {
    name: "streams",
    what: "event streams",
    per_user: 10,
    retry_after: 5,
};

/// Exports of one's data (`GET /api/v1/me/export`): one at a time, as each reads every record
/// and image of the account.
pub const EXPORTS: Kind = Kind {
    name: "exports",
    what: "an export being written",
    per_user: 1,
    retry_after: 30,
};
/// How often an instance says it is alive and puts its counts right.
const HEARTBEAT: Duration = Duration::from_secs(10);
/// An instance silent this long is dead: its streams no longer count.
const ALIVE_FOR: Duration = Duration::from_secs(30);
/// A user's counts outlive their last change by this much (a stream open longer than that
/// still counts locally, and the heartbeat writes it back).
const KEEP_COUNTS: Duration = Duration::from_secs(24 * 60 * 60);
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("you have {} open; wait for it to end or try again shortly", kind.what)]
pub struct TooManyStreams {
    kind: Kind,
    pub retry_after: u64,
}

/// KEYS: the user's counts, the live instances. ARGV: this instance, the cap, alive for (ms),
/// keep counts (ms). Forgets the counts of dead instances, then takes a slot if one is free:
/// 1 taken, 0 full. Redis's clock, so that instances with skewed clocks agree.
static TAKE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[1])
local open = 0
local counts = redis.call('HGETALL', KEYS[1])
for i = 1, #counts, 2 do
  local alive = tonumber(redis.call('ZSCORE', KEYS[2], counts[i]) or '0')
  if alive < now then
    redis.call('HDEL', KEYS[1], counts[i])
  else
    open = open + tonumber(counts[i + 1])
  end
end
if open >= tonumber(ARGV[2]) then
  return 0
end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
",
    )
});

/// KEYS: the user's counts. ARGV: this instance. Gives one slot back.
static RELEASE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
end
return 1
",
    )
});

/// KEYS: the user's counts. ARGV: this instance, its count of the user's streams, keep counts
/// (ms). Puts right what Redis missed (a take or a release that failed).
static SET: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
if tonumber(ARGV[2]) > 0 then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
else
  redis.call('HDEL', KEYS[1], ARGV[1])
end
return 1
",
    )
});

/// KEYS: the live instances. ARGV: this instance, alive for (ms). Says this instance is
/// alive and forgets the dead.
static BEAT: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
return 1
",
    )
});

#[derive(Clone)]
pub struct StreamSlots(Arc<Slots>);

struct Slots {
    kind: Kind,
    /// This instance's open streams by user.
    open: Mutex<HashMap<String, u32>>,
    shared: Option<Shared>,
}

struct Shared {
    redis: RedisClient,
    instance: String,
    /// Users whose count in Redis may be wrong: a take or a release that failed.
    unsure: Mutex<HashSet<String>>,
}

impl StreamSlots {
    /// Counted in this process only: the single-machine stack.
    pub fn local(kind: Kind) -> Self {
        Self(Arc::new(Slots {
            kind,
            open: Mutex::default(),
            shared: None,
        }))
    }

    /// Counted across the instances that share `redis`; `instance` names this one.
    pub fn shared(kind: Kind, redis: RedisClient, instance: String) -> Self {
        let slots = Arc::new(Slots {
            kind,
            open: Mutex::default(),
            shared: Some(Shared {
                redis,
                instance,
                unsure: Mutex::default(),
            }),
        });
        tokio::spawn(heartbeat(Arc::downgrade(&slots)));
        Self(slots)
    }

    /// A slot for one of `uid`'s streams, held until the [`Slot`] is dropped.
    pub async fn take(&self, uid: &str) -> Result<Slot, TooManyStreams> {
        let kind = self.0.kind;
        let full = TooManyStreams {
            kind,
            retry_after: kind.retry_after,
        };
        {
            let mut open = self.0.lock();
            let count = open.entry(uid.to_owned()).or_default();
            if *count >= kind.per_user {
                return Err(full);
            }
            *count += 1;
        }
        if let Some(shared) = &self.0.shared {
            match shared.take(kind, uid).await {
                Ok(true) => {}
                Ok(false) => {
                    self.0.give_back(uid);
                    return Err(full);
                }
                Err(e) => {
                    tracing::warn!(error = %e, "stream slots unavailable; the stream opens");
                    shared.unsure(uid);
                }
            }
        }
        Ok(Slot {
            slots: Arc::clone(&self.0),
            uid: uid.to_owned(),
        })
    }
}

impl Slots {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, u32>> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn open_of(&self, uid: &str) -> u32 {
        self.lock().get(uid).copied().unwrap_or(0)
    }

    /// Gives one of `uid`'s slots back here.
    fn give_back(&self, uid: &str) {
        let mut open = self.lock();
        if let Some(count) = open.get_mut(uid) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(uid);
            }
        }
    }
}

impl Shared {
    fn key(&self, kind: Kind, uid: &str) -> String {
        self.redis.key(&format!("{}:{uid}", kind.name))
    }

    async fn take(&self, kind: Kind, uid: &str) -> Result<bool, CoordinationError> {
        let mut call = TAKE.prepare_invoke();
        call.key(self.key(kind, uid))
            .key(self.redis.key("instances"))
            .arg(&self.instance)
            .arg(kind.per_user)
            .arg(millis(ALIVE_FOR))
            .arg(millis(KEEP_COUNTS));
        let taken: u8 = self.redis.run_script(call).await?;
        Ok(taken == 1)
    }

    async fn set(&self, kind: Kind, uid: &str, count: u32) -> Result<(), CoordinationError> {
        let mut call = SET.prepare_invoke();
        call.key(self.key(kind, uid))
            .arg(&self.instance)
            .arg(count)
            .arg(millis(KEEP_COUNTS));
        let _: u8 = self.redis.run_script(call).await?;
        Ok(())
    }

    async fn release(&self, kind: Kind, uid: &str) -> Result<(), CoordinationError> {
        let mut call = RELEASE.prepare_invoke();
        call.key(self.key(kind, uid)).arg(&self.instance);
        let _: u8 = self.redis.run_script(call).await?;
        Ok(())
    }

    fn unsure(&self, uid: &str) {
        self.unsure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(uid.to_owned());
    }
}

/// An open stream's place among its user's; given back when dropped.
pub struct Slot {
    slots: Arc<Slots>,
    uid: String,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.slots.give_back(&self.uid);
        if self.slots.shared.is_none() {
            return;
        }
        let (slots, uid) = (Arc::clone(&self.slots), std::mem::take(&mut self.uid));
        tokio::spawn(async move {
            let Some(shared) = &slots.shared else { return };
            if let Err(e) = shared.release(slots.kind, &uid).await {
                tracing::warn!(error = %e, "giving a stream slot back; the heartbeat will");
                shared.unsure(&uid);
            }
        });
    }
}

/// Says the instance is alive and writes back the counts Redis may have wrong, until the
/// slots are dropped.
async fn heartbeat(slots: Weak<Slots>) {
    loop {
        let Some(slots) = slots.upgrade() else { return };
        let Some(shared) = &slots.shared else { return };
        let mut call = BEAT.prepare_invoke();
        call.key(shared.redis.key("instances"))
            .arg(&shared.instance)
            .arg(millis(ALIVE_FOR));
        if let Err(e) = shared.redis.run_script::<u8>(call).await {
            tracing::warn!(error = %e, "stream slots' heartbeat");
        }
        let unsure: Vec<String> = shared
            .unsure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .drain()
            .collect();
        for uid in unsure {
            if shared
                .set(slots.kind, &uid, slots.open_of(&uid))
                .await
                .is_err()
            {
                shared.unsure(&uid);
            }
        }
        drop(slots);
        tokio::time::sleep(HEARTBEAT).await;
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_eleventh_stream_of_one_user_waits_and_others_do_not() {
        let slots = StreamSlots::local(EVENT_STREAMS);
        let mut held = Vec::new();
        for _ in 0..EVENT_STREAMS.per_user {
            held.push(slots.take("alice").await.unwrap());
        }

        let refused = slots
            .take("alice")
            .await
            .err()
            .expect("the 11th is refused");

        assert!(refused.retry_after > 0);
        assert!(slots.take("bob").await.is_ok(), "users count apart");
        held.pop();
        assert!(
            slots.take("alice").await.is_ok(),
            "a stream that ended gives its slot back"
        );
    }
}
