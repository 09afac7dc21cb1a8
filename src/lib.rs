//! The Lucent gateway: verifies Firebase ID tokens, keeps user records, and serves the web app.

pub mod auth;
pub mod billing;
pub mod cli;
pub mod config;
pub mod generate;
pub mod histogram;
pub mod http;
pub mod images;
pub mod jobs;
pub mod lease;
pub mod limits;
pub mod metrics;
pub mod quota;
pub mod redis_client;
pub mod safety;
pub mod staff;
pub mod startup;
pub mod store;
pub mod telemetry;
pub mod upstream;
pub mod users;

pub use http::AppState;
pub use http::{build_app, build_worker_app};
