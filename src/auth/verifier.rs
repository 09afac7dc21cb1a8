//! Checks a Firebase ID token: signed by Google (production) or unsigned from the Auth
//! emulator (only when `FIREBASE_AUTH_EMULATOR_HOST` is set); claims checked in both.

use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, Validation};
use moka::future::Cache;
use rustc_hash::FxBuildHasher;

use super::claims::{CLOCK_SKEW_SECS, issuer_for};
use super::{Claims, GoogleKeys, TokenError};

const VERIFIED_CACHE_ENTRIES: u64 = 50_000;
/// Shorter than a token's life, so a cached entry never outlives what its checks proved by
/// much; `exp` is checked on every hit anyway.
const VERIFIED_CACHE_TTL: Duration = Duration::from_secs(600);

enum Mode {
    Google(GoogleKeys),
    Emulator,
}

pub struct TokenVerifier {
    project_id: String,
    validation: Validation,
    mode: Mode,
    /// Tokens already verified, by their exact text: a browser sends the same token for up to
    /// an hour, and an RS256 check costs far more than this look-up. A hit still honours `exp`.
    /// Hashed with Fx, not SipHash: a key is a 900-byte token hashed on every request, and only
    /// tokens whose signature was checked are ever inserted, so no caller can choose colliding
    /// keys.
    verified: Cache<String, Arc<Claims>, FxBuildHasher>,
}

impl TokenVerifier {
    pub fn google(project_id: &str, keys: GoogleKeys) -> Self {
        Self::new(project_id, Mode::Google(keys))
    }

    pub fn emulator(project_id: &str) -> Self {
        Self::new(project_id, Mode::Emulator)
    }

    fn new(project_id: &str, mode: Mode) -> Self {
        // One crypto backend for the process; a second install (tests) is a no-op.
        let _ = jsonwebtoken::crypto::aws_lc::DEFAULT_PROVIDER.install_default();
        let mut validation = Validation::new(Algorithm::RS256);
        validation.set_audience(&[project_id]);
        validation.set_issuer(&[issuer_for(project_id)]);
        validation.set_required_spec_claims(&["exp", "aud", "iss", "sub"]);
        validation.leeway = CLOCK_SKEW_SECS.unsigned_abs();
        validation.validate_exp = true;
        validation.validate_nbf = false;
        Self {
            project_id: project_id.to_owned(),
            validation,
            mode,
            verified: Cache::builder()
                .max_capacity(VERIFIED_CACHE_ENTRIES)
                .time_to_live(VERIFIED_CACHE_TTL)
                .build_with_hasher(FxBuildHasher),
        }
    }

    pub fn keys(&self) -> Option<&GoogleKeys> {
        match &self.mode {
            Mode::Google(keys) => Some(keys),
            Mode::Emulator => None,
        }
    }

    pub async fn verify(&self, token: &str) -> Result<Arc<Claims>, TokenError> {
        let now = chrono::Utc::now().timestamp();
        if let Some(claims) = self.verified.get(token).await {
            if claims.exp + CLOCK_SKEW_SECS < now {
                return Err(TokenError::Expired);
            }
            return Ok(claims);
        }
        let claims = Arc::new(self.verify_uncached(token, now).await?);
        self.verified
            .insert(token.to_owned(), Arc::clone(&claims))
            .await;
        Ok(claims)
    }

    /// Every check, every time (what a cache miss costs).
    pub async fn verify_uncached(&self, token: &str, now: i64) -> Result<Claims, TokenError> {
        let claims = match &self.mode {
            Mode::Google(keys) => self.verify_signed(keys, token).await?,
            Mode::Emulator => self.verify_emulator(token, now)?,
        };
        claims.check_times_and_subject(now)?;
        Ok(claims)
    }

