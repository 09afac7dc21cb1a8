//! `generations/{uid}/{id}` in SQLite: one row per image, the record as a JSON document, the
//! creation time beside it for the retention sweep.

use async_trait::async_trait;
use rusqlite::{Connection, OptionalExtension, params};

use super::{EmbeddedStore, decode, docs, encode, sqlite};
use crate::store::{GenerationRecord, GenerationRecords, StoreResult};

pub fn put(c: &Connection, uid: &str, record: &GenerationRecord) -> StoreResult<()> {
    c.execute(
        "INSERT INTO generations (uid, id, created_at, doc) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT(uid, id) DO UPDATE SET created_at = excluded.created_at, doc = excluded.doc",
        params![uid, record.id, record.created_at, encode(record)?],
    )
    .map_err(sqlite)?;
    Ok(())
}

pub fn get(c: &Connection, uid: &str, id: &str) -> StoreResult<Option<GenerationRecord>> {
    c.query_row(
        "SELECT doc FROM generations WHERE uid = ?1 AND id = ?2",
        [uid, id],
        |r| r.get::<_, String>(0),
    )
    .optional()
    .map_err(sqlite)?
    .map(|doc| decode(&doc))
    .transpose()
}

pub fn delete(c: &Connection, uid: &str, id: &str) -> StoreResult<bool> {
    let n = c
        .execute(
            "DELETE FROM generations WHERE uid = ?1 AND id = ?2",
            [uid, id],
        )
        .map_err(sqlite)?;
    Ok(n > 0)
}

/// Read and rewritten in one transaction: a concurrent delete is never undone.
pub fn set_favorite(c: &mut Connection, uid: &str, id: &str, favorite: bool) -> StoreResult<bool> {
    let tx = c.transaction().map_err(sqlite)?;
    let Some(mut record) = get(&tx, uid, id)? else {
        return Ok(false);
    };
    record.favorite = favorite;
    put(&tx, uid, &record)?;
    tx.commit().map_err(sqlite)?;
    Ok(true)
}

/// Newest first (ids sort by time), after the id `before`.
pub fn list(
    c: &Connection,
    uid: &str,
    before: Option<&str>,
    limit: usize,
) -> StoreResult<Vec<GenerationRecord>> {
    docs(
        c,
        "SELECT doc FROM generations WHERE uid = ?1 AND (?2 IS NULL OR id < ?2)
         ORDER BY id DESC LIMIT ?3",
        params![uid, before, i64::try_from(limit).unwrap_or(i64::MAX)],
    )
}

/// How many `uid` has.
pub fn count(c: &Connection, uid: &str) -> StoreResult<u64> {
    let n: i64 = c
        .query_row(
            "SELECT COUNT(*) FROM generations WHERE uid = ?1",
            [uid],
            |r| r.get(0),
        )
        .map_err(sqlite)?;
    Ok(n.unsigned_abs())
}

/// Every uid with at least one generation.
pub fn owners(c: &Connection) -> StoreResult<Vec<String>> {
    let mut stmt = c
        .prepare("SELECT DISTINCT uid FROM generations ORDER BY uid")
        .map_err(sqlite)?;
    stmt.query_map([], |r| r.get::<_, String>(0))
        .map_err(sqlite)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(sqlite)
}

/// One user's, oldest first.
pub fn created_before(
    c: &Connection,
    uid: &str,
    cutoff_ms: i64,
    limit: usize,
) -> StoreResult<Vec<GenerationRecord>> {
    docs(
        c,
        "SELECT doc FROM generations WHERE uid = ?1 AND created_at < ?2
         ORDER BY created_at LIMIT ?3",
        params![uid, cutoff_ms, i64::try_from(limit).unwrap_or(i64::MAX)],
    )
}

#[async_trait]
impl GenerationRecords for EmbeddedStore {
    async fn put_generation(&self, uid: &str, record: &GenerationRecord) -> StoreResult<()> {
        let (uid, record) = (uid.to_owned(), record.clone());
        self.with(move |c| put(c, &uid, &record)).await
    }

    async fn get_generation(&self, uid: &str, id: &str) -> StoreResult<Option<GenerationRecord>> {
        let (uid, id) = (uid.to_owned(), id.to_owned());
        self.with(move |c| get(c, &uid, &id)).await
    }

    async fn delete_generation(&self, uid: &str, id: &str) -> StoreResult<bool> {
        let (uid, id) = (uid.to_owned(), id.to_owned());
        self.with(move |c| delete(c, &uid, &id)).await
    }

    async fn set_favorite(&self, uid: &str, id: &str, favorite: bool) -> StoreResult<bool> {
        let (uid, id) = (uid.to_owned(), id.to_owned());
        self.with(move |c| set_favorite(c, &uid, &id, favorite))
            .await
    }

    async fn list_generations(
        &self,
        uid: &str,
        before: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<GenerationRecord>> {
        let (uid, before) = (uid.to_owned(), before.map(str::to_owned));
        self.with(move |c| list(c, &uid, before.as_deref(), limit))
            .await
    }

    async fn count_generations(&self, uid: &str) -> StoreResult<u64> {
        let uid = uid.to_owned();
        self.with(move |c| count(c, &uid)).await
    }

    async fn generation_owners(&self) -> StoreResult<Vec<String>> {
        self.with(|c| owners(c)).await
    }

    async fn generations_created_before(
        &self,
        uid: &str,
        cutoff_ms: i64,
        limit: usize,
    ) -> StoreResult<Vec<GenerationRecord>> {
        let uid = uid.to_owned();
        self.with(move |c| created_before(c, &uid, cutoff_ms, limit))
            .await
    }
}
