//! A job whose credits were reserved but that could not be put in line (the board failed in
//! between) never runs, and its credits come back once the board answers again.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use lucent::generate::{GenerateError, Generator};
use lucent::jobs::{
    Admission, BoardError, BoardEvent, BoardResult, Cancel, Claimed, Depth, Ended, JobBoard,
    NewJob, Outcome, Rules, Snapshot,
};
use lucent::users::Caller;
use tokio::sync::broadcast;

use crate::helpers::{spawn_app, until};

/// The app's board, except that publishing always fails and abandoning fails `outage` times.
struct BoardDownAfterAdmission {
    board: Arc<dyn JobBoard>,
    outage: AtomicU32,
    abandons: AtomicU32,
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
    async fn publish(&self, _id: &str) -> BoardResult<()> {
        Err(down())
    }
    async fn abandon(&self, id: &str) -> BoardResult<bool> {
        self.abandons.fetch_add(1, Ordering::SeqCst);
        let still_down = self
            .outage
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if still_down {
            return Err(down());
        }
        self.board.abandon(id).await
    }
    async fn claim(&self, worker: &str) -> BoardResult<Option<Claimed>> {
        self.board.claim(worker).await
    }
    async fn renew(&self, id: &str, token: &str, progress: Option<&str>) -> BoardResult<bool> {
        self.board.renew(id, token, progress).await
    }
    async fn complete(&self, id: &str, token: &str, o: &Outcome) -> BoardResult<Option<Ended>> {
        self.board.complete(id, token, o).await
    }
    async fn cancel(&self, id: &str, uid: &str) -> BoardResult<Cancel> {
        self.board.cancel(id, uid).await
    }
    async fn reap(&self) -> BoardResult<Vec<Ended>> {
        self.board.reap().await
    }
    async fn settle(&self, id: &str) -> BoardResult<bool> {
        self.board.settle(id).await
    }
    async fn settled(&self, id: &str) -> BoardResult<()> {
        self.board.settled(id).await
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

#[tokio::test]
async fn credits_reserved_for_a_job_never_put_in_line_come_back_when_the_board_answers_again() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    let real = &app.state.generator;
    let flaky = Arc::new(BoardDownAfterAdmission {
        board: Arc::clone(&real.board),
        outage: AtomicU32::new(3),
        abandons: AtomicU32::new(0),
    });
    let generator = Generator {
        catalog: real.catalog.clone(),
        backend: real.backend.clone(),
        board: flaky.clone(),
        settler: real.settler.clone(),
        blobs: real.blobs.clone(),
        store: Arc::clone(&real.store),
        users: real.users.clone(),
        metrics: Arc::clone(&real.metrics),
    };
    let alice = Caller {
        uid: "alice".into(),
        email: None,
        pro: false,
        age_confirmed: true,
    };
    let body = serde_json::from_value(serde_json::json!({"prompt": "a fox"})).unwrap();

    let submitted = generator.submit(&alice, &body).await;

    assert!(matches!(submitted, Err(GenerateError::Unavailable(_))));
    until(Duration::from_secs(10), async || {
        app.credits_used(&token).await == 0
    })
    .await;
    assert_eq!(
        flaky.abandons.load(Ordering::SeqCst),
        4,
        "3 failures, then taken back"
    );
    assert_eq!(app.jobs_waiting().await, 0, "the job never went in line");
}
