//! A real job board (either adapter) with faults on the steps a test names: each of those
//! steps fails as an unreachable board does, a number of times or for good; every other step,
//! and the named ones once their faults are spent, go to the real board.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use lucent::coordination::CoordinationError;
use lucent::jobs::{
    BoardEvent, BoardResult, Cancel, Claimed, Depth, Ended, Enqueued, JobBoard, NewJob, Outcome,
    Rules, Snapshot,
};
use tokio::sync::broadcast;

/// A step of the board that may fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    Publish,
    FailAdmission,
}

pub struct FaultyBoard {
    board: Arc<dyn JobBoard>,
    /// Step to the failures left (`None`: for good).
    faults: Mutex<HashMap<Step, Option<u32>>>,
    /// Step to how often it was asked.
    asked: Mutex<HashMap<Step, u32>>,
}

impl FaultyBoard {
    pub fn around(board: Arc<dyn JobBoard>) -> Arc<Self> {
        Arc::new(Self {
            board,
            faults: Mutex::default(),
            asked: Mutex::default(),
        })
    }

    /// `step` fails from now on.
    pub fn fail(&self, step: Step) {
        self.faults.lock().unwrap().insert(step, None);
    }

    /// `step` fails its next `times` asks.
    pub fn fail_times(&self, step: Step, times: u32) {
        self.faults.lock().unwrap().insert(step, Some(times));
    }

    pub fn asked(&self, step: Step) -> u32 {
        self.asked.lock().unwrap().get(&step).copied().unwrap_or(0)
    }

    /// Counts an ask of `step` and fails it while a fault is left.
    fn check(&self, step: Step) -> BoardResult<()> {
        *self.asked.lock().unwrap().entry(step).or_default() += 1;
        let mut faults = self.faults.lock().unwrap();
        let failing = match faults.get_mut(&step) {
            None | Some(Some(0)) => false,
            Some(None) => true,
            Some(Some(left)) => {
                *left -= 1;
                true
            }
        };
        if failing {
            return Err(CoordinationError::Unavailable("connection refused".into()));
        }
        Ok(())
    }
}

#[async_trait]
impl JobBoard for FaultyBoard {
    fn rules(&self) -> &Rules {
        self.board.rules()
    }
    fn kind(&self) -> &'static str {
        self.board.kind()
    }
    async fn enqueue(&self, job: &NewJob) -> BoardResult<Enqueued> {
        self.board.enqueue(job).await
    }
    async fn publish(&self, id: &str) -> BoardResult<bool> {
        self.check(Step::Publish)?;
        self.board.publish(id).await
    }
    async fn abandon(&self, job: &NewJob) -> BoardResult<bool> {
        self.board.abandon(job).await
    }
    async fn fail_admission(&self, job: &NewJob) -> BoardResult<bool> {
        self.check(Step::FailAdmission)?;
        self.board.fail_admission(job).await
    }
    async fn claim(&self, worker: &str) -> BoardResult<Option<Claimed>> {
        self.board.claim(worker).await
    }
    async fn renew(&self, id: &str, token: &str, progress: Option<&str>) -> BoardResult<bool> {
        self.board.renew(id, token, progress).await
    }
    async fn complete(&self, job: &Claimed, outcome: &Outcome) -> BoardResult<Option<Ended>> {
        self.board.complete(job, outcome).await
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
    async fn jobs_of(&self, uid: &str) -> BoardResult<Vec<String>> {
        self.board.jobs_of(uid).await
    }
    async fn ping(&self) -> BoardResult<()> {
        self.board.ping().await
    }
}
