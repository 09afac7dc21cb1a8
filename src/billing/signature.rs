//! Stripe's webhook signature: `Stripe-Signature: t=<unix>,v1=<hex>[,v1=…][,v0=…]`, each v1
//! an HMAC-SHA256 of `<t>.<raw body>` keyed with the endpoint secret. Any v1 may match (Stripe
//! sends several while a secret is rolled); the comparison is constant-time; a timestamp more
//! than the tolerance away is refused, so a captured delivery cannot be replayed later.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

pub const TOLERANCE_SECS: i64 = 300;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("no signature header")]
    Missing,
    #[error("the signature header is malformed")]
    Malformed,
    #[error("the signature's timestamp is outside the tolerance")]
    Stale,
    #[error("no signature matches")]
    Mismatch,
}

/// The header's timestamp and v1 signatures (hex-decoded); other schemes are ignored.
pub fn parse_header(header: &str) -> Result<(i64, Vec<Vec<u8>>), SignatureError> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        let (key, value) = part
            .trim()
            .split_once('=')
            .ok_or(SignatureError::Malformed)?;
        match key {
            "t" => {
                timestamp = Some(
                    value
                        .parse::<i64>()
                        .map_err(|_| SignatureError::Malformed)?,
                )
            }
            // A SHA-256 MAC is 64 hex digits; anything longer is not worth decoding.
            "v1" if value.len() <= 256 => {
                signatures.push(hex::decode(value).map_err(|_| SignatureError::Malformed)?);
            }
            "v1" => return Err(SignatureError::Malformed),
            _ => {}
        }
    }
    match (timestamp, signatures.is_empty()) {
        (Some(t), false) => Ok((t, signatures)),
        _ => Err(SignatureError::Malformed),
    }
}

pub fn verify(
    header: Option<&str>,
    body: &[u8],
    secret: &str,
    now: i64,
) -> Result<(), SignatureError> {
    let (timestamp, signatures) = parse_header(header.ok_or(SignatureError::Missing)?)?;
    if (now - timestamp).abs() > TOLERANCE_SECS {
        return Err(SignatureError::Stale);
    }
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).map_err(|_| SignatureError::Mismatch)?;
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    let matches = signatures
        .iter()
        .any(|candidate| mac.clone().verify_slice(candidate).is_ok());
    if matches {
        Ok(())
    } else {
        Err(SignatureError::Mismatch)
    }
}

/// A header as Stripe's libraries make it (`generateTestHeaderString`), for tests and tools.
pub fn sign(body: &[u8], secret: &str, timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    let hex = hex::encode(mac.finalize().into_bytes());
    format!("t={timestamp},v1={hex}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"invoice.paid"}"#;

    #[test]
    fn a_signature_made_like_stripe_makes_it_verifies() {
        let header = sign(BODY, SECRET, 1_800_000_000);
        assert_eq!(verify(Some(&header), BODY, SECRET, 1_800_000_100), Ok(()));
    }

    #[test]
    fn any_v1_may_match_and_other_schemes_are_ignored() {
        let good = sign(BODY, SECRET, 1_800_000_000);
        let good_v1 = good.split_once(",v1=").unwrap().1;
        let header = format!("t=1800000000,v1={},v0=abcd,v1={good_v1}", "00".repeat(32));
        assert_eq!(verify(Some(&header), BODY, SECRET, 1_800_000_000), Ok(()));
    }

    #[test]
    fn a_changed_body_wrong_secret_or_old_timestamp_is_refused() {
        let header = sign(BODY, SECRET, 1_800_000_000);
        assert_eq!(
            verify(Some(&header), b"{}", SECRET, 1_800_000_000),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify(Some(&header), BODY, "whsec_other", 1_800_000_000),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify(Some(&header), BODY, SECRET, 1_800_000_301),
            Err(SignatureError::Stale)
        );
        assert_eq!(
            verify(Some(&header), BODY, SECRET, 1_799_999_699),
            Err(SignatureError::Stale)
        );
    }

    /// The fixture's header is also checked against Stripe's own npm package
    /// (`contracts/stripe-signature.test.js`).
    #[test]
    fn the_shared_fixture_is_signed_exactly_as_stripes_library_signs_it() {
        let fixture: serde_json::Value =
            serde_json::from_str(include_str!("../../tests/fixtures/stripe-signature.json"))
                .unwrap();
        let (payload, secret) = (
            fixture["payload"].as_str().unwrap(),
            fixture["secret"].as_str().unwrap(),
        );
        let t = fixture["timestamp"].as_i64().unwrap();
        assert_eq!(
            sign(payload.as_bytes(), secret, t),
            fixture["header"].as_str().unwrap()
        );
        assert_eq!(
            verify(
                fixture["header"].as_str(),
                payload.as_bytes(),
                secret,
                t + 299
            ),
            Ok(())
        );
    }

    #[test]
    fn malformed_headers_are_refused() {
        for header in [
            "",
            "t=abc,v1=00",
            "v1=00",
            "t=1",
            "t=1,v1=zz",
            "t=1,v1=0",
            "garbage",
        ] {
            assert_eq!(
                verify(Some(header), BODY, SECRET, 1),
                Err(SignatureError::Malformed),
                "{header}"
            );
        }
        assert_eq!(verify(None, BODY, SECRET, 1), Err(SignatureError::Missing));
    }
}
