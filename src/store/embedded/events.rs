//! A processor's events in the SQLite file, each claimed by one caller before it changes a
//! record.

use async_trait::async_trait;
use rusqlite::params;

use super::{EmbeddedStore, encode, sqlite};
use crate::store::{EventClaims, StoreResult, now_ms};

#[async_trait]
impl EventClaims for EmbeddedStore {
    async fn claim_event(&self, event_id: &str, event_type: &str) -> StoreResult<bool> {
        let id = event_id.to_owned();
        let doc = encode(
            &serde_json::json!({ "type": event_type, "status": "processing", "at": now_ms() }),
        )?;
        self.with(move |c| {
            let n = c
                .execute(
                    "INSERT OR IGNORE INTO stripe_events (id, doc) VALUES (?1, ?2)",
                    [id, doc],
                )
                .map_err(sqlite)?;
            Ok(n == 1)
        })
        .await
    }

    async fn finish_event(&self, event_id: &str, outcome: &str) -> StoreResult<()> {
        let id = event_id.to_owned();
        let outcome = outcome.to_owned();
        self.with(move |c| {
            c.execute(
                "UPDATE stripe_events SET doc = json_set(doc, '$.status', 'done', '$.outcome', ?2, '$.at', ?3) WHERE id = ?1",
                params![id, outcome, now_ms()],
            )
            .map_err(sqlite)?;
            Ok(())
        })
        .await
    }

    async fn release_event(&self, event_id: &str) -> StoreResult<()> {
        let id = event_id.to_owned();
        self.with(move |c| {
            c.execute("DELETE FROM stripe_events WHERE id = ?1", [id])
                .map_err(sqlite)?;
            Ok(())
        })
        .await
    }
}
