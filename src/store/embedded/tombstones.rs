//! `tombstones/{uid}` in SQLite: the record as a JSON document, its expiry beside it for the
//! retention sweep.

use async_trait::async_trait;
use rusqlite::{Connection, OptionalExtension, params};

use super::{EmbeddedStore, decode, encode, sqlite};
use crate::store::{StoreResult, Tombstone, TombstoneRecords};

pub fn put(c: &Connection, uid: &str, tombstone: &Tombstone) -> StoreResult<bool> {
    let n = c
        .execute(
            "INSERT INTO tombstones (uid, keep_until, doc) VALUES (?1, ?2, ?3)
             ON CONFLICT(uid) DO NOTHING",
            params![uid, tombstone.keep_until, encode(tombstone)?],
        )
        .map_err(sqlite)?;
    Ok(n > 0)
}

pub fn get(c: &Connection, uid: &str) -> StoreResult<Option<Tombstone>> {
    c.query_row("SELECT doc FROM tombstones WHERE uid = ?1", [uid], |r| {
        r.get::<_, String>(0)
    })
    .optional()
    .map_err(sqlite)?
    .map(|doc| decode(&doc))
    .transpose()
}

/// The latest of the tombstones still kept whose `emailKey` is `email_key`.
pub fn by_email(c: &Connection, email_key: &str, now_ms: i64) -> StoreResult<Option<Tombstone>> {
    c.query_row(
        "SELECT doc FROM tombstones
         WHERE json_extract(doc, '$.emailKey') = ?1 AND keep_until >= ?2
         ORDER BY json_extract(doc, '$.deletedAt') DESC LIMIT 1",
        params![email_key, now_ms],
        |r| r.get::<_, String>(0),
    )
    .optional()
    .map_err(sqlite)?
    .map(|doc| decode(&doc))
    .transpose()
}

pub fn due(c: &Connection, now_ms: i64, limit: usize) -> StoreResult<Vec<String>> {
    let mut stmt = c
        .prepare("SELECT uid FROM tombstones WHERE keep_until < ?1 ORDER BY keep_until LIMIT ?2")
        .map_err(sqlite)?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    stmt.query_map(params![now_ms, limit], |r| r.get::<_, String>(0))
        .map_err(sqlite)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(sqlite)
}

pub fn delete(c: &Connection, uid: &str) -> StoreResult<()> {
    c.execute("DELETE FROM tombstones WHERE uid = ?1", [uid])
        .map_err(sqlite)?;
    Ok(())
}

#[async_trait]
impl TombstoneRecords for EmbeddedStore {
    async fn put_tombstone(&self, uid: &str, tombstone: &Tombstone) -> StoreResult<bool> {
        let (uid, tombstone) = (uid.to_owned(), tombstone.clone());
        self.with(move |c| put(c, &uid, &tombstone)).await
    }

    async fn get_tombstone(&self, uid: &str) -> StoreResult<Option<Tombstone>> {
        let uid = uid.to_owned();
        self.with(move |c| get(c, &uid)).await
    }

    async fn tombstone_by_email(
        &self,
        email_key: &str,
        now_ms: i64,
    ) -> StoreResult<Option<Tombstone>> {
        let email_key = email_key.to_owned();
        self.with(move |c| by_email(c, &email_key, now_ms)).await
    }

    async fn tombstones_due(&self, now_ms: i64, limit: usize) -> StoreResult<Vec<String>> {
        self.with(move |c| due(c, now_ms, limit)).await
    }

    async fn delete_tombstone(&self, uid: &str) -> StoreResult<()> {
        let uid = uid.to_owned();
        self.with(move |c| delete(c, &uid)).await
    }
}
