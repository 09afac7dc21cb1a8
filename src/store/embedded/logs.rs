//! A user's append-only logs (the audit trail, refused requests, which staff also read across
//! users): one document per entry, in push-id (time) order.

use async_trait::async_trait;
use rusqlite::{OptionalExtension, TransactionBehavior, params};

use super::{EmbeddedStore, decode, encode, sqlite};
use crate::store::{AuditEntry, LogRecords, RefusalRecord, StoreResult};

#[derive(Debug, Clone, Copy)]
pub(super) enum Log {
    Audit,
    Refusals,
}

impl Log {
    fn insert(self) -> &'static str {
        match self {
            Log::Audit => "INSERT INTO audit (uid, push_id, doc) VALUES (?1, ?2, ?3)",
            Log::Refusals => "INSERT INTO refusals (uid, push_id, doc) VALUES (?1, ?2, ?3)",
        }
    }

    fn select(self) -> &'static str {
        match self {
            Log::Audit => "SELECT push_id, doc FROM audit WHERE uid = ?1 ORDER BY push_id",
            Log::Refusals => "SELECT push_id, doc FROM refusals WHERE uid = ?1 ORDER BY push_id",
        }
    }
}

impl EmbeddedStore {
    pub(super) async fn push(&self, log: Log, uid: &str, doc: String) -> StoreResult<String> {
        let uid = uid.to_owned();
        let push_id = crate::store::push_id::next();
        let key = push_id.clone();
        self.with(move |c| {
            c.execute(log.insert(), params![uid, key, doc])
                .map_err(sqlite)?;
            Ok(())
        })
        .await?;
        Ok(push_id)
    }

    pub(super) async fn entries<T>(&self, log: Log, uid: &str) -> StoreResult<Vec<(String, T)>>
    where
        T: serde::de::DeserializeOwned + Send + 'static,
    {
        let uid = uid.to_owned();
        self.with(move |c| keyed(c, log.select(), params![uid]))
            .await
    }

    /// Up to `limit` refusals of every user, newest first, from before the key `before`.
    pub(super) async fn recent_refusals_before(
        &self,
        before: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<(String, RefusalRecord)>> {
        let before = before.map(str::to_owned);
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with(move |c| {
            keyed(
                c,
                "SELECT push_id, doc FROM refusals WHERE ?1 IS NULL OR push_id < ?1
                 ORDER BY push_id DESC LIMIT ?2",
                params![before, limit],
            )
        })
        .await
    }
}

/// The rows of `sql` (key, document), decoded.
fn keyed<T: serde::de::DeserializeOwned>(
    c: &rusqlite::Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> StoreResult<Vec<(String, T)>> {
    let mut stmt = c.prepare(sql).map_err(sqlite)?;
    let rows = stmt
        .query_map(params, |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
        })
        .map_err(sqlite)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(sqlite)?;
    rows.into_iter()
        .map(|(key, doc)| Ok((key, decode(&doc)?)))
        .collect()
}

#[async_trait]
impl LogRecords for EmbeddedStore {
    async fn add_refusal(&self, refusal: &RefusalRecord) -> StoreResult<String> {
        self.push(Log::Refusals, &refusal.uid, encode(refusal)?)
            .await
    }

    async fn mark_false_positive(&self, uid: &str, id: &str) -> StoreResult<bool> {
        let (uid, id) = (uid.to_owned(), id.to_owned());
        self.with(move |c| {
            let tx = c
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(sqlite)?;
            let doc: Option<String> = tx
                .query_row(
                    "SELECT doc FROM refusals WHERE uid = ?1 AND push_id = ?2",
                    params![uid, id],
                    |r| r.get(0),
                )
                .optional()
                .map_err(sqlite)?;
            let Some(doc) = doc else { return Ok(false) };
            let mut refusal: RefusalRecord = decode(&doc)?;
            refusal.false_positive = true;
            tx.execute(
                "UPDATE refusals SET doc = ?3 WHERE uid = ?1 AND push_id = ?2",
                params![uid, id, encode(&refusal)?],
            )
            .map_err(sqlite)?;
            tx.commit().map_err(sqlite)?;
            Ok(true)
        })
        .await
    }

    async fn list_refusals(&self, uid: &str) -> StoreResult<Vec<(String, RefusalRecord)>> {
        self.entries(Log::Refusals, uid).await
    }

    async fn recent_refusals(
        &self,
        before: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<(String, RefusalRecord)>> {
        self.recent_refusals_before(before, limit).await
    }

    async fn add_audit(&self, uid: &str, entry: &AuditEntry) -> StoreResult<String> {
        self.push(Log::Audit, uid, encode(entry)?).await
    }

    async fn list_audit(&self, uid: &str) -> StoreResult<Vec<AuditEntry>> {
        let entries = self.entries(Log::Audit, uid).await?;
        Ok(entries.into_iter().map(|(_, entry)| entry).collect())
    }
}
