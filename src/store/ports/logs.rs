//! What happened to an account: its refused requests and its audit trail.

use async_trait::async_trait;

use crate::store::{AuditEntry, RefusalRecord, StoreResult};

#[async_trait]
pub trait LogRecords: Send + Sync {
    /// Appends to `refusals`; returns the new entry's key.
    async fn add_refusal(&self, refusal: &RefusalRecord) -> StoreResult<String>;

    /// Marks refusal `id` of `uid` a false positive (it stops counting); false when `uid` has
    /// no such refusal.
    async fn mark_false_positive(&self, uid: &str, id: &str) -> StoreResult<bool>;

    /// The user's refusals with their keys, oldest first.
    async fn list_refusals(&self, uid: &str) -> StoreResult<Vec<(String, RefusalRecord)>>;

    /// Up to `limit` refusals of every user with their keys, newest first, from before the key
    /// `before` when given (the review queue's pages).
    async fn recent_refusals(
        &self,
        before: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<(String, RefusalRecord)>>;

    /// Appends to `audit/{uid}`; returns the new entry's key.
    async fn add_audit(&self, uid: &str, entry: &AuditEntry) -> StoreResult<String>;

    /// The user's audit trail, oldest first.
    async fn list_audit(&self, uid: &str) -> StoreResult<Vec<AuditEntry>>;
}
