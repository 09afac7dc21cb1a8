//! The production store: records in the Firebase Realtime Database, same shapes as the
//! embedded store. Read-modify-writes are ETag transactions retried on 412, so concurrent
//! gateways never lose each other's updates.

mod client;
mod usage;

use async_trait::async_trait;
use serde_json::Value;

pub use client::{Conditional, Credentials, Query, RtdbClient, Versioned};
use usage::Usage;

use super::records::apply_profile;
use super::records::newer_age_check;
use super::{
    AgeCheck, AuditEntry, GenerationRecord, ManualPlan, PREFIX_END, ProfileUpdate, QuotaExceeded,
    RefusalRecord, StaffGrants, Store, StoreError, StoreResult, Subscription, Suspension,
    Tombstone, UserRecord, now_ms, valid_key,
};

/// Conditional-write attempts before giving up with `Contention`.
const MAX_ATTEMPTS: usize = 10;

#[derive(Clone)]
pub struct RtdbStore {
    client: RtdbClient,
}

impl RtdbStore {
    pub fn new(client: RtdbClient) -> Self {
        Self { client }
    }

    /// Replaces the value at `path` with `f(current)`, retrying when another writer got there
    /// first; `f` returning `None` writes nothing. `f` may run several times, so it must not
    /// have side effects beyond its own captures.
    async fn transact<F>(&self, path: &str, mut f: F) -> StoreResult<Option<Value>>
    where
        F: FnMut(Value) -> StoreResult<Option<Value>> + Send,
    {
        let mut current = self.client.get_versioned(path).await?;
        for _ in 0..MAX_ATTEMPTS {
            let Some(next) = f(current.value.clone())? else {
                return Ok(None);
            };
            match self.client.put_if_match(path, &next, &current.etag).await? {
                Conditional::Written => return Ok(Some(next)),
                Conditional::Stale(now) => current = now,
            }
        }
        Err(StoreError::Contention(path.to_owned()))
    }

    /// Changes an existing user's record under its ETag (retried like any transaction).
    async fn update_record<F>(&self, uid: &str, change: F) -> StoreResult<UserRecord>
    where
        F: Fn(&mut UserRecord) + Send + Sync,
    {
        self.update_user(uid, |existing| {
            let mut user = existing.ok_or_else(|| StoreError::Missing(format!("users/{uid}")))?;
            change(&mut user);
            Ok(user)
        })
        .await
    }

    async fn update_user<F>(&self, uid: &str, mut f: F) -> StoreResult<UserRecord>
    where
        F: FnMut(Option<UserRecord>) -> StoreResult<UserRecord> + Send,
    {
        let path = user_path(uid)?;
        let written = self
            .transact(&path, |current| {
                to_value(&f(from_value(current)?)?).map(Some)
            })
            .await?;
        serde_json::from_value(written.unwrap_or_default()).map_err(invalid)
    }
}

impl RtdbStore {
    /// The children of a push-id log with their keys, oldest first.
    /// Up to `limit` children of `path` newest first (push ids sort by time), from before the
    /// key `before` when given.
    async fn newest_before<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
        before: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<(String, T)>> {
        let query = Query {
            order_by: "$key",
            end_at: before.map(Value::from),
            // `endAt` includes the cursor itself.
            limit_to_last: Some(limit + usize::from(before.is_some())),
            ..Query::default()
        };
        let mut found: Vec<(String, T)> = records(self.client.query(path, &query).await?)?;
        found.retain(|(k, _)| before.is_none_or(|b| k.as_str() < b));
        found.reverse();
        found.truncate(limit);
        Ok(found)
    }

    async fn entries<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
    ) -> StoreResult<Vec<(String, T)>> {
        match self.client.get(path).await? {
            // serde_json's map is ordered by key, and push ids sort by time.
            Value::Object(map) => map
                .into_iter()
                .map(|(k, v)| Ok((k, serde_json::from_value(v).map_err(invalid)?)))
                .collect(),
            _ => Ok(Vec::new()),
        }
    }
}

fn key(k: &str) -> StoreResult<&str> {
    valid_key(k)
}

fn user_path(uid: &str) -> StoreResult<String> {
    Ok(format!("users/{}", key(uid)?))
}

fn tombstone_path(uid: &str) -> StoreResult<String> {
    Ok(format!("tombstones/{}", key(uid)?))
}

fn usage_path(uid: &str, period: &str) -> StoreResult<String> {
    Ok(format!("usage/{}/{}", key(uid)?, key(period)?))
}

