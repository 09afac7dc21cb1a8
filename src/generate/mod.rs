//! Image generation: the catalog, request validation, backends, the queue, credits, the
//! pipeline that ties them together, and the gallery of what was made.

pub mod backend;
pub mod catalog;
mod credits;
mod error;
pub mod gallery;
pub mod queue;
pub mod request;
pub mod retention;
mod service;
pub mod view;

pub use error::GenerateError;
pub use service::{Event, Generator, Prepared};
