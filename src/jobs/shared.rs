//! The board in Redis, shared by every instance and worker. Each step that reads and writes
//! is one Lua script (`lua/`), so two instances can never both take the last place, start the
//! same job, or end it twice. Times are Redis's own clock, so skewed hosts agree.

use std::sync::{Arc, LazyLock};
use std::time::Duration;

use async_trait::async_trait;
use redis::aio::ConnectionManager;
use redis::{PushKind, Script, Value};
use tokio::sync::{Mutex, Notify, broadcast};

use super::{
    Admission, BoardEvent, BoardResult, Cancel, Claimed, Depth, Ended, EventKind, JobBoard,
    JobState, NewJob, Outcome, Place, Rules, Snapshot, Tier,
};
use crate::redis_client::RedisClient;

macro_rules! scripts {
    ($($name:ident = $file:literal;)*) => {
        $(static $name: LazyLock<Script> =
            LazyLock::new(|| Script::new(include_str!(concat!("lua/", $file))));)*
    };
}

scripts! {
    ENQUEUE = "enqueue.lua";
    PUBLISH = "publish.lua";
    ABANDON = "abandon.lua";
    CLAIM = "claim.lua";
    RENEW = "renew.lua";
    COMPLETE = "complete.lua";
    CANCEL = "cancel.lua";
    REAP = "reap.lua";
    SETTLE = "settle.lua";
    SETTLED = "settled.lua";
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
        tokio::spawn(listen(Arc::downgrade(&board)));
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

    fn stale_workers_ms(&self) -> u64 {
        ms(self.rules.lease * 3)
    }

    /// An ended job as its hash has it (`kept` is absent when its workers were lost).
    async fn ended(&self, id: &str) -> BoardResult<Option<Ended>> {
        let job = self.job(id);
        let fields: (Option<String>, Option<String>, Option<u32>, Option<u32>) = self
            .redis
            .call(|mut c| async move {
                redis::cmd("HMGET")
                    .arg(job)
                    .arg(&["uid", "period", "credits", "kept"])
                    .query_async(&mut c)
                    .await
            })
            .await?;
        Ok(match fields {
            (Some(uid), Some(period), Some(credits), kept) => Some(Ended {
                id: id.to_owned(),
                uid,
                period,
                credits,
                kept,
            }),
            _ => None,
        })
    }
}

