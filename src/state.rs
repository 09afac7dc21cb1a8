//! Shared application state: configuration and one typed client per upstream.

use std::sync::Arc;
use std::time::Duration;

use crate::config::Config;
use crate::store::Store;
use crate::store::embedded::EmbeddedStore;

/// Cheap to clone: everything lives behind one `Arc`.
#[derive(Clone)]
pub struct AppState(Arc<App>);

pub struct App {
    /// The validated start-up configuration.
    pub config: Config,
    /// The one HTTP client (connection pool, timeouts) every upstream client is built on.
    pub http: reqwest::Client,
    /// User records: the Realtime Database or the embedded SQLite store.
    pub store: Arc<dyn Store>,
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
        Self(Arc::new(App {
            config,
            http,
            store,
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
