//! The board in Redis, shared by every instance and worker. Each step that reads and writes
//! is one Lua script (`lua/`), so two instances can never both take the last place, start the
//! same job, or end it twice. Times are Redis's own clock, so skewed hosts agree.

use std::sync::{Arc, LazyLock};
use std::time::Duration;

use async_trait::async_trait;
use redis::Script;
use redis::aio::ConnectionManager;
use tokio::sync::{Mutex, Notify, broadcast};

use super::{
    BoardEvent, BoardResult, Cancel, Claimed, Depth, Ended, Enqueued, JobBoard, JobState, NewJob,
    Outcome, Rules, Snapshot, Tier,
};
use crate::coordination::redis::RedisClient;
use crate::metrics::histogram::BUCKETS;

mod doorbell;
mod reads;

macro_rules! scripts {
    ($($name:ident = $file:literal;)*) => {
        $(static $name: LazyLock<Script> =
            LazyLock::new(|| Script::new(include_str!(concat!("../lua/", $file))));)*
    };
}

scripts! {
    ENQUEUE = "enqueue.lua";
    PUBLISH = "publish.lua";
    ABANDON = "abandon.lua";
    FAIL_ADMISSION = "fail_admission.lua";
    CLAIM = "claim.lua";
    RENEW = "renew.lua";
    COMPLETE = "complete.lua";
    CANCEL = "cancel.lua";
    REAP = "reap.lua";
    MARK_SETTLED = "mark_settled.lua";
    UNSETTLED = "unsettled.lua";
    SNAPSHOT = "snapshot.lua";
    DEPTH = "depth.lua";
}

/// Events kept per job (about; Redis trims in whole nodes).
const EVENTS_KEPT: u32 = 256;
/// Jobs one reaper pass looks at.
const REAP_BATCH: u32 = 100;
/// The channel whose messages are ids of jobs that changed.
const CHANGES: &str = "ev";
/// What the doorbell rings when it may have missed messages: every listener looks again.
pub const EVERYTHING: &str = "*";

pub struct RedisBoard {
    redis: RedisClient,
    rules: Rules,
    changes: broadcast::Sender<String>,
    /// BLPOP on the wake list, one at a time per process; the other idle slots wait on `work`.
    waker: Mutex<Option<ConnectionManager>>,
    work: Notify,
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl RedisBoard {
    /// Must be called inside the runtime: it starts listening for job changes.
    pub fn new(redis: RedisClient, rules: Rules) -> Arc<Self> {
        let board = Arc::new(Self {
            waker: Mutex::new(redis.blocking_connection(Duration::from_secs(1)).ok()),
            redis,
            rules,
            changes: broadcast::channel(1024).0,
            work: Notify::new(),
        });
        doorbell::listen(&board);
        board
    }

    fn key(&self, name: &str) -> String {
        self.redis.key(name)
    }

    fn job(&self, id: &str) -> String {
        self.key(&format!("job:{id}"))
    }

    fn events(&self, id: &str) -> String {
        self.key(&format!("ev:{id}"))
    }

    fn user_jobs(&self, uid: &str) -> String {
        self.key(&format!("user:{uid}:jobs"))
    }

    fn stale_workers_ms(&self) -> u64 {
        ms(self.rules.lease * 3)
    }
}

#[async_trait]
impl JobBoard for RedisBoard {
    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn kind(&self) -> &'static str {
        "redis"
    }

    async fn enqueue(&self, job: &NewJob) -> BoardResult<Enqueued> {
        let keys = [
            self.key("q:pro"),
            self.key("q:free"),
            self.key("q:reserving"),
            self.user_jobs(&job.uid),
            self.job(&job.id),
            self.key("seq"),
        ];
        let prefix = self.key("");
        let mut call = ENQUEUE.prepare_invoke();
        call.key(&keys[..])
            .arg(prefix)
            .arg(&job.id)
            .arg(&job.uid)
            .arg(job.tier.as_str())
            .arg(self.rules.cap(job.tier))
            .arg(self.rules.queue_limit)
            .arg(&job.request)
            .arg(&job.period)
            .arg(job.credits)
            .arg(ms(self.rules.admission));
        let (verdict, n): (String, usize) = self.redis.run_script(call).await?;
        Ok(match verdict.as_str() {
            "busy" => Enqueued::Busy(n),
            "full" => Enqueued::Full,
            _ => Enqueued::Accepted,
        })
    }

