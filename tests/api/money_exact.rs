//! Money is exact whatever clients, gateways and workers do in between, tried with real
//! processes: every credit reserved is either spent on an image the user has or given back,
//! once. Each test ends by comparing each user's count of credits used with their images.

use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

use crate::helpers::until;
use crate::process::Instance;
use crate::scale_out::{ARRANGING, Deployment, METRICS_TOKEN, make_pro};
use crate::test_keys::{claims, unsigned};

const USERS: [&str; 4] = ["ada", "bea", "cy", "dot"];
/// Credits enough, and no rate limit between the clients and the windows under test.
const PLENTY: [&str; 4] = ["--free-daily", "1000", "--rate-limits", "off"];

const SUBMISSION: &str = r#"{"prompt":"a fox in the snow"}"#;

/// Sends `POST /api/v1/jobs` `n` times on fresh connections and closes each a random few
/// milliseconds after the request went out, as a client that leaves would. Connections a
/// stopped gateway refuses are part of the run.
async fn abandon_submissions(base: &str, token: &str, n: usize) {
    let authority = base.strip_prefix("http://").unwrap().to_owned();
    let body = SUBMISSION;
    let request = format!(
        "POST /api/v1/jobs HTTP/1.1\r\nHost: {authority}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    // Drawn first and printed, so a failing run says what it was (its output shows on failure).
    let waits: Vec<u64> = (0..n).map(|_| rand::random_range(0..6_000)).collect();
    eprintln!("through {base}, connections closed after (µs): {waits:?}");
    for wait in waits {
        let Ok(mut stream) = TcpStream::connect(&authority).await else {
            continue;
        };
        let _ = stream.write_all(request.as_bytes()).await;
        tokio::time::sleep(Duration::from_micros(wait)).await;
        drop(stream);
    }
}

/// Every user leaving `n` submissions at once through `base`. One submission is seen through
/// first: the content gate's reader of meaning embeds a text once, and the first embedding
/// takes longer than any client here waits, so without it no submission would reach
/// admission, which is the window under test. That job runs and is kept (the books balance), or
/// the user already has one in line (429, after the gate read it): either way the gate has read it.
async fn everyone_abandons(base: &str, n: usize) {
    let response = reqwest::Client::new()
        .post(format!("{base}/api/v1/jobs"))
        .bearer_auth(unsigned(&claims(USERS[0])))
        .header("content-type", "application/json")
        .body(SUBMISSION)
        .send()
        .await
        .unwrap();
    assert!(
        [202, 429].contains(&response.status().as_u16()),
        "{}",
        response.status()
    );
    let runs = USERS.map(|uid| {
        let base = base.to_owned();
        async move { abandon_submissions(&base, &unsigned(&claims(uid)), n).await }
    });
    futures_util::future::join_all(runs).await;
}

async fn register(client: &reqwest::Client, base: &str, uid: &str) {
    let response = client
        .post(format!("{base}/api/v1/me"))
        .bearer_auth(unsigned(&claims(uid)))
        .json(&json!({"username": uid, "ageConfirmed": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
}

async fn get(client: &reqwest::Client, base: &str, uid: &str, path: &str) -> Value {
    let response = client
        .get(format!("{base}{path}"))
        .bearer_auth(unsigned(&claims(uid)))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{path}");
    response.json().await.unwrap()
}

/// The user's images, every page.
async fn images(client: &reqwest::Client, base: &str, uid: &str) -> u64 {
    let (mut count, mut cursor) = (0, None::<String>);
    loop {
        let path = match &cursor {
            Some(c) => format!("/api/v1/generations?limit=50&cursor={c}"),
            None => "/api/v1/generations?limit=50".to_owned(),
        };
        let page = get(client, base, uid, &path).await;
        count += page["items"].as_array().unwrap().len() as u64;
        match page["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => return count,
        }
    }
}

async fn metrics(client: &reqwest::Client, base: &str) -> String {
    let response = client
        .get(format!("{base}/metrics"))
        .bearer_auth(METRICS_TOKEN)
        .send()
        .await
        .unwrap();
    response.text().await.unwrap()
}

fn metric(text: &str, name: &str) -> u64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.trim().parse().ok())
        .unwrap_or(0)
}

/// Waits until nothing is queued or running, then out the admission deadline, the settler's
/// grace and a sweep or two: everything that was going to settle has.
async fn until_everything_settled(client: &reqwest::Client, base: &str, lease: Duration) {
    until(ARRANGING * 2, async || {
        let text = metrics(client, base).await;
        metric(&text, "lucent_queue_waiting ") + metric(&text, "lucent_jobs_running ") == 0
    })
    .await;
    tokio::time::sleep(lease * 4 + lease * 2 + lease * 2).await;
}

/// Credits used and images kept, user by user, with the credits reserved in all.
async fn books(client: &reqwest::Client, base: &str) -> Vec<(&'static str, u64, u64)> {
    let mut rows = Vec::new();
    for uid in USERS {
        let me = get(client, base, uid, "/api/v1/me").await;
        let used = me["quota"]["used"].as_u64().unwrap();
        rows.push((uid, used, images(client, base, uid).await));
    }
    rows
}

fn balanced(rows: &[(&'static str, u64, u64)]) -> Vec<(&'static str, u64, u64)> {
    rows.iter()
        .map(|&(uid, _, kept)| (uid, kept, kept))
        .collect()
}

#[tokio::test]
async fn abandoned_submissions_cost_exactly_the_images_kept_on_one_machine() {
    let data = tempfile::tempdir().unwrap();
    let lease = Duration::from_secs(1);
    let gateway = Instance::serve(
        data.path(),
        &[
            &["--job-lease", "1", "--metrics-token", METRICS_TOKEN][..],
            &PLENTY,
        ]
        .concat(),
    );
    let client = reqwest::Client::new();
    for uid in USERS {
        register(&client, &gateway.base, uid).await;
    }

    everyone_abandons(&gateway.base, 12).await;
    until_everything_settled(&client, &gateway.base, lease).await;

    let rows = books(&client, &gateway.base).await;
    assert_eq!(rows, balanced(&rows));
    let text = metrics(&client, &gateway.base).await;
    assert!(
        metric(&text, "lucent_credits_total{outcome=\"reserved\"} ") > 0,
        "some submissions were admitted before their clients left:\n{text}"
    );
}

#[tokio::test]
async fn abandoned_submissions_and_a_gateway_killed_mid_admission_cost_exactly_the_images_kept_on_redis()
 {
    let mut deployment = Deployment::start_with(50, &PLENTY).await;
    let _worker = deployment.worker();
    let lease = Duration::from_secs(crate::scale_out::LEASE.parse().unwrap());
    for uid in USERS {
        deployment.register(uid).await;
    }

    let doomed = deployment.gateways[0].base.clone();
    let run = tokio::spawn(async move { everyone_abandons(&doomed, 40).await });
    let kill_after = rand::random_range(200..600);
    eprintln!("the first gateway is killed {kill_after} ms into the run");
    tokio::time::sleep(Duration::from_millis(kill_after)).await;
    deployment.gateways[0].child.kill().unwrap();
    run.await.unwrap();
    everyone_abandons(&deployment.gateways[1].base, 8).await;
    let survivor = deployment.gateways[1].base.clone();
    until_everything_settled(&deployment.client, &survivor, lease).await;

    let rows = books(&deployment.client, &survivor).await;
    assert_eq!(rows, balanced(&rows));
}

#[tokio::test]
async fn a_job_put_back_in_line_after_its_worker_died_and_then_canceled_is_charged_for_what_it_kept()
 {
    let deployment = Deployment::start(1500).await;
    let mut worker = deployment.worker();
    let pro = deployment.register("pro").await;
    make_pro(&deployment, "pro").await;
    let response = deployment
        .client
        .post(deployment.gateways[1].url("/api/v1/jobs"))
        .bearer_auth(&pro)
        .json(&json!({"prompt": "a fox", "count": 4}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 202);
    let job: Value = response.json().await.unwrap();
    let id = job["id"].as_str().unwrap().to_owned();
    until(ARRANGING, async || deployment.backend_calls().await == 3).await;
    worker.child.kill().unwrap();
    until(ARRANGING, async || {
        let job = deployment.get(0, &pro, &format!("/api/v1/jobs/{id}")).await;
        job["status"] == "queued"
    })
    .await;

    let canceled = deployment
        .client
        .delete(deployment.gateways[0].url(&format!("/api/v1/jobs/{id}")))
        .bearer_auth(&pro)
        .send()
        .await
        .unwrap();

    assert_eq!(canceled.status(), 204, "{:?}", canceled.text().await);
    let history = deployment.get(1, &pro, "/api/v1/generations").await;
    assert_eq!(history["items"].as_array().unwrap().len(), 2, "{history}");
    let me = deployment.get(1, &pro, "/api/v1/me").await;
    assert_eq!(me["quota"]["used"], 2, "two images, two credits: {me}");
}

/// Stops (`-STOP`) or resumes (`-CONT`) process `pid`, as a long pause of it or its machine
/// would.
fn signal(pid: u32, signal: &str) {
    let status = std::process::Command::new("kill")
        .args([signal, &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// A job whose worker stood still past its lease, mid-render: back in line, then `finish`
/// decides what becomes of it. The worker wakes with its render's answer waiting while Redis
/// stands still in turn, so that its own lease keeper cannot tell it in time: only the fence
/// before each write can. The deployment and the user's token, once the worker is done.
async fn a_worker_wakes_past_its_lease(
    finish: impl AsyncFnOnce(&Deployment, &str, &str),
) -> (Deployment, String) {
    let deployment = Deployment::start(1500).await;
    let paused = deployment.worker();
    let alice = deployment.register("alice").await;
    let (status, job) = deployment.submit(0, &alice).await;
    assert_eq!(status, 202, "{job}");
    let id = job["id"].as_str().unwrap().to_owned();
    until(ARRANGING, async || deployment.backend_calls().await == 1).await;
    signal(paused.child.id(), "-STOP");
    until(ARRANGING, async || {
        let job = deployment
            .get(0, &alice, &format!("/api/v1/jobs/{id}"))
            .await;
        job["status"] == "queued"
    })
    .await;
    finish(&deployment, &alice, &id).await;

    signal(deployment.redis.pid(), "-STOP");
    signal(paused.child.id(), "-CONT");
    // Done with the job either way: it gave the job up, or it tried to report it.
    until(ARRANGING, async || {
        let log = paused.log();
        log.contains("lease lost") || log.contains("ending a job")
    })
    .await;
    signal(deployment.redis.pid(), "-CONT");
    (deployment, alice)
}
#[tokio::test]
async fn a_worker_that_wakes_after_its_job_was_canceled_stores_nothing_and_charges_nothing() {
    let (deployment, alice) = a_worker_wakes_past_its_lease(async |d, token, id| {
        let canceled = d
            .client
            .delete(d.gateways[1].url(&format!("/api/v1/jobs/{id}")))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(canceled.status(), 204);
    })
    .await;

    let history = deployment.get(1, &alice, "/api/v1/generations").await;
    assert_eq!(history["items"], json!([]), "{history}");
    let me = deployment.get(1, &alice, "/api/v1/me").await;
    assert_eq!(me["quota"]["used"], 0, "{me}");
}

#[tokio::test]
async fn a_worker_that_wakes_after_its_job_finished_elsewhere_leaves_one_record_and_one_charge() {
    let (deployment, alice) = a_worker_wakes_past_its_lease(async |d, token, id| {
        let _other = d.worker();
        let ended = d.until_ended(1, token, id).await;
        assert_eq!(ended["status"], "succeeded", "{ended}");
    })
    .await;

    let history = deployment.get(1, &alice, "/api/v1/generations").await;
    assert_eq!(history["items"].as_array().unwrap().len(), 1, "{history}");
    let me = deployment.get(1, &alice, "/api/v1/me").await;
    assert_eq!(me["quota"]["used"], 1, "{me}");
}
