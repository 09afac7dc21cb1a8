//! Strong entity tags: a hash of the bytes served, so equal bytes have equal tags on every
//! instance without a shared table, and `If-None-Match` answered with a 304.

use axum::http::{HeaderMap, HeaderValue, header};
use sha2::{Digest, Sha256};

/// `"<first 128 bits of the SHA-256, hex>"`.
pub fn of(bytes: &[u8]) -> HeaderValue {
    let tag = format!("\"{}\"", hex::encode(&Sha256::digest(bytes)[..16]));
    HeaderValue::from_str(&tag).expect("hex in quotes is a valid header value")
}

/// Whether the request's `If-None-Match` names `etag` (or `*`). Weak tags match too, as RFC
/// 9110 §13.1.2 has `If-None-Match` compare weakly.
pub fn fresh(request: &HeaderMap, etag: &HeaderValue) -> bool {
    let Ok(etag) = etag.to_str() else {
        return false;
    };
    request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|tag| tag.trim())
        .any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag) == etag)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asking(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::IF_NONE_MATCH, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn a_client_holding_the_same_bytes_is_told_they_are_current() {
        let tag = of(b"picture");
        let held = tag.to_str().unwrap();
        assert!(fresh(&asking(held), &tag));
        assert!(fresh(&asking(&format!("\"x\", W/{held}")), &tag));
        assert!(fresh(&asking("*"), &tag));
    }

    #[test]
    fn other_bytes_or_no_header_are_served_again() {
        let tag = of(b"picture");
        assert!(!fresh(&asking(of(b"another").to_str().unwrap()), &tag));
        assert!(!fresh(&HeaderMap::new(), &tag));
    }
}
