//! The gateway's pixel work, in a crate of its own so that it is compiled optimised even in the
//! debug builds the tests and the local stack run (Cargo.toml's `[profile.dev.package]`): the
//! built-in renderer paints every test's images and the preview blurs them, and unoptimised
//! that arithmetic was a fifth of the API tests' time.

pub mod font;
pub mod painting;
pub mod preview;
