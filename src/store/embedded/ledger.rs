//! The credit ledger, in the SQLite file.

use async_trait::async_trait;

use super::{EmbeddedStore, staff_grants, usage};
use crate::store::{CreditLedger, QuotaExceeded, StaffGrants, StoreResult};

#[async_trait]
impl CreditLedger for EmbeddedStore {
    async fn get_usage(&self, uid: &str, period: &str) -> StoreResult<u32> {
        let (uid, period) = (uid.to_owned(), period.to_owned());
        self.with(move |c| usage::read(c, &uid, &period)).await
    }

    async fn reserve_credits(
        &self,
        uid: &str,
        period: &str,
        job: &str,
        n: u32,
        limit: u32,
    ) -> StoreResult<Result<u32, QuotaExceeded>> {
        let (uid, period, job) = (uid.to_owned(), period.to_owned(), job.to_owned());
        self.with(move |c| usage::reserve(c, &uid, &period, &job, n, limit))
            .await
    }

    async fn settle_credits(
        &self,
        uid: &str,
        period: &str,
        job: &str,
        kept: u32,
    ) -> StoreResult<Option<u32>> {
        let (uid, period, job) = (uid.to_owned(), period.to_owned(), job.to_owned());
        self.with(move |c| usage::settle(c, &uid, &period, &job, kept))
            .await
    }

    async fn get_bonus(&self, uid: &str, period: &str) -> StoreResult<u32> {
        let (uid, period) = (uid.to_owned(), period.to_owned());
        self.with(move |c| usage::bonus(c, &uid, &period)).await
    }

    async fn add_bonus(&self, uid: &str, period: &str, n: u32) -> StoreResult<u32> {
        let (uid, period) = (uid.to_owned(), period.to_owned());
        self.with(move |c| usage::add_bonus(c, &uid, &period, n))
            .await
    }

    async fn get_staff_grants(&self, staff: &str, day: &str) -> StoreResult<StaffGrants> {
        let (staff, day) = (staff.to_owned(), day.to_owned());
        self.with(move |c| staff_grants::get(c, &staff, &day)).await
    }

    async fn count_staff_grant(
        &self,
        staff: &str,
        day: &str,
        grant: StaffGrants,
        caps: StaffGrants,
    ) -> StoreResult<Result<StaffGrants, StaffGrants>> {
        let (staff, day) = (staff.to_owned(), day.to_owned());
        self.with(move |c| staff_grants::count(c, &staff, &day, grant, caps))
            .await
    }
}
