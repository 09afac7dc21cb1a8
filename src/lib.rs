//! The Lucent gateway: verifies Firebase ID tokens, keeps user records, and serves the web app.

pub mod cli;
pub mod config;
pub mod http;
pub mod state;
pub mod store;
pub mod telemetry;

pub use http::build_app;
pub use state::AppState;
