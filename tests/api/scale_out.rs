//! Real processes on one Redis: two `lucent serve` with `LUCENT_GENERATOR=none` take requests,
//! `lucent worker`s beside a slow A1111 backend (a local server in its wire format) run them.
//! They share one data directory, as they would share one database and bucket.

use std::time::Duration;

use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::backends::{slow_answer, txt2img_calls};
use crate::helpers::{poll_until, until};
use crate::process::Instance;
use crate::redis_server::RedisServer;
use crate::test_keys::{claims, unsigned};

pub struct Deployment {
    pub gateways: [Instance; 2],
    pub backend: MockServer,
    pub redis: RedisServer,
    pub data: tempfile::TempDir,
    pub client: reqwest::Client,
    /// What every process is started with besides the deployment's own flags.
    extra: Vec<String>,
}

pub const LEASE: &str = "2";
pub const METRICS_TOKEN: &str = "scrape-metrics-token";

impl Deployment {
    pub async fn start(backend_ms: u64) -> Self {
        Self::start_with(backend_ms, &[]).await
    }

    /// Two gateways, and workers later, with `extra` flags each.
    pub async fn start_with(backend_ms: u64, extra: &[&str]) -> Self {
        let redis = RedisServer::start().await;
        let backend = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/sdapi/v1/txt2img"))
            .respond_with(slow_answer(backend_ms))
            .mount(&backend)
            .await;
        Mock::given(method("POST"))
            .and(path("/sdapi/v1/interrupt"))
            .respond_with(ResponseTemplate::new(200))
            .mount(&backend)
            .await;
        let data = tempfile::tempdir().unwrap();
        let gateways = [0, 1].map(|_| {
            let mut args = vec![
                "--redis-url",
                &redis.url,
                "--generator",
                "none",
                "--job-lease",
                LEASE,
                "--metrics-token",
                METRICS_TOKEN,
            ];
            args.extend_from_slice(extra);
            Instance::serve(data.path(), &args)
        });
        Self {
            gateways,
            backend,
            redis,
            data,
            extra: extra.iter().map(|&flag| flag.to_owned()).collect(),
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .unwrap(),
        }
    }

    pub fn worker(&self) -> Instance {
        let generator = format!("a1111+{}", self.backend.uri());
        let mut args = vec![
            "--redis-url",
            &self.redis.url,
            "--generator",
            &generator,
            "--job-lease",
            LEASE,
            "--metrics-token",
            METRICS_TOKEN,
        ];
        args.extend(self.extra.iter().map(String::as_str));
        Instance::worker(self.data.path(), &args)
    }

