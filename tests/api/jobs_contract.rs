//! One behaviour, two boards: the job board kept in this process and the one kept in Redis (a
//! real `redis-server`) schedule, lease, end and settle jobs the same way.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::join_all;
use lucent::coordination::redis::RedisClient;
use lucent::jobs::{
    Cancel, Enqueued, EventKind, JobBoard, JobState, MemoryBoard, NewJob, Outcome, RedisBoard,
    Rules, Tier,
};

use crate::clock::Clock;
use crate::helpers::poll_until;
use crate::redis_server::RedisServer;

pub struct Harness {
    /// How the test lets time pass on this adapter.
    clock: Clock,
    board: Arc<dyn JobBoard>,
    /// Another handle on the same board (a second instance, for Redis).
    other: Arc<dyn JobBoard>,
    /// The board with jobs that may wait only `SHORT_KEEP_OPEN`.
    short_lived: Arc<dyn JobBoard>,
    _keep: Option<RedisServer>,
}

const LEASE: Duration = Duration::from_millis(300);
const SHORT_KEEP_OPEN: Duration = Duration::from_millis(500);

fn rules() -> Rules {
    Rules {
        per_free_user: 1,
        per_pro_user: 4,
        queue_limit: 20,
        pro_burst: 4,
        lease: LEASE,
        max_attempts: 2,
        admission: Duration::from_millis(300),
        keep_ended: Duration::from_secs(60),
        keep_open: Duration::from_secs(600),
    }
}

fn short_lived() -> Rules {
    Rules {
        keep_open: SHORT_KEEP_OPEN,
        ..rules()
    }
}

async fn memory() -> Harness {
    let board: Arc<dyn JobBoard> = Arc::new(MemoryBoard::new(rules()));
    Harness {
        clock: Clock::Paused,
        other: Arc::clone(&board),
        board,
        short_lived: Arc::new(MemoryBoard::new(short_lived())),
        _keep: None,
    }
}

async fn redis() -> Harness {
    let server = RedisServer::start().await;
    let open = |rules| RedisBoard::new(RedisClient::open(&server.url).unwrap(), rules);
    Harness {
        clock: Clock::Real,
        board: open(rules()),
        other: open(rules()),
        // The same keys: the one test that uses it uses nothing else.
        short_lived: open(short_lived()),
        _keep: Some(server),
    }
}

