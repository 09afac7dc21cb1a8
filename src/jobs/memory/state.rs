//! The in-memory board's state: the jobs, both lines, each user's jobs, and the workers seen.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::Duration;

// Tokio's clock, not the system's: a test pauses it and moves it on (tests/api/clock.rs).
use tokio::time::Instant;

use crate::jobs::position::Line;
use crate::jobs::{BoardEvent, Ended, EventKind, JobState, NewJob, Rules, Tier};
use crate::metrics::histogram::Histogram;

pub(super) struct Job {
    pub(super) uid: String,
    pub(super) tier: Tier,
    pub(super) state: JobState,
    pub(super) seq: u64,
    pub(super) attempts: u32,
    pub(super) token: String,
    pub(super) request: String,
    pub(super) period: String,
    pub(super) credits: u32,
    pub(super) created: Instant,
    pub(super) started: Option<Instant>,
    pub(super) progress: Option<String>,
    pub(super) result: Option<String>,
    pub(super) error: Option<String>,
    pub(super) kept: Option<u32>,
    /// Reserving: when admission counts as dead. Running: when the lease runs out.
    pub(super) deadline: Option<Instant>,
    pub(super) ended: Option<Instant>,
    /// The ledger settled its credits.
    pub(super) settled: bool,
    /// Set once settled: an unfinished or unsettled job never expires.
    pub(super) expires: Option<Instant>,
    pub(super) events: Vec<BoardEvent>,
}

impl Job {
    /// A job that has taken its place and waits for its credits.
    pub(super) fn reserving(job: &NewJob, seq: u64, rules: &Rules) -> Self {
        let now = Instant::now();
        Self {
            uid: job.uid.clone(),
            tier: job.tier,
            state: JobState::Reserving,
            seq,
            attempts: 0,
            token: String::new(),
            request: job.request.clone(),
            period: job.period.clone(),
            credits: job.credits,
            created: now,
            started: None,
            progress: None,
            result: None,
            error: None,
            kept: None,
            deadline: Some(now + rules.admission),
            ended: None,
            settled: false,
            expires: None,
            events: Vec::new(),
        }
    }

    pub(super) fn ended(&self, id: &str) -> Ended {
        Ended {
            id: id.to_owned(),
            uid: self.uid.clone(),
            period: self.period.clone(),
            credits: self.credits,
            kept: self.kept,
        }
    }
}

#[derive(Default)]
pub(super) struct State {
    pub(super) jobs: HashMap<String, Job>,
    pub(super) pro: BTreeMap<u64, String>,
    pub(super) free: BTreeMap<u64, String>,
    pub(super) per_user: HashMap<String, HashSet<String>>,
    pub(super) streak: u64,
    pub(super) seq: u64,
    /// From submit to the first start: pro, free.
    pub(super) waited: [Histogram; 2],
    pub(super) cursor: u64,
    pub(super) workers: HashMap<String, Instant>,
    pub(super) average: Option<Duration>,
}

impl State {
    pub(super) fn line(&self, burst: u32) -> Line {
        Line {
            queued_pro: self.pro.len() as u64,
            queued_free: self.free.len() as u64,
            streak: self.streak,
            burst: u64::from(burst),
        }
    }

    pub(super) fn tier_line(&mut self, tier: Tier) -> &mut BTreeMap<u64, String> {
        match tier {
            Tier::Pro => &mut self.pro,
            Tier::Free => &mut self.free,
        }
    }

    pub(super) fn record(&mut self, id: &str, kind: EventKind) {
        self.cursor += 1;
        let cursor = self.cursor.to_string();
        if let Some(job) = self.jobs.get_mut(id) {
            job.events.push(BoardEvent { cursor, kind });
        }
    }

    pub(super) fn leave_user(&mut self, uid: &str, id: &str) {
        if let Some(mine) = self.per_user.get_mut(uid) {
            mine.remove(id);
            if mine.is_empty() {
                self.per_user.remove(uid);
            }
        }
    }

    pub(super) fn is_reserving(&self, id: &str) -> bool {
        self.jobs
            .get(id)
            .is_some_and(|j| j.state == JobState::Reserving)
    }

    /// Fails `id` for `why`, out of whatever line it was in.
    pub(super) fn fail(&mut self, id: &str, why: &str, now: Instant) -> Option<Ended> {
        self.jobs.get_mut(id)?.error = Some(why.to_owned());
        self.end(id, JobState::Failed, now)
    }

    /// Ends `id` in `state`; the caller has taken it out of every line. A job that never ran
    /// kept nothing unless the caller said otherwise.
    pub(super) fn end(&mut self, id: &str, state: JobState, now: Instant) -> Option<Ended> {
        let job = self.jobs.get_mut(id)?;
        if job.attempts == 0 {
            job.kept.get_or_insert(0);
        }
        job.state = state;
        job.token.clear();
        job.deadline = None;
        job.ended = Some(now);
        let (uid, ended) = (job.uid.clone(), job.ended(id));
        self.leave_user(&uid, id);
        self.record(id, EventKind::State(state));
        Some(ended)
    }
}

/// Workers seen within three leases.
pub(super) fn live_workers(state: &State, rules: &Rules) -> u64 {
    let since = Instant::now().checked_sub(rules.lease * 3);
    state
        .workers
        .values()
        .filter(|&&seen| since.is_none_or(|s| seen >= s))
        .count() as u64
}