fn staff_grants_path(staff: &str, day: &str) -> StoreResult<String> {
    Ok(format!("staffGrants/{}/{}", key(staff)?, key(day)?))
}

fn bonus_path(uid: &str, period: &str) -> StoreResult<String> {
    Ok(format!("bonus/{}/{}", key(uid)?, key(period)?))
}

/// A count at a path: absent is 0.
fn count(value: Value) -> StoreResult<u32> {
    match value {
        Value::Null => Ok(0),
        other => serde_json::from_value(other).map_err(invalid),
    }
}

fn generation_path(uid: &str, id: &str) -> StoreResult<String> {
    Ok(format!("generations/{}/{}", key(uid)?, key(id)?))
}

/// The values of a query answer, sorted by key (the database's object order means nothing).
fn records<T: serde::de::DeserializeOwned>(answer: Value) -> StoreResult<Vec<(String, T)>> {
    let Value::Object(map) = answer else {
        return Ok(Vec::new());
    };
    // serde_json's map iterates in key order.
    map.into_iter()
        .map(|(k, v)| Ok((k, serde_json::from_value(v).map_err(invalid)?)))
        .collect()
}

fn invalid(e: serde_json::Error) -> StoreError {
    StoreError::Invalid(format!("stored record: {e}"))
}

fn from_value<T: serde::de::DeserializeOwned>(value: Value) -> StoreResult<Option<T>> {
    if value.is_null() {
        return Ok(None);
    }
    serde_json::from_value(value).map(Some).map_err(invalid)
}

fn to_value<T: serde::Serialize>(value: &T) -> StoreResult<Value> {
    serde_json::to_value(value).map_err(invalid)
}

#[async_trait]
impl Store for RtdbStore {
    async fn ping(&self) -> StoreResult<()> {
        // A read of a key no user has: cheap, and it proves auth and the path both work.
        self.client
            .get("users/lucent-readiness-probe")
            .await
            .map(drop)
    }

