//! What every handler can reach: one typed client or service per concern, behind one `Arc`.

use std::ops::Deref;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use secrecy::SecretString;

use super::edge::security_headers::SecurityHeaders;
use super::health::Readiness;
use crate::admission::Admission;
use crate::age::AgeChecks;
use crate::auth::TokenVerifier;
use crate::billing::Billing;
use crate::coordination::redis::RedisClient;
use crate::following::Following;
use crate::gallery::Gallery;
use crate::gallery::samples::Samples;
use crate::limits::RateLimits;
use crate::limits::streams::StreamSlots;
use crate::metrics::Metrics;
use crate::staff::Staff;
use crate::store::Store;
use crate::users::Users;
use crate::worker::WorkerParts;

/// Cheap to clone: everything lives behind one `Arc`.
#[derive(Clone)]
pub struct AppState(Arc<App>);

/// Settings only the HTTP layer reads.
#[derive(Debug, Clone)]
pub struct HttpSettings {
    /// The built web app, served with SPA fallback.
    pub static_dir: PathBuf,
    /// Proxies that append to `X-Forwarded-For` in front of the gateway.
    pub proxy_hops: u32,
    /// `/metrics` answers only with this bearer token; `None` keeps it off.
    pub metrics_token: Option<SecretString>,
    /// An event stream without an event this long ends with `idle`.
    pub stream_idle: Duration,
}

pub struct App {
    pub settings: HttpSettings,
    /// Verifies Firebase ID tokens (Google's keys, or the Auth emulator's unsigned tokens).
    pub auth: TokenVerifier,
    /// Staff roles, checked against the accounts themselves.
    pub staff: Staff,
    /// Raw record access, for readiness.
    pub store: Arc<dyn Store>,
    /// User records through the short pro-check cache.
    pub users: Users,
    /// Generation requests until the board holds them, and taking them back out of line.
    pub admission: Arc<Admission>,
    /// Where each job stands, and its events.
    pub following: Following,
    /// A user's images after they are made.
    pub gallery: Gallery,
    /// The styles' sample tiles.
    pub samples: Samples,
    /// This process's GPU side: its renderer, the image store, reaping and settlement.
    pub work: WorkerParts,
    /// The card processor `LUCENT_BILLING` names, behind billing's one port.
    pub billing: Billing,
    /// Persona (or the offline test page), when explicit imagery needs a verified age.
    pub age: AgeChecks,
    /// Counters and histograms for `/metrics`.
    pub metrics: Arc<Metrics>,
    /// Per-user and per-address rate limits.
    pub limits: RateLimits,
    /// Open event streams per user.
    pub streams: StreamSlots,
    /// Exports being written per user: one at a time.
    pub exports: StreamSlots,
    /// The state shared with other instances, when there are any.
    pub redis: Option<RedisClient>,
    /// The headers every response carries.
    pub security_headers: SecurityHeaders,
    /// The last readiness answer, reused for a few seconds.
    pub readiness: Readiness,
}

impl AppState {
    pub fn new(app: App) -> Self {
        Self(Arc::new(app))
    }
}

impl Deref for AppState {
    type Target = App;
    fn deref(&self) -> &App {
        &self.0
    }
}
