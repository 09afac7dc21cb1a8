//! A user's images' records, in the Realtime Database.

use async_trait::async_trait;
use serde_json::Value;

use super::{Query, RtdbStore, from_value, generation_path, key, records, to_value};
use crate::store::{GenerationRecord, GenerationRecords, StoreResult};

#[async_trait]
impl GenerationRecords for RtdbStore {
    async fn put_generation(&self, uid: &str, record: &GenerationRecord) -> StoreResult<()> {
        self.client
            .put(&generation_path(uid, &record.id)?, &to_value(record)?)
            .await
    }

    async fn get_generation(&self, uid: &str, id: &str) -> StoreResult<Option<GenerationRecord>> {
        from_value(self.client.get(&generation_path(uid, id)?).await?)
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
}
