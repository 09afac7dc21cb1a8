//! The store's ports, one per kind of record, so that a reader finds the ledger's rules, or a
//! tombstone's, in one place. Both adapters implement each (`embedded/`, `rtdb/`), and each has
//! its contract suite (`tests/api/store_contract/`).

mod accounts;
mod events;
mod generations;
mod ledger;
mod logs;
mod tombstones;

pub use accounts::AccountRecords;
pub use events::EventClaims;
pub use generations::GenerationRecords;
pub use ledger::CreditLedger;
pub use logs::LogRecords;
pub use tombstones::TombstoneRecords;
