//! The gateway's integration tests: one binary, one module per area.

/// One behaviour suite on several adapters: `adapter_contract!(a, b; [test, …])` makes module
/// `a` with each `test(a().await)` as a test, and module `b` likewise; `memory` on a paused clock.
macro_rules! adapter_contract {
    ($($adapter:ident),+; $names:tt) => {
        $(adapter_contract!(@one $adapter; $names);)+
    };
    // The adapter kept in this process runs on a paused clock (tests/api/clock.rs).
    (@one memory; $names:tt) => {
        adapter_contract!(@mod memory, tokio::test(start_paused = true); $names);
    };
    (@one $adapter:ident; $names:tt) => {
        adapter_contract!(@mod $adapter, tokio::test; $names);
    };
    (@mod $adapter:ident, $test:meta; [$($name:ident),* $(,)?]) => {
        mod $adapter {
            $(
                #[$test]
                async fn $name() {
                    super::$name(super::$adapter().await).await;
                }
            )*
        }
    };
}

mod account;
mod admission;
mod age_check;
mod auth;
mod backends;
mod billing;
mod builder;
mod cli;
mod clock;
mod cluster;
mod comfyui;
mod config;
mod contract;
mod docs;
mod error_codes;
mod event_streams;
mod export_bounds;
mod fake_comfyui;
mod fake_persona;
mod fake_rtdb;
mod fake_verotel;
mod faulty_board;
mod favorites;
mod generations;
mod health;
mod helpers;
mod hostile;
mod jobs_contract;
mod kept_records;
mod layering;
mod lease_contract;
mod limits_contract;
mod logs;
mod me;
mod moderation;
mod moderation_service;
mod money_exact;
mod plans;
mod process;
mod provenance;
mod redis_server;
mod rtdb;
mod safety;
mod safety_paths;
mod scale_out;
mod security_headers;
mod settlement;
mod shutdown;
mod spa;
mod staff;
mod standing;
mod store_contract;
mod style_samples;
mod test_checkout;
mod test_keys;
mod test_mode_contract;
mod variations;
mod verotel;
