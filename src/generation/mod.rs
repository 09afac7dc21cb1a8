//! What a generation is, as admission, the worker and the gallery all read it: the catalog of
//! styles, sizes and looks, the samplers, the request a job carries (`Spec`, and what the
//! backend is sent, `Drawn`), an image's view and the text its marks carry, and the errors.

pub mod catalog;
pub mod controls;
mod error;
pub mod parameters;
pub mod source;
pub mod spec;
pub mod view;

pub use error::{BackendError, Failure, GenerateError, JobError, MAX_RESPONSE_BYTES};
pub use view::Progress;
