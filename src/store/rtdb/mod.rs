//! The production store: records in the Firebase Realtime Database, same shapes as the
//! embedded store. Read-modify-writes are ETag transactions retried on 412, so concurrent
//! gateways never lose each other's updates.

mod accounts;
mod client;
mod events;
mod generations;
mod ledger;
mod logs;
mod tombstones;
mod usage;

use async_trait::async_trait;
use serde_json::Value;

pub use client::{Conditional, Credentials, Query, RtdbClient, Versioned};
use usage::Usage;

use super::{Store, StoreError, StoreResult, UserRecord, valid_key};
use crate::store::records::apply_profile;
use crate::store::records::newer_age_check;

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
}
