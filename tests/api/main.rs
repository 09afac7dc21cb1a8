//! The gateway's integration tests: one binary, one module per area.

mod config;
mod health;
mod helpers;
mod spa;
