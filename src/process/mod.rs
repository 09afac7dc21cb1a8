//! The process itself: `Application` builds one from its configuration and serves it (`lucent
//! serve`, `lucent worker`); `wiring` turns the configuration into clients, services and the HTTP
//! state; `tasks` runs the periodic background work; `telemetry` sets up the logs.

pub mod application;
pub mod shared;
pub mod tasks;
pub mod telemetry;
pub mod wiring;
