//! What the gateway does with a generation request until the board holds it: the body's checks
//! (`body.rs`), a variation's source (`source.rs`), the gate's judgement (`judge.rs`), a place
//! on the board and the credits (`admission.rs`); and taking a queued job back out.

#[allow(clippy::module_inception)]
mod admission;
pub mod body;
mod cancel_on_drop;
mod judge;
pub mod source;

pub use admission::{Admission, AdmissionParts, Route, Submitted};
pub use cancel_on_drop::CancelOnDrop;
pub use judge::Judge;
