//! Wiring: turns the validated configuration into clients, services and the HTTP state. The
//! only module that reads the clap `Config` besides the CLI; everything it builds takes typed
//! settings.

use std::sync::Arc;
use std::time::Duration;

use url::Url;

mod age_checks;
mod billing;
mod generation;
mod meaning;
mod store;

pub use generation::worker;
pub use store::open_store;

use super::shared::SharedParts;
use crate::age;
use crate::auth::identity_toolkit::{Accounts, AccountsAuth};
use crate::auth::{GoogleKeys, TokenVerifier};
use crate::config::{Config, RateLimitMode};
use crate::coordination::lease::Leases;
use crate::coordination::redis::RedisClient;
use crate::gallery::retention::Retention;
use crate::generation::catalog::Catalog;
use crate::http::{App, AppState, HttpSettings, Readiness, SecurityHeaders};
use crate::jobs::Rules;
use crate::limits::RateLimits;
use crate::metrics::Metrics;
use crate::staff::Staff;
use crate::store::{StaffGrants, Store};
use crate::users::{EmailKeys, Users};
use secrecy::ExposeSecret;

/// A variable the chosen mode needs.
fn required<T: Clone>(value: &Option<T>, variable: &str) -> anyhow::Result<T> {
    value
        .clone()
        .ok_or_else(|| anyhow::anyhow!("{variable}: required"))
}

/// The HTTP state for `config`, on `http` and `store`.
pub fn state(
    config: &Config,
    http: reqwest::Client,
    store: Arc<dyn Store>,
    shared: SharedParts,
) -> anyhow::Result<AppState> {
    let metrics = Arc::new(Metrics::default());
    let users = users(config, &store, shared.redis.clone());
    // Read once: the age checks and the processor both ask whether it can draw explicit images.
    let catalog = catalog(config)?;
    let explicit = catalog.can_draw_explicit();
    let age = age_checks::age_checks(config, &http, &store, &users, shared.age_ledger, explicit)?;
    let generation = generation::generation(
        config,
        &http,
        &store,
        &users,
        shared.board,
        Arc::clone(&metrics),
        catalog,
    )?;
    Ok(AppState::new(App {
        settings: http_settings(config),
        auth: token_verifier(config, &http),
        billing: billing::billing(
            config,
            &http,
            &users,
            &store,
            shared.test_ledger,
            Arc::clone(&shared.leases),
            explicit,
        )?,
        staff: staff(config, &http, shared.leases)?,
        limits: RateLimits::new(config.rate_limits == RateLimitMode::On, shared.allowances),
        streams: shared.streams,
        exports: shared.exports,
        redis: shared.redis,
        security_headers: SecurityHeaders::new(config.auth_emulator_host.as_deref()),
        readiness: Readiness::default(),
        samples: generation::samples(config, &generation),
        admission: generation.admission,
        following: generation.following,
        gallery: generation.gallery,
        work: generation.work,
        age,
        store,
        users,
        metrics,
    }))
}

/// Plans and credits, through the short pro-check cache.
fn users(config: &Config, store: &Arc<dyn Store>, redis: Option<RedisClient>) -> Users {
    let age_required = matches!(
        config.age_check_mode(),
        Some(age::Mode::Persona | age::Mode::Test)
    );
    let email_keys = config
        .email_key
        .clone()
        .map_or_else(EmailKeys::demo, EmailKeys::new);
    Users::new(
        Arc::clone(store),
        config.quotas(),
        redis,
        age_required,
        email_keys,
    )
}

fn http_settings(config: &Config) -> HttpSettings {
    HttpSettings {
        static_dir: config.static_dir.clone(),
        proxy_hops: config.proxy_hops,
        metrics_token: config.metrics_token.clone(),
        stream_idle: Duration::from_secs(config.stream_idle),
    }
}

/// What this process shares with the deployment's others: through Redis when
/// `LUCENT_REDIS_URL` is set, else nothing (it is alone).
pub fn shared_parts(config: &Config) -> anyhow::Result<SharedParts> {
    let rules = rules(config)?;
    Ok(match redis(config)? {
        Some(redis) => SharedParts::through(redis, rules, instance_name()),
        None => SharedParts::alone(rules),
    })
}

/// The shared Redis, when `LUCENT_REDIS_URL` is set.
pub fn redis(config: &Config) -> anyhow::Result<Option<RedisClient>> {
    config
        .redis_url
        .as_ref()
        .map(|url| RedisClient::open(url.expose_secret()))
        .transpose()
        .map_err(|e| anyhow::anyhow!("LUCENT_REDIS_URL: {e}"))
}

/// Builds every client the configuration asks for, on `shared`.
pub async fn from_config(config: &Config, shared: SharedParts) -> anyhow::Result<AppState> {
    let http = crate::upstream::http_client()?;
    let store = open_store(config, &http).await?;
    let state = state(config, http, store, shared)?;
    if let Some(redis) = &state.redis {
        tokio::spawn(warn_about_eviction(redis.clone()));
    }
    Ok(state)
}

