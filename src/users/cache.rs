//! What one process remembers of users: records and credit counts for a few seconds, so the
//! pro check on a hot path costs no database read, and their images' records a little longer,
//! so an image seen again (a 304 included) costs none either. Another instance's change drops a
//! user's entries at once (see `news`); the TTL bounds staleness when that message is lost.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use moka::future::Cache;

use super::Credits;
use crate::store::{GenerationRecord, UserRecord};

/// How stale a cached record may be.
pub const CACHE_TTL: Duration = Duration::from_secs(3);

/// How long an image's record is kept. Longer than a user's: once stored, nothing the image
/// routes read of it changes, and its deletion is announced like any change of its owner.
pub const GENERATION_TTL: Duration = Duration::from_secs(30);

pub(super) struct Caches {
    pub records: Cache<String, Option<UserRecord>>,
    /// Credits used and granted, by (uid, period).
    pub usage: Cache<(String, String), Credits>,
    /// Refusals that count now, by uid, with the review time they were counted after.
    pub strikes: Cache<String, (Option<i64>, usize)>,
    /// Image records, by (uid, id): only those found, so a new image is never hidden by a miss.
    pub generations: Cache<(String, String), GenerationRecord>,
    /// Counts forgetting: a record read before a forget is not kept after it.
    forgotten: AtomicU64,
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
            generations: Cache::builder()
                .time_to_live(GENERATION_TTL)
                .max_capacity(100_000)
                .support_invalidation_closures()
                .build(),
            forgotten: AtomicU64::new(0),
        }
    }

    /// A mark to read a record after, for [`Caches::keep_generation`].
    pub fn mark(&self) -> u64 {
        self.forgotten.load(Ordering::Acquire)
    }

    /// Keeps `record`, read after `mark`, unless something was forgotten since: a deletion
    /// heard while the read was on its way must not be undone by it.
    pub async fn keep_generation(&self, uid: &str, record: &GenerationRecord, mark: u64) {
        let key = (uid.to_owned(), record.id.clone());
        self.generations.insert(key.clone(), record.clone()).await;
        // Checked after the insert, so a forget that ran in between is either seen here or
        // ran after the insert and dropped the entry itself.
        if self.mark() != mark {
            self.generations.invalidate(&key).await;
        }
    }

    /// Drops `uid`'s entries: the record and the counts of every period (the plan, and so
    /// the period, may be what changed).
    pub async fn forget(&self, uid: &str) {
        self.forgotten.fetch_add(1, Ordering::AcqRel);
        self.records.invalidate(uid).await;
        self.strikes.invalidate(uid).await;
        // Only fail when a cache was built without closures, which `new` never does.
        let owner = uid.to_owned();
        let _ = self
            .usage
            .invalidate_entries_if(move |(u, _), _| *u == owner);
        let owner = uid.to_owned();
        let _ = self
            .generations
            .invalidate_entries_if(move |(u, _), _| *u == owner);
    }

    pub fn forget_everyone(&self) {
        self.forgotten.fetch_add(1, Ordering::AcqRel);
        self.records.invalidate_all();
        self.strikes.invalidate_all();
        self.usage.invalidate_all();
        self.generations.invalidate_all();
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

    fn image(id: &str) -> GenerationRecord {
        serde_json::from_value(serde_json::json!({
            "id": id, "prompt": "a fox", "style": "default", "checkpoint": "builtin",
            "seed": 1, "steps": 20, "enhance": false, "width": 512, "height": 512,
            "createdAt": 0, "blobKey": format!("ann/{id}.png"),
            "previewKey": format!("ann/{id}.preview.png"),
        }))
        .unwrap()
    }

    #[tokio::test]
    async fn forgetting_a_user_drops_their_image_records_and_no_one_elses() {
        let caches = Caches::new();
        for uid in ["ann", "bob"] {
            caches
                .keep_generation(uid, &image("-a"), caches.mark())
                .await;
        }

        caches.forget("ann").await;

        let key = |uid: &str| (uid.to_owned(), "-a".to_owned());
        assert_eq!(caches.generations.get(&key("ann")).await, None);
        assert_eq!(caches.generations.get(&key("bob")).await, Some(image("-a")));
    }

    #[tokio::test]
    async fn a_record_read_before_a_forget_is_not_kept_after_it() {
        let caches = Caches::new();
        let read_from = caches.mark();

        // The deletion is heard while the read that found the record is on its way back.
        caches.forget("ann").await;
        caches.keep_generation("ann", &image("-a"), read_from).await;

        let key = ("ann".to_owned(), "-a".to_owned());
        assert_eq!(caches.generations.get(&key).await, None);
        caches
            .keep_generation("ann", &image("-a"), caches.mark())
            .await;
        assert_eq!(caches.generations.get(&key).await, Some(image("-a")));
    }
}
