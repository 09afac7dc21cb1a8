//! User records: one trait, two adapters with the same shapes (docs/ARCHITECTURE.md, Data).
//! `rtdb` talks to the Firebase Realtime Database over REST; `embedded` keeps a SQLite file
//! under `LUCENT_DATA_DIR` for a single machine.

pub mod embedded;
mod inherited;
pub mod push_id;
pub mod records;
pub mod rtdb;
mod sale;

use async_trait::async_trait;

pub use inherited::Inherited;
pub use records::{
    AgeCheck, AgeStatus, AuditEntry, GenerationRecord, ManualPlan, ProfileUpdate, QuotaExceeded,
    RefusalRecord, SourceMode, SourceRef, StaffGrants, Subscription, Suspension, Tombstone,
    UserRecord, now_ms,
};
pub use sale::Sale;

#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// The database cannot be reached or refused the request for a reason that may pass.
    #[error("unavailable: {0}")]
    Unavailable(String),
    /// The database did not answer within the per-request deadline.
    #[error("timed out")]
    Timeout,
    /// A conditional write kept losing to concurrent writers.
    #[error("too much contention on {0}")]
    Contention(String),
    /// The record does not exist (for writes that must not create one).
    #[error("{0} does not exist")]
    Missing(String),
    /// The database refused the request (bad auth, bad query): a configuration problem.
    #[error("refused with status {status}: {message}")]
    Rejected { status: u16, message: String },
    /// The database answered with something this code cannot use: a bug or a schema drift.
    #[error("{0}")]
    Invalid(String),
    /// A key with characters other than `[A-Za-z0-9_-]`: refused before it reaches a path.
    #[error("{0:?} is not a valid record key")]
    InvalidKey(String),
}

pub type StoreResult<T> = Result<T, StoreError>;

#[async_trait]
pub trait Store: Send + Sync + 'static {
    /// A cheap round trip for readiness.
    async fn ping(&self) -> StoreResult<()>;

    /// Which adapter this is, for logs and readiness.
    fn kind(&self) -> &'static str;

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

    /// Credits used in `usage/{uid}/{period}` (0 when none).
    async fn get_usage(&self, uid: &str, period: &str) -> StoreResult<u32>;

    /// The credit ledger. Atomically adds `n` to the count of `usage/{uid}/{period}` unless
    /// that would pass `limit`, and records in the same write that `job` holds those `n`;
    /// returns the new count, or how many were used when it did not fit. A job that already
    /// holds credits takes nothing more (a retried reservation answers the count).
    async fn reserve_credits(
        &self,
        uid: &str,
        period: &str,
        job: &str,
        n: u32,
        limit: u32,
    ) -> StoreResult<Result<u32, QuotaExceeded>>;

    /// Ends `job`'s holding in one atomic write: `kept` of its credits stay used and the rest
    /// come back; returns how many came back. A job that holds nothing (settled already, or
    /// never reserved) changes nothing and gets `None`, so a refund can be retried freely and can
    /// never give back a credit that was not taken. The count never goes below zero.
    async fn settle_credits(
        &self,
        uid: &str,
        period: &str,
        job: &str,
        kept: u32,
    ) -> StoreResult<Option<u32>>;

    /// Bonus credits support granted for `bonus/{uid}/{period}`, on top of the plan's (0 when
    /// none).
    async fn get_bonus(&self, uid: &str, period: &str) -> StoreResult<u32>;

    /// Atomically adds `n` to `bonus/{uid}/{period}`; returns the new total.
    async fn add_bonus(&self, uid: &str, period: &str, n: u32) -> StoreResult<u32>;

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

    /// Claims a Stripe event for processing: true for exactly one caller per event id, however
    /// many deliveries race (a conditional create under `stripeEvents/`).
    async fn claim_event(&self, event_id: &str, event_type: &str) -> StoreResult<bool>;

    /// Marks a claimed event done, with what it changed.
    async fn finish_event(&self, event_id: &str, outcome: &str) -> StoreResult<()>;

    /// Gives a claim back after a failure, so Stripe's retry is processed.
    async fn release_event(&self, event_id: &str) -> StoreResult<()>;

    /// How many generations `uid` has.
    async fn count_generations(&self, uid: &str) -> StoreResult<u64>;

    /// Deletes what `uid`'s account leaves besides its images: credits used, held and given
    /// (`usage`, `bonus`), and, unless `held` (the content rules keep them while staff review
    /// the account), the profile and the refused requests. Deleting what is gone succeeds.
    async fn delete_account_records(&self, uid: &str, held: bool) -> StoreResult<()>;

    /// Sets `users/{uid}/ageCheck` unless the one there was read from its provider later (a
    /// result delivered late never undoes a newer one); the record as it stands after.
    async fn set_age_check(&self, uid: &str, check: &AgeCheck) -> StoreResult<UserRecord>;

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

    /// [`UserRecord::inherit`] on `users/{uid}`, in one transaction; the record after.
    async fn inherit(
        &self,
        uid: &str,
        email_key: &str,
        tombstone: Option<&Tombstone>,
    ) -> StoreResult<UserRecord>;

    /// What `staff` gave on `day` (`YYYY-MM-DD`, UTC); nothing when none.
    async fn get_staff_grants(&self, staff: &str, day: &str) -> StoreResult<StaffGrants>;

    /// Atomically adds `grant` to what `staff` gave on `day` unless the sum passes `caps`:
    /// `Ok` with the sum, or `Err` with what was given before (nothing is written then).
    async fn count_staff_grant(
        &self,
        staff: &str,
        day: &str,
        grant: StaffGrants,
        caps: StaffGrants,
    ) -> StoreResult<Result<StaffGrants, StaffGrants>>;

    /// Up to `limit` uids whose tombstone is kept until before `now_ms`.
    async fn tombstones_due(&self, now_ms: i64, limit: usize) -> StoreResult<Vec<String>>;

    /// Deleting what is gone succeeds.
    async fn delete_tombstone(&self, uid: &str) -> StoreResult<()>;

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

/// What closes a prefix range: the last character of Unicode's private use area, which sorts
/// after anything an email holds.
pub const PREFIX_END: char = '\u{f8ff}';

/// Record keys (uids, generation and event ids, periods) are `[A-Za-z0-9_-]`, 1 to 768 bytes:
/// what Firebase uids, push ids and Stripe ids are made of. Anything else could address
/// another path once in a URL (`%2F`, `..`, `?`, `\\`), so it is refused, not escaped.
pub fn valid_key(key: &str) -> StoreResult<&str> {
    let ok = !key.is_empty()
        && key.len() <= 768
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(key)
    } else {
        Err(StoreError::InvalidKey(key.chars().take(64).collect()))
    }
}
