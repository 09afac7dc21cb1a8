//! User records as the handlers see them: the store behind a short per-uid cache, so the pro
//! check on a hot path costs no database read, yet a plan change is seen within seconds.
//! Every write made through here refreshes the cache at once; a write by another process
//! (the support CLI) is seen when the entry expires.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use moka::future::Cache;

use crate::store::{
    ProfileUpdate, QuotaExceeded, Store, StoreError, StoreResult, Subscription, UserRecord,
};

/// A loader's error as moka shares it between waiters, kind preserved (a timeout stays a 504).
fn unshare(e: Arc<StoreError>) -> StoreError {
    Arc::unwrap_or_clone(e)
}

/// How stale a cached record may be.
pub const CACHE_TTL: Duration = Duration::from_secs(3);

#[derive(Clone)]
pub struct Users {
    store: Arc<dyn Store>,
    /// Reads that missed the caches and went to the store (for `/metrics`).
    reads: Arc<AtomicU64>,
    cache: Cache<String, Option<UserRecord>>,
    /// Credits used, by (uid, period); refreshed by every reservation made through here.
    usage: Cache<(String, String), u32>,
}

impl Users {
    pub fn new(store: Arc<dyn Store>) -> Self {
        Self {
            store,
            reads: Arc::default(),
            cache: Cache::builder()
                .time_to_live(CACHE_TTL)
                .max_capacity(100_000)
                .build(),
            usage: Cache::builder()
                .time_to_live(CACHE_TTL)
                .max_capacity(100_000)
                .build(),
        }
    }

    /// Credits used in `period`.
    pub async fn usage(&self, uid: &str, period: &str) -> StoreResult<u32> {
        let (store, reads) = (Arc::clone(&self.store), Arc::clone(&self.reads));
        let key = (uid.to_owned(), period.to_owned());
        let (u, p) = key.clone();
        self.usage
            .try_get_with(key, async move {
                reads.fetch_add(1, Ordering::Relaxed);
                store.get_usage(&u, &p).await
            })
            .await
            .map_err(unshare)
    }

    /// Reserves `n` credits (see [`Store::reserve_credits`]) and remembers the new count.
    pub async fn reserve_credits(
        &self,
        uid: &str,
        period: &str,
        n: u32,
        limit: u32,
    ) -> StoreResult<Result<u32, QuotaExceeded>> {
        let result = self.store.reserve_credits(uid, period, n, limit).await;
        let key = (uid.to_owned(), period.to_owned());
        match &result {
            Ok(Ok(used)) | Ok(Err(QuotaExceeded { used })) => self.usage.insert(key, *used).await,
            Err(_) => self.usage.invalidate(&key).await,
        }
        result
    }

    /// Gives `n` credits back; the next read of the count goes to the store.
    pub async fn release_credits(&self, uid: &str, period: &str, n: u32) -> StoreResult<()> {
        let result = self.store.release_credits(uid, period, n).await;
        self.usage
            .invalidate(&(uid.to_owned(), period.to_owned()))
            .await;
        result
    }

    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// Reads of users and credit counts that reached the store.
    pub fn store_reads(&self) -> u64 {
        self.reads.load(Ordering::Relaxed)
    }

    pub async fn get(&self, uid: &str) -> StoreResult<Option<UserRecord>> {
        let (store, reads) = (Arc::clone(&self.store), Arc::clone(&self.reads));
        let key = uid.to_owned();
        // Concurrent misses for one uid share a single read.
        self.cache
            .try_get_with(key.clone(), async move {
                reads.fetch_add(1, Ordering::Relaxed);
                store.get_user(&key).await
            })
            .await
            .map_err(unshare)
    }

    pub async fn upsert_profile(
        &self,
        uid: &str,
        update: &ProfileUpdate,
    ) -> StoreResult<UserRecord> {
        let user = self.store.upsert_profile(uid, update).await;
        self.refresh(uid, &user).await;
        user
    }

    pub async fn merge_subscription(
        &self,
        uid: &str,
        patch: &Subscription,
    ) -> StoreResult<UserRecord> {
        let user = self.store.merge_subscription(uid, patch).await;
        self.refresh(uid, &user).await;
        user
    }

    async fn refresh(&self, uid: &str, written: &StoreResult<UserRecord>) {
        match written {
            Ok(user) => self.cache.insert(uid.to_owned(), Some(user.clone())).await,
            // The write may or may not have landed: forget what we knew.
            Err(_) => self.cache.invalidate(uid).await,
        }
    }
}
