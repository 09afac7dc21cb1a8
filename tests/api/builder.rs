//! `TestApp::builder()`: what a test starts the app with, one typed method per setting, so a
//! misspelt setting does not compile. The settings become `lucent serve` flags read by the real
//! parser: a test's app gets a deployment's defaults, value checks and `validate()`.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, ValueEnum};
use lucent::age;
use lucent::config::{BillingMode, Config, MeaningMode, RateLimitMode};
use lucent::process::application::Application;
use lucent::process::shared::SharedParts;
use wiremock::MockServer;

use crate::fake_persona;
use crate::helpers::TestApp;
use crate::test_keys;

/// The backend that draws the images, at its base URL; unset, the built-in renderer.
pub enum Generator<'a> {
    /// No renderer in this process: the jobs wait for workers elsewhere.
    None,
    A1111(&'a str),
    ComfyUi(&'a str),
    Legacy(&'a str),
}

/// Whether the app's background work (worker, reaping, settlement) runs by itself, or only
/// when the test drains it ([`TestApp::reap_and_settle`]).
pub enum Tasks {
    Run,
    Off,
}

/// The settings of one test's app; `spawn` starts it. `Arrange` changes the shared parts
/// before the app is built on them (a test wraps the board in a fault).
#[must_use]
pub struct TestAppBuilder<Arrange = fn(&mut SharedParts)> {
    flags: Vec<String>,
    age_check: age::Mode,
    tasks: Tasks,
    arrange: Arrange,
}

#[derive(Parser)]
struct ConfigOnly {
    #[command(flatten)]
    config: Config,
}

impl TestApp {
    /// A fresh local start: the built-in renderer, the embedded store, test billing, and no
    /// age check (the age checks' own tests ask for one; the rest test what an adult may do).
    pub fn builder() -> TestAppBuilder {
        TestAppBuilder {
            flags: Vec::new(),
            age_check: age::Mode::Off,
            tasks: Tasks::Run,
            arrange: |_| {},
        }
    }
}

impl<Arrange> TestAppBuilder<Arrange> {
    fn set(mut self, flag: &str, value: impl ToString) -> Self {
        self.flags.extend([flag.to_owned(), value.to_string()]);
        self
    }

    pub fn generator(self, generator: Generator) -> Self {
        let spec = match generator {
            Generator::None => "none".to_owned(),
            Generator::A1111(url) => format!("a1111+{url}"),
            Generator::ComfyUi(url) => format!("comfyui+{url}"),
            Generator::Legacy(url) => format!("legacy+{url}"),
        };
        self.set("--generator", spec)
    }

    /// The job queue and the state several instances share, on the Redis at `url`.
    pub fn redis(self, url: &str) -> Self {
        self.set("--redis-url", url)
    }

    /// User records in the Realtime Database at `url`, reached through the emulator at `host`
    /// (`host:port`).
    pub fn database(self, url: &str, emulator_host: &str) -> Self {
        self.set("--database-url", url)
            .set("--database-emulator-host", emulator_host)
    }

    /// Unsigned tokens accepted, accounts looked up at the Auth emulator at `host:port`.
    pub fn auth_emulator(self, host: &str) -> Self {
        self.set("--auth-emulator-host", host)
    }

    /// The image blob store at `url` (`file://…`).
    pub fn image_store(self, url: &str) -> Self {
        self.set("--image-store", url)
    }

    pub fn catalog(self, file: &Path) -> Self {
        self.set("--catalog", file.display())
    }

    pub fn safety_lists(self, dir: &Path) -> Self {
        self.set("--safety-lists", dir.display())
    }

    pub fn meaning(self, mode: MeaningMode) -> Self {
        self.set("--meaning", value_name(mode))
    }

    pub fn rate_limits(self, mode: RateLimitMode) -> Self {
        self.set("--rate-limits", value_name(mode))
    }

    pub fn age_check(mut self, mode: age::Mode) -> Self {
        self.age_check = mode;
        self
    }

    /// Age checks by Persona at `api_base`, with the fake's key, template and webhook secrets
    /// (the current one and the one being rotated out).
    pub fn persona(self, api_base: &str) -> Self {
        let secrets = format!("{},{}", fake_persona::SECRET, fake_persona::PREVIOUS_SECRET);
        self.age_check(age::Mode::Persona)
            .set("--persona-api-key", fake_persona::KEY)
            .set("--persona-template-id", fake_persona::TEMPLATE)
            .set("--persona-webhook-secret", secrets)
            .set("--persona-api-base", api_base)
    }

    /// Persona is asked to delete an inquiry's personal data once its result is read.
    pub fn persona_redact(self) -> Self {
        self.set("--persona-redact", true)
    }

    /// Billing on Stripe at `api_base`, its webhooks signed with `webhook_secret`.
    pub fn stripe(self, api_base: &str, webhook_secret: &str) -> Self {
        self.set("--billing", value_name(BillingMode::Stripe))
            .set(
                "--stripe-secret-key",
                "sk_test_lucent_4eC39HqLyjWDarjtT1zdp7dc",
            )
            .set("--stripe-price-id", "price_premium_monthly")
            .set("--stripe-webhook-secret", webhook_secret)
            .set("--stripe-api-base", api_base)
    }

    /// Billing on Verotel, FlexPay and the Control Center both at `base`, as the fake's website.
    pub fn verotel(mut self, base: &str) -> Self {
        // The same flags start the `lucent serve` processes of the scale-out tests.
        self.flags.extend(crate::fake_verotel::flags_for(base));
        self
    }

    /// Where the payment pages send the user back to.
    pub fn public_url(self, url: &str) -> Self {
        self.set("--public-url", url)
    }

    pub fn free_daily(self, credits: u32) -> Self {
        self.set("--free-daily", credits)
    }

    pub fn pro_monthly(self, credits: u32) -> Self {
        self.set("--pro-monthly", credits)
    }

    pub fn support_daily_credits(self, credits: u32) -> Self {
        self.set("--support-daily-credits", credits)
    }

    pub fn support_daily_pro(self, plans: u32) -> Self {
        self.set("--support-daily-pro", plans)
    }

    pub fn queue_limit(self, jobs: u64) -> Self {
        self.set("--queue-limit", jobs)
    }

    pub fn generator_timeout(self, span: Duration) -> Self {
        self.set("--generator-timeout", seconds(span))
    }

    pub fn store_timeout(self, span: Duration) -> Self {
        self.set("--store-timeout", seconds(span))
    }

    pub fn payments_timeout(self, span: Duration) -> Self {
        self.set("--payments-timeout", seconds(span))
    }

    pub fn header_timeout(self, span: Duration) -> Self {
        self.set("--header-timeout", seconds(span))
    }

    pub fn job_lease(self, span: Duration) -> Self {
        self.set("--job-lease", seconds(span))
    }

    pub fn stream_idle(self, span: Duration) -> Self {
        self.set("--stream-idle", seconds(span))
    }

    pub fn metrics_token(self, token: &str) -> Self {
        self.set("--metrics-token", token)
    }

    /// An OpenAI moderation endpoint at `api_base`, called with `key`.
    pub fn moderation(self, key: &str, api_base: &str) -> Self {
        self.set("--moderation-key", key)
            .set("--moderation-api-base", api_base)
    }

    /// C2PA Content Credentials signed with this certificate chain and its key.
    pub fn c2pa(self, cert: &Path, key: &Path) -> Self {
        self.set("--c2pa-cert", cert.display())
            .set("--c2pa-key", key.display())
    }

    pub fn tasks(mut self, tasks: Tasks) -> Self {
        self.tasks = tasks;
        self
    }

    pub fn arrange<Then: FnOnce(&mut SharedParts)>(self, arrange: Then) -> TestAppBuilder<Then> {
        TestAppBuilder {
            flags: self.flags,
            age_check: self.age_check,
            tasks: self.tasks,
            arrange,
        }
    }

    /// The configuration of a start in `data_dir` with these settings, from flags only (never
    /// the caller's environment), checked as `lucent serve` checks it.
    pub fn config(&self, data_dir: &Path) -> Config {
        let static_dir = data_dir.join("web");
        let age_check = value_name(self.age_check);
        let args = [
            "--addr",
            "127.0.0.1:0",
            "--data-dir",
            data_dir.to_str().unwrap(),
            "--static-dir",
            static_dir.to_str().unwrap(),
            "--age-check",
            &age_check,
        ];
        let args = ["lucent"]
            .into_iter()
            .chain(args)
            .chain(self.flags.iter().map(String::as_str));
        let config = ConfigOnly::try_parse_from(args)
            .expect("test config parses")
            .config;
        config.validate().expect("test config is valid");
        config
    }
}

impl<Arrange: FnOnce(&mut SharedParts)> TestAppBuilder<Arrange> {
    /// The real router on a random port, with its own data directory, Google's key endpoint
    /// played by a local server.
    pub async fn spawn(self) -> TestApp {
        let data_dir = tempfile::tempdir().unwrap();
        write_web_app(&data_dir.path().join("web"));
        let keys = MockServer::start().await;
        test_keys::serve_keys(&keys, &[(test_keys::KID_A, test_keys::CERT_A)]).await;
        let builder = self.set("--google-keys-url", format!("{}/keys", keys.uri()));
        let config = builder.config(data_dir.path());
        let mut shared = lucent::process::wiring::shared_parts(&config).unwrap();
        (builder.arrange)(&mut shared);
        let board = Arc::clone(&shared.board);
        let app = Application::build_on(&config, shared).await.unwrap();
        let (stop, stopping) = tokio::sync::watch::channel(false);
        if let Tasks::Run = builder.tasks {
            app.start_jobs(&stopping).unwrap();
        }
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        let state = app.state.clone();
        tokio::spawn(async move { app.serve(listener, std::future::pending()).await });
        TestApp {
            address,
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .unwrap(),
            data_dir,
            state,
            keys,
            board,
            _jobs: stop,
        }
    }
}

/// A value as its flag spells it.
fn value_name(value: impl ValueEnum) -> String {
    value
        .to_possible_value()
        .expect("a value the flag takes")
        .get_name()
        .to_owned()
}

/// The flags count whole seconds.
fn seconds(span: Duration) -> u64 {
    assert_eq!(span.subsec_nanos(), 0, "{span:?} is not whole seconds");
    span.as_secs()
}

/// A stand-in for `frontend/dist`: an index page and one hashed asset.
fn write_web_app(dir: &Path) {
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>Lucent</title><div id=root></div>",
    )
    .unwrap();
    std::fs::write(dir.join("assets/index-abc123.js"), "console.log('lucent')").unwrap();
}
