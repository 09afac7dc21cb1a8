//! Reading, following and canceling a job.

use serde_json::{Value, json};

use super::generation::{ARRANGING, app_on, backend};
use super::shared::token_failures;
use super::{Op, Sent};
use crate::builder::Generator;
use crate::helpers::{TestApp, until};
use crate::redis_server::RedisServer;

async fn job_failures(op: Op, sent: &Sent) {
    token_failures(op, sent).await;

    let backend = backend().await;
    let app = app_on(&backend, TestApp::builder()).await;
    let [ann, bob] = [app.register("ann").await, app.register("bob").await];
    let response = app
        .client
        .post(app.url("/api/v1/jobs"))
        .bearer_auth(&ann)
        .json(&json!({"prompt": "slow"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 202);
    let job: Value = response.json().await.unwrap();
    let id = job["id"].as_str().unwrap().to_owned();
    for (token, id) in [
        (&ann, "not-a-job-id"),
        (&ann, "-".repeat(30).as_str()),
        (&bob, &id),
    ] {
        sent.send(op.call(&app, id).bearer_auth(token)).await;
    }
    if op == Op::CancelJob {
        until(ARRANGING, async || app.jobs_waiting().await == 0).await;
        sent.send(op.call(&app, &id).bearer_auth(&ann)).await;
    }
    if op == Op::JobEvents {
        // No workers (they would be elsewhere): the job waits, and its streams stay open.
        let redis = RedisServer::start().await;
        let app = TestApp::builder()
            .generator(Generator::None)
            .redis(&redis.url)
            .spawn()
            .await;
        let ann = app.register("ann").await;
        let id = app.submit_job(&ann, &json!({"prompt": "a fox"})).await;
        let mut open = Vec::new();
        for _ in 0..10 {
            let stream = op.call(&app, &id).bearer_auth(&ann).send().await.unwrap();
            assert_eq!(stream.status(), 200);
            open.push(stream);
        }
        sent.send(op.call(&app, &id).bearer_auth(&ann)).await;
    }

    let queue_down = TestApp::builder()
        .redis("redis://127.0.0.1:9")
        .spawn()
        .await;
    let token = queue_down.register("ann").await;
    sent.send(op.call(&queue_down, &id).bearer_auth(&token))
        .await;
}

#[tokio::test]
async fn reading_a_job_sends_every_code_it_lists() {
    let sent = Sent::default();
    job_failures(Op::Job, &sent).await;
    sent.assert_is_the_list_of(Op::Job).await;
}

#[tokio::test]
async fn following_a_job_sends_every_code_it_lists() {
    let sent = Sent::default();
    job_failures(Op::JobEvents, &sent).await;
    sent.assert_is_the_list_of(Op::JobEvents).await;
}

#[tokio::test]
async fn canceling_a_job_sends_every_code_it_lists() {
    let sent = Sent::default();
    job_failures(Op::CancelJob, &sent).await;
    sent.assert_is_the_list_of(Op::CancelJob).await;
}
