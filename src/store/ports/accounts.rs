//! A user's record: profile, plan, suspension, age check, what a deleted account's successor
//! inherits, and the deletion of an account's records.

use async_trait::async_trait;

use crate::store::{
    AgeCheck, ManualPlan, ProfileUpdate, StoreResult, Subscription, Suspension, Tombstone,
    UserRecord,
};

#[async_trait]
pub trait AccountRecords: Send + Sync {
    async fn get_user(&self, uid: &str) -> StoreResult<Option<UserRecord>>;

    /// Creates the profile or updates it in place; `createdAt` and `subscription` survive an
    /// update, and an age confirmation once given stays given.
    async fn upsert_profile(&self, uid: &str, update: &ProfileUpdate) -> StoreResult<UserRecord>;

    /// Merges fields into `users/{uid}/subscription`; the user must exist.
    async fn merge_subscription(&self, uid: &str, patch: &Subscription) -> StoreResult<UserRecord>;

    /// Sets the plan by hand in `users/{uid}/subscription` (see [`ManualPlan`]), in one
    /// transaction with the read it applies to; the user must exist.
    async fn set_plan_by_hand(&self, uid: &str, plan: &ManualPlan) -> StoreResult<UserRecord>;

    /// Up to `limit` users whose email starts with `prefix`, ordered by email then uid (several
    /// accounts may carry one unverified email). Both adapters select the same range, from
    /// `prefix` to `prefix` followed by U+F8FF, the database's documented prefix idiom.
    async fn find_users_by_email_prefix(
        &self,
        prefix: &str,
        limit: usize,
    ) -> StoreResult<Vec<UserRecord>>;

    /// Suspends generation for `uid`; the user must exist.
    async fn set_suspension(&self, uid: &str, suspension: &Suspension) -> StoreResult<UserRecord>;

    /// Lifts `uid`'s suspension; the refusals made before `reviewed_at` no longer count.
    async fn lift_suspension(&self, uid: &str, reviewed_at: i64) -> StoreResult<UserRecord>;

    /// Marks `uid`'s suspension reviewed and kept at `at`, in one transaction with the read:
    /// an account a colleague lifted meanwhile stays lifted (its suspension reads as none).
    async fn uphold_suspension(&self, uid: &str, at: i64) -> StoreResult<UserRecord>;

    /// Up to `limit` suspended users, the latest suspended first.
    async fn suspended_users(&self, limit: usize) -> StoreResult<Vec<UserRecord>>;

    /// Sets `users/{uid}/ageCheck` unless the one there was read from its provider later (a
    /// result delivered late never undoes a newer one); the record as it stands after.
    async fn set_age_check(&self, uid: &str, check: &AgeCheck) -> StoreResult<UserRecord>;

    /// [`UserRecord::inherit`] on `users/{uid}`, in one transaction; the record after.
    async fn inherit(
        &self,
        uid: &str,
        email_key: &str,
        tombstone: Option<&Tombstone>,
    ) -> StoreResult<UserRecord>;

    /// Deletes what `uid`'s account leaves besides its images: credits used, held and given
    /// (`usage`, `bonus`), and, unless `held` (the content rules keep them while staff review
    /// the account), the profile and the refused requests. Deleting what is gone succeeds.
    async fn delete_account_records(&self, uid: &str, held: bool) -> StoreResult<()>;
}
