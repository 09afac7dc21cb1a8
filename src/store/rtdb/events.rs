//! A processor's events in the Realtime Database, each claimed by one caller (a conditional
//! create) before it changes a record.

use async_trait::async_trait;
use serde_json::Value;

use super::{RtdbStore, key};
use crate::store::{EventClaims, StoreResult, now_ms};

#[async_trait]
impl EventClaims for RtdbStore {
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
