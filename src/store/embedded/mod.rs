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

mod generations;
mod logs;
mod schema;
mod staff_grants;
mod tombstones;
mod usage;

use logs::Log;
use schema::SCHEMA;

use async_trait::async_trait;
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use super::records::newer_age_check;
use super::{
    AgeCheck, AuditEntry, GenerationRecord, ManualPlan, PREFIX_END, ProfileUpdate, QuotaExceeded,
    RefusalRecord, StaffGrants, Store, StoreError, StoreResult, Subscription, Suspension,
    Tombstone, UserRecord, now_ms,
};

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

    async fn get_user(&self, uid: &str) -> StoreResult<Option<UserRecord>> {
        let uid = uid.to_owned();
        self.with(move |c| read_user(c, &uid)).await
    }

    async fn upsert_profile(&self, uid: &str, update: &ProfileUpdate) -> StoreResult<UserRecord> {
        let (uid, update) = (uid.to_owned(), update.clone());
        self.with(move |c| {
            update_user(c, &uid.clone(), |existing| {
                Ok(super::records::apply_profile(
                    existing,
                    &uid,
                    &update,
                    now_ms(),
                ))
            })
        })
        .await
    }

    async fn merge_subscription(&self, uid: &str, patch: &Subscription) -> StoreResult<UserRecord> {
        let patch = patch.clone();
        self.update_record(uid, move |user| {
            user.subscription
                .get_or_insert_with(Subscription::default)
                .merge(&patch);
        })
        .await
    }

    async fn set_plan_by_hand(&self, uid: &str, plan: &ManualPlan) -> StoreResult<UserRecord> {
        let plan = plan.clone();
        self.update_record(uid, move |user| {
            user.subscription
                .get_or_insert_with(Subscription::default)
                .set_by_hand(&plan);
        })
        .await
    }

    async fn find_users_by_email_prefix(
        &self,
        prefix: &str,
        limit: usize,
    ) -> StoreResult<Vec<UserRecord>> {
        let (from, to) = (prefix.to_owned(), format!("{prefix}{PREFIX_END}"));
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with(move |c| {
            docs(
                c,
                "SELECT doc FROM users WHERE email >= ?1 AND email <= ?2
                 ORDER BY email, uid LIMIT ?3",
                params![from, to, limit],
            )
        })
        .await
    }

    async fn set_suspension(&self, uid: &str, suspension: &Suspension) -> StoreResult<UserRecord> {
        let suspension = suspension.clone();
        self.update_record(uid, move |user| user.suspension = Some(suspension.clone()))
            .await
    }

    async fn lift_suspension(&self, uid: &str, reviewed_at: i64) -> StoreResult<UserRecord> {
        self.update_record(uid, move |user| {
            user.suspension = None;
            user.refusals_reviewed_at = Some(reviewed_at);
        })
        .await
    }

    async fn uphold_suspension(&self, uid: &str, at: i64) -> StoreResult<UserRecord> {
        self.update_record(uid, move |user| {
            if let Some(suspension) = &mut user.suspension {
                suspension.upheld_at = Some(at);
            }
        })
        .await
    }

    async fn suspended_users(&self, limit: usize) -> StoreResult<Vec<UserRecord>> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with(move |c| {
            docs(
                c,
                "SELECT doc FROM users WHERE json_extract(doc, '$.suspension.since') IS NOT NULL
                 ORDER BY json_extract(doc, '$.suspension.since') DESC, uid LIMIT ?1",
                params![limit],
            )
        })
        .await
    }

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

    async fn get_usage(&self, uid: &str, period: &str) -> StoreResult<u32> {
        let (uid, period) = (uid.to_owned(), period.to_owned());
        self.with(move |c| usage::read(c, &uid, &period)).await
    }

    async fn reserve_credits(
        &self,
        uid: &str,
        period: &str,
        job: &str,
        n: u32,
        limit: u32,
    ) -> StoreResult<Result<u32, QuotaExceeded>> {
        let (uid, period, job) = (uid.to_owned(), period.to_owned(), job.to_owned());
        self.with(move |c| usage::reserve(c, &uid, &period, &job, n, limit))
            .await
    }

    async fn settle_credits(
        &self,
        uid: &str,
        period: &str,
        job: &str,
        kept: u32,
    ) -> StoreResult<Option<u32>> {
        let (uid, period, job) = (uid.to_owned(), period.to_owned(), job.to_owned());
        self.with(move |c| usage::settle(c, &uid, &period, &job, kept))
            .await
    }

    async fn get_bonus(&self, uid: &str, period: &str) -> StoreResult<u32> {
        let (uid, period) = (uid.to_owned(), period.to_owned());
        self.with(move |c| usage::bonus(c, &uid, &period)).await
    }

    async fn add_bonus(&self, uid: &str, period: &str, n: u32) -> StoreResult<u32> {
        let (uid, period) = (uid.to_owned(), period.to_owned());
        self.with(move |c| usage::add_bonus(c, &uid, &period, n))
            .await
    }

    async fn delete_account_records(&self, uid: &str, held: bool) -> StoreResult<()> {
        let uid = uid.to_owned();
        self.with(move |c| {
            let tx = c.transaction().map_err(sqlite)?;
            let mut tables = vec!["usage", "holds", "bonus"];
            if !held {
                tables.extend(["refusals", "users"]);
            }
            for table in tables {
                tx.execute(&format!("DELETE FROM {table} WHERE uid = ?1"), [&uid])
                    .map_err(sqlite)?;
            }
            tx.commit().map_err(sqlite)
        })
        .await
    }

    async fn put_generation(&self, uid: &str, record: &GenerationRecord) -> StoreResult<()> {
        let (uid, record) = (uid.to_owned(), record.clone());
        self.with(move |c| generations::put(c, &uid, &record)).await
    }

    async fn get_generation(&self, uid: &str, id: &str) -> StoreResult<Option<GenerationRecord>> {
        let (uid, id) = (uid.to_owned(), id.to_owned());
        self.with(move |c| generations::get(c, &uid, &id)).await
    }

    async fn delete_generation(&self, uid: &str, id: &str) -> StoreResult<bool> {
        let (uid, id) = (uid.to_owned(), id.to_owned());
        self.with(move |c| generations::delete(c, &uid, &id)).await
    }

    async fn set_favorite(&self, uid: &str, id: &str, favorite: bool) -> StoreResult<bool> {
        let (uid, id) = (uid.to_owned(), id.to_owned());
        self.with(move |c| generations::set_favorite(c, &uid, &id, favorite))
            .await
    }

    async fn list_generations(
        &self,
        uid: &str,
        before: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<GenerationRecord>> {
        let (uid, before) = (uid.to_owned(), before.map(str::to_owned));
        self.with(move |c| generations::list(c, &uid, before.as_deref(), limit))
            .await
    }

    async fn count_generations(&self, uid: &str) -> StoreResult<u64> {
        let uid = uid.to_owned();
        self.with(move |c| generations::count(c, &uid)).await
    }

    async fn set_age_check(&self, uid: &str, check: &AgeCheck) -> StoreResult<UserRecord> {
        let check = check.clone();
        self.update_record(uid, move |user| newer_age_check(user, &check))
            .await
    }

    async fn put_tombstone(&self, uid: &str, tombstone: &Tombstone) -> StoreResult<bool> {
        let (uid, tombstone) = (uid.to_owned(), tombstone.clone());
        self.with(move |c| tombstones::put(c, &uid, &tombstone))
            .await
    }

    async fn tombstone_by_email(
        &self,
        email_key: &str,
        now_ms: i64,
    ) -> StoreResult<Option<Tombstone>> {
        let email_key = email_key.to_owned();
        self.with(move |c| tombstones::by_email(c, &email_key, now_ms))
            .await
    }

    async fn inherit(
        &self,
        uid: &str,
        email_key: &str,
        tombstone: Option<&Tombstone>,
    ) -> StoreResult<UserRecord> {
        let (email_key, tombstone) = (email_key.to_owned(), tombstone.cloned());
        self.update_record(uid, move |user| {
            user.inherit(&email_key, tombstone.as_ref())
        })
        .await
    }

    async fn get_tombstone(&self, uid: &str) -> StoreResult<Option<Tombstone>> {
        let uid = uid.to_owned();
        self.with(move |c| tombstones::get(c, &uid)).await
    }

    async fn get_staff_grants(&self, staff: &str, day: &str) -> StoreResult<StaffGrants> {
        let (staff, day) = (staff.to_owned(), day.to_owned());
        self.with(move |c| staff_grants::get(c, &staff, &day)).await
    }

    async fn count_staff_grant(
        &self,
        staff: &str,
        day: &str,
        grant: StaffGrants,
        caps: StaffGrants,
    ) -> StoreResult<Result<StaffGrants, StaffGrants>> {
        let (staff, day) = (staff.to_owned(), day.to_owned());
        self.with(move |c| staff_grants::count(c, &staff, &day, grant, caps))
            .await
    }

    async fn tombstones_due(&self, now_ms: i64, limit: usize) -> StoreResult<Vec<String>> {
        self.with(move |c| tombstones::due(c, now_ms, limit)).await
    }

    async fn delete_tombstone(&self, uid: &str) -> StoreResult<()> {
        let uid = uid.to_owned();
        self.with(move |c| tombstones::delete(c, &uid)).await
    }

    async fn generation_owners(&self) -> StoreResult<Vec<String>> {
        self.with(|c| generations::owners(c)).await
    }

    async fn generations_created_before(
        &self,
        uid: &str,
        cutoff_ms: i64,
        limit: usize,
    ) -> StoreResult<Vec<GenerationRecord>> {
        let uid = uid.to_owned();
        self.with(move |c| generations::created_before(c, &uid, cutoff_ms, limit))
            .await
    }

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
