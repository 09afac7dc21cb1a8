//! Headers every response carries. The web app may run only its own scripts and talk only to
//! the gateway and Firebase Auth, so an injected script can neither load code nor send a token
//! away; no page may be framed, so the pay, cancel and delete buttons cannot be clickjacked;
//! browsers do not guess content types; other sites never see our paths as a referrer.

use std::sync::Arc;

use axum::http::{HeaderName, HeaderValue, header};
use axum::response::Response;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256};

use crate::http::billing::test_checkout::STYLE;

/// The Firebase Auth SDK's hosts for email sign-in and token refresh (all the app uses).
const FIREBASE_AUTH: &str =
    "https://identitytoolkit.googleapis.com https://securetoken.googleapis.com";

#[derive(Clone)]
pub struct SecurityHeaders(Arc<[(HeaderName, HeaderValue)]>);

impl SecurityHeaders {
    /// `auth_emulator_host` (a validated `host:port`) may be connected to, besides Firebase.
    pub fn new(auth_emulator_host: Option<&str>) -> Self {
        let emulator = auth_emulator_host
            .map(|host| format!(" http://{host}"))
            .unwrap_or_default();
        // The one inline style sheet (the TEST MODE pages') is allowed by its hash, no other.
        // Images include blob: (the gallery's object URLs) and data: (icons in the CSS).
        let style = STANDARD.encode(Sha256::digest(STYLE));
        let policy = format!(
            "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-{style}'; \
             img-src 'self' blob: data:; connect-src 'self' {FIREBASE_AUTH}{emulator}; \
             object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
        );
        let policy = HeaderValue::from_str(&policy)
            .expect("the emulator host was validated as a host:port at start");
        Self(Arc::new([
            (header::CONTENT_SECURITY_POLICY, policy),
            (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
            (
                header::REFERRER_POLICY,
                HeaderValue::from_static("same-origin"),
            ),
        ]))
    }

    /// Puts each header on `response` unless the handler set it itself.
    pub fn add_to(&self, response: &mut Response) {
        let headers = response.headers_mut();
        for (name, value) in self.0.iter() {
            if !headers.contains_key(name) {
                headers.insert(name.clone(), value.clone());
            }
        }
    }
}
