//! Instances tell each other which user changed (plan, profile or credits) over Redis pub/sub,
//! so a payment confirmed on one instance makes the user pro on every instance at once rather
//! than when their caches expire. Best effort: a lost message costs at most the cache TTL.

use std::sync::Arc;

use super::cache::Caches;
use crate::coordination::redis::{Heard, RedisClient};
use crate::store::push_id;

const CHANNEL: &str = "user";

#[derive(Clone)]
pub(super) struct News {
    redis: RedisClient,
    /// Messages name their sender, so an instance does not drop what it just wrote.
    me: String,
}

impl News {
    /// Starts listening: other instances' news drops entries from `caches`.
    pub fn start(redis: RedisClient, caches: &Arc<Caches>) -> Self {
        let me = push_id::next();
        let mine = me.clone();
        redis.listen(CHANNEL, Arc::downgrade(caches), move |caches, heard| {
            let mine = mine.clone();
            async move {
                match heard {
                    Heard::Missed => caches.forget_everyone(),
                    Heard::Message(message) => {
                        if let Some((from, uid)) = message.split_once(' ')
                            && from != mine
                        {
                            caches.forget(uid).await;
                        }
                    }
                }
            }
        });
        Self { redis, me }
    }

    pub async fn tell(&self, uid: &str) {
        announce(&self.redis, &self.me, uid).await;
    }
}

/// Tells every instance that `uid` changed; `from` names the sender. False if Redis did not
/// take the message: the others see the change when their caches expire.
pub async fn announce(redis: &RedisClient, from: &str, uid: &str) -> bool {
    match redis.publish(CHANNEL, &format!("{from} {uid}")).await {
        Ok(()) => true,
        Err(e) => {
            tracing::warn!(uid, error = %e, "other instances see this change when their caches expire");
            false
        }
    }
}
