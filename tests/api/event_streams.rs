//! A job's event streams: at most ten open per user, counted across every instance; one
//! reader of the board per followed job per instance, whatever the number of listeners; and
//! an idle deadline that ends a stream nobody's job moves in.

use std::time::Duration;

use serde_json::json;

use crate::builder::{Generator, TestAppBuilder};
use crate::helpers::{TestApp, parse_sse, until};
use crate::redis_server::RedisServer;
use crate::scale_out::Deployment;

/// The arrangement's patience: a slot given back is seen within this.
const ARRANGING: Duration = Duration::from_secs(10);

/// Without workers (they would be elsewhere, on the Redis), a job waits in line for as long
/// as the test needs its streams open.
async fn app_without_workers(app: TestAppBuilder) -> (TestApp, RedisServer) {
    let redis = RedisServer::start().await;
    let app = app
        .generator(Generator::None)
        .redis(&redis.url)
        .spawn()
        .await;
    (app, redis)
}

async fn open_streams(app: &TestApp, token: &str, id: &str, n: usize) -> Vec<reqwest::Response> {
    let mut open = Vec::new();
    for _ in 0..n {
        let stream = app.job_events(token, id).await;
        assert_eq!(stream.status(), 200);
        open.push(stream);
    }
    open
}

#[tokio::test]
async fn the_eleventh_stream_of_one_user_is_refused_with_retry_after() {
    let (app, _redis) = app_without_workers(TestApp::builder()).await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let ann_job = app.submit_job(&ann, &json!({"prompt": "a fox"})).await;
    let bob_job = app.submit_job(&bob, &json!({"prompt": "a fox"})).await;
    let _open = open_streams(&app, &ann, &ann_job, 10).await;

    let eleventh = app.job_events(&ann, &ann_job).await;

    assert_eq!(eleventh.status(), 429);
    assert!(eleventh.headers().contains_key("retry-after"));
    let body: serde_json::Value = eleventh.json().await.unwrap();
    assert_eq!(body["error"]["code"], "too_many_requests");
    assert_eq!(
        app.job_events(&bob, &bob_job).await.status(),
        200,
        "each user has ten"
    );
}

#[tokio::test]
async fn a_stream_the_client_closed_gives_its_place_back() {
    let (app, _redis) = app_without_workers(TestApp::builder()).await;
    let ann = app.register("ann").await;
    let id = app.submit_job(&ann, &json!({"prompt": "a fox"})).await;
    let mut open = open_streams(&app, &ann, &id, 10).await;

    drop(open.pop());

    until(ARRANGING, async || {
        app.job_events(&ann, &id).await.status() == 200
    })
    .await;
}

#[tokio::test]
async fn the_listeners_of_one_job_share_one_reader_of_the_board() {
    let (app, _redis) = app_without_workers(TestApp::builder()).await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let first = app.submit_job(&ann, &json!({"prompt": "a fox"})).await;
    let second = app.submit_job(&bob, &json!({"prompt": "a fox"})).await;
    let following = &app.state.following;

    let open = [
        open_streams(&app, &ann, &first, 10).await,
        open_streams(&app, &bob, &second, 10).await,
    ];

    assert_eq!(following.followed_jobs(), 2, "twenty listeners, two jobs");
    drop(open);
    until(ARRANGING, async || following.followed_jobs() == 0).await;
}

#[tokio::test]
async fn a_stream_without_events_ends_idle_and_its_place_comes_back() {
    let (app, _redis) =
        app_without_workers(TestApp::builder().stream_idle(Duration::from_secs(1))).await;
    let ann = app.register("ann").await;
    let id = app.submit_job(&ann, &json!({"prompt": "a fox"})).await;
    let open = open_streams(&app, &ann, &id, 10).await;

    let mut ended = Vec::new();
    for stream in open {
        ended.push(parse_sse(&stream.text().await.unwrap()));
    }

    for events in ended {
        let names: Vec<_> = events.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names, ["queued", "idle"], "{events:?}");
    }
    until(ARRANGING, async || {
        app.job_events(&ann, &id).await.status() == 200
    })
    .await;
}

#[tokio::test]
async fn the_cap_counts_the_streams_of_every_instance() {
    let deployment = Deployment::start(10).await;
    let ann = deployment.register("ann").await;
    let (status, job) = deployment.submit(0, &ann).await;
    assert_eq!(status, 202);
    let id = job["id"].as_str().unwrap();
    let mut open = Vec::new();
    for via in [0, 1].repeat(5) {
        let stream = deployment.events(via, &ann, id).await;
        assert_eq!(stream.status(), 200);
        open.push(stream);
    }

    for via in [0, 1] {
        let eleventh = deployment.events(via, &ann, id).await;
        assert_eq!(eleventh.status(), 429, "through gateway {via}");
        assert!(eleventh.headers().contains_key("retry-after"));
    }

    drop(open.remove(0));
    until(ARRANGING, async || {
        deployment.events(1, &ann, id).await.status() == 200
    })
    .await;
}
