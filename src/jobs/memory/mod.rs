//! The board of one process: the same rules as the Redis board, under one lock.

use std::collections::HashSet;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

// Tokio's clock, not the system's: a test pauses it and moves it on (tests/api/clock.rs).
use tokio::time::Instant;

use async_trait::async_trait;
use tokio::sync::{Notify, broadcast};

use super::position;
use super::{
    BoardEvent, BoardResult, Cancel, Claimed, Depth, Ended, Enqueued, EventKind, JobBoard,
    JobState, NewJob, Outcome, Rules, Snapshot, Tier,
};

mod state;

use state::{Job, State, live_workers};

pub struct MemoryBoard {
    rules: Rules,
    state: Mutex<State>,
    changes: broadcast::Sender<String>,
    work: Notify,
}

impl MemoryBoard {
    pub fn new(rules: Rules) -> Self {
        Self {
            rules,
            state: Mutex::new(State::default()),
            changes: broadcast::channel(1024).0,
            work: Notify::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn ring(&self, id: &str) {
        let _ = self.changes.send(id.to_owned());
    }
}

#[async_trait]
impl JobBoard for MemoryBoard {
    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn kind(&self) -> &'static str {
        "memory"
    }

    async fn enqueue(&self, job: &NewJob) -> BoardResult<Enqueued> {
        let mut state = self.lock();
        if state.jobs.contains_key(&job.id) {
            return Ok(Enqueued::Accepted);
        }
        let mine = state.per_user.get(&job.uid).map_or(0, HashSet::len);
        if mine >= self.rules.cap(job.tier) {
            return Ok(Enqueued::Busy(mine));
        }
        let reserving = state
            .jobs
            .values()
            .filter(|j| j.state == JobState::Reserving)
            .count();
        if state.pro.len() + state.free.len() + reserving >= self.rules.queue_limit {
            return Ok(Enqueued::Full);
        }
        state.seq += 1;
        let seq = state.seq;
        state
            .jobs
            .insert(job.id.clone(), Job::reserving(job, seq, &self.rules));
        state
            .per_user
            .entry(job.uid.clone())
            .or_default()
            .insert(job.id.clone());
        Ok(Enqueued::Accepted)
    }

    async fn publish(&self, id: &str) -> BoardResult<bool> {
        {
            let mut state = self.lock();
            let Some(job) = state.jobs.get_mut(id) else {
                return Ok(false);
            };
            if job.state != JobState::Reserving {
                return Ok(false);
            }
            job.state = JobState::Queued;
            job.deadline = None;
            let (tier, seq) = (job.tier, job.seq);
            state.tier_line(tier).insert(seq, id.to_owned());
            state.record(id, EventKind::State(JobState::Queued));
        }
        self.ring(id);
        self.work.notify_one();
        Ok(true)
    }

    async fn abandon(&self, job: &NewJob) -> BoardResult<bool> {
        let mut state = self.lock();
        if !state.is_reserving(&job.id) {
            return Ok(false);
        }
        state.jobs.remove(&job.id);
        state.leave_user(&job.uid, &job.id);
        Ok(true)
    }

    async fn fail_admission(&self, job: &NewJob) -> BoardResult<bool> {
        let ended = {
            let mut state = self.lock();
            if !state.is_reserving(&job.id) {
                return Ok(false);
            }
            state.fail(&job.id, "admission_failed", Instant::now())
        };
        self.ring(&job.id);
        Ok(ended.is_some())
    }

    async fn claim(&self, worker: &str) -> BoardResult<Option<Claimed>> {
        let now = Instant::now();
        let claimed = {
            let mut state = self.lock();
            state.workers.insert(worker.to_owned(), now);
            let stale = now.checked_sub(self.rules.lease * 3);
            state
                .workers
                .retain(|_, &mut seen| stale.is_none_or(|s| seen >= s));
            let Some((pro, streak)) = position::next_is_pro(state.line(self.rules.pro_burst))
            else {
                return Ok(None);
            };
            state.streak = streak;
            let tier = Tier::of(pro);
            let Some((_, id)) = state.tier_line(tier).pop_first() else {
                return Ok(None);
            };
            let token = super::token();
            let job = state.jobs.get_mut(&id).expect("a queued job exists");
            job.attempts += 1;
            let waited = (job.attempts == 1).then(|| now - job.created);
            job.state = JobState::Running;
            job.token.clone_from(&token);
            job.started = Some(now);
            job.deadline = Some(now + self.rules.lease);
            let claimed = Claimed {
                id: id.clone(),
                attempt: job.attempts,
                token,
                uid: job.uid.clone(),
                tier: job.tier,
                request: job.request.clone(),
                period: job.period.clone(),
                credits: job.credits,
            };
            if let Some(waited) = waited {
                state.waited[usize::from(tier == Tier::Free)].observe(waited.as_secs_f64());
            }
            state.record(&id, EventKind::State(JobState::Running));
            claimed
        };
        self.ring(&claimed.id);
        Ok(Some(claimed))
    }

    async fn renew(&self, id: &str, token: &str, progress: Option<&str>) -> BoardResult<bool> {
        {
            let mut state = self.lock();
            let Some(job) = state.jobs.get_mut(id) else {
                return Ok(false);
            };
            if job.state != JobState::Running || job.token != token {
                return Ok(false);
            }
            job.deadline = Some(Instant::now() + self.rules.lease);
            let Some(progress) = progress else {
                return Ok(true);
            };
            job.progress = Some(progress.to_owned());
            state.record(id, EventKind::Progress(progress.to_owned()));
        }
        self.ring(id);
        Ok(true)
    }

    async fn complete(&self, claimed: &Claimed, outcome: &Outcome) -> BoardResult<Option<Ended>> {
        let (id, now) = (claimed.id.as_str(), Instant::now());
        let ended = {
            let mut state = self.lock();
            let Some(job) = state.jobs.get_mut(id) else {
                return Ok(None);
            };
            if job.state != JobState::Running || job.token != claimed.token {
                return Ok(None);
            }
            let (to, kept) = match outcome {
                Outcome::Succeeded { result, kept } => {
                    job.result = Some(result.clone());
                    (JobState::Succeeded, *kept)
                }
                Outcome::Failed { error, kept } => {
                    job.error = Some(error.clone());
                    (JobState::Failed, *kept)
                }
            };
            job.kept = Some(kept);
            let took = job.started.map_or(Duration::ZERO, |s| now - s);
            state.average = Some(match state.average {
                Some(avg) => avg.mul_f64(0.8) + took.mul_f64(0.2),
                None => took,
            });
            state.end(id, to, now)
        };
        self.ring(id);
        Ok(ended)
    }

    async fn cancel(&self, id: &str, uid: &str) -> BoardResult<Cancel> {
        let now = Instant::now();
        let outcome = {
            let mut state = self.lock();
            let Some(job) = state.jobs.get_mut(id).filter(|j| j.uid == uid) else {
                return Ok(Cancel::Missing);
            };
            if job.state != JobState::Queued {
                return Ok(Cancel::TooLate(job.state));
            }
            let (tier, seq) = (job.tier, job.seq);
            state.tier_line(tier).remove(&seq);
            state.end(id, JobState::Canceled, now)
        };
        self.ring(id);
        Ok(outcome.map_or(Cancel::Missing, Cancel::Canceled))
    }

    async fn reap(&self) -> BoardResult<Vec<Ended>> {
        let now = Instant::now();
        let (ended, requeued) = {
            let mut state = self.lock();
            state.jobs.retain(|_, j| j.expires.is_none_or(|e| e > now));
            let overdue: Vec<(String, JobState, u32)> = state
                .jobs
                .iter()
                .filter(|(_, j)| j.deadline.is_some_and(|d| d <= now))
                .map(|(id, j)| (id.clone(), j.state, j.attempts))
                .collect();
            let (mut ended, mut requeued) = (Vec::new(), Vec::new());
            for (id, was, attempts) in overdue {
                let why = match was {
                    JobState::Running if attempts < self.rules.max_attempts => {
                        let job = state.jobs.get_mut(&id).expect("listed above");
                        job.state = JobState::Queued;
                        job.token.clear();
                        job.deadline = None;
                        let (tier, seq) = (job.tier, job.seq);
                        state.tier_line(tier).insert(seq, id.clone());
                        state.record(&id, EventKind::State(JobState::Queued));
                        requeued.push(id);
                        continue;
                    }
                    JobState::Running => "worker_lost",
                    _ => "admission_interrupted",
                };
                ended.extend(state.fail(&id, why, now));
            }
            let expired: Vec<(Tier, u64, String)> = state
                .jobs
                .iter()
                .filter(|(_, j)| {
                    j.state == JobState::Queued && j.created + self.rules.keep_open <= now
                })
                .map(|(id, j)| (j.tier, j.seq, id.clone()))
                .collect();
            for (tier, seq, id) in expired {
                state.tier_line(tier).remove(&seq);
                ended.extend(state.fail(&id, "expired", now));
            }
            (ended, requeued)
        };
        for id in ended.iter().map(|e| &e.id).chain(&requeued) {
            self.ring(id);
        }
        if !requeued.is_empty() {
            self.work.notify_one();
        }
        Ok(ended)
    }

    async fn mark_settled(&self, id: &str) -> BoardResult<()> {
        if let Some(job) = self.lock().jobs.get_mut(id)
            && job.state.is_over()
        {
            job.settled = true;
            job.expires = Some(Instant::now() + self.rules.keep_ended);
        }
        self.ring(id);
        Ok(())
    }

    async fn unsettled(&self, grace: Duration) -> BoardResult<Vec<Ended>> {
        let now = Instant::now();
        let state = self.lock();
        Ok(state
            .jobs
            .iter()
            .filter(|(_, j)| !j.settled && j.ended.is_some_and(|e| e + grace <= now))
            .map(|(id, j)| j.ended(id))
            .collect())
    }

    async fn snapshot(&self, id: &str) -> BoardResult<Option<Snapshot>> {
        let state = self.lock();
        let Some(job) = state.jobs.get(id) else {
            return Ok(None);
        };
        let place = (job.state == JobState::Queued).then(|| {
            let line = match job.tier {
                Tier::Pro => &state.pro,
                Tier::Free => &state.free,
            };
            let rank = line.range(..job.seq).count() as u64;
            let ahead = position::ahead(state.line(self.rules.pro_burst), job.tier, rank);
            let alive = live_workers(&state, &self.rules);
            position::place(ahead, state.average.unwrap_or_default(), alive)
        });
        Ok(Some(Snapshot {
            id: id.to_owned(),
            uid: job.uid.clone(),
            tier: job.tier,
            state: job.state,
            place,
            progress: job.progress.clone(),
            result: job.result.clone(),
            error: job.error.clone(),
            settled: job.settled,
        }))
    }

    async fn events_after(&self, id: &str, cursor: Option<&str>) -> BoardResult<Vec<BoardEvent>> {
        let after: u64 = cursor.and_then(|c| c.parse().ok()).unwrap_or(0);
        let state = self.lock();
        Ok(state.jobs.get(id).map_or_else(Vec::new, |job| {
            job.events
                .iter()
                .filter(|e| e.cursor.parse::<u64>().is_ok_and(|c| c > after))
                .cloned()
                .collect()
        }))
    }

    fn changes(&self) -> broadcast::Receiver<String> {
        self.changes.subscribe()
    }

    async fn wait_for_work(&self, at_most: Duration) {
        let _ = tokio::time::timeout(at_most, self.work.notified()).await;
    }

    async fn jobs_of(&self, uid: &str) -> BoardResult<Vec<String>> {
        let state = self.lock();
        Ok(state
            .per_user
            .get(uid)
            .map(|ids| ids.iter().cloned().collect())
            .unwrap_or_default())
    }

    async fn depth(&self) -> BoardResult<Depth> {
        let state = self.lock();
        Ok(Depth {
            queued_pro: state.pro.len() as u64,
            queued_free: state.free.len() as u64,
            running: state
                .jobs
                .values()
                .filter(|j| j.state == JobState::Running)
                .count() as u64,
            workers: live_workers(&state, &self.rules),
            waited_pro: state.waited[0].clone(),
            waited_free: state.waited[1].clone(),
        })
    }

    async fn ping(&self) -> BoardResult<()> {
        Ok(())
    }
}
