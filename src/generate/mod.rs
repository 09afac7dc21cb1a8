//! Image generation: the catalog, request validation, backends, the queue, credits and the
//! pipeline that ties them together.

pub mod backend;
pub mod catalog;
mod credits;
pub mod queue;
pub mod request;
pub mod retention;
mod service;
pub mod view;

pub use service::{Event, Generator, Prepared, encode_png};
