//! A user's images' records: written, read, listed, counted, deleted, and found by the
//! retention sweep.

use async_trait::async_trait;

use crate::store::{GenerationRecord, StoreResult};

#[async_trait]
pub trait GenerationRecords: Send + Sync {
    async fn put_generation(&self, uid: &str, record: &GenerationRecord) -> StoreResult<()>;

    async fn get_generation(&self, uid: &str, id: &str) -> StoreResult<Option<GenerationRecord>>;

    /// Removes the record; false when there was none.
    async fn delete_generation(&self, uid: &str, id: &str) -> StoreResult<bool>;

    /// Marks or unmarks the record a favourite, in one step that never creates a record;
    /// false when there is none.
    async fn set_favorite(&self, uid: &str, id: &str, favorite: bool) -> StoreResult<bool>;

    /// The user's generations newest first, starting after the id `before` (ids sort by time).
    async fn list_generations(
        &self,
        uid: &str,
        before: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<GenerationRecord>>;

    /// How many generations `uid` has.
    async fn count_generations(&self, uid: &str) -> StoreResult<u64>;

    /// Every uid that has generations: the retention sweep's list of owners.
    async fn generation_owners(&self) -> StoreResult<Vec<String>>;

    /// Up to `limit` of one user's generations created before `cutoff_ms`, oldest first.
    async fn generations_created_before(
        &self,
        uid: &str,
        cutoff_ms: i64,
        limit: usize,
    ) -> StoreResult<Vec<GenerationRecord>>;
}
