//! The Stripe-Signature header parser and verifier never panic, whatever the header and body.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lucent::billing::signature;

fuzz_target!(|data: &[u8]| {
    let split = data.first().map_or(0, |&b| usize::from(b)).min(data.len());
    let (header, body) = data.split_at(split);
    let header = String::from_utf8_lossy(header);
    let parsed = signature::parse_header(&header);
    let verified = signature::verify(Some(&header), body, "whsec_fuzz", 1_800_000_000);
    // Only a header carrying the real HMAC of this body at its timestamp can pass.
    if verified.is_ok() {
        let (t, _) = parsed.expect("a verified header parses");
        let expected = signature::sign(body, "whsec_fuzz", t);
        let (_, hex) = expected.split_once(",v1=").expect("sign makes a v1");
        assert!(header.to_ascii_lowercase().contains(hex));
    }
});
