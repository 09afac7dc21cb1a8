//! Google's token-signing certificates (`{kid: PEM certificate}`), cached for the
//! `Cache-Control: max-age` they come with.
//!
//! Hand-rolled rather than a moka entry because the cache must do what an evicting cache
//! cannot: keep serving the last good keys when the endpoint is down (a restart of Google's
//! endpoint must not log everyone out), and refetch on an unknown `kid` at most once per
//! cooldown, so forged kids cannot drive a fetch storm while a real rotation is picked up.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

// Tokio's clock, not the system's: a test moves it past the cooldown (tests/api/auth.rs).
use tokio::time::Instant;

use jsonwebtoken::DecodingKey;
use reqwest::header::CACHE_CONTROL;
use tokio::sync::Mutex;
use url::Url;

use super::TokenError;

/// At most one refetch per this long for keys we do not have.
pub const REFETCH_COOLDOWN: Duration = Duration::from_secs(5);
/// Used when the endpoint sends no max-age.
const DEFAULT_MAX_AGE: Duration = Duration::from_secs(300);
const FETCH_TIMEOUT: Duration = Duration::from_secs(5);

type KeyMap = HashMap<String, Arc<DecodingKey>>;

#[derive(Default)]
struct Cached {
    keys: Arc<KeyMap>,
    expires_at: Option<Instant>,
    last_attempt: Option<Instant>,
    last_attempt_failed: bool,
}

impl Cached {
    fn fresh(&self, now: Instant) -> bool {
        self.expires_at.is_some_and(|t| now < t)
    }
    fn may_fetch(&self, now: Instant) -> bool {
        self.last_attempt
            .is_none_or(|t| now.duration_since(t) >= REFETCH_COOLDOWN)
    }
}

pub struct GoogleKeys {
    http: reqwest::Client,
    url: Url,
    cached: RwLock<Cached>,
    /// One fetch at a time; waiters then read what it brought.
    fetching: Mutex<()>,
}

impl GoogleKeys {
    pub fn new(http: reqwest::Client, url: Url) -> Self {
        Self {
            http,
            url,
            cached: RwLock::new(Cached::default()),
            fetching: Mutex::new(()),
        }
    }

    fn lookup(&self, kid: &str, now: Instant) -> (Option<Arc<DecodingKey>>, bool) {
        let cached = self.cached.read().unwrap_or_else(|e| e.into_inner());
        (cached.keys.get(kid).cloned(), cached.fresh(now))
    }

    /// The key named `kid`, fetching when the cache is stale or lacks it (within the cooldown).
    pub async fn key(&self, kid: &str) -> Result<Arc<DecodingKey>, TokenError> {
        if let (Some(key), true) = self.lookup(kid, Instant::now()) {
            return Ok(key);
        }
        let _one_fetch = self.fetching.lock().await;
        let now = Instant::now();
        let (key, fresh) = self.lookup(kid, now);
        let may_fetch = self
            .cached
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .may_fetch(now);
        if (key.is_none() || !fresh) && may_fetch {
            self.refresh(now).await;
        }
        let cached = self.cached.read().unwrap_or_else(|e| e.into_inner());
        match cached.keys.get(kid) {
            Some(key) => Ok(Arc::clone(key)),
            // Nothing we hold can decide, and the endpoint could not tell us: our fault.
            None if cached.last_attempt_failed => Err(TokenError::KeysUnavailable),
            None => Err(TokenError::UnknownKey),
        }
    }

    /// Whether keys are in hand (fetching once if none are): readiness.
    pub async fn ready(&self) -> Result<usize, String> {
        let count = self
            .cached
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .keys
            .len();
        if count > 0 {
            return Ok(count);
        }
        let _one_fetch = self.fetching.lock().await;
        self.refresh(Instant::now()).await;
        let cached = self.cached.read().unwrap_or_else(|e| e.into_inner());
        match cached.keys.len() {
            0 => Err("no token-signing keys could be fetched".into()),
            n => Ok(n),
        }
    }

    async fn refresh(&self, now: Instant) {
        let result = self.fetch().await;
        let mut cached = self.cached.write().unwrap_or_else(|e| e.into_inner());
        cached.last_attempt = Some(now);
        match result {
            Ok((keys, max_age)) => {
                tracing::info!(
                    count = keys.len(),
                    max_age = max_age.as_secs(),
                    "token-signing keys fetched"
                );
                cached.keys = Arc::new(keys);
                cached.expires_at = Some(now + max_age);
                cached.last_attempt_failed = false;
            }
            Err(e) => {
                tracing::warn!(error = %e, url = %self.url, "fetching token-signing keys failed; keeping the last good ones");
                cached.last_attempt_failed = true;
            }
        }
    }

    async fn fetch(&self) -> Result<(KeyMap, Duration), String> {
        let response = self
            .http
            .get(self.url.clone())
            .timeout(FETCH_TIMEOUT)
            .send()
            .await
            .map_err(|e| e.to_string())?;
        if !response.status().is_success() {
            return Err(format!("status {}", response.status()));
        }
        let max_age = response
            .headers()
            .get(CACHE_CONTROL)
            .and_then(|v| v.to_str().ok())
            .and_then(max_age)
            .unwrap_or(DEFAULT_MAX_AGE);
        let certs: HashMap<String, String> = response
            .json()
            .await
            .map_err(|e| format!("not a {{kid: PEM}} object: {e}"))?;
        let keys = certs
            .into_iter()
            .map(|(kid, pem)| {
                DecodingKey::from_rsa_pem(pem.as_bytes())
                    .map(|k| (kid.clone(), Arc::new(k)))
                    .map_err(|e| format!("certificate {kid}: {e}"))
            })
            .collect::<Result<KeyMap, _>>()?;
        if keys.is_empty() {
            return Err("the endpoint returned no keys".into());
        }
        Ok((keys, max_age))
    }
}

fn max_age(cache_control: &str) -> Option<Duration> {
    cache_control
        .split(',')
        .filter_map(|d| d.trim().strip_prefix("max-age="))
        .find_map(|v| v.trim().parse().ok())
        .map(Duration::from_secs)
}

#[cfg(test)]
mod tests {
    use super::max_age;
    use std::time::Duration;

    #[test]
    fn max_age_is_read_from_googles_cache_control() {
        assert_eq!(
            max_age("public, max-age=19045, must-revalidate, no-transform"),
            Some(Duration::from_secs(19045))
        );
        assert_eq!(max_age("no-cache"), None);
        assert_eq!(max_age("max-age=abc"), None);
    }
}