    pub async fn register(&self, uid: &str) -> String {
        let token = unsigned(&claims(uid));
        let response = self
            .client
            .post(self.gateways[0].url("/api/v1/me"))
            .bearer_auth(&token)
            .json(&json!({"username": uid, "ageConfirmed": true}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        token
    }

    /// `POST /api/v1/jobs` through gateway `via`: the status and the body.
    pub async fn submit(&self, via: usize, token: &str) -> (u16, Value) {
        self.submit_job(via, token, &json!({"prompt": "a fox"}))
            .await
    }

    /// `POST /api/v1/jobs` of `job` through gateway `via`: the status and the body.
    pub async fn submit_job(&self, via: usize, token: &str, job: &Value) -> (u16, Value) {
        let response = self
            .client
            .post(self.gateways[via].url("/api/v1/jobs"))
            .bearer_auth(token)
            .json(job)
            .send()
            .await
            .unwrap();
        (response.status().as_u16(), response.json().await.unwrap())
    }

    /// `GET /api/v1/jobs/{id}/events` through gateway `via`: the answer, its body the stream.
    pub async fn events(&self, via: usize, token: &str, id: &str) -> reqwest::Response {
        self.client
            .get(self.gateways[via].url(&format!("/api/v1/jobs/{id}/events")))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
    }

    /// `POST /api/v1/me` through gateway `via`: the status.
    async fn save_profile(&self, via: usize, token: &str) -> u16 {
        let response = self
            .client
            .post(self.gateways[via].url("/api/v1/me"))
            .bearer_auth(token)
            .json(&json!({"username": "someone", "ageConfirmed": true}))
            .send()
            .await
            .unwrap();
        response.status().as_u16()
    }

    /// Test-mode checkout as a browser goes through it: the session through gateway
    /// `checkout`, the card form through `card`, the success page's confirmation through
    /// `confirm`.
    async fn subscribe(&self, uid: &str, token: &str, [checkout, card, confirm]: [usize; 3]) {
        let response = self
            .client
            .post(self.gateways[checkout].url("/api/v1/checkout"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let url: Value = response.json().await.unwrap();
        let url = url::Url::parse(url["url"].as_str().unwrap()).unwrap();
        let session = url.path().rsplit('/').next().unwrap().to_owned();
        let paid = self
            .client
            .post(self.gateways[card].url(url.path()))
            .form(&[("card", "4242 4242 4242 4242")])
            .send()
            .await
            .unwrap();
        assert_eq!(
            paid.status(),
            303,
            "the card form through the other instance"
        );
        let confirmed = self
            .client
            .post(self.gateways[confirm].url("/api/v1/payment-success"))
            .bearer_auth(token)
            .json(&json!({"sessionId": session, "firebaseId": uid}))
            .send()
            .await
            .unwrap();
        assert_eq!(confirmed.status(), 200);
    }

    pub async fn get(&self, via: usize, token: &str, path: &str) -> Value {
        let response = self
            .client
            .get(self.gateways[via].url(path))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{path}");
        response.json().await.unwrap()
    }

    pub async fn metrics(&self, instance: &Instance) -> String {
        let response = self
            .client
            .get(instance.url("/metrics"))
            .bearer_auth(METRICS_TOKEN)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        response.text().await.unwrap()
    }

    pub async fn backend_calls(&self) -> usize {
        txt2img_calls(&self.backend).await.len()
    }

    /// Polls the job through gateway `via` until it ended; its last view.
    pub async fn until_ended(&self, via: usize, token: &str, id: &str) -> Value {
        let mut job = Value::Null;
        let ended = async || {
            job = self.get(via, token, &format!("/api/v1/jobs/{id}")).await;
            !matches!(job["status"].as_str(), Some("queued" | "running"))
        };
        let done = tokio::time::timeout(Duration::from_secs(30), poll_until(ended)).await;
        assert!(done.is_ok(), "job {id} never ended: {job}");
        job
    }
}

/// How long an arrangement here may take: processes start, a lease runs out.
pub const ARRANGING: Duration = Duration::from_secs(30);

#[tokio::test]
async fn a_worker_killed_mid_job_costs_one_credit_one_record_and_the_client_gets_its_image() {
    let deployment = Deployment::start(1500).await;
    let mut first = deployment.worker();
    let alice = deployment.register("alice").await;

    let (status, job) = deployment.submit(0, &alice).await;
    assert_eq!(status, 202, "{job}");
    let id = job["id"].as_str().unwrap().to_owned();
    until(ARRANGING, async || deployment.backend_calls().await == 1).await;
    first.child.kill().unwrap();
    let _second = deployment.worker();

    let ended = deployment.until_ended(1, &alice, &id).await;

    assert_eq!(ended["status"], "succeeded", "{ended}");
    assert_eq!(
        deployment.backend_calls().await,
        2,
        "run again after the lease ran out"
    );
    let me = deployment.get(1, &alice, "/api/v1/me").await;
    assert_eq!(me["quota"]["used"], 1, "{me}");
    let history = deployment.get(0, &alice, "/api/v1/generations").await;
    assert_eq!(history["items"].as_array().unwrap().len(), 1, "{history}");
    assert_eq!(history["items"][0]["id"], ended["generations"][0]["id"]);
}

#[tokio::test]
async fn a_free_users_second_job_through_the_other_gateway_is_refused() {
    let deployment = Deployment::start(1000).await;
    let ann = deployment.register("ann").await;

    let (first, _) = deployment.submit(0, &ann).await;
    let (second, body) = deployment.submit(1, &ann).await;

    assert_eq!((first, second), (202, 429));
    assert_eq!(body["error"]["code"], "too_many_requests");
}

#[tokio::test]
async fn a_pro_job_submitted_through_the_other_gateway_goes_before_queued_free_jobs() {
    let deployment = Deployment::start(2000).await;
    let _worker = deployment.worker();
    let mut free = Vec::new();
    for uid in ["f1", "f2", "f3"] {
        let token = deployment.register(uid).await;
        let (status, job) = deployment.submit(0, &token).await;
        assert_eq!(status, 202);
        free.push((token, job["id"].as_str().unwrap().to_owned()));
    }
    until(ARRANGING, async || deployment.backend_calls().await == 1).await;
    let pro = deployment.register("pro").await;
    make_pro(&deployment, "pro").await;

    let (status, job) = deployment.submit(1, &pro).await;

    assert_eq!(status, 202, "{job}");
    assert_eq!(job["position"], 1, "{job}");
    let (token, id) = &free[1];
    let waiting = deployment
        .get(0, token, &format!("/api/v1/jobs/{id}"))
        .await;
    assert_eq!(waiting["position"], 2, "{waiting}");
}

/// Pro by the support command, as a person at a console would make someone pro: told to the
/// running instances through the deployment's Redis.
pub async fn make_pro(deployment: &Deployment, uid: &str) {
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_lucent"))
        .env_clear()
        .env("LUCENT_REDIS_URL", &deployment.redis.url)
        .arg("users")
        .arg("--data-dir")
        .arg(deployment.data.path())
        .args(["set-plan", uid, "pro", "--reason", "test"])
        .output()
        .unwrap()
        .status;
    assert!(status.success());
}

#[tokio::test]
async fn with_redis_stopped_new_jobs_are_503_and_after_its_restart_they_run() {
    let mut deployment = Deployment::start(100).await;
    let _worker = deployment.worker();
    let ann = deployment.register("ann").await;

    deployment.redis.kill();
    let (status, body) = deployment.submit(0, &ann).await;
    let me = deployment
        .client
        .get(deployment.gateways[1].url("/api/v1/me"))
        .bearer_auth(&ann)
        .send()
        .await
        .unwrap()
        .status();
    deployment.redis.resume().await;

    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (503, Some("dependency_unavailable"))
    );
    assert_eq!(me, 200, "the profile does not need Redis");
    let mut submitted = None;
    until(ARRANGING, async || {
        let (status, job) = deployment.submit(1, &ann).await;
        submitted = (status == 202).then_some(job);
        submitted.is_some()
    })
    .await;
    let id = submitted.unwrap()["id"].as_str().unwrap().to_owned();
    let ended = deployment.until_ended(0, &ann, &id).await;
    assert_eq!(ended["status"], "succeeded", "{ended}");
    let me = deployment.get(0, &ann, "/api/v1/me").await;
    assert_eq!(me["quota"]["used"], 1, "no credit lost in the outage: {me}");
}

#[tokio::test]
async fn alternate_requests_across_instances_spend_one_rate_limit_budget() {
    let deployment = Deployment::start(100).await;
    let ann = deployment.register("ann").await;

    // A user may save a profile 10 times at once (`Class::ProfileWrite`); registering was one.
    let mut statuses = Vec::new();
    for i in 0..10 {
        statuses.push(deployment.save_profile(i % 2, &ann).await);
    }

    assert_eq!(statuses[..9], [200; 9]);
    assert_eq!(
        statuses[9], 429,
        "two instances gave two budgets: {statuses:?}"
    );
}

#[tokio::test]
async fn a_payment_confirmed_on_one_instance_makes_the_user_pro_on_the_other_within_a_second() {
    let deployment = Deployment::start(100).await;
    let ann = deployment.register("ann").await;
    let before = deployment.get(1, &ann, "/api/v1/me").await;
    assert_eq!(before["plan"], "free", "and instance 1 now has it cached");

    deployment.subscribe("ann", &ann, [0, 1, 0]).await;

    // Instance 1's cache would keep "free" for up to 3 s without the announcement.
    until(Duration::from_secs(1), async || {
        deployment.get(1, &ann, "/api/v1/me").await["plan"] == "pro"
    })
    .await;
}

#[tokio::test]
async fn each_worker_reports_its_own_backend_calls_and_every_instance_the_global_queue() {
    let deployment = Deployment::start(100).await;
    let (busy, idle) = (deployment.worker(), deployment.worker());
    let ann = deployment.register("ann").await;
    let bob = deployment.register("bob").await;

    for token in [&ann, &bob] {
        let (status, job) = deployment.submit(0, token).await;
        assert_eq!(status, 202, "{job}");
        let id = job["id"].as_str().unwrap();
        assert_eq!(
            deployment.until_ended(1, token, id).await["status"],
            "succeeded"
        );
    }

    let gateway = deployment.metrics(&deployment.gateways[1]).await;
    assert!(gateway.contains("lucent_workers_alive 2"), "{gateway}");
    assert!(
        gateway.contains("lucent_queue_wait_seconds_count{tier=\"free\"} 2"),
        "{gateway}"
    );
    assert!(
        gateway.contains("lucent_queue_wait_seconds_count{tier=\"pro\"} 0"),
        "{gateway}"
    );
    let calls = |text: &str| {
        text.lines()
            .find_map(|l| {
                l.strip_prefix("lucent_backend_duration_seconds_count{backend=\"a1111\"} ")
            })
            .map_or(0, |n| n.parse::<u32>().unwrap())
    };
    let per_worker = [
        calls(&deployment.metrics(&busy).await),
        calls(&deployment.metrics(&idle).await),
    ];
    assert_eq!(per_worker.iter().sum::<u32>(), 2, "{per_worker:?}");
    assert_eq!(
        calls(&gateway),
        0,
        "a gateway with LUCENT_GENERATOR=none calls no backend"
    );
}
