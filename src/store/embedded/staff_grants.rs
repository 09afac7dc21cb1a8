//! `staffGrants/{staff}/{day}` in SQLite: one row per support member and UTC day, changed only
//! inside IMMEDIATE transactions so two grants at once cannot both pass the cap.

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use super::sqlite;
use crate::store::{StaffGrants, StoreError, StoreResult};

pub fn get(c: &Connection, staff: &str, day: &str) -> StoreResult<StaffGrants> {
    let row: Option<(i64, i64)> = c
        .query_row(
            "SELECT credits, pro FROM staff_grants WHERE staff = ?1 AND day = ?2",
            [staff, day],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()
        .map_err(sqlite)?;
    let Some((credits, pro)) = row else {
        return Ok(StaffGrants::default());
    };
    let count = |n: i64| u32::try_from(n).map_err(|e| StoreError::Invalid(e.to_string()));
    Ok(StaffGrants {
        credits: count(credits)?,
        pro: count(pro)?,
    })
}

pub fn count(
    c: &mut Connection,
    staff: &str,
    day: &str,
    grant: StaffGrants,
    caps: StaffGrants,
) -> StoreResult<Result<StaffGrants, StaffGrants>> {
    let tx = c
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(sqlite)?;
    let before = get(&tx, staff, day)?;
    let Some(after) = before.plus(grant, caps) else {
        return Ok(Err(before));
    };
    tx.execute(
        "INSERT INTO staff_grants (staff, day, credits, pro) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT(staff, day) DO UPDATE SET credits = excluded.credits, pro = excluded.pro",
        params![staff, day, after.credits, after.pro],
    )
    .map_err(sqlite)?;
    tx.commit().map_err(sqlite)?;
    Ok(Ok(after))
}
