//! Generation jobs on a board that every gateway instance and every worker shares: who is
//! waiting, in what order, who runs what under which lease, and what each job has told its
//! listeners. The board knows nothing of images; a job's request and result are opaque JSON.
//!
//! One process alone keeps the board in memory ([`MemoryBoard`]); several share it through
//! Redis ([`RedisBoard`]). Both follow the same rules and pass the same behaviour tests:
//! - pro jobs start before free ones, but while both wait at most `pro_burst` pro jobs start
//!   in a row, so free users are never starved;
//! - a user has at most a few jobs queued or running, and the line has a cap;
//! - a worker holds a running job under a lease it renews; a lease that runs out puts the job
//!   back in line (at its old place) for another worker, up to `max_attempts`;
//! - every change a job goes through is an event with a cursor, so a listener that lost its
//!   connection resumes where it was;
//! - exactly one caller wins each ending (complete, cancel, reap) and learns what the job had
//!   reserved; an ended job stays on the unsettled list until its settler confirms that the
//!   credit ledger (in the store, keyed by job id) has settled it, so a settler that dies is
//!   simply followed by another, and the ledger makes the repeat a no-op;
//! - an unfinished or unsettled job never expires: only settled jobs get a time to live.

mod depth;
mod memory;
mod position;
mod redis;

use std::time::Duration;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

pub use self::redis::{EVERYTHING, RedisBoard};
pub use depth::Depth;
pub use memory::MemoryBoard;

use crate::coordination::CoordinationError;

pub type BoardResult<T> = Result<T, CoordinationError>;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    Pro,
    Free,
}

impl Tier {
    pub fn of(pro: bool) -> Self {
        if pro { Self::Pro } else { Self::Free }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pro => "pro",
            Self::Free => "free",
        }
    }

    fn parse(s: &str) -> Self {
        if s == "pro" { Self::Pro } else { Self::Free }
    }
}

/// Where a job is. `Reserving` is the short step between taking a place and its credits
/// being reserved; nobody outside the gateway that made it sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum JobState {
    Reserving,
    Queued,
    Running,
    Succeeded,
    Failed,
    Canceled,
}

impl JobState {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Reserving => "reserving",
            Self::Queued => "queued",
            Self::Running => "running",
            Self::Succeeded => "succeeded",
            Self::Failed => "failed",
            Self::Canceled => "canceled",
        }
    }

    fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "reserving" => Self::Reserving,
            "queued" => Self::Queued,
            "running" => Self::Running,
            "succeeded" => Self::Succeeded,
            "failed" => Self::Failed,
            "canceled" => Self::Canceled,
            _ => return None,
        })
    }

    pub fn is_over(self) -> bool {
        matches!(self, Self::Succeeded | Self::Failed | Self::Canceled)
    }
}

/// The rules every instance must agree on (they come from the same configuration).
#[derive(Debug, Clone)]
pub struct Rules {
    pub per_free_user: usize,
    pub per_pro_user: usize,
    /// Jobs waiting at most, all users together.
    pub queue_limit: usize,
    /// Pro jobs started in a row while free ones wait, before a free one goes.
    pub pro_burst: u32,
    /// How long a worker holds a job without renewing it.
    pub lease: Duration,
    /// Starts a job gets before a lost worker counts as the job failing.
    pub max_attempts: u32,
    /// How long a job may sit between taking its place and being published.
    pub admission: Duration,
    /// How long an ended job stays readable.
    pub keep_ended: Duration,
    /// How long an unfinished job may live at all (a bound, not a deadline).
    pub keep_open: Duration,
}

impl Rules {
    pub fn cap(&self, tier: Tier) -> usize {
        match tier {
            Tier::Pro => self.per_pro_user,
            Tier::Free => self.per_free_user,
        }
    }
}

/// A job as the gateway makes it.
#[derive(Debug, Clone)]
pub struct NewJob {
    pub id: String,
    pub uid: String,
    pub tier: Tier,
    /// The validated request, as JSON.
    pub request: String,
    /// The credit period its credits were taken from.
    pub period: String,
    pub credits: u32,
}

/// The board's answer to a job that asks for a place: taken, or why not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Enqueued {
    Accepted,
    /// The user already has this many jobs queued or running.
    Busy(usize),
    Full,
}

/// A job a worker now runs, and the token that proves it still does.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub id: String,
    pub attempt: u32,
    pub token: String,
    pub uid: String,
    pub tier: Tier,
    pub request: String,
    pub period: String,
    pub credits: u32,
}

/// How a run ended, as the worker reports it.
#[derive(Debug, Clone)]
pub enum Outcome {
    Succeeded { result: String, kept: u32 },
    Failed { error: String, kept: u32 },
}

