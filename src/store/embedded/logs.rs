//! A user's append-only logs (the audit trail, refused requests, which staff also read across
//! users): one document per entry, in push-id (time) order.

use rusqlite::params;

use super::{EmbeddedStore, decode, sqlite};
use crate::store::{RefusalRecord, StoreResult};

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
