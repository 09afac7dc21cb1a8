//! The credit ledger: credits used and held per period, bonus credits, and what each support
//! member gave in a day.

use async_trait::async_trait;

use crate::store::{QuotaExceeded, StaffGrants, StoreResult};

#[async_trait]
pub trait CreditLedger: Send + Sync {
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
}
