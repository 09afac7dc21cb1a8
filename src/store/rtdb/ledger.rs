//! The credit ledger, in the Realtime Database.

use async_trait::async_trait;
use serde_json::Value;

use super::{
    RtdbStore, Usage, bonus_path, count, from_value, key, staff_grants_path, to_value, usage_path,
};
use crate::store::{CreditLedger, QuotaExceeded, StaffGrants, StoreError, StoreResult};

#[async_trait]
impl CreditLedger for RtdbStore {
    async fn get_usage(&self, uid: &str, period: &str) -> StoreResult<u32> {
        Ok(Usage::from_value(self.client.get(&usage_path(uid, period)?).await?)?.used)
    }

    async fn reserve_credits(
        &self,
        uid: &str,
        period: &str,
        job: &str,
        n: u32,
        limit: u32,
    ) -> StoreResult<Result<u32, QuotaExceeded>> {
        let job = key(job)?;
        let mut outcome = Err(QuotaExceeded { used: 0 });
        self.transact(&usage_path(uid, period)?, |current| {
            let mut usage = Usage::from_value(current)?;
            if usage.holds.contains_key(job) {
                outcome = Ok(usage.used);
                return Ok(None);
            }
            match usage.used.checked_add(n).filter(|&after| after <= limit) {
                Some(after) => {
                    outcome = Ok(after);
                    usage.used = after;
                    usage.holds.insert(job.to_owned(), n);
                    usage.to_value().map(Some)
                }
                None => {
                    outcome = Err(QuotaExceeded { used: usage.used });
                    Ok(None)
                }
            }
        })
        .await?;
        Ok(outcome)
    }

    async fn settle_credits(
        &self,
        uid: &str,
        period: &str,
        job: &str,
        kept: u32,
    ) -> StoreResult<Option<u32>> {
        let job = key(job)?;
        let mut back = None;
        self.transact(&usage_path(uid, period)?, |current| {
            let mut usage = Usage::from_value(current)?;
            let Some(holding) = usage.holds.remove(job) else {
                back = None;
                return Ok(None);
            };
            let returned = holding.saturating_sub(kept);
            back = Some(returned);
            usage.used = usage.used.saturating_sub(returned);
            usage.to_value().map(Some)
        })
        .await?;
        Ok(back)
    }

    async fn get_bonus(&self, uid: &str, period: &str) -> StoreResult<u32> {
        count(self.client.get(&bonus_path(uid, period)?).await?)
    }

    async fn add_bonus(&self, uid: &str, period: &str, n: u32) -> StoreResult<u32> {
        let mut total = 0;
        self.transact(&bonus_path(uid, period)?, |current| {
            total = count(current)?
                .checked_add(n)
                .ok_or_else(|| StoreError::Invalid("bonus credits overflow".into()))?;
            Ok(Some(Value::from(total)))
        })
        .await?;
        Ok(total)
    }

    async fn get_staff_grants(&self, staff: &str, day: &str) -> StoreResult<StaffGrants> {
        let given: Option<StaffGrants> =
            from_value(self.client.get(&staff_grants_path(staff, day)?).await?)?;
        Ok(given.unwrap_or_default())
    }

    async fn count_staff_grant(
        &self,
        staff: &str,
        day: &str,
        grant: StaffGrants,
        caps: StaffGrants,
    ) -> StoreResult<Result<StaffGrants, StaffGrants>> {
        let mut outcome = Err(StaffGrants::default());
        self.transact(&staff_grants_path(staff, day)?, |current| {
            let before = from_value::<StaffGrants>(current)?.unwrap_or_default();
            outcome = before.plus(grant, caps).ok_or(before);
            outcome.ok().as_ref().map(to_value).transpose()
        })
        .await?;
        Ok(outcome)
    }
}
