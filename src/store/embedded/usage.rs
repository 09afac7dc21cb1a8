//! `usage/{uid}/{period}` in SQLite: credits used and what each job holds of them (table
//! `holds`), changed together only inside IMMEDIATE transactions so two processes (or two
//! requests) never both take the last credit, and a refund gives back only what its job took; and
//! `bonus/{uid}/{period}`, the credits support added on top of the plan's.

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use super::sqlite;
use crate::store::{QuotaExceeded, StoreError, StoreResult};

pub fn read(c: &Connection, uid: &str, period: &str) -> StoreResult<u32> {
    count(
        c,
        "SELECT used FROM usage WHERE uid = ?1 AND period = ?2",
        uid,
        period,
    )
}

pub fn bonus(c: &Connection, uid: &str, period: &str) -> StoreResult<u32> {
    count(
        c,
        "SELECT credits FROM bonus WHERE uid = ?1 AND period = ?2",
        uid,
        period,
    )
}

fn count(c: &Connection, sql: &str, uid: &str, period: &str) -> StoreResult<u32> {
    let n: Option<i64> = c
        .query_row(sql, [uid, period], |r| r.get(0))
        .optional()
        .map_err(sqlite)?;
    u32::try_from(n.unwrap_or(0)).map_err(|e| StoreError::Invalid(e.to_string()))
}

/// One statement, so concurrent grants add up.
pub fn add_bonus(c: &Connection, uid: &str, period: &str, n: u32) -> StoreResult<u32> {
    let total: i64 = c
        .query_row(
            "INSERT INTO bonus (uid, period, credits) VALUES (?1, ?2, ?3)
             ON CONFLICT(uid, period) DO UPDATE SET credits = credits + excluded.credits
             RETURNING credits",
            params![uid, period, n],
            |r| r.get(0),
        )
        .map_err(sqlite)?;
    u32::try_from(total).map_err(|e| StoreError::Invalid(e.to_string()))
}

/// Takes `n` credits for `job` and records its holding, in one IMMEDIATE transaction; a job
/// that already holds credits takes nothing more (a retried reservation).
pub fn reserve(
    c: &mut Connection,
    uid: &str,
    period: &str,
    job: &str,
    n: u32,
    limit: u32,
) -> StoreResult<Result<u32, QuotaExceeded>> {
    let tx = c
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(sqlite)?;
    let used = read(&tx, uid, period)?;
    if held(&tx, uid, period, job)?.is_some() {
        return Ok(Ok(used));
    }
    let Some(after) = used.checked_add(n).filter(|&after| after <= limit) else {
        return Ok(Err(QuotaExceeded { used }));
    };
    tx.execute(
        "INSERT INTO usage (uid, period, used) VALUES (?1, ?2, ?3)
         ON CONFLICT(uid, period) DO UPDATE SET used = excluded.used",
        params![uid, period, after],
    )
    .map_err(sqlite)?;
    tx.execute(
        "INSERT INTO holds (uid, period, job, credits) VALUES (?1, ?2, ?3, ?4)",
        params![uid, period, job, n],
    )
    .map_err(sqlite)?;
    tx.commit().map_err(sqlite)?;
    Ok(Ok(after))
}

/// Ends `job`'s holding: `kept` of its credits stay used, the rest come back, in one
/// transaction. Nothing happens when the job holds nothing (settled before, never reserved).
pub fn settle(
    c: &mut Connection,
    uid: &str,
    period: &str,
    job: &str,
    kept: u32,
) -> StoreResult<Option<u32>> {
    let tx = c
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(sqlite)?;
    let Some(holding) = held(&tx, uid, period, job)? else {
        return Ok(None);
    };
    let back = holding.saturating_sub(kept);
    tx.execute(
        "UPDATE usage SET used = MAX(used - ?3, 0) WHERE uid = ?1 AND period = ?2",
        params![uid, period, back],
    )
    .map_err(sqlite)?;
    tx.execute(
        "DELETE FROM holds WHERE uid = ?1 AND period = ?2 AND job = ?3",
        params![uid, period, job],
    )
    .map_err(sqlite)?;
    tx.commit().map_err(sqlite)?;
    Ok(Some(back))
}

fn held(c: &Connection, uid: &str, period: &str, job: &str) -> StoreResult<Option<u32>> {
    let n: Option<i64> = c
        .query_row(
            "SELECT credits FROM holds WHERE uid = ?1 AND period = ?2 AND job = ?3",
            [uid, period, job],
            |r| r.get(0),
        )
        .optional()
        .map_err(sqlite)?;
    n.map(|n| u32::try_from(n).map_err(|e| StoreError::Invalid(e.to_string())))
        .transpose()
}
