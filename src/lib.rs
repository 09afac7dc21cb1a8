//! The Lucent gateway: it verifies Firebase ID tokens and keeps user records (`auth`, `users`,
//! `store`), checks every prompt against the content rules (`safety`), admits generations against
//! credits and runs them on a job board shared by instances and workers (`generate`, `jobs`,
//! `quota`), blurs images for non-pro users (`images`), records payments only once Stripe confirms
//! them (`billing`), lets staff support users (`staff`), and serves the API and the web app
//! (`http`). `docs/ARCHITECTURE.md` follows a request from the router to the worker and back.

pub mod account;
pub mod age;
pub mod application;
pub mod auth;
pub mod billing;
pub mod cli;
pub mod config;
pub mod coordination;
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
pub mod tasks;
pub mod telemetry;
pub mod upstream;
pub mod users;

pub use http::AppState;
pub use http::{build_app, build_worker_app};
