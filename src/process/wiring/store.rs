//! The store the configuration names: the Realtime Database, or the embedded one.

use std::sync::Arc;
use std::time::Duration;

use url::Url;

use crate::config::Config;
use crate::store::Store;
use crate::store::embedded::EmbeddedStore;
use crate::store::rtdb::{Credentials, RtdbClient, RtdbStore};

/// The Realtime Database when `FIREBASE_DATABASE_URL` is set, else the embedded store.
pub async fn open_store(config: &Config, http: &reqwest::Client) -> anyhow::Result<Arc<dyn Store>> {
    let Some(database_url) = &config.database_url else {
        let store = EmbeddedStore::open(&config.data_dir)
            .map_err(|e| anyhow::anyhow!("LUCENT_DATA_DIR: {e}"))?;
        return Ok(Arc::new(store));
    };
    let timeout = Duration::from_secs(config.store_timeout);
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
                timeout,
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
                timeout,
            )
        }
    };
    Ok(Arc::new(RtdbStore::new(client)))
}
