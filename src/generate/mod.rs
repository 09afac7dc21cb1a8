//! Image generation: the catalog, request validation, backends, jobs from submission to
//! their end (the gateway's side and the worker's), credits, and the gallery of what was made.

mod admission;
pub mod backend;
pub mod catalog;
pub mod controls;
mod error;
pub mod feed;
pub mod follow;
pub mod gallery;
mod generator;
mod parameters;
pub mod reaper;
pub mod request;
pub mod retention;
pub mod samples;
pub mod settle;
pub mod source;
pub mod stage;
pub mod view;
pub mod worker;

pub use admission::{Route, Submitted};
pub use error::{Failure, GenerateError, JobError};
pub use generator::{CancelOnDrop, Generator, Parts, WorkerSettings};
pub use worker::Worker;
