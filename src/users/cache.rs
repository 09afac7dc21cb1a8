//! What one process remembers of users: records and credit counts for a few seconds, so the
//! pro check on a hot path costs no database read. Another instance's change drops a user's
//! entries at once (see `news`); the TTL bounds staleness when that message is lost.

use std::time::Duration;

use moka::future::Cache;

use super::Credits;
use crate::quota::Quotas;
use crate::store::UserRecord;

/// How stale a cached record may be.
pub const CACHE_TTL: Duration = Duration::from_secs(3);

pub(super) struct Caches {
    pub records: Cache<String, Option<UserRecord>>,
    /// Credits used and granted, by (uid, period).
    pub usage: Cache<(String, String), Credits>,
    /// Which periods a user's counts are read in now.
    quotas: Quotas,
}

impl Caches {
    pub fn new(quotas: Quotas) -> Self {
        Self {
            records: Cache::builder()
                .time_to_live(CACHE_TTL)
                .max_capacity(100_000)
                .build(),
            usage: Cache::builder()
                .time_to_live(CACHE_TTL)
                .max_capacity(100_000)
                .build(),
            quotas,
        }
    }

    /// Drops `uid`'s entries: the record and the counts of the periods read now (one per
    /// plan, as the plan may be what changed). A count of a period already over is never
    /// read again, and goes with the TTL.
    pub async fn forget(&self, uid: &str) {
        self.records.invalidate(uid).await;
        let now = chrono::Utc::now();
        for pro in [false, true] {
            let period = self.quotas.period(pro, now).key;
            self.usage.invalidate(&(uid.to_owned(), period)).await;
        }
    }

    pub fn forget_everyone(&self) {
        self.records.invalidate_all();
        self.usage.invalidate_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn forgetting_a_user_drops_their_counts_on_either_plan_and_no_one_elses() {
        let quotas = Quotas {
            free_daily: 3,
            pro_monthly: 100,
        };
        let caches = Caches::new(quotas);
        let now = chrono::Utc::now();
        let counts = Credits { used: 1, bonus: 0 };
        for uid in ["ann", "bob"] {
            for pro in [false, true] {
                let key = (uid.to_owned(), quotas.period(pro, now).key);
                caches.usage.insert(key, counts).await;
            }
        }

        caches.forget("ann").await;

        for pro in [false, true] {
            let period = quotas.period(pro, now).key;
            assert_eq!(
                caches.usage.get(&("ann".into(), period.clone())).await,
                None
            );
            assert_eq!(
                caches.usage.get(&("bob".into(), period)).await,
                Some(counts)
            );
        }
    }
}
