//! Shared application state: configuration and one typed client per upstream.

use std::sync::Arc;
use std::time::Duration;

use url::Url;

use crate::auth::{GoogleKeys, TokenVerifier};
use crate::billing::Billing;
use crate::config::Config;
use crate::generate::Generator;
use crate::generate::backend;
use crate::generate::catalog::Catalog;
use crate::generate::queue::{Limits, Queue};
use crate::generate::request::{COUNT_MAX_FREE, COUNT_MAX_PRO};
use crate::http::limits::RateLimits;
use crate::images::blobs::Blobs;
use crate::metrics::Metrics;
use crate::store::Store;
use crate::store::embedded::EmbeddedStore;
use crate::store::rtdb::{Credentials, RtdbClient, RtdbStore};
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
    /// The generation pipeline: catalog, backend, queue, image storage.
    pub generator: Generator,
    /// Stripe (or the offline test checkout).
    pub billing: Billing,
    /// Counters and histograms for `/metrics`.
    pub metrics: Arc<Metrics>,
    /// Per-user and per-address rate limits.
    pub limits: RateLimits,
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

/// Per-request deadline for the Realtime Database: a hung database must fail the request,
/// not hold it.
const STORE_TIMEOUT: Duration = Duration::from_secs(5);

impl AppState {
    pub fn new(
        config: Config,
        http: reqwest::Client,
        store: Arc<dyn Store>,
    ) -> anyhow::Result<Self> {
        let auth = token_verifier(&config, &http);
        let users = Users::new(Arc::clone(&store));
        let metrics = Arc::new(Metrics::default());
        let generator = generator(&config, &http, Arc::clone(&metrics))?;
        let billing = Billing::from_config(&config, &http)?;
        let limits = RateLimits::new(config.rate_limits == "on");
        Ok(Self(Arc::new(App {
            config,
            http,
            auth,
            store,
            users,
            generator,
            billing,
            metrics,
            limits,
        })))
    }

    /// Builds every client the configuration asks for.
    pub async fn from_config(config: Config) -> anyhow::Result<Self> {
        let http = http_client()?;
        let store = open_store(&config, &http).await?;
        Self::new(config, http, store)
    }
}

/// The Realtime Database when `FIREBASE_DATABASE_URL` is set, else the embedded store.
pub async fn open_store(config: &Config, http: &reqwest::Client) -> anyhow::Result<Arc<dyn Store>> {
    let Some(database_url) = &config.database_url else {
        let store = EmbeddedStore::open(&config.data_dir)
            .map_err(|e| anyhow::anyhow!("LUCENT_DATA_DIR: {e}"))?;
        return Ok(Arc::new(store));
    };
    let client = match &config.database_emulator_host {
        Some(host) => {
            let base = Url::parse(&format!("http://{host}/"))
                .map_err(|e| anyhow::anyhow!("FIREBASE_DATABASE_EMULATOR_HOST: {e}"))?;
            // The emulator serves every database from one host; `ns` picks ours.
            let namespace = database_url
                .host_str()
                .and_then(|h| h.split('.').next())
                .map(str::to_owned);
            RtdbClient::new(
                http.clone(),
                base,
                namespace,
                Credentials::EmulatorOwner,
                STORE_TIMEOUT,
            )
        }
        None => {
            let provider: Arc<dyn gcp_auth::TokenProvider> = match &config.google_credentials {
                Some(path) => Arc::new(gcp_auth::CustomServiceAccount::from_file(path).map_err(
                    |e| anyhow::anyhow!("GOOGLE_APPLICATION_CREDENTIALS: {}: {e}", path.display()),
                )?),
                None => gcp_auth::provider().await.map_err(|e| {
                    anyhow::anyhow!("GOOGLE_APPLICATION_CREDENTIALS: unset, and no other Google credentials found: {e}")
                })?,
            };
            RtdbClient::new(
                http.clone(),
                database_url.clone(),
                None,
                Credentials::Google(provider),
                STORE_TIMEOUT,
            )
        }
    };
    Ok(Arc::new(RtdbStore::new(client)))
}

fn generator(
    config: &Config,
    http: &reqwest::Client,
    metrics: Arc<Metrics>,
) -> anyhow::Result<Generator> {
    let catalog = match &config.catalog {
        Some(path) => Catalog::load(path).map_err(|e| anyhow::anyhow!("LUCENT_CATALOG: {e}"))?,
        None => Catalog::built_in(),
    };
    let backend = backend::from_spec(&config.generator, http)
        .map_err(|e| anyhow::anyhow!("LUCENT_GENERATOR: {e}"))?;
    let blobs = Blobs::open(&config.image_store_url()?)
        .map_err(|e| anyhow::anyhow!("LUCENT_IMAGE_STORE: {e}"))?;
    let in_flight = usize::try_from(config.generator_concurrency)?;
    let queue = Queue::new(Limits {
        in_flight,
        waiting: usize::try_from(config.queue_limit)?,
        per_free_user: COUNT_MAX_FREE as usize,
        per_pro_user: COUNT_MAX_PRO as usize,
    });
    Ok(Generator {
        catalog,
        backend,
        queue,
        blobs,
        deadline: Duration::from_secs(config.generator_timeout),
        metrics,
    })
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
