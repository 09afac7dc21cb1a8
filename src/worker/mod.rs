//! What happens on the GPU side once a job is in line: a worker claims it, renders its images
//! on a backend (`backend/`), stores and marks them, and ends the job; settlement gives back
//! what was not drawn, and the reaper puts lapsed jobs back in line.

pub mod backend;
mod parts;
pub mod reaper;
pub mod settle;
#[allow(clippy::module_inception)]
mod worker;

pub use parts::{WorkerParts, WorkerSettings};
pub use worker::Worker;
