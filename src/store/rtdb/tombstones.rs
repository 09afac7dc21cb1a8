//! What a deleted account leaves, in the Realtime Database.

use async_trait::async_trait;
use serde_json::Value;

use super::{Query, RtdbStore, from_value, records, to_value, tombstone_path};
use crate::store::{StoreResult, Tombstone, TombstoneRecords};

#[async_trait]
impl TombstoneRecords for RtdbStore {
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
}