fn job(id: &str, uid: &str, tier: Tier) -> NewJob {
    NewJob {
        id: id.to_owned(),
        uid: uid.to_owned(),
        tier,
        request: format!(r#"{{"for":"{id}"}}"#),
        period: "d2026-11-23".to_owned(),
        credits: 2,
    }
}

/// Enqueues and publishes, as the gateway does once the credits are reserved.
async fn submit(board: &dyn JobBoard, id: &str, uid: &str, tier: Tier) {
    assert_eq!(
        board.enqueue(&job(id, uid, tier)).await.unwrap(),
        Enqueued::Accepted,
        "{id}"
    );
    assert!(board.publish(id).await.unwrap(), "{id} in line");
}

async fn claim_all(board: &dyn JobBoard) -> Vec<String> {
    let mut order = Vec::new();
    while let Some(claimed) = board.claim("w").await.unwrap() {
        order.push(claimed.id);
    }
    order
}

async fn pro_starts_first_but_every_fifth_start_is_free_while_both_wait(h: Harness) {
    for i in 0..3 {
        submit(&*h.board, &format!("F{i}"), &format!("free{i}"), Tier::Free).await;
    }
    for i in 0..8 {
        submit(
            &*h.other,
            &format!("P{i}"),
            &format!("pro{}", i / 4),
            Tier::Pro,
        )
        .await;
    }

    assert_eq!(
        claim_all(&*h.board).await.join(" "),
        "P0 P1 P2 P3 F0 P4 P5 P6 P7 F1 F2"
    );
}

async fn positions_follow_the_order_jobs_will_start_in(h: Harness) {
    submit(&*h.board, "F0", "free0", Tier::Free).await;
    submit(&*h.board, "F1", "free1", Tier::Free).await;
    for i in 0..5 {
        submit(
            &*h.other,
            &format!("P{i}"),
            &format!("pro{}", i / 4),
            Tier::Pro,
        )
        .await;
    }

    let mut positions = Vec::new();
    for id in ["P0", "P3", "F0", "P4", "F1"] {
        let snapshot = h.board.snapshot(id).await.unwrap().unwrap();
        assert_eq!(snapshot.state, JobState::Queued);
        positions.push(snapshot.place.unwrap().position);
    }
    assert_eq!(positions, [1, 4, 5, 6, 7]);
}

async fn a_free_user_has_one_job_in_the_system_and_a_pro_user_four(h: Harness) {
    submit(&*h.board, "a", "free", Tier::Free).await;
    assert_eq!(
        h.other
            .enqueue(&job("b", "free", Tier::Free))
            .await
            .unwrap(),
        Enqueued::Busy(1)
    );
    for i in 0..4 {
        submit(&*h.board, &format!("p{i}"), "pro", Tier::Pro).await;
    }
    assert_eq!(
        h.other.enqueue(&job("p4", "pro", Tier::Pro)).await.unwrap(),
        Enqueued::Busy(4)
    );

    let claimed = h.board.claim("w").await.unwrap().unwrap();
    let outcome = Outcome::Succeeded {
        result: "[]".into(),
        kept: 2,
    };
    h.board.complete(&claimed, &outcome).await.unwrap().unwrap();
    assert_eq!(
        h.other.enqueue(&job("p4", "pro", Tier::Pro)).await.unwrap(),
        Enqueued::Accepted,
        "an ended job frees its place"
    );
}

async fn the_line_has_a_cap(h: Harness) {
    for i in 0..20 {
        submit(&*h.board, &format!("j{i}"), &format!("u{i}"), Tier::Free).await;
    }
    assert_eq!(
        h.other
            .enqueue(&job("late", "late", Tier::Pro))
            .await
            .unwrap(),
        Enqueued::Full
    );
}

async fn a_reserved_job_is_invisible_to_workers_until_published(h: Harness) {
    h.board.enqueue(&job("a", "u", Tier::Pro)).await.unwrap();
    assert!(h.other.claim("w").await.unwrap().is_none());

    h.board.publish("a").await.unwrap();

    let claimed = h.other.claim("w").await.unwrap().unwrap();
    assert_eq!(
        (claimed.id.as_str(), claimed.attempt, claimed.credits),
        ("a", 1, 2)
    );
    assert_eq!(claimed.request, r#"{"for":"a"}"#);
}

async fn an_abandoned_job_gives_its_place_back(h: Harness) {
    h.board.enqueue(&job("a", "u", Tier::Free)).await.unwrap();
    assert!(h.board.abandon(&job("a", "u", Tier::Free)).await.unwrap());

    assert!(h.board.snapshot("a").await.unwrap().is_none());
    assert_eq!(
        h.other.enqueue(&job("b", "u", Tier::Free)).await.unwrap(),
        Enqueued::Accepted
    );
}

async fn a_job_in_line_cannot_be_abandoned(h: Harness) {
    submit(&*h.board, "a", "u", Tier::Free).await;

    assert!(!h.other.abandon(&job("a", "u", Tier::Free)).await.unwrap());

    assert_eq!(h.board.claim("w").await.unwrap().unwrap().id, "a");
}

async fn a_job_whose_lease_runs_out_runs_again_elsewhere_and_the_first_worker_is_fenced_out(
    h: Harness,
) {
    submit(&*h.board, "a", "u", Tier::Free).await;
    submit(&*h.board, "b", "v", Tier::Free).await;
    let first = h.board.claim("w1").await.unwrap().unwrap();
    assert_eq!(first.id, "a");

    h.clock.pass(LEASE + Duration::from_millis(100)).await;
    assert_eq!(h.other.reap().await.unwrap(), vec![], "requeued, not ended");

    let second = h.other.claim("w2").await.unwrap().unwrap();
    assert_eq!(
        (second.id.as_str(), second.attempt),
        ("a", 2),
        "back at its old place"
    );
    assert!(!h.board.renew("a", &first.token, None).await.unwrap());
    let waits = h.board.depth().await.unwrap().waited_free.total;
    assert_eq!(waits, 1, "a rerun's wait is not counted again");
    let done = Outcome::Succeeded {
        result: "[]".into(),
        kept: 2,
    };
    assert_eq!(h.board.complete(&first, &done).await.unwrap(), None);
    assert!(h.other.renew("a", &second.token, None).await.unwrap());
    let ended = h.other.complete(&second, &done).await.unwrap();
    assert_eq!(ended.unwrap().kept, Some(2));
    assert_eq!(
        h.board.complete(&second, &done).await.unwrap(),
        None,
        "a job ends once"
    );
}

async fn a_renewed_lease_is_kept(h: Harness) {
    submit(&*h.board, "a", "u", Tier::Pro).await;
    let claimed = h.board.claim("w").await.unwrap().unwrap();
    for _ in 0..4 {
        h.clock.pass(LEASE / 3).await;
        assert!(h.board.renew("a", &claimed.token, None).await.unwrap());
        h.other.reap().await.unwrap();
    }
    let snapshot = h.other.snapshot("a").await.unwrap().unwrap();
    assert_eq!(snapshot.state, JobState::Running);
}

async fn a_job_that_loses_every_worker_fails_and_nobody_knows_what_it_kept(h: Harness) {
    submit(&*h.board, "a", "u", Tier::Free).await;
    for _ in 0..2 {
        h.board.claim("w").await.unwrap().unwrap();
        h.clock.pass(LEASE + Duration::from_millis(100)).await;
        h.other.reap().await.unwrap();
    }
    let snapshot = h.board.snapshot("a").await.unwrap().unwrap();
    assert_eq!(snapshot.state, JobState::Failed);
    assert_eq!(snapshot.error.as_deref(), Some("worker_lost"));
    let unsettled = h.board.unsettled(Duration::ZERO).await.unwrap();
    assert_eq!(unsettled.len(), 1);
    assert_eq!((unsettled[0].uid.as_str(), unsettled[0].kept), ("u", None));
}

async fn an_admission_that_never_finishes_fails_the_job(h: Harness) {
    h.board.enqueue(&job("a", "u", Tier::Free)).await.unwrap();
    h.clock.pass(Duration::from_millis(400)).await;

    let ended = h.other.reap().await.unwrap();

    assert_eq!(ended.len(), 1);
    assert_eq!(
        (ended[0].id.as_str(), ended[0].kept),
        ("a", Some(0)),
        "it never ran: whatever it reserved comes back"
    );
    let snapshot = h.board.snapshot("a").await.unwrap().unwrap();
    assert_eq!(snapshot.error.as_deref(), Some("admission_interrupted"));
    assert_eq!(
        h.board.enqueue(&job("b", "u", Tier::Free)).await.unwrap(),
        Enqueued::Accepted
    );
}

async fn only_the_owner_cancels_and_only_while_queued(h: Harness) {
    submit(&*h.board, "a", "u", Tier::Pro).await;
    submit(&*h.board, "b", "u", Tier::Pro).await;
    h.board.claim("w").await.unwrap().unwrap();

    assert_eq!(
        h.other.cancel("b", "someone").await.unwrap(),
        Cancel::Missing
    );
    assert_eq!(h.other.cancel("nope", "u").await.unwrap(), Cancel::Missing);
    assert_eq!(
        h.other.cancel("a", "u").await.unwrap(),
        Cancel::TooLate(JobState::Running)
    );
    let Cancel::Canceled(ended) = h.other.cancel("b", "u").await.unwrap() else {
        panic!("a queued job is canceled");
    };
    assert_eq!((ended.credits, ended.kept), (2, Some(0)));
    assert_eq!(
        h.board.cancel("b", "u").await.unwrap(),
        Cancel::TooLate(JobState::Canceled)
    );
    assert!(h.board.claim("w").await.unwrap().is_none());
}

async fn an_ended_job_stays_unsettled_until_its_settlement_is_confirmed(h: Harness) {
    submit(&*h.board, "a", "u", Tier::Pro).await;
    let Cancel::Canceled(_) = h.board.cancel("a", "u").await.unwrap() else {
        panic!("canceled");
    };

    for board in [&h.board, &h.other, &h.board] {
        let unsettled = board.unsettled(Duration::ZERO).await.unwrap();
        assert_eq!(unsettled.len(), 1, "listing it takes nothing off the list");
    }
    assert!(!h.other.snapshot("a").await.unwrap().unwrap().settled);

    h.board.mark_settled("a").await.unwrap();
    h.other.mark_settled("a").await.unwrap();

    assert!(h.board.unsettled(Duration::ZERO).await.unwrap().is_empty());
    assert!(h.other.snapshot("a").await.unwrap().unwrap().settled);
}

async fn a_job_that_is_not_over_cannot_be_marked_settled(h: Harness) {
    submit(&*h.board, "a", "u", Tier::Pro).await;

    h.board.mark_settled("a").await.unwrap();

    assert!(!h.other.snapshot("a").await.unwrap().unwrap().settled);
    assert_eq!(h.other.claim("w").await.unwrap().unwrap().id, "a");
}

async fn a_job_put_back_in_line_and_canceled_leaves_what_it_kept_to_be_counted(h: Harness) {
    submit(&*h.board, "a", "u", Tier::Free).await;
    h.board.claim("w").await.unwrap().unwrap();
    h.clock.pass(LEASE + Duration::from_millis(100)).await;
    h.other.reap().await.unwrap();
    assert_eq!(
        h.board.snapshot("a").await.unwrap().unwrap().state,
        JobState::Queued
    );

    let Cancel::Canceled(ended) = h.other.cancel("a", "u").await.unwrap() else {
        panic!("a queued job is canceled");
    };

    assert_eq!(
        ended.kept, None,
        "its first run may have stored images: they are counted, never refunded"
    );
}

async fn a_failed_admission_kept_nothing_and_waits_for_its_settlement(h: Harness) {
    let a = job("a", "u", Tier::Free);
    h.board.enqueue(&a).await.unwrap();

    assert!(h.other.fail_admission(&a).await.unwrap());
    assert!(!h.board.fail_admission(&a).await.unwrap(), "once");

    let snapshot = h.board.snapshot("a").await.unwrap().unwrap();
    assert_eq!(snapshot.state, JobState::Failed);
    assert_eq!(snapshot.error.as_deref(), Some("admission_failed"));
    let unsettled = h.board.unsettled(Duration::ZERO).await.unwrap();
    assert_eq!((unsettled.len(), unsettled[0].kept), (1, Some(0)));
    assert!(!h.board.publish("a").await.unwrap(), "never in line");
    assert!(h.other.claim("w").await.unwrap().is_none());
    assert_eq!(
        h.other.enqueue(&job("b", "u", Tier::Free)).await.unwrap(),
        Enqueued::Accepted,
        "its place is free"
    );
}

async fn a_job_reaped_during_its_admission_is_not_published(h: Harness) {
    h.board.enqueue(&job("a", "u", Tier::Free)).await.unwrap();
    h.clock.pass(Duration::from_millis(400)).await;
    h.other.reap().await.unwrap();

    assert!(!h.board.publish("a").await.unwrap());

    assert!(h.other.claim("w").await.unwrap().is_none());
    assert_eq!(
        h.board.snapshot("a").await.unwrap().unwrap().state,
        JobState::Failed
    );
}

async fn a_job_waiting_longer_than_keep_open_fails_and_kept_nothing(h: Harness) {
    submit(&*h.short_lived, "a", "u", Tier::Pro).await;
    submit(&*h.short_lived, "b", "v", Tier::Free).await;
    h.clock
        .pass(SHORT_KEEP_OPEN + Duration::from_millis(200))
        .await;
    submit(&*h.short_lived, "c", "w", Tier::Free).await;

    let mut ended = h.short_lived.reap().await.unwrap();

    ended.sort_by(|x, y| x.id.cmp(&y.id));
    let ended: Vec<_> = ended.iter().map(|e| (e.id.as_str(), e.kept)).collect();
    assert_eq!(ended, [("a", Some(0)), ("b", Some(0))]);
    let snapshot = h.short_lived.snapshot("a").await.unwrap().unwrap();
    assert_eq!(snapshot.error.as_deref(), Some("expired"));
    assert_eq!(
        claim_all(&*h.short_lived).await,
        ["c"],
        "a younger job waits on"
    );
}

async fn an_unsettled_job_waits_out_its_grace(h: Harness) {
    submit(&*h.board, "a", "u", Tier::Pro).await;
    h.board.cancel("a", "u").await.unwrap();
    assert!(
        h.board
            .unsettled(Duration::from_secs(30))
            .await
            .unwrap()
            .is_empty()
    );
}

async fn events_tell_the_whole_story_and_resume_after_a_cursor(h: Harness) {
    submit(&*h.board, "a", "u", Tier::Pro).await;
    let claimed = h.other.claim("w").await.unwrap().unwrap();
    h.other
        .renew("a", &claimed.token, Some(r#"{"fraction":0.5}"#))
        .await
        .unwrap();
    let done = Outcome::Failed {
        error: "boom".into(),
        kept: 1,
    };
    h.other.complete(&claimed, &done).await.unwrap();

    let all = h.board.events_after("a", None).await.unwrap();
    let kinds: Vec<_> = all.iter().map(|e| e.kind.clone()).collect();
    assert_eq!(
        kinds,
        [
            EventKind::State(JobState::Queued),
            EventKind::State(JobState::Running),
            EventKind::Progress(r#"{"fraction":0.5}"#.into()),
            EventKind::State(JobState::Failed),
        ]
    );
    let rest = h
        .board
        .events_after("a", Some(&all[1].cursor))
        .await
        .unwrap();
    assert_eq!(rest, all[2..]);
    let snapshot = h.board.snapshot("a").await.unwrap().unwrap();
    assert_eq!(
        (snapshot.error.as_deref(), snapshot.progress.as_deref()),
        (Some("boom"), Some(r#"{"fraction":0.5}"#))
    );
}

async fn a_change_rings_every_listener(h: Harness) {
    let mut changes = h.other.changes();
    // Redis confirms a subscription asynchronously; wait for the first ring of anything.
    h.clock.pass(Duration::from_millis(200)).await;

    submit(&*h.board, "a", "u", Tier::Pro).await;

    let rang = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            if changes.recv().await.unwrap() == "a" {
                return;
            }
        }
    })
    .await;
    assert!(rang.is_ok(), "no ring for the published job");
}

async fn concurrent_workers_never_start_a_job_twice(h: Harness) {
    for i in 0..12 {
        submit(&*h.board, &format!("j{i}"), &format!("u{i}"), Tier::Free).await;
    }
    let claims = join_all((0..16).map(|i| {
        let board = if i % 2 == 0 { &h.board } else { &h.other };
        board.claim("w")
    }))
    .await;

    let ids: Vec<_> = claims
        .into_iter()
        .filter_map(|c| c.unwrap().map(|c| c.id))
        .collect();
    assert_eq!(ids.len(), 12);
    assert_eq!(ids.iter().collect::<HashSet<_>>().len(), 12);
    let depth = h.board.depth().await.unwrap();
    assert_eq!((depth.queued_free, depth.running), (0, 12));
}

async fn depth_counts_each_tier_and_the_live_workers(h: Harness) {
    submit(&*h.board, "p", "a", Tier::Pro).await;
    submit(&*h.board, "f", "b", Tier::Free).await;
    submit(&*h.board, "g", "c", Tier::Free).await;
    h.other.claim("w1").await.unwrap();
    h.board.claim("w2").await.unwrap();

    let depth = h.other.depth().await.unwrap();

    assert_eq!(
        (
            depth.queued_pro,
            depth.queued_free,
            depth.running,
            depth.workers
        ),
        (0, 1, 2, 2)
    );
}
async fn each_first_start_counts_its_wait_under_its_tier(h: Harness) {
    submit(&*h.board, "p", "a", Tier::Pro).await;
    submit(&*h.board, "f", "b", Tier::Free).await;
    submit(&*h.board, "g", "c", Tier::Free).await;
    h.clock.pass(Duration::from_millis(30)).await;
    h.board.claim("w1").await.unwrap();
    h.other.claim("w2").await.unwrap();
    h.board.claim("w1").await.unwrap();

    let depth = h.other.depth().await.unwrap();

    let (pro, free) = (&depth.waited_pro, &depth.waited_free);
    assert_eq!((pro.total, free.total), (1, 2));
    let ten_ms = lucent::metrics::histogram::BUCKETS
        .iter()
        .position(|b| *b == 0.01)
        .unwrap();
    assert_eq!(
        free.counts[ten_ms], 0,
        "each waited 30 ms or more: {free:?}"
    );
    assert_eq!(free.counts.last(), Some(&2));
    assert!(free.sum >= 0.059, "{free:?}");
}

adapter_contract!(memory, redis; [
    pro_starts_first_but_every_fifth_start_is_free_while_both_wait,
    positions_follow_the_order_jobs_will_start_in,
    a_free_user_has_one_job_in_the_system_and_a_pro_user_four,
    the_line_has_a_cap,
    a_reserved_job_is_invisible_to_workers_until_published,
    an_abandoned_job_gives_its_place_back,
    a_job_in_line_cannot_be_abandoned,
    a_job_whose_lease_runs_out_runs_again_elsewhere_and_the_first_worker_is_fenced_out,
    a_renewed_lease_is_kept,
    a_job_that_loses_every_worker_fails_and_nobody_knows_what_it_kept,
    an_admission_that_never_finishes_fails_the_job,
    only_the_owner_cancels_and_only_while_queued,
    an_ended_job_stays_unsettled_until_its_settlement_is_confirmed,
    a_job_that_is_not_over_cannot_be_marked_settled,
    a_job_put_back_in_line_and_canceled_leaves_what_it_kept_to_be_counted,
    a_failed_admission_kept_nothing_and_waits_for_its_settlement,
    a_job_reaped_during_its_admission_is_not_published,
    a_job_waiting_longer_than_keep_open_fails_and_kept_nothing,
    an_unsettled_job_waits_out_its_grace,
    events_tell_the_whole_story_and_resume_after_a_cursor,
    a_change_rings_every_listener,
    concurrent_workers_never_start_a_job_twice,
    depth_counts_each_tier_and_the_live_workers,
    each_first_start_counts_its_wait_under_its_tier,
]);

#[tokio::test]
async fn a_redis_board_that_is_down_is_an_error_within_a_second() {
    let mut server = RedisServer::start().await;
    let board = RedisBoard::new(RedisClient::open(&server.url).unwrap(), rules());
    board.ping().await.unwrap();
    server.kill();

    let started = std::time::Instant::now();
    let result = board.enqueue(&job("a", "u", Tier::Pro)).await;

    assert!(result.is_err());
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn a_redis_restarted_with_its_data_keeps_every_queued_job() {
    let mut server = RedisServer::start().await;
    let board = RedisBoard::new(RedisClient::open(&server.url).unwrap(), rules());
    submit(&*board, "a", "u", Tier::Free).await;
    submit(&*board, "b", "v", Tier::Pro).await;

    server.kill();
    server.resume().await;

    let mut claimed = None;
    let back = async || match board.claim("w").await {
        Ok(c) => {
            claimed = c;
            true
        }
        Err(_) => false,
    };
    let _ = tokio::time::timeout(Duration::from_secs(5), poll_until(back)).await;
    assert_eq!(claimed.map(|c| c.id).as_deref(), Some("b"));
    assert_eq!(claim_all(&*board).await, ["a"]);
}
