//! User records: a port per kind of record (`ports/`), two adapters with the same shapes (docs/ARCHITECTURE.md, Data).
//! `rtdb` talks to the Firebase Realtime Database over REST; `embedded` keeps a SQLite file
//! under `LUCENT_DATA_DIR` for a single machine.

pub mod embedded;
mod inherited;
mod ports;
pub mod push_id;
pub mod records;
pub mod rtdb;
mod sale;

use async_trait::async_trait;

pub use inherited::Inherited;
pub use ports::{
    AccountRecords, CreditLedger, EventClaims, GenerationRecords, LogRecords, TombstoneRecords,
};
pub use records::{
    AgeCheck, AgeStatus, AuditEntry, GenerationRecord, ManualPlan, ProfileUpdate, QuotaExceeded,
    RefusalRecord, SourceMode, SourceRef, StaffGrants, Subscription, Suspension, Tombstone,
    UserRecord, now_ms,
};
pub use sale::Sale;

#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// The database cannot be reached or refused the request for a reason that may pass.
    #[error("unavailable: {0}")]
    Unavailable(String),
    /// The database did not answer within the per-request deadline.
    #[error("timed out")]
    Timeout,
    /// A conditional write kept losing to concurrent writers.
    #[error("too much contention on {0}")]
    Contention(String),
    /// The record does not exist (for writes that must not create one).
    #[error("{0} does not exist")]
    Missing(String),
    /// The database refused the request (bad auth, bad query): a configuration problem.
    #[error("refused with status {status}: {message}")]
    Rejected { status: u16, message: String },
    /// The database answered with something this code cannot use: a bug or a schema drift.
    #[error("{0}")]
    Invalid(String),
    /// A key with characters other than `[A-Za-z0-9_-]`: refused before it reaches a path.
    #[error("{0:?} is not a valid record key")]
    InvalidKey(String),
}

pub type StoreResult<T> = Result<T, StoreError>;

/// Every port together: what the gateway is built with, one adapter for all of them.
#[async_trait]
pub trait Store:
    AccountRecords
    + LogRecords
    + CreditLedger
    + GenerationRecords
    + EventClaims
    + TombstoneRecords
    + Send
    + Sync
    + 'static
{
    /// A cheap round trip for readiness.
    async fn ping(&self) -> StoreResult<()>;

    /// Which adapter this is, for logs and readiness.
    fn kind(&self) -> &'static str;
}

/// What closes a prefix range: the last character of Unicode's private use area, which sorts
/// after anything an email holds.
pub const PREFIX_END: char = '\u{f8ff}';

/// Record keys (uids, generation and event ids, periods) are `[A-Za-z0-9_-]`, 1 to 768 bytes:
/// what Firebase uids, push ids and Stripe ids are made of. Anything else could address
/// another path once in a URL (`%2F`, `..`, `?`, `\\`), so it is refused, not escaped.
pub fn valid_key(key: &str) -> StoreResult<&str> {
    let ok = !key.is_empty()
        && key.len() <= 768
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(key)
    } else {
        Err(StoreError::InvalidKey(key.chars().take(64).collect()))
    }
}
