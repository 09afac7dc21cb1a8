//! What happened to an account, in the Realtime Database.

use async_trait::async_trait;
use serde_json::Value;

use super::{Query, RtdbStore, from_value, key, records, to_value};
use crate::store::{AuditEntry, LogRecords, RefusalRecord, StoreResult};

#[async_trait]
impl LogRecords for RtdbStore {
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
}