    async fn publish(&self, id: &str) -> BoardResult<bool> {
        let keys = [
            self.key("q:reserving"),
            self.job(id),
            self.events(id),
            self.key("wake"),
            self.key("q:pro"),
            self.key("q:free"),
        ];
        let mut call = PUBLISH.prepare_invoke();
        call.key(&keys[..])
            .arg(id)
            .arg(EVENTS_KEPT)
            .arg(self.key(CHANGES));
        let published: u32 = self.redis.run_script(call).await?;
        Ok(published == 1)
    }

    async fn abandon(&self, job: &NewJob) -> BoardResult<bool> {
        let keys = [
            self.key("q:reserving"),
            self.job(&job.id),
            self.user_jobs(&job.uid),
        ];
        let mut call = ABANDON.prepare_invoke();
        call.key(&keys[..]).arg(&job.id);
        let abandoned: u32 = self.redis.run_script(call).await?;
        Ok(abandoned == 1)
    }

    async fn fail_admission(&self, job: &NewJob) -> BoardResult<bool> {
        let keys = [
            self.key("q:reserving"),
            self.job(&job.id),
            self.events(&job.id),
            self.key("unsettled"),
            self.user_jobs(&job.uid),
        ];
        let mut call = FAIL_ADMISSION.prepare_invoke();
        call.key(&keys[..])
            .arg(&job.id)
            .arg(EVENTS_KEPT)
            .arg(self.key(CHANGES));
        let failed: u32 = self.redis.run_script(call).await?;
        Ok(failed == 1)
    }

    async fn claim(&self, worker: &str) -> BoardResult<Option<Claimed>> {
        let keys = [
            self.key("q:pro"),
            self.key("q:free"),
            self.key("running"),
            self.key("streak"),
            self.key("workers"),
            self.key("waited:pro"),
            self.key("waited:free"),
        ];
        let (prefix, channel, token) = (self.key(""), self.key(CHANGES), super::token());
        let mut call = CLAIM.prepare_invoke();
        call.key(&keys[..])
            .arg(prefix)
            .arg(worker)
            .arg(&token)
            .arg(ms(self.rules.lease))
            .arg(self.rules.pro_burst)
            .arg(EVENTS_KEPT)
            .arg(channel)
            .arg(self.stale_workers_ms());
        for bound in BUCKETS {
            call.arg(bound * 1000.0);
        }
        let claimed: Option<(String, u32, String, String, String, String, u32)> =
            self.redis.run_script(call).await?;
        Ok(claimed.map(
            |(id, attempt, uid, tier, request, period, credits)| Claimed {
                id,
                attempt,
                token,
                uid,
                tier: Tier::parse(&tier),
                request,
                period,
                credits,
            },
        ))
    }

    async fn renew(&self, id: &str, token: &str, progress: Option<&str>) -> BoardResult<bool> {
        let keys = [self.job(id), self.key("running"), self.events(id)];
        let channel = self.key(CHANGES);
        let lease = ms(self.rules.lease);
        let mut call = RENEW.prepare_invoke();
        call.key(&keys[..])
            .arg(id)
            .arg(token)
            .arg(lease)
            .arg(progress.unwrap_or(""))
            .arg(EVENTS_KEPT)
            .arg(channel);
        let held: u32 = self.redis.run_script(call).await?;
        Ok(held == 1)
    }

    async fn complete(&self, job: &Claimed, outcome: &Outcome) -> BoardResult<Option<Ended>> {
        let keys = [
            self.job(&job.id),
            self.key("running"),
            self.events(&job.id),
            self.key("unsettled"),
            self.key("stats"),
            self.user_jobs(&job.uid),
        ];
        let (state, field, value, kept) = match outcome {
            Outcome::Succeeded { result, kept } => (JobState::Succeeded, "result", result, *kept),
            Outcome::Failed { error, kept } => (JobState::Failed, "error", error, *kept),
        };
        let mut call = COMPLETE.prepare_invoke();
        call.key(&keys[..])
            .arg(&job.id)
            .arg(&job.token)
            .arg(state.as_str())
            .arg(field)
            .arg(value)
            .arg(kept)
            .arg(EVENTS_KEPT)
            .arg(self.key(CHANGES));
        let ended: Option<(String, String, u32)> = self.redis.run_script(call).await?;
        Ok(ended.map(|(uid, period, credits)| Ended {
            id: job.id.clone(),
            uid,
            period,
            credits,
            kept: Some(kept),
        }))
    }

