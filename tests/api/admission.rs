//! A job whose credits were reserved but that could not be put in line (the board failed in
//! between) never runs, and its credits come back exactly once: through its failed admission
//! when the board takes that, or through the reaper at the admission deadline when it does not.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use lucent::generate::feed::Feeds;
use lucent::generate::{GenerateError, Generator, Route};
use lucent::jobs::{
    Admission, BoardError, BoardEvent, BoardResult, Cancel, Claimed, Depth, Ended, JobBoard,
    NewJob, Outcome, Rules, Snapshot,
};
use lucent::users::Caller;
use tokio::sync::broadcast;

use crate::helpers::{TestApp, spawn_app_with, until};

/// The app's board, except that publishing always fails and failing an admission fails
/// `outage` times.
struct BoardDownAfterAdmission {
    board: Arc<dyn JobBoard>,
    outage: AtomicU32,
    failed_admissions: AtomicU32,
}

fn down() -> BoardError {
    BoardError::Unavailable("connection refused".into())
}

#[async_trait]
impl JobBoard for BoardDownAfterAdmission {
    fn rules(&self) -> &Rules {
        self.board.rules()
    }
    fn kind(&self) -> &'static str {
        self.board.kind()
    }
    async fn enqueue(&self, job: &NewJob) -> BoardResult<Admission> {
        self.board.enqueue(job).await
    }
    async fn publish(&self, _id: &str) -> BoardResult<bool> {
        Err(down())
    }
    async fn abandon(&self, job: &NewJob) -> BoardResult<bool> {
        self.board.abandon(job).await
    }
    async fn fail_admission(&self, job: &NewJob) -> BoardResult<bool> {
        self.failed_admissions.fetch_add(1, Ordering::SeqCst);
        let still_down = self
            .outage
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if still_down {
            return Err(down());
        }
        self.board.fail_admission(job).await
    }
    async fn claim(&self, worker: &str) -> BoardResult<Option<Claimed>> {
        self.board.claim(worker).await
    }
    async fn renew(&self, id: &str, token: &str, progress: Option<&str>) -> BoardResult<bool> {
        self.board.renew(id, token, progress).await
    }
    async fn complete(&self, job: &Claimed, o: &Outcome) -> BoardResult<Option<Ended>> {
        self.board.complete(job, o).await
    }
    async fn cancel(&self, id: &str, uid: &str) -> BoardResult<Cancel> {
        self.board.cancel(id, uid).await
    }
    async fn reap(&self) -> BoardResult<Vec<Ended>> {
        self.board.reap().await
    }
    async fn mark_settled(&self, id: &str) -> BoardResult<()> {
        self.board.mark_settled(id).await
    }
    async fn unsettled(&self, grace: Duration) -> BoardResult<Vec<Ended>> {
        self.board.unsettled(grace).await
    }
    async fn snapshot(&self, id: &str) -> BoardResult<Option<Snapshot>> {
        self.board.snapshot(id).await
    }
    async fn events_after(&self, id: &str, cursor: Option<&str>) -> BoardResult<Vec<BoardEvent>> {
        self.board.events_after(id, cursor).await
    }
    fn changes(&self) -> broadcast::Receiver<String> {
        self.board.changes()
    }
    async fn wait_for_work(&self, at_most: Duration) {
        self.board.wait_for_work(at_most).await;
    }
    async fn depth(&self) -> BoardResult<Depth> {
        self.board.depth().await
    }
    async fn ping(&self) -> BoardResult<()> {
        self.board.ping().await
    }
}

/// A generator on `app`'s parts but the flaky board, and alice's submission through it.
async fn submit_through(app: &TestApp, flaky: &Arc<BoardDownAfterAdmission>) -> GenerateError {
    let real = &app.state.generator;
    let generator = Arc::new(Generator {
        catalog: real.catalog.clone(),
        safety: Arc::clone(&real.safety),
        moderation: None,
        backend: real.backend.clone(),
        board: flaky.clone(),
        feeds: Feeds::new(flaky.clone()),
        settler: real.settler.clone(),
        blobs: real.blobs.clone(),
        store: Arc::clone(&real.store),
        users: real.users.clone(),
        metrics: Arc::clone(&real.metrics),
    });
    let alice = Caller {
        uid: "alice".into(),
        email: None,
        pro: false,
        age_confirmed: true,
        suspended: false,
    };
    let body = serde_json::from_value(serde_json::json!({"prompt": "a fox"})).unwrap();
    generator
        .submit(&alice, &body, Route::Jobs)
        .await
        .unwrap_err()
}

fn flaky(app: &TestApp, outage: u32) -> Arc<BoardDownAfterAdmission> {
    Arc::new(BoardDownAfterAdmission {
        board: Arc::clone(&app.state.generator.board),
        outage: AtomicU32::new(outage),
        failed_admissions: AtomicU32::new(0),
    })
}

/// A short lease: a grace of 2 s before settlement settles a failed admission, and an admission
/// deadline of 4 s.
const SHORT_LEASE: [&str; 2] = ["--job-lease", "1"];

#[tokio::test]
async fn credits_reserved_for_a_job_never_put_in_line_come_back_through_its_failed_admission() {
    let app = spawn_app_with(&SHORT_LEASE).await;
    let token = app.register("alice").await;
    let flaky = flaky(&app, 0);

    let error = submit_through(&app, &flaky).await;

    assert!(matches!(error, GenerateError::Unavailable(_)));
    until(Duration::from_secs(10), async || {
        app.credits_used(&token).await == 0
    })
    .await;
    assert_eq!(flaky.failed_admissions.load(Ordering::SeqCst), 1);
    assert_eq!(app.jobs_waiting().await, 0, "the job never went in line");
}

#[tokio::test]
async fn credits_of_an_admission_the_board_could_not_even_fail_come_back_through_the_reaper() {
    let app = spawn_app_with(&SHORT_LEASE).await;
    let token = app.register("alice").await;
    let flaky = flaky(&app, 1);

    let error = submit_through(&app, &flaky).await;

    assert!(matches!(error, GenerateError::Unavailable(_)));
    until(Duration::from_secs(15), async || {
        app.credits_used(&token).await == 0
    })
    .await;
    let board = &app.state.generator.board;
    assert!(board.unsettled(Duration::ZERO).await.unwrap().is_empty());
    assert_eq!(app.jobs_waiting().await, 0, "the job never went in line");
}
