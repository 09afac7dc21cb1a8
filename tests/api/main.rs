//! The gateway's integration tests: one binary, one module per area.

mod auth;
mod backends;
mod billing;
mod cli;
mod cluster;
mod config;
mod contract;
mod error_codes;
mod fake_rtdb;
mod generations;
mod health;
mod helpers;
mod hostile;
mod jobs_contract;
mod layering;
mod limits_contract;
mod me;
mod process;
mod redis_server;
mod rtdb;
mod security_headers;
mod shutdown;
mod spa;
mod store_contract;
mod test_checkout;
mod test_keys;