    async fn verify_signed(&self, keys: &GoogleKeys, token: &str) -> Result<Claims, TokenError> {
        let header =
            jsonwebtoken::decode_header(token).map_err(|e| TokenError::Malformed(e.to_string()))?;
        if header.alg != Algorithm::RS256 {
            return Err(TokenError::WrongAlgorithm);
        }
        let kid = header
            .kid
            .ok_or_else(|| TokenError::Malformed("no kid in the header".into()))?;
        let key = keys.key(&kid).await?;
        jsonwebtoken::decode::<Claims>(token, &key, &self.validation)
            .map(|data| data.claims)
            .map_err(|e| match e.kind() {
                ErrorKind::ExpiredSignature => TokenError::Expired,
                ErrorKind::InvalidAudience => TokenError::WrongProject("aud"),
                ErrorKind::InvalidIssuer => TokenError::WrongProject("iss"),
                ErrorKind::MissingRequiredClaim(c) if c == "aud" => TokenError::WrongProject("aud"),
                ErrorKind::MissingRequiredClaim(c) if c == "iss" => TokenError::WrongProject("iss"),
                ErrorKind::MissingRequiredClaim(c) if c == "sub" => TokenError::BadSubject,
                ErrorKind::InvalidSignature => TokenError::BadSignature,
                ErrorKind::InvalidAlgorithm => TokenError::WrongAlgorithm,
                _ => TokenError::Malformed(e.to_string()),
            })
    }

    /// The Auth emulator signs nothing (`alg: none`, empty signature); everything else about
    /// the token is checked as in production.
    fn verify_emulator(&self, token: &str, now: i64) -> Result<Claims, TokenError> {
        let mut parts = token.split('.');
        let (Some(header), Some(payload), Some(_signature), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(TokenError::Malformed(
                "expected three dot-separated parts".into(),
            ));
        };
        let decode_part = |part: &str| -> Result<serde_json::Value, TokenError> {
            let bytes = URL_SAFE_NO_PAD
                .decode(part.trim_end_matches('='))
                .map_err(|e| TokenError::Malformed(e.to_string()))?;
            serde_json::from_slice(&bytes).map_err(|e| TokenError::Malformed(e.to_string()))
        };
        let header = decode_part(header)?;
        if header["alg"] != "none" {
            return Err(TokenError::WrongAlgorithm);
        }
        let payload = decode_part(payload)?;
        let claims: Claims = serde_json::from_value(payload)
            .map_err(|e| TokenError::Malformed(format!("claims: {e}")))?;
        claims.check_project_and_expiry(&self.project_id, now)?;
        Ok(claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn unsigned(claims: &serde_json::Value) -> String {
        let b64 = |v: &serde_json::Value| URL_SAFE_NO_PAD.encode(v.to_string());
        format!("{}.{}.", b64(&json!({"alg": "none"})), b64(claims))
    }

    fn claims(now: i64, exp: i64) -> serde_json::Value {
        json!({
            "sub": "alice", "aud": "demo-lucent", "iss": issuer_for("demo-lucent"),
            "iat": now, "auth_time": now, "exp": exp,
        })
    }

    #[tokio::test]
    async fn a_cached_token_is_served_from_the_cache() {
        let verifier = TokenVerifier::emulator("demo-lucent");
        let now = chrono::Utc::now().timestamp();
        let token = unsigned(&claims(now, now + 3600));

        let first = verifier.verify(&token).await.unwrap();
        let second = verifier.verify(&token).await.unwrap();

        assert!(Arc::ptr_eq(&first, &second));
    }

    #[tokio::test]
    async fn a_cached_token_past_its_expiry_is_refused() {
        let verifier = TokenVerifier::emulator("demo-lucent");
        let now = chrono::Utc::now().timestamp();
        let token = unsigned(&claims(now, now + 3600));
        verifier.verify(&token).await.unwrap();
        // The same token as the cache holds it, an hour and more later.
        let mut aged = (*verifier.verified.get(&token).await.unwrap()).clone();
        aged.exp = now - CLOCK_SKEW_SECS - 1;
        verifier
            .verified
            .insert(token.clone(), Arc::new(aged))
            .await;

        assert_eq!(
            verifier.verify(&token).await.unwrap_err(),
            TokenError::Expired
        );
    }
}
