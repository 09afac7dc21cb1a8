//! The production store: records in the Firebase Realtime Database, same shapes as the
//! embedded store. Read-modify-writes are ETag transactions retried on 412, so concurrent
//! gateways never lose each other's updates.

mod client;

use async_trait::async_trait;
use serde_json::Value;

pub use client::{Conditional, Credentials, RtdbClient, Versioned};

use super::records::apply_profile;
use super::{
    AuditEntry, ProfileUpdate, Store, StoreError, StoreResult, Subscription, UserRecord, now_ms,
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
    /// first. `f` may be called several times and must not have side effects.
    async fn transact<F>(&self, path: &str, mut f: F) -> StoreResult<Value>
    where
        F: FnMut(Value) -> StoreResult<Value> + Send,
    {
        let mut current = self.client.get_versioned(path).await?;
        for _ in 0..MAX_ATTEMPTS {
            let next = f(current.value.clone())?;
            match self.client.put_if_match(path, &next, &current.etag).await? {
                Conditional::Written => return Ok(next),
                Conditional::Stale(now) => current = now,
            }
        }
        Err(StoreError::Contention(path.to_owned()))
    }

    async fn update_user<F>(&self, uid: &str, mut f: F) -> StoreResult<UserRecord>
    where
        F: FnMut(Option<UserRecord>) -> StoreResult<UserRecord> + Send,
    {
        let path = user_path(uid)?;
        let written = self
            .transact(&path, |current| to_value(&f(from_value(current)?)?))
            .await?;
        serde_json::from_value(written).map_err(invalid)
    }
}

/// Keys the database cannot hold (`.`, `$`, `#`, `[`, `]`, `/`, control characters) would
/// address another path; uids never contain them, so refuse rather than escape.
fn key(k: &str) -> StoreResult<&str> {
    let bad = k.is_empty()
        || k.len() > 768
        || k.chars()
            .any(|c| matches!(c, '.' | '$' | '#' | '[' | ']' | '/') || c.is_control());
    if bad {
        Err(StoreError::Invalid(format!(
            "{k:?} is not a valid database key"
        )))
    } else {
        Ok(k)
    }
}

fn user_path(uid: &str) -> StoreResult<String> {
    Ok(format!("users/{}", key(uid)?))
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
        self.update_user(uid, |existing| {
            let mut user = existing.ok_or_else(|| StoreError::Missing(format!("users/{uid}")))?;
            user.subscription
                .get_or_insert_with(Subscription::default)
                .merge(patch);
            Ok(user)
        })
        .await
    }

    async fn set_subscription(
        &self,
        uid: &str,
        subscription: &Subscription,
    ) -> StoreResult<UserRecord> {
        self.update_user(uid, |existing| {
            let mut user = existing.ok_or_else(|| StoreError::Missing(format!("users/{uid}")))?;
            user.subscription = Some(subscription.clone());
            Ok(user)
        })
        .await
    }

    async fn find_user_by_email(&self, email: &str) -> StoreResult<Option<UserRecord>> {
        let found = self.client.query_equal("users", "email", email, 1).await?;
        match found {
            Value::Object(map) => map
                .into_iter()
                .next()
                .map_or(Ok(None), |(_, v)| from_value(v)),
            _ => Ok(None),
        }
    }

    async fn add_audit(&self, uid: &str, entry: &AuditEntry) -> StoreResult<String> {
        self.client
            .push(&format!("audit/{}", key(uid)?), &to_value(entry)?)
            .await
    }

    async fn list_audit(&self, uid: &str) -> StoreResult<Vec<AuditEntry>> {
        match self.client.get(&format!("audit/{}", key(uid)?)).await? {
            // serde_json's map is ordered by key, and push ids sort by time.
            Value::Object(map) => map
                .into_iter()
                .map(|(_, v)| serde_json::from_value(v).map_err(invalid))
                .collect(),
            _ => Ok(Vec::new()),
        }
    }

    async fn get_usage(&self, uid: &str, period: &str) -> StoreResult<u32> {
        let value = self
            .client
            .get(&format!("usage/{}/{}", key(uid)?, key(period)?))
            .await?;
        match value {
            Value::Null => Ok(0),
            other => serde_json::from_value(other).map_err(invalid),
        }
    }
}
