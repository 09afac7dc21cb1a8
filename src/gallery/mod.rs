//! Stored images: a user's history, the image itself (blurred unless pro), downloads and
//! deletes, the free plan's retention sweep, and the styles' sample tiles.

#[allow(clippy::module_inception)]
mod gallery;
pub mod retention;
pub mod samples;

pub use gallery::{Filter, Gallery, PAGE_DEFAULT, PAGE_MAX, Page, Served, Variant, Viewer};