    fn kind(&self) -> &'static str {
        "rtdb"
    }

    async fn get_user(&self, uid: &str) -> StoreResult<Option<UserRecord>> {
        from_value(self.client.get(&user_path(uid)?).await?)
    }

    async fn upsert_profile(&self, uid: &str, update: &ProfileUpdate) -> StoreResult<UserRecord> {
        let now = now_ms();
        self.update_user(uid, |existing| {
            Ok(apply_profile(existing, uid, update, now))
        })
        .await
    }

    async fn merge_subscription(&self, uid: &str, patch: &Subscription) -> StoreResult<UserRecord> {
        self.update_record(uid, |user| {
            user.subscription
                .get_or_insert_with(Subscription::default)
                .merge(patch);
        })
        .await
    }

    async fn set_plan_by_hand(&self, uid: &str, plan: &ManualPlan) -> StoreResult<UserRecord> {
        self.update_record(uid, |user| {
            user.subscription
                .get_or_insert_with(Subscription::default)
                .set_by_hand(plan);
        })
        .await
    }

    async fn find_users_by_email_prefix(
        &self,
        prefix: &str,
        limit: usize,
    ) -> StoreResult<Vec<UserRecord>> {
        let query = Query {
            order_by: "email",
            start_at: Some(Value::from(prefix)),
            end_at: Some(Value::from(format!("{prefix}{PREFIX_END}"))),
            limit_to_first: Some(limit),
            ..Query::default()
        };
        let mut found: Vec<UserRecord> = records(self.client.query("users", &query).await?)?
            .into_iter()
            .map(|(_, user)| user)
            .collect();
        found.sort_by(|a, b| (&a.email, &a.uid).cmp(&(&b.email, &b.uid)));
        Ok(found)
    }

    async fn set_suspension(&self, uid: &str, suspension: &Suspension) -> StoreResult<UserRecord> {
        self.update_record(uid, |user| user.suspension = Some(suspension.clone()))
            .await
    }

    async fn lift_suspension(&self, uid: &str, reviewed_at: i64) -> StoreResult<UserRecord> {
        self.update_record(uid, |user| {
            user.suspension = None;
            user.refusals_reviewed_at = Some(reviewed_at);
        })
        .await
    }

    async fn uphold_suspension(&self, uid: &str, at: i64) -> StoreResult<UserRecord> {
        self.update_record(uid, |user| {
            if let Some(suspension) = &mut user.suspension {
                suspension.upheld_at = Some(at);
            }
        })
        .await
    }

    async fn suspended_users(&self, limit: usize) -> StoreResult<Vec<UserRecord>> {
        // Nulls order first and every `since` is a time, so `startAt` 0 keeps the suspended.
        let query = Query {
            order_by: "suspension/since",
            start_at: Some(Value::from(0)),
            limit_to_last: Some(limit),
            ..Query::default()
        };
        let mut found: Vec<UserRecord> = records(self.client.query("users", &query).await?)?
            .into_iter()
            .map(|(_, user)| user)
            .collect();
        found.sort_by_key(|u| std::cmp::Reverse(u.suspension.as_ref().map(|s| s.since)));
        Ok(found)
    }

    async fn add_refusal(&self, refusal: &RefusalRecord) -> StoreResult<String> {
        key(&refusal.uid)?;
        self.client.push("refusals", &to_value(refusal)?).await
    }

    async fn mark_false_positive(&self, uid: &str, id: &str) -> StoreResult<bool> {
        let path = format!("refusals/{}", key(id)?);
        let written = self
            .transact(&path, |current| {
                let Some(mut refusal) = from_value::<RefusalRecord>(current)? else {
                    return Ok(None);
                };
                if refusal.uid != uid {
                    return Ok(None);
                }
                refusal.false_positive = true;
                to_value(&refusal).map(Some)
            })
            .await?;
        Ok(written.is_some())
    }

    async fn list_refusals(&self, uid: &str) -> StoreResult<Vec<(String, RefusalRecord)>> {
        let query = Query {
            order_by: "uid",
            equal_to: Some(Value::from(key(uid)?)),
            ..Query::default()
        };
        records(self.client.query("refusals", &query).await?)
    }

    async fn recent_refusals(
        &self,
        before: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<(String, RefusalRecord)>> {
        self.newest_before("refusals", before, limit).await
    }

    async fn add_audit(&self, uid: &str, entry: &AuditEntry) -> StoreResult<String> {
        self.client
            .push(&format!("audit/{}", key(uid)?), &to_value(entry)?)
            .await
    }

    async fn list_audit(&self, uid: &str) -> StoreResult<Vec<AuditEntry>> {
        let entries = self.entries(&format!("audit/{}", key(uid)?)).await?;
        Ok(entries.into_iter().map(|(_, entry)| entry).collect())
    }

    async fn get_usage(&self, uid: &str, period: &str) -> StoreResult<u32> {
        Ok(Usage::from_value(self.client.get(&usage_path(uid, period)?).await?)?.used)
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

    async fn put_generation(&self, uid: &str, record: &GenerationRecord) -> StoreResult<()> {
        self.client
            .put(&generation_path(uid, &record.id)?, &to_value(record)?)
            .await
    }

    async fn get_generation(&self, uid: &str, id: &str) -> StoreResult<Option<GenerationRecord>> {
        from_value(self.client.get(&generation_path(uid, id)?).await?)
    }

    async fn delete_account_records(&self, uid: &str, held: bool) -> StoreResult<()> {
        let uid = key(uid)?;
        let mut paths = vec![format!("usage/{uid}"), format!("bonus/{uid}")];
        if !held {
            for (id, _) in self.list_refusals(uid).await? {
                paths.push(format!("refusals/{}", key(&id)?));
            }
            // Last: while it is there, a request that was cut can be made again.
            paths.push(user_path(uid)?);
        }
        for path in paths {
            self.client.put(&path, &Value::Null).await?;
        }
        Ok(())
    }

    async fn delete_generation(&self, uid: &str, id: &str) -> StoreResult<bool> {
        let mut existed = false;
        self.transact(&generation_path(uid, id)?, |current| {
            existed = !current.is_null();
            Ok(existed.then_some(Value::Null))
        })
        .await?;
        Ok(existed)
    }

    async fn set_favorite(&self, uid: &str, id: &str, favorite: bool) -> StoreResult<bool> {
        let mut existed = false;
        self.transact(&generation_path(uid, id)?, |current| {
            let Some(mut record) = from_value::<GenerationRecord>(current)? else {
                existed = false;
                return Ok(None);
            };
            existed = true;
            record.favorite = favorite;
            to_value(&record).map(Some)
        })
        .await?;
        Ok(existed)
    }

    async fn list_generations(
        &self,
        uid: &str,
        before: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<GenerationRecord>> {
        let path = format!("generations/{}", key(uid)?);
        let found: Vec<(String, GenerationRecord)> =
            self.newest_before(&path, before, limit).await?;
        Ok(found.into_iter().map(|(_, r)| r).collect())
    }

    async fn count_generations(&self, uid: &str) -> StoreResult<u64> {
        // `shallow` keys only: the records themselves stay on the server.
        let keys = self
            .client
            .shallow_keys(&format!("generations/{}", key(uid)?))
            .await?;
        Ok(keys.len() as u64)
    }

    async fn set_age_check(&self, uid: &str, check: &AgeCheck) -> StoreResult<UserRecord> {
        self.update_record(uid, |user| newer_age_check(user, check))
            .await
    }

    async fn put_tombstone(&self, uid: &str, tombstone: &Tombstone) -> StoreResult<bool> {
        let value = to_value(tombstone)?;
        let written = self
            .transact(&tombstone_path(uid)?, |current| {
                Ok(current.is_null().then(|| value.clone()))
            })
            .await?;
        Ok(written.is_some())
    }

    async fn get_tombstone(&self, uid: &str) -> StoreResult<Option<Tombstone>> {
        from_value(self.client.get(&tombstone_path(uid)?).await?)
    }

    async fn tombstone_by_email(
        &self,
        email_key: &str,
        now_ms: i64,
    ) -> StoreResult<Option<Tombstone>> {
        let query = Query {
            order_by: "emailKey",
            equal_to: Some(Value::from(email_key)),
            ..Query::default()
        };
        let found: Vec<(String, Tombstone)> =
            records(self.client.query("tombstones", &query).await?)?;
        Ok(found
            .into_iter()
            .map(|(_, t)| t)
            .filter(|t| t.keep_until >= now_ms)
            .max_by_key(|t| t.deleted_at))
    }

    async fn inherit(
        &self,
        uid: &str,
        email_key: &str,
        tombstone: Option<&Tombstone>,
    ) -> StoreResult<UserRecord> {
        self.update_record(uid, |user| user.inherit(email_key, tombstone))
            .await
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

    async fn tombstones_due(&self, now_ms: i64, limit: usize) -> StoreResult<Vec<String>> {
        let query = Query {
            order_by: "keepUntil",
            end_at: Some(Value::from(now_ms - 1)),
            limit_to_first: Some(limit),
            ..Query::default()
        };
        let mut found: Vec<(String, Tombstone)> =
            records(self.client.query("tombstones", &query).await?)?;
        found.sort_by_key(|(_, t)| t.keep_until);
        Ok(found.into_iter().map(|(uid, _)| uid).collect())
    }

    async fn delete_tombstone(&self, uid: &str) -> StoreResult<()> {
        self.client.put(&tombstone_path(uid)?, &Value::Null).await
    }

    async fn generation_owners(&self) -> StoreResult<Vec<String>> {
        self.client.shallow_keys("generations").await
    }

    async fn generations_created_before(
        &self,
        uid: &str,
        cutoff_ms: i64,
        limit: usize,
    ) -> StoreResult<Vec<GenerationRecord>> {
        let query = Query {
            order_by: "createdAt",
            end_at: Some(Value::from(cutoff_ms - 1)),
            limit_to_first: Some(limit),
            ..Query::default()
        };
        let path = format!("generations/{}", key(uid)?);
        let mut found: Vec<(String, GenerationRecord)> =
            records(self.client.query(&path, &query).await?)?;
        found.sort_by_key(|(_, r)| r.created_at);
        Ok(found.into_iter().map(|(_, r)| r).collect())
    }

    async fn claim_event(&self, event_id: &str, event_type: &str) -> StoreResult<bool> {
        let path = format!("stripeEvents/{}", key(event_id)?);
        let claim =
            serde_json::json!({ "type": event_type, "status": "processing", "at": now_ms() });
        let written = self
            .transact(&path, |current| {
                Ok(current.is_null().then(|| claim.clone()))
            })
            .await?;
        Ok(written.is_some())
    }

    async fn finish_event(&self, event_id: &str, outcome: &str) -> StoreResult<()> {
        let path = format!("stripeEvents/{}", key(event_id)?);
        self.transact(&path, |mut current| {
            if current.is_null() {
                return Ok(None);
            }
            current["status"] = Value::from("done");
            current["outcome"] = Value::from(outcome);
            current["at"] = Value::from(now_ms());
            Ok(Some(current))
        })
        .await
        .map(drop)
    }

    async fn release_event(&self, event_id: &str) -> StoreResult<()> {
        let path = format!("stripeEvents/{}", key(event_id)?);
        self.client.put(&path, &Value::Null).await
    }
}