/// Says at start what a full Redis would lose under its eviction policy (`/readyz` says it
/// too). In the background: Redis may be down at start, and the instance starts anyway.
async fn warn_about_eviction(redis: RedisClient) {
    for _ in 0..30 {
        match redis.eviction_policy().await {
            Ok(Some(policy)) => {
                if let Some(risk) = policy.risk() {
                    tracing::warn!(maxmemory_policy = %policy.0, "{risk}");
                }
                return;
            }
            Ok(None) => {
                tracing::info!(
                    "Redis does not let CONFIG GET read maxmemory-policy: make sure it is noeviction"
                );
                return;
            }
            Err(_) => tokio::time::sleep(Duration::from_secs(2)).await,
        }
    }
}

/// The retention sweep over the state's store and images.
pub fn retention(config: &Config, state: &AppState) -> Retention {
    Retention {
        store: Arc::clone(&state.store),
        users: state.users.clone(),
        blobs: state.work.blobs.clone(),
        free_days: config.free_retention_days,
        // The process's leases, which the staff's role changes take too.
        leases: Arc::clone(&state.staff.leases),
        holder: instance_name(),
    }
}

/// A name for this process among the instances and workers: host, pid and a unique tail.
fn instance_name() -> String {
    format!(
        "{}-{}-{}",
        std::env::var("HOSTNAME").unwrap_or_else(|_| "lucent".into()),
        std::process::id(),
        crate::store::push_id::next()
    )
}

/// Scheduling rules every instance and worker must agree on.
fn rules(config: &Config) -> anyhow::Result<Rules> {
    Ok(Rules {
        per_free_user: 1,
        per_pro_user: 4,
        queue_limit: usize::try_from(config.queue_limit)?,
        pro_burst: config.pro_burst,
        lease: Duration::from_secs(config.job_lease),
        max_attempts: 3,
        // Admission is a quota write: far below this unless its gateway died (60 s by
        // default). A slower admission is still exact: the ledger settles what it holds.
        admission: Duration::from_secs(config.job_lease * 4),
        keep_ended: Duration::from_secs(60 * 60),
        keep_open: Duration::from_secs(24 * 60 * 60),
    })
}

fn catalog(config: &Config) -> anyhow::Result<Catalog> {
    Ok(match &config.catalog {
        Some(path) => Catalog::load(path).map_err(|e| anyhow::anyhow!("LUCENT_CATALOG: {e}"))?,
        None => Catalog::built_in(),
    })
}

/// Firebase Auth's admin API for staff roles: the emulator's copy when one is configured.
/// Role changes of one account are ordered by `leases`.
pub fn staff(
    config: &Config,
    http: &reqwest::Client,
    leases: Arc<dyn Leases>,
) -> anyhow::Result<Staff> {
    let (root, auth) = match &config.auth_emulator_host {
        Some(host) => (
            format!("http://{host}/identitytoolkit.googleapis.com/"),
            AccountsAuth::EmulatorOwner,
        ),
        None => (
            "https://identitytoolkit.googleapis.com/".to_owned(),
            AccountsAuth::Google(tokio::sync::OnceCell::new()),
        ),
    };
    let root =
        Url::parse(&root).map_err(|e| anyhow::anyhow!("FIREBASE_AUTH_EMULATOR_HOST: {e}"))?;
    Ok(Staff {
        accounts: Accounts::new(http.clone(), &root, &config.project_id, auth),
        leases,
        holder: instance_name(),
        daily_caps: StaffGrants {
            credits: config.support_daily_credits,
            pro: config.support_daily_pro,
        },
    })
}

fn token_verifier(config: &Config, http: &reqwest::Client) -> TokenVerifier {
    if let Some(host) = &config.auth_emulator_host {
        // A real project gets here only with the loudly named override (Config::validate).
        if config.is_demo_project() {
            tracing::info!(%host, "accepting unsigned tokens from the Firebase Auth emulator");
        } else {
            tracing::warn!(
                %host,
                project = %config.project_id,
                "LUCENT_DANGEROUSLY_ALLOW_EMULATORS_ON_A_REAL_PROJECT: UNSIGNED TOKENS ARE ACCEPTED"
            );
        }
        return TokenVerifier::emulator(&config.project_id);
    }
    let keys = GoogleKeys::new(http.clone(), config.google_keys_url.clone());
    TokenVerifier::google(&config.project_id, keys)
}

/// Warns, once at start, of every catalog checkpoint the backend says it does not have: a
/// style that cannot render is better found by the deployer than by a user.
pub async fn check_checkpoints(
    backend: Arc<dyn crate::worker::backend::Backend>,
    catalog: Catalog,
) {
    let titles: Vec<&str> = catalog
        .styles
        .iter()
        .map(|s| s.checkpoint.as_str())
        .collect();
    match backend.missing_checkpoints(&titles).await {
        Ok(missing) => {
            for checkpoint in missing {
                let styles: Vec<&str> = catalog
                    .styles
                    .iter()
                    .filter(|s| s.checkpoint.starts_with(&checkpoint))
                    .map(|s| s.id.as_str())
                    .collect();
                tracing::warn!(
                    backend = backend.kind(),
                    checkpoint,
                    styles = styles.join(","),
                    "the backend does not have this checkpoint; these styles will fail"
                );
            }
        }
        Err(e) => {
            tracing::warn!(backend = backend.kind(), error = %e, "cannot list the backend's checkpoints")
        }
    }
}
