//! Shared application state: configuration and one typed client per upstream.

use std::sync::Arc;
use std::time::Duration;

use crate::auth::{GoogleKeys, TokenVerifier};
use crate::config::Config;
use crate::store::Store;
use crate::store::embedded::EmbeddedStore;
use crate::users::Users;

/// Cheap to clone: everything lives behind one `Arc`.
#[derive(Clone)]
pub struct AppState(Arc<App>);

pub struct App {
    /// The validated start-up configuration.
    pub config: Config,
    /// The one HTTP client (connection pool, timeouts) every upstream client is built on.
    pub http: reqwest::Client,
    /// Verifies Firebase ID tokens (Google's keys, or the Auth emulator's unsigned tokens).
    pub auth: TokenVerifier,
    /// Raw record access: the Realtime Database or the embedded SQLite store.
    pub store: Arc<dyn Store>,
    /// User records through the short pro-check cache; handlers read and write users here.
    pub users: Users,
}

impl std::ops::Deref for AppState {
    type Target = App;
    fn deref(&self) -> &App {
        &self.0
    }
}

/// Connect and per-request limits for every upstream call; a slow upstream must not hold a
/// request (and its credit) forever. Calls that legitimately take longer (generation) set
/// their own deadline per request.
pub fn http_client() -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(30))
        .pool_idle_timeout(Duration::from_secs(90))
        .user_agent(concat!("lucent/", env!("CARGO_PKG_VERSION")))
        .build()
}

impl AppState {
    pub fn new(config: Config, http: reqwest::Client, store: Arc<dyn Store>) -> Self {
        let auth = token_verifier(&config, &http);
        let users = Users::new(Arc::clone(&store));
        Self(Arc::new(App {
            config,
            http,
            auth,
            store,
            users,
        }))
    }

    /// Builds every client the configuration asks for.
    pub async fn from_config(config: Config) -> anyhow::Result<Self> {
        let http = http_client()?;
        let store: Arc<dyn Store> = Arc::new(
            EmbeddedStore::open(&config.data_dir)
                .map_err(|e| anyhow::anyhow!("LUCENT_DATA_DIR: {e}"))?,
        );
        Ok(Self::new(config, http, store))
    }
}

fn token_verifier(config: &Config, http: &reqwest::Client) -> TokenVerifier {
    if let Some(host) = &config.auth_emulator_host {
        if config.is_demo_project() {
            tracing::info!(%host, "accepting unsigned tokens from the Firebase Auth emulator");
        } else {
            tracing::warn!(
                %host,
                project = %config.project_id,
                "FIREBASE_AUTH_EMULATOR_HOST is set on a real project: UNSIGNED TOKENS ARE ACCEPTED. \
                 Unset it unless this is a test."
            );
        }
        return TokenVerifier::emulator(&config.project_id);
    }
    let keys = GoogleKeys::new(http.clone(), config.google_keys_url.clone());
    TokenVerifier::google(&config.project_id, keys)
}
