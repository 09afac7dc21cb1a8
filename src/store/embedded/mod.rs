//! The embedded store: one SQLite file in WAL mode under `LUCENT_DATA_DIR`.
//!
//! SQLite rather than redb because support staff run `lucent users …` against the same file
//! while `lucent serve` is up: SQLite allows several processes on one database (WAL readers
//! never block, writers queue on a lock with a busy timeout), redb holds an exclusive lock per
//! process. Each record is a JSON document with the Realtime Database's shape, so the two
//! adapters return identical values. `synchronous=FULL` because a lost commit could be a
//! paid plan.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod accounts;
mod events;
mod generations;
mod ledger;
mod logs;
mod schema;
mod staff_grants;
mod tombstones;
mod usage;

use schema::SCHEMA;

use async_trait::async_trait;
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use super::{Store, StoreError, StoreResult, UserRecord};
use crate::store::records::newer_age_check;

#[derive(Clone)]
pub struct EmbeddedStore {
    conn: Arc<Mutex<Connection>>,
}

impl std::fmt::Debug for EmbeddedStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmbeddedStore").finish_non_exhaustive()
    }
}

impl EmbeddedStore {
    /// Opens (creating if needed) `lucent.sqlite3` in `dir`.
    pub fn open(dir: &Path) -> StoreResult<Self> {
        std::fs::create_dir_all(dir).map_err(|e| {
            StoreError::Unavailable(format!("cannot create {}: {e}", dir.display()))
        })?;
        let conn = Connection::open(dir.join("lucent.sqlite3")).map_err(sqlite)?;
        conn.busy_timeout(Duration::from_secs(5)).map_err(sqlite)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(sqlite)?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(sqlite)?;
        conn.execute_batch(SCHEMA).map_err(sqlite)?;
        Ok(Self {
            conn: Arc::new(Mutex::new(conn)),
        })
    }

    /// Changes an existing user's subscription in one transaction.
    /// Changes an existing user's record in one transaction.
    async fn update_record<F>(&self, uid: &str, change: F) -> StoreResult<UserRecord>
    where
        F: Fn(&mut UserRecord) + Send + 'static,
    {
        let uid = uid.to_owned();
        self.with(move |c| {
            update_user(c, &uid.clone(), |existing| {
                let mut user =
                    existing.ok_or_else(|| StoreError::Missing(format!("users/{uid}")))?;
                change(&mut user);
                Ok(user)
            })
        })
        .await
    }

    /// Runs `f` on the connection off the async runtime (SQLite calls block).
    async fn with<T, F>(&self, f: F) -> StoreResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> StoreResult<T> + Send + 'static,
    {
        let conn = Arc::clone(&self.conn);
        tokio::task::spawn_blocking(move || {
            let mut guard = conn
                .lock()
                .map_err(|_| StoreError::Unavailable("store lock poisoned".into()))?;
            f(&mut guard)
        })
        .await
        .map_err(|e| StoreError::Unavailable(format!("store task failed: {e}")))?
    }
}

fn sqlite(e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
            StoreError::Contention("the embedded database".into())
        }
        _ => StoreError::Unavailable(e.to_string()),
    }
}

fn decode<T: serde::de::DeserializeOwned>(doc: &str) -> StoreResult<T> {
    serde_json::from_str(doc).map_err(|e| StoreError::Invalid(format!("stored record: {e}")))
}

fn encode<T: serde::Serialize>(value: &T) -> StoreResult<String> {
    serde_json::to_string(value).map_err(|e| StoreError::Invalid(e.to_string()))
}

/// The `doc` column of every row `sql` selects, decoded.
fn docs<T: serde::de::DeserializeOwned>(
    c: &Connection,
    sql: &str,
    args: impl rusqlite::Params,
) -> StoreResult<Vec<T>> {
    let mut stmt = c.prepare(sql).map_err(sqlite)?;
    let rows = stmt
        .query_map(args, |r| r.get::<_, String>(0))
        .map_err(sqlite)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(sqlite)?;
    rows.iter().map(|d| decode(d)).collect()
}

fn read_user(conn: &Connection, uid: &str) -> StoreResult<Option<UserRecord>> {
    conn.query_row("SELECT doc FROM users WHERE uid = ?1", [uid], |r| {
        r.get::<_, String>(0)
    })
    .optional()
    .map_err(sqlite)?
    .map(|doc| decode(&doc))
    .transpose()
}

fn write_user(conn: &Connection, user: &UserRecord) -> StoreResult<()> {
    conn.execute(
        "INSERT INTO users (uid, email, doc) VALUES (?1, ?2, ?3)
         ON CONFLICT(uid) DO UPDATE SET email = excluded.email, doc = excluded.doc",
        params![user.uid, user.email, encode(user)?],
    )
    .map_err(sqlite)?;
    Ok(())
}

/// Read-modify-write of one user inside an IMMEDIATE transaction, so a concurrent writer in
/// this or another process waits instead of interleaving.
fn update_user<F>(conn: &mut Connection, uid: &str, f: F) -> StoreResult<UserRecord>
where
    F: FnOnce(Option<UserRecord>) -> StoreResult<UserRecord>,
{
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(sqlite)?;
    let user = f(read_user(&tx, uid)?)?;
    write_user(&tx, &user)?;
    tx.commit().map_err(sqlite)?;
    Ok(user)
}

#[async_trait]
impl Store for EmbeddedStore {
    async fn ping(&self) -> StoreResult<()> {
        self.with(|c| {
            c.query_row("SELECT 1", [], |_| Ok(())).map_err(sqlite)?;
            Ok(())
        })
        .await
    }

    fn kind(&self) -> &'static str {
        "embedded"
    }
}