/// Feeds `changes` from Redis's pub/sub: job ids, and [`EVERYTHING`] after an outage (messages
/// published meanwhile are lost). Pings once a second, since the subscription alone would not
/// notice that Redis went away and came back.
async fn listen(board: std::sync::Weak<RedisBoard>) {
    loop {
        let Some(redis) = board.upgrade().map(|b| b.redis.clone()) else {
            return;
        };
        let (mut connection, mut pushes) = match redis.subscribe(CHANGES).await {
            Ok(subscribed) => subscribed,
            Err(e) => {
                tracing::warn!(error = %e, "job changes: cannot subscribe; retrying");
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        let mut ping = tokio::time::interval(Duration::from_secs(1));
        loop {
            tokio::select! {
                push = pushes.recv() => {
                    let Some(push) = push else { break };
                    let Some(board) = board.upgrade() else { return };
                    let id = match push.kind {
                        PushKind::Message => match push.data.last() {
                            Some(Value::BulkString(b)) => String::from_utf8_lossy(b).into_owned(),
                            _ => continue,
                        },
                        PushKind::Disconnection | PushKind::Subscribe => EVERYTHING.to_owned(),
                        _ => continue,
                    };
                    let _ = board.changes.send(id);
                }
                _ = ping.tick() => {
                    if board.strong_count() == 0 {
                        return;
                    }
                    let _ = tokio::time::timeout(
                        Duration::from_millis(800),
                        redis::cmd("PING").query_async::<Value>(&mut connection),
                    )
                    .await;
                }
            }
        }
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

    async fn enqueue(&self, job: &NewJob) -> BoardResult<Admission> {
        let keys = [
            self.key("q:pro"),
            self.key("q:free"),
            self.key("q:reserving"),
            self.key(&format!("user:{}:jobs", job.uid)),
            self.job(&job.id),
            self.key("seq"),
        ];
        let prefix = self.key("");
        let rules = &self.rules;
        let (verdict, n): (String, usize) = self
            .redis
            .call(|mut c| async move {
                ENQUEUE
                    .key(&keys[..])
                    .arg(prefix)
                    .arg(&job.id)
                    .arg(&job.uid)
                    .arg(job.tier.as_str())
                    .arg(rules.cap(job.tier))
                    .arg(rules.queue_limit)
                    .arg(&job.request)
                    .arg(&job.period)
                    .arg(job.credits)
                    .arg(ms(rules.admission))
                    .arg(ms(rules.keep_open))
                    .invoke_async(&mut c)
                    .await
            })
            .await?;
        Ok(match verdict.as_str() {
            "busy" => Admission::Busy(n),
            "full" => Admission::Full,
            _ => Admission::Accepted,
        })
    }

    async fn publish(&self, id: &str) -> BoardResult<()> {
        let keys = [
            self.key("q:reserving"),
            self.job(id),
            self.events(id),
            self.key("wake"),
        ];
        let (prefix, channel) = (self.key(""), self.key(CHANGES));
        let _: u32 = self
            .redis
            .call(|mut c| async move {
                PUBLISH
                    .key(&keys[..])
                    .arg(prefix)
                    .arg(id)
                    .arg(EVENTS_KEPT)
                    .arg(channel)
                    .invoke_async(&mut c)
                    .await
            })
            .await?;
        Ok(())
    }

    async fn abandon(&self, id: &str) -> BoardResult<bool> {
        let keys = [self.key("q:reserving"), self.job(id)];
        let prefix = self.key("");
        let abandoned: u32 = self
            .redis
            .call(|mut c| async move {
                ABANDON
                    .key(&keys[..])
                    .arg(prefix)
                    .arg(id)
                    .invoke_async(&mut c)
                    .await
            })
            .await?;
        Ok(abandoned == 1)
    }

    async fn claim(&self, worker: &str) -> BoardResult<Option<Claimed>> {
        let keys = [
            self.key("q:pro"),
            self.key("q:free"),
            self.key("running"),
            self.key("streak"),
            self.key("workers"),
        ];
        let (prefix, channel, token) = (self.key(""), self.key(CHANGES), super::token());
        let rules = &self.rules;
        let token_arg = token.clone();
        let claimed: Option<(String, u32, String, String, String, String, u32)> = self
            .redis
            .call(|mut c| async move {
                CLAIM
                    .key(&keys[..])
                    .arg(prefix)
                    .arg(worker)
                    .arg(token_arg)
                    .arg(ms(rules.lease))
                    .arg(rules.pro_burst)
                    .arg(EVENTS_KEPT)
                    .arg(channel)
                    .invoke_async(&mut c)
                    .await
            })
            .await?;
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
        let held: u32 = self
            .redis
            .call(|mut c| async move {
                RENEW
                    .key(&keys[..])
                    .arg(id)
                    .arg(token)
                    .arg(lease)
                    .arg(progress.unwrap_or(""))
                    .arg(EVENTS_KEPT)
                    .arg(channel)
                    .invoke_async(&mut c)
                    .await
            })
            .await?;
        Ok(held == 1)
    }

    async fn complete(
        &self,
        id: &str,
        token: &str,
        outcome: &Outcome,
    ) -> BoardResult<Option<Ended>> {
        let keys = [
            self.job(id),
            self.key("running"),
            self.events(id),
            self.key("unsettled"),
            self.key("stats"),
        ];
        let (prefix, channel) = (self.key(""), self.key(CHANGES));
        let (state, field, value, kept) = match outcome {
            Outcome::Succeeded { result, kept } => (JobState::Succeeded, "result", result, *kept),
            Outcome::Failed { error, kept } => (JobState::Failed, "error", error, *kept),
        };
        let keep = ms(self.rules.keep_ended);
        let ended: Option<(String, String, u32)> = self
            .redis
            .call(|mut c| async move {
                COMPLETE
                    .key(&keys[..])
                    .arg(prefix)
                    .arg(id)
                    .arg(token)
                    .arg(state.as_str())
                    .arg(field)
                    .arg(value)
                    .arg(kept)
                    .arg(keep)
                    .arg(EVENTS_KEPT)
                    .arg(channel)
                    .invoke_async(&mut c)
                    .await
            })
            .await?;
        Ok(ended.map(|(uid, period, credits)| Ended {
            id: id.to_owned(),
            uid,
            period,
            credits,
            kept: Some(kept),
        }))
    }

    async fn cancel(&self, id: &str, uid: &str) -> BoardResult<Cancel> {
        let keys = [self.job(id), self.events(id), self.key("unsettled")];
        let (prefix, channel) = (self.key(""), self.key(CHANGES));
        let keep = ms(self.rules.keep_ended);
        let verdict: Vec<String> = self
            .redis
            .call(|mut c| async move {
                CANCEL
                    .key(&keys[..])
                    .arg(prefix)
                    .arg(id)
                    .arg(uid)
                    .arg(keep)
                    .arg(EVENTS_KEPT)
                    .arg(channel)
                    .invoke_async(&mut c)
                    .await
            })
            .await?;
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
        ];
        let (prefix, channel) = (self.key(""), self.key(CHANGES));
        let rules = &self.rules;
        let failed: Vec<String> = self
            .redis
            .call(|mut c| async move {
                REAP.key(&keys[..])
                    .arg(prefix)
                    .arg(rules.max_attempts)
                    .arg(REAP_BATCH)
                    .arg(ms(rules.keep_ended))
                    .arg(EVENTS_KEPT)
                    .arg(channel)
                    .invoke_async(&mut c)
                    .await
            })
            .await?;
        let mut ended = Vec::with_capacity(failed.len());
        for id in failed {
            ended.extend(self.ended(&id).await?);
        }
        Ok(ended)
    }

    async fn settle(&self, id: &str) -> BoardResult<bool> {
        let keys = [self.job(id), self.key("unsettled")];
        let won: u32 = self
            .redis
            .call(|mut c| async move { SETTLE.key(&keys[..]).arg(id).invoke_async(&mut c).await })
            .await?;
        Ok(won == 1)
    }

    async fn settled(&self, id: &str) -> BoardResult<()> {
        let job = self.job(id);
        let channel = self.key(CHANGES);
        let _: u32 = self
            .redis
            .call(|mut c| async move {
                SETTLED
                    .key(job)
                    .arg(id)
                    .arg(channel)
                    .invoke_async(&mut c)
                    .await
            })
            .await?;
        Ok(())
    }

    async fn unsettled(&self, grace: Duration) -> BoardResult<Vec<Ended>> {
        let key = self.key("unsettled");
        let prefix = self.key("");
        let rows: Vec<(String, String, String, u32, String)> = self
            .redis
            .call(|mut c| async move {
                UNSETTLED
                    .key(key)
                    .arg(prefix)
                    .arg(ms(grace))
                    .arg(REAP_BATCH)
                    .invoke_async(&mut c)
                    .await
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(|(id, uid, period, credits, kept)| Ended {
                id,
                uid,
                period,
                credits,
                kept: kept.parse().ok(),
            })
            .collect())
    }

    async fn snapshot(&self, id: &str) -> BoardResult<Option<Snapshot>> {
        let keys = [
            self.job(id),
            self.key("q:pro"),
            self.key("q:free"),
            self.key("streak"),
            self.key("stats"),
            self.key("workers"),
        ];
        let (burst, stale) = (self.rules.pro_burst, self.stale_workers_ms());
        type Row = (String, String, String, String, String, String, u32, u64, u8);
        let row: Option<Row> = self
            .redis
            .call(|mut c| async move {
                SNAPSHOT
                    .key(&keys[..])
                    .arg(id)
                    .arg(burst)
                    .arg(stale)
                    .invoke_async(&mut c)
                    .await
            })
            .await?;
        let Some((uid, tier, state, progress, result, error, position, eta_ms, settled)) = row
        else {
            return Ok(None);
        };
        let Some(state) = JobState::parse(&state) else {
            return Ok(None);
        };
        let some = |s: String| (!s.is_empty()).then_some(s);
        Ok(Some(Snapshot {
            id: id.to_owned(),
            uid,
            tier: Tier::parse(&tier),
            state,
            place: (position > 0).then(|| Place {
                position,
                eta: Duration::from_millis(eta_ms),
            }),
            progress: some(progress),
            result: some(result),
            error: some(error),
            settled: settled == 1,
        }))
    }

    async fn events_after(&self, id: &str, cursor: Option<&str>) -> BoardResult<Vec<BoardEvent>> {
        let key = self.events(id);
        // A cursor that is not a stream id (a stale or forged Last-Event-ID) replays from the start.
        let start = match cursor.filter(|c| is_stream_id(c)) {
            Some(c) => format!("({c}"),
            None => "-".to_owned(),
        };
        let entries: Vec<(String, Vec<String>)> = self
            .redis
            .call(|mut c| async move {
                redis::cmd("XRANGE")
                    .arg(key)
                    .arg(start)
                    .arg("+")
                    .query_async(&mut c)
                    .await
            })
            .await?;
        Ok(entries
            .into_iter()
            .filter_map(|(cursor, fields)| {
                let kind = match fields.as_slice() {
                    [field, value] if field == "state" => EventKind::State(JobState::parse(value)?),
                    [field, value] if field == "progress" => EventKind::Progress(value.clone()),
                    _ => return None,
                };
                Some(BoardEvent { cursor, kind })
            })
            .collect())
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
        let keys = [
            self.key("q:pro"),
            self.key("q:free"),
            self.key("running"),
            self.key("workers"),
        ];
        let stale = self.stale_workers_ms();
        let (queued_pro, queued_free, running, workers): (u64, u64, u64, u64) = self
            .redis
            .call(|mut c| async move { DEPTH.key(&keys[..]).arg(stale).invoke_async(&mut c).await })
            .await?;
        Ok(Depth {
            queued_pro,
            queued_free,
            running,
            workers,
        })
    }

    async fn ping(&self) -> BoardResult<()> {
        self.redis.ping().await
    }
}

fn is_stream_id(s: &str) -> bool {
    let mut parts = s.split('-');
    let digits =
        |p: Option<&str>| p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    digits(parts.next()) && digits(parts.next()) && parts.next().is_none()
}
