//! What the instances and workers of one deployment share, and how they reach it: the Redis
//! client (`redis`), leases that let one instance at a time do a piece of work (`lease`), and the
//! one error every shared part answers with (`error`), in memory as on Redis. Which parts a
//! process uses, in memory or on Redis, is chosen once in `process::shared`.

pub mod error;
pub mod lease;
pub mod redis;

pub use error::CoordinationError;
