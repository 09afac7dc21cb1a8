//! The gateway's integration tests: one binary, one module per area.

mod auth;
mod config;
mod health;
mod helpers;
mod me;
mod spa;
mod test_keys;
