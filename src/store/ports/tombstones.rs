//! What a deleted account leaves for as long as its limits run.

use async_trait::async_trait;

use crate::store::{StoreResult, Tombstone};

#[async_trait]
pub trait TombstoneRecords: Send + Sync {
    /// Writes `tombstones/{uid}` unless one is there (a deletion asked again must not replace
    /// it with what the first one left); whether it wrote.
    async fn put_tombstone(&self, uid: &str, tombstone: &Tombstone) -> StoreResult<bool>;

    async fn get_tombstone(&self, uid: &str) -> StoreResult<Option<Tombstone>>;

    /// The latest tombstone still kept at `now_ms` whose `emailKey` is `email_key`.
    async fn tombstone_by_email(
        &self,
        email_key: &str,
        now_ms: i64,
    ) -> StoreResult<Option<Tombstone>>;

    /// Up to `limit` uids whose tombstone is kept until before `now_ms`.
    async fn tombstones_due(&self, now_ms: i64, limit: usize) -> StoreResult<Vec<String>>;

    /// Deleting what is gone succeeds.
    async fn delete_tombstone(&self, uid: &str) -> StoreResult<()>;
}
