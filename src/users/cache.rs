//! What one process remembers of users: records and credit counts for a few seconds, so the
//! pro check on a hot path costs no database read. Another instance's change drops a user's
//! entries at once (see `news`); the TTL bounds staleness when that message is lost.

use std::time::Duration;

use moka::future::Cache;

use super::Credits;
use crate::store::UserRecord;

/// How stale a cached record may be.
pub const CACHE_TTL: Duration = Duration::from_secs(3);

pub(super) struct Caches {
    pub records: Cache<String, Option<UserRecord>>,
    /// Credits used and granted, by (uid, period).
    pub usage: Cache<(String, String), Credits>,
    /// Refusals that count now, by uid, with the review time they were counted after.
    pub strikes: Cache<String, (Option<i64>, usize)>,
}

impl Caches {
    pub fn new() -> Self {
        Self {
            records: Cache::builder()
                .time_to_live(CACHE_TTL)
                .max_capacity(100_000)
                .build(),
            usage: Cache::builder()
                .time_to_live(CACHE_TTL)
                .max_capacity(100_000)
                .support_invalidation_closures()
                .build(),
            strikes: Cache::builder()
                .time_to_live(CACHE_TTL)
                .max_capacity(100_000)
                .build(),
        }
    }

    /// Drops `uid`'s entries: the record and the counts of every period (the plan, and so
    /// the period, may be what changed).
    pub async fn forget(&self, uid: &str) {
        self.records.invalidate(uid).await;
        self.strikes.invalidate(uid).await;
        let uid = uid.to_owned();
        // Only fails when the cache was built without closures, which `new` never does.
        let _ = self.usage.invalidate_entries_if(move |(u, _), _| *u == uid);
    }

    pub fn forget_everyone(&self) {
        self.records.invalidate_all();
        self.strikes.invalidate_all();
        self.usage.invalidate_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn forgetting_a_user_drops_their_counts_of_every_period_and_no_one_elses() {
        let caches = Caches::new();
        let counts = Credits { used: 1, bonus: 0 };
        let periods = ["d2026-11-26", "m2026-11", "p20261215T103000Z"];
        for uid in ["ann", "bob"] {
            for period in periods {
                caches
                    .usage
                    .insert((uid.into(), period.into()), counts)
                    .await;
            }
        }

        caches.forget("ann").await;

        for period in periods {
            assert_eq!(caches.usage.get(&("ann".into(), period.into())).await, None);
            assert_eq!(
                caches.usage.get(&("bob".into(), period.into())).await,
                Some(counts)
            );
        }
    }
}
