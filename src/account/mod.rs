//! An account's life after sign-up: leaving (every record and image deleted, the subscription
//! and the sign-in account with them) and taking one's data along (a ZIP of it).

pub mod deletion;
pub mod export;

pub use deletion::{Asker, Deleted, Deletion, DeletionError};
pub use export::{Bounds, Export};
