//! Token header and claims parsing never panic and never accept garbage: an unsigned token
//! (emulator mode) must carry every claim check to pass.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use lucent::auth::TokenVerifier;

static RUNTIME: LazyLock<tokio::runtime::Runtime> = LazyLock::new(|| {
    tokio::runtime::Builder::new_current_thread().build().expect("a runtime")
});
static VERIFIER: LazyLock<TokenVerifier> = LazyLock::new(|| TokenVerifier::emulator("demo-lucent"));

fuzz_target!(|data: &[u8]| {
    let token = String::from_utf8_lossy(data);
    if let Ok(claims) = RUNTIME.block_on(VERIFIER.verify_uncached(&token, 1_800_000_000)) {
        assert_eq!(claims.aud, "demo-lucent");
        assert!(!claims.sub.is_empty() && claims.sub.len() <= 128);
        assert!(claims.exp + 300 >= 1_800_000_000);
    }
});