/// A job that has just ended, with what its settlement needs.
#[derive(Debug, Clone, PartialEq)]
pub struct Ended {
    pub id: String,
    pub uid: String,
    pub period: String,
    pub credits: u32,
    /// Credits its images kept; `None` when nobody knows (its worker was lost), so the
    /// settlement counts the images that exist.
    pub kept: Option<u32>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Cancel {
    Canceled(Ended),
    /// Already running or ended (it was the caller's).
    TooLate(JobState),
    /// Absent, or someone else's.
    Missing,
}

/// Where a queued job stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// 1: starts next.
    pub position: u32,
    /// Until it starts, from the recent run times and the live workers.
    pub eta: Duration,
}

/// A job as anyone with its id reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    pub id: String,
    pub uid: String,
    pub tier: Tier,
    pub state: JobState,
    pub place: Option<Place>,
    /// The last progress the worker reported, as JSON.
    pub progress: Option<String>,
    /// What a succeeded job made, as JSON.
    pub result: Option<String>,
    /// Why a failed job failed, as JSON (or a reason of the board's own).
    pub error: Option<String>,
    /// Ended and its credits settled: a client told of the end now sees its credits right.
    pub settled: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum EventKind {
    State(JobState),
    /// JSON from the worker.
    Progress(String),
}

/// One thing that happened to a job; `cursor` orders them and resumes after one.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardEvent {
    pub cursor: String,
    pub kind: EventKind,
}

#[async_trait]
pub trait JobBoard: Send + Sync {
    fn rules(&self) -> &Rules;

    /// "memory" or "redis".
    fn kind(&self) -> &'static str;

    /// Takes a place for `job` if its user and the line have room; the job stays invisible
    /// to workers until [`publish`](Self::publish). Repeating it for the same id is harmless.
    async fn enqueue(&self, job: &NewJob) -> BoardResult<Enqueued>;

    /// Puts a reserved job in line. False when it is no longer being admitted (the reaper
    /// failed it): it is not in line, and its settlement is under way.
    async fn publish(&self, id: &str) -> BoardResult<bool>;

    /// Forgets a job still being admitted whose credits the ledger refused (it holds none).
    /// False when it is not in that state (it is in line after all, or gone).
    async fn abandon(&self, job: &NewJob) -> BoardResult<bool>;

    /// Fails a job still being admitted that may hold credits (the store's answer was lost,
    /// or it could not be put in line): it kept nothing and goes on the unsettled list for the
    /// settler. False when it is not in that state.
    async fn fail_admission(&self, job: &NewJob) -> BoardResult<bool>;

    /// The next job by the scheduling rules, now running under `worker`'s lease.
    async fn claim(&self, worker: &str) -> BoardResult<Option<Claimed>>;

    /// Extends the lease and records `progress` (JSON). False: the lease is lost (the job was
    /// given to another worker); the caller must stop writing anything for it.
    async fn renew(&self, id: &str, token: &str, progress: Option<&str>) -> BoardResult<bool>;

    /// Ends a run. `None` when the lease was lost or the run was already reported.
    async fn complete(&self, job: &Claimed, outcome: &Outcome) -> BoardResult<Option<Ended>>;

    /// Cancels the caller's job if it is still queued. A job that ran before (its worker was
    /// lost) ends with `kept` unknown, so its settlement counts the images it stored.
    async fn cancel(&self, id: &str, uid: &str) -> BoardResult<Cancel>;

    /// Puts jobs whose lease ran out back in line (or fails them after `max_attempts`), fails
    /// jobs whose admission never finished (their gateway died) and jobs queued longer than
    /// `keep_open`. Returns the jobs it ended. A job that never ran kept nothing; whether an
    /// interrupted admission reserved its credits is for the ledger to say.
    async fn reap(&self) -> BoardResult<Vec<Ended>>;

    /// The ledger has settled the job: it leaves the unsettled list and starts to expire, and
    /// listeners waiting for it hear a ring. Harmless to repeat.
    async fn mark_settled(&self, id: &str) -> BoardResult<()>;

    /// Ended jobs still unsettled `grace` after they ended (their settler died or the store
    /// failed the refund).
    async fn unsettled(&self, grace: Duration) -> BoardResult<Vec<Ended>>;

    async fn snapshot(&self, id: &str) -> BoardResult<Option<Snapshot>>;

    /// The job's events after `cursor` (all of them without one), oldest first.
    async fn events_after(&self, id: &str, cursor: Option<&str>) -> BoardResult<Vec<BoardEvent>>;

    /// The ids of jobs as they change (a doorbell: read the job for what changed). May miss
    /// some while the connection to the board is down, so listeners also look every so often.
    fn changes(&self) -> broadcast::Receiver<String>;

    /// Waits until a job may be waiting, or `at_most`.
    async fn wait_for_work(&self, at_most: Duration);

    async fn depth(&self) -> BoardResult<Depth>;

    /// The ids of `uid`'s jobs that have not ended (in admission, queued or running).
    async fn jobs_of(&self, uid: &str) -> BoardResult<Vec<String>>;

    /// Whether the board answers.
    async fn ping(&self) -> BoardResult<()>;
}

/// A fresh lease token.
fn token() -> String {
    crate::store::push_id::next()
}
