//! A backend's base URL and the credentials it carries: `user:password@` becomes HTTP basic
//! auth, and a password without a user (`:token@`) a bearer token, the two schemes the proxies
//! in front of GPU servers use. The credentials are taken out of the URL so they never reach a
//! log line or an error message with it.

use percent_encoding::percent_decode_str;
use reqwest::header::HeaderValue;
use url::Url;

use super::BackendError;

#[derive(Clone)]
enum Credentials {
    Basic { user: String, password: String },
    Bearer(String),
}

/// A backend's address, with the shared HTTP client that calls it.
#[derive(Clone)]
pub struct Endpoint {
    http: reqwest::Client,
    /// Without credentials, ending in `/`.
    base: Url,
    credentials: Option<Credentials>,
}

impl Endpoint {
    pub fn new(http: reqwest::Client, mut base: Url) -> Self {
        // The URL keeps userinfo percent-encoded; `+` is a plus there, not a space.
        let decode = |s: &str| percent_decode_str(s).decode_utf8_lossy().into_owned();
        let password = base.password().map(decode).unwrap_or_default();
        let credentials = match (base.username(), password) {
            ("", password) if password.is_empty() => None,
            ("", token) => Some(Credentials::Bearer(token)),
            (user, password) => Some(Credentials::Basic {
                user: decode(user),
                password,
            }),
        };
        let _ = base.set_username("");
        let _ = base.set_password(None);
        if !base.path().ends_with('/') {
            let path = format!("{}/", base.path());
            base.set_path(&path);
        }
        Self {
            http,
            base,
            credentials,
        }
    }

    /// `path` under the base.
    pub fn url(&self, path: &str) -> Result<Url, BackendError> {
        self.base
            .join(path)
            .map_err(|e| BackendError::Failed(e.to_string()))
    }

    pub fn request(
        &self,
        method: reqwest::Method,
        path: &str,
    ) -> Result<reqwest::RequestBuilder, BackendError> {
        let builder = self.http.request(method, self.url(path)?);
        Ok(match &self.credentials {
            Some(Credentials::Basic { user, password }) => builder.basic_auth(user, Some(password)),
            Some(Credentials::Bearer(token)) => builder.bearer_auth(token),
            None => builder,
        })
    }

    /// The `Authorization` header, for clients other than reqwest (the websocket).
    pub fn authorization(&self) -> Option<HeaderValue> {
        use base64::Engine;
        let value = match self.credentials.as_ref()? {
            Credentials::Basic { user, password } => format!(
                "Basic {}",
                base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"))
            ),
            Credentials::Bearer(token) => format!("Bearer {token}"),
        };
        let mut header = HeaderValue::from_str(&value).ok()?;
        header.set_sensitive(true);
        Some(header)
    }
}
