//! `spawn_app()`: the real router on a random port, with its own data directory, and one typed
//! helper per endpoint.

use clap::Parser;
use lucent::config::Config;
use lucent::{AppState, build_app};
use serde_json::{Value, json};
use std::path::Path;
use tempfile::TempDir;
use wiremock::MockServer;

use crate::test_keys;

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    /// Google's key endpoint, played by a local server.
    pub keys: MockServer,
    /// Keeps the data directory alive as long as the app.
    pub data_dir: TempDir,
}

#[derive(Parser)]
struct ConfigOnly {
    #[command(flatten)]
    config: Config,
}

/// The configuration of a fresh local start, from flags only (never the caller's environment).
pub fn test_config(data_dir: &Path, extra: &[&str]) -> Config {
    let data = data_dir.to_str().unwrap();
    let static_dir = data_dir.join("web");
    let mut args = vec![
        "lucent",
        "--addr",
        "127.0.0.1:0",
        "--data-dir",
        data,
        "--static-dir",
        static_dir.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let config = ConfigOnly::try_parse_from(args)
        .expect("test config parses")
        .config;
    config.validate().expect("test config is valid");
    config
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(&[]).await
}

pub async fn spawn_app_with(extra: &[&str]) -> TestApp {
    let data_dir = tempfile::tempdir().unwrap();
    write_web_app(&data_dir.path().join("web"));
    let keys = MockServer::start().await;
    test_keys::serve_keys(&keys, &[(test_keys::KID_A, test_keys::CERT_A)]).await;
    let keys_url = format!("{}/keys", keys.uri());
    let mut args = vec!["--google-keys-url", keys_url.as_str()];
    args.extend_from_slice(extra);
    let config = test_config(data_dir.path(), &args);
    let http = lucent::state::http_client().unwrap();
    let store = lucent::state::open_store(&config, &http).await.unwrap();
    let state = AppState::new(config, http, store).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    let app = build_app(state);
    tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
        )
        .await
        .unwrap();
    });
    TestApp {
        address,
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap(),
        data_dir,
        keys,
    }
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

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    pub async fn get_healthz(&self) -> reqwest::Response {
        self.get("/healthz").await
    }

    pub async fn get_readyz(&self) -> reqwest::Response {
        self.get("/readyz").await
    }
}

impl TestApp {
    pub async fn get_me(&self, token: &str) -> reqwest::Response {
        self.client
            .get(self.url("/api/v1/me"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
    }

    pub async fn post_me(&self, token: &str, body: &Value) -> reqwest::Response {
        self.client
            .post(self.url("/api/v1/me"))
            .bearer_auth(token)
            .json(body)
            .send()
            .await
            .unwrap()
    }

    /// A registered user: a token for `uid` and a profile made through the API.
    pub async fn register(&self, uid: &str) -> String {
        let token = test_keys::token_for(uid);
        let response = self
            .post_me(&token, &json!({ "username": uid, "ageConfirmed": true }))
            .await;
        assert_eq!(response.status(), 200, "registering {uid}");
        token
    }
}

/// The JSON error body's `code`, asserting the status on the way.
pub async fn error_code(response: reqwest::Response, status: u16) -> String {
    assert_eq!(response.status(), status);
    let body: Value = response.json().await.unwrap();
    body["error"]["code"].as_str().unwrap().to_owned()
}
