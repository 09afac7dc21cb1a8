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
}

impl Default for Caches {
    fn default() -> Self {
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
        }
    }
}

impl Caches {
    pub async fn forget(&self, uid: &str) {
        self.records.invalidate(uid).await;
        let uid = uid.to_owned();
        // Cannot fail: the cache was built with invalidation closures.
        let _ = self.usage.invalidate_entries_if(move |(u, _), _| *u == uid);
    }

    pub fn forget_everyone(&self) {
        self.records.invalidate_all();
        self.usage.invalidate_all();
    }
}