    async fn cancel(&self, id: &str, uid: &str) -> BoardResult<Cancel> {
        let keys = [
            self.job(id),
            self.events(id),
            self.key("unsettled"),
            self.key("q:pro"),
            self.key("q:free"),
            self.user_jobs(uid),
        ];
        let mut call = CANCEL.prepare_invoke();
        call.key(&keys[..])
            .arg(id)
            .arg(uid)
            .arg(EVENTS_KEPT)
            .arg(self.key(CHANGES));
        let verdict: Vec<String> = self.redis.run_script(call).await?;
        Ok(match verdict.first().map(String::as_str) {
            Some("canceled") => match self.ended(id).await? {
                Some(ended) => Cancel::Canceled(ended),
                None => Cancel::Missing,
            },
            Some("late") => Cancel::TooLate(
                verdict
                    .get(1)
                    .and_then(|s| JobState::parse(s))
                    .unwrap_or(JobState::Running),
            ),
            _ => Cancel::Missing,
        })
    }

    async fn reap(&self) -> BoardResult<Vec<Ended>> {
        let keys = [
            self.key("running"),
            self.key("q:reserving"),
            self.key("unsettled"),
            self.key("wake"),
            self.key("q:pro"),
            self.key("q:free"),
        ];
        let mut call = REAP.prepare_invoke();
        call.key(&keys[..])
            .arg(self.key(""))
            .arg(self.rules.max_attempts)
            .arg(REAP_BATCH)
            .arg(EVENTS_KEPT)
            .arg(self.key(CHANGES))
            .arg(ms(self.rules.keep_open));
        let failed: Vec<String> = self.redis.run_script(call).await?;
        let mut ended = Vec::with_capacity(failed.len());
        for id in failed {
            ended.extend(self.ended(&id).await?);
        }
        Ok(ended)
    }

    async fn mark_settled(&self, id: &str) -> BoardResult<()> {
        let keys = [self.job(id), self.events(id), self.key("unsettled")];
        let mut call = MARK_SETTLED.prepare_invoke();
        call.key(&keys[..])
            .arg(id)
            .arg(self.key(CHANGES))
            .arg(ms(self.rules.keep_ended));
        let _: u32 = self.redis.run_script(call).await?;
        Ok(())
    }

    async fn unsettled(&self, grace: Duration) -> BoardResult<Vec<Ended>> {
        self.read_unsettled(grace).await
    }

    async fn snapshot(&self, id: &str) -> BoardResult<Option<Snapshot>> {
        self.read_snapshot(id).await
    }

    async fn events_after(&self, id: &str, cursor: Option<&str>) -> BoardResult<Vec<BoardEvent>> {
        self.read_events(id, cursor).await
    }

    fn changes(&self) -> broadcast::Receiver<String> {
        self.changes.subscribe()
    }

    async fn wait_for_work(&self, at_most: Duration) {
        let notified = self.work.notified();
        let Ok(mut waker) = self.waker.try_lock() else {
            let _ = tokio::time::timeout(at_most, notified).await;
            return;
        };
        let Some(connection) = waker.as_mut() else {
            tokio::time::sleep(at_most).await;
            return;
        };
        let popped: Result<Option<(String, String)>, redis::RedisError> = redis::cmd("BLPOP")
            .arg(self.key("wake"))
            .arg(at_most.as_secs_f64())
            .query_async(connection)
            .await;
        if let Err(e) = popped {
            tracing::debug!(error = %e, "waiting for work");
            tokio::time::sleep(at_most).await;
        }
        self.work.notify_waiters();
    }

    async fn depth(&self) -> BoardResult<Depth> {
        self.read_depth().await
    }

    async fn jobs_of(&self, uid: &str) -> BoardResult<Vec<String>> {
        let key = self.user_jobs(uid);
        self.redis
            .call(|mut c| async move { redis::cmd("SMEMBERS").arg(key).query_async(&mut c).await })
            .await
    }

    async fn ping(&self) -> BoardResult<()> {
        self.redis.ping().await
    }
}
