//! `TestApp`: the real router on a random port (`TestApp::builder()`, or `spawn_app()` for the
//! defaults), with its own data directory, and one typed helper per endpoint.

use lucent::AppState;
use lucent::jobs::{Depth, JobBoard};
use serde_json::{Value, json};
use std::sync::Arc;
use tempfile::TempDir;
use tokio::sync::broadcast::error::RecvError;
use wiremock::MockServer;

use crate::test_keys;

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    /// Google's key endpoint, played by a local server.
    pub keys: MockServer,
    /// Keeps the data directory alive as long as the app.
    pub data_dir: TempDir,
    /// The running app's state, for arranging what the API cannot (plans, old records).
    pub state: AppState,
    /// The job board the app runs on, to wait for the line to change.
    pub board: Arc<dyn JobBoard>,
    /// The in-process worker and sweeper run while this is held.
    pub(crate) _jobs: tokio::sync::watch::Sender<bool>,
}

pub async fn spawn_app() -> TestApp {
    TestApp::builder().spawn().await
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

    /// `POST /api/v1/checkout`.
    pub async fn post_checkout(&self, token: &str) -> reqwest::Response {
        self.post_empty("/api/v1/checkout", token).await
    }

    /// `POST /api/v1/billing/portal`.
    pub async fn post_portal(&self, token: &str) -> reqwest::Response {
        self.post_empty("/api/v1/billing/portal", token).await
    }

    async fn post_empty(&self, path: &str, token: &str) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
    }

    /// The checkout URL `POST /api/v1/checkout` answers.
    pub async fn checkout_url(&self, token: &str) -> String {
        let response = self.post_checkout(token).await;
        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.unwrap();
        body["url"].as_str().unwrap().to_owned()
    }

    /// `POST /api/v1/payment-success`: `uid` came back from checkout `session`.
    pub async fn post_payment_success(
        &self,
        token: &str,
        uid: &str,
        session: &str,
    ) -> reqwest::Response {
        self.client
            .post(self.url("/api/v1/payment-success"))
            .bearer_auth(token)
            .json(&json!({"sessionId": session, "firebaseId": uid}))
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

impl TestApp {
    pub async fn generate(&self, token: &str, body: &Value) -> reqwest::Response {
        self.client
            .post(self.url("/api/v1/generations"))
            .bearer_auth(token)
            .json(body)
            .send()
            .await
            .unwrap()
    }

    /// A generation that must succeed; the JSON of its only image.
    pub async fn generate_ok(&self, token: &str, body: &Value) -> Value {
        let mut made = self.generate_all(token, body).await;
        assert_eq!(made.len(), 1, "one image: {made:?}");
        made.remove(0)
    }

    /// A generation that must succeed; the JSON of each image.
    pub async fn generate_all(&self, token: &str, body: &Value) -> Vec<Value> {
        let response = self.generate(token, body).await;
        let status = response.status();
        let json: Value = response.json().await.unwrap();
        assert_eq!(status, 201, "{json}");
        json["generations"]
            .as_array()
            .expect("{generations: [...]}")
            .clone()
    }

    /// The stream's events as (name, data) pairs.
    pub async fn generate_stream(&self, token: &str, body: &Value) -> (u16, Vec<(String, Value)>) {
        let response = self
            .client
            .post(self.url("/api/v1/generations"))
            .bearer_auth(token)
            .header("accept", "text/event-stream")
            .json(body)
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        (status, parse_sse(&text))
    }

    pub async fn get_image(&self, token: &str, id: &str, download: bool) -> reqwest::Response {
        let query = if download { "?download=1" } else { "" };
        self.client
            .get(self.url(&format!("/api/v1/generations/{id}/image{query}")))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
    }

    pub async fn delete_generation(&self, token: &str, id: &str) -> reqwest::Response {
        self.client
            .delete(self.url(&format!("/api/v1/generations/{id}")))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
    }

    /// `PUT` (mark) or `DELETE` (unmark) `/api/v1/generations/{id}/favorite`.
    pub async fn favorite(&self, token: &str, id: &str, mark: bool) -> reqwest::Response {
        let url = self.url(&format!("/api/v1/generations/{id}/favorite"));
        let request = if mark {
            self.client.put(url)
        } else {
            self.client.delete(url)
        };
        request.bearer_auth(token).send().await.unwrap()
    }

    pub async fn list_generations(&self, token: &str, query: &str) -> reqwest::Response {
        self.client
            .get(self.url(&format!("/api/v1/generations{query}")))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
    }

    /// Marks `uid`'s age verified, as a provider's approval would.
    pub async fn verify_age(&self, uid: &str) {
        let now = lucent::store::now_ms();
        let check = lucent::store::AgeCheck {
            status: lucent::store::AgeStatus::Verified,
            provider: "test".into(),
            reference: String::new(),
            checked_at: now,
            read_at: now,
        };
        self.state.store.set_age_check(uid, &check).await.unwrap();
        self.state.users.changed(uid).await;
    }

    /// Makes `uid` pro, as a confirmed payment would.
    pub async fn make_pro(&self, uid: &str) {
        self.pro_for_a_month(uid, None).await;
    }

    /// Makes `uid` pro through a processor's subscription, which keeps billing: taking it
    /// away is an admin's call.
    pub async fn pays_for_premium(&self, uid: &str) {
        self.pro_for_a_month(uid, Some("sub_1")).await;
    }

    async fn pro_for_a_month(&self, uid: &str, subscription_id: Option<&str>) {
        let sub = lucent::store::Subscription {
            plan_type: Some("pro".into()),
            status: Some("active".into()),
            current_period_end: Some(lucent::store::now_ms() + 30 * 24 * 3600 * 1000),
            subscription_id: subscription_id.map(str::to_owned),
            ..Default::default()
        };
        self.state
            .users
            .merge_subscription(uid, &sub)
            .await
            .unwrap();
    }

    /// The bytes the image store holds at `key`.
    pub async fn stored_blob(&self, key: &str) -> Vec<u8> {
        let blobs = &self.state.work.blobs;
        blobs
            .get(key)
            .await
            .unwrap()
            .expect("a stored blob")
            .to_vec()
    }

    /// Replaces what the image store holds at `key`.
    pub async fn put_blob(&self, key: &str, bytes: Vec<u8>) {
        self.state.work.blobs.put(key, bytes).await.unwrap();
    }

    /// Credits used now, as the API reports them.
    pub async fn credits_used(&self, token: &str) -> u64 {
        let me: Value = self.get_me(token).await.json().await.unwrap();
        me["quota"]["used"].as_u64().unwrap()
    }

    /// Waits (briefly) for `expected` credits: for work that goes on after its client left.
    /// What was used last, if it never came.
    pub async fn wait_for_credits(&self, token: &str, expected: u64) -> u64 {
        let mut used = self.credits_used(token).await;
        let came = async || {
            used = self.credits_used(token).await;
            used == expected
        };
        let _ = tokio::time::timeout(std::time::Duration::from_secs(5), poll_until(came)).await;
        used
    }

    /// Moves the app's clock (tokio's, which the board and the key cache read) on by `span` at
    /// once: for what waits out a grace or a deadline, without waiting it.
    pub async fn move_clock_on(&self, span: std::time::Duration) {
        tokio::time::pause();
        tokio::time::advance(span).await;
        tokio::time::resume();
    }
}

impl TestApp {
    /// One pass of reaping and then of settlement, as the tasks run them: what was due by now
    /// is settled when this returns.
    pub async fn reap_and_settle(&self) {
        self.state.work.reaper().reap().await;
        self.state.work.settler.settle_leftovers().await;
    }

    /// The retention sweep as `lucent serve` makes it: one holder of the lease.
    pub fn retention(&self) -> lucent::gallery::retention::Retention {
        let config = TestApp::builder().config(self.data_dir.path());
        lucent::process::wiring::retention(&config, &self.state)
    }

    /// One pass of the retention sweep; how many images it removed.
    pub async fn sweep(&self) -> usize {
        self.retention().sweep_once().await.unwrap()
    }

    /// `POST /api/v1/jobs` that must be accepted: the job's id.
    pub async fn submit_job(&self, token: &str, body: &Value) -> String {
        let response = self
            .client
            .post(self.url("/api/v1/jobs"))
            .bearer_auth(token)
            .json(body)
            .send()
            .await
            .unwrap();
        let status = response.status();
        let job: Value = response.json().await.unwrap();
        assert_eq!(status, 202, "{job}");
        job["id"].as_str().unwrap().to_owned()
    }

    /// `GET /api/v1/jobs/{id}/events`: the answer, its body the stream as it comes.
    pub async fn job_events(&self, token: &str, id: &str) -> reqwest::Response {
        self.client
            .get(self.url(&format!("/api/v1/jobs/{id}/events")))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
    }

    /// Suspends `uid`'s generation, as five refusals in a day do.
    pub async fn suspend(&self, uid: &str) {
        let suspension = lucent::store::Suspension {
            since: lucent::store::now_ms(),
            reason: "a test".into(),
            upheld_at: None,
        };
        self.state
            .store
            .set_suspension(uid, &suspension)
            .await
            .unwrap();
        self.state.users.changed(uid).await;
    }

    /// Waits until the line, as the board counts it, is what `ready` wants: looked at again each
    /// time the board rings a change, never on a timer.
    pub async fn until_line(&self, ready: impl Fn(&Depth) -> bool) {
        // Listening before looking: a change between the two still rings.
        let mut rings = self.board.changes();
        while !ready(&self.board.depth().await.unwrap()) {
            if let Err(RecvError::Closed) = rings.recv().await {
                panic!("the board stopped before the line was ready");
            }
        }
    }

    /// Jobs waiting for a worker, as the board counts them.
    pub async fn jobs_waiting(&self) -> u64 {
        let depth = self.state.following.depth().await.unwrap();
        depth.queued_pro + depth.queued_free
    }
}

/// Polls every 20 ms until `ready` holds, for at most `within`; the arrangement, not the
/// assertion, waits. For what only a real process, a real Redis or another app's caches can
/// tell; what the board can tell, [`TestApp::until_line`] waits for.
pub async fn until(within: std::time::Duration, ready: impl AsyncFnMut() -> bool) {
    tokio::time::timeout(within, poll_until(ready))
        .await
        .expect("the arrangement never became ready");
}

/// Asks `ready` every 20 ms until it holds.
pub async fn poll_until(mut ready: impl AsyncFnMut() -> bool) {
    while !ready().await {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// The `id`s of a JSON array of objects, in order.
pub fn ids(list: &Value) -> Vec<&str> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|item| item["id"].as_str().expect("an id"))
        .collect()
}

pub fn parse_sse(text: &str) -> Vec<(String, Value)> {
    text.split("\n\n")
        .filter_map(|block| {
            let mut name = None;
            let mut data = String::new();
            for line in block.lines() {
                if let Some(v) = line.strip_prefix("event:") {
                    name = Some(v.trim().to_owned());
                } else if let Some(v) = line.strip_prefix("data:") {
                    data.push_str(v.trim());
                }
            }
            Some((name?, serde_json::from_str(&data).ok()?))
        })
        .collect()
}

/// A small valid PNG, as a backend would send.
pub fn png(width: u32, height: u32, seed: u8) -> Vec<u8> {
    let img = image::RgbaImage::from_fn(width, height, |x, y| {
        let v = ((x * 7 + y * 13) as u8).wrapping_mul(seed | 1);
        image::Rgba([v, v.wrapping_add(90), v.wrapping_mul(3), 255])
    });
    let mut bytes = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .unwrap();
    bytes
}
