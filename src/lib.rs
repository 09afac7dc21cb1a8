//! The Lucent gateway: it verifies Firebase ID tokens and keeps user records (`auth`, `users`,
//! `store`), checks every prompt against the content rules (`safety`), admits generations against
//! credits (`admission`, `users`), runs them on a job board shared by instances and workers
//! (`jobs`, `worker`, on what `generation` says a generation is), keeps what they made
//! (`gallery`), blurs images for non-pro users (`images`), checks ages (`age`), records payments only
//! once the processor confirms them (`billing`), lets staff support users (`staff`), and serves
//! the API and the web app (`http`). Beneath them: what instances share (`coordination`), the
//! metrics (`metrics`) and the HTTP client every upstream uses (`upstream`); above them, the
//! process itself (`process`) and its command line (`cli`). `docs/ARCHITECTURE.md` follows a
//! request from the router to the worker and back.

pub mod account;
pub mod admission;
pub mod age;
pub mod auth;
pub mod billing;
pub mod cli;
pub mod config;
pub mod coordination;
pub mod following;
pub mod gallery;
pub mod generation;
pub mod http;
pub mod images;
pub mod jobs;
pub mod limits;
pub mod metrics;
pub mod process;
pub mod safety;
pub mod staff;
pub mod store;
pub mod upstream;
pub mod users;
pub mod worker;

pub use http::AppState;
pub use http::{build_app, build_worker_app};
