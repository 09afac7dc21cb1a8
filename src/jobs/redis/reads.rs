//! What the Redis board reads: ended jobs, snapshots with their place, events, the line.

use std::collections::HashMap;
use std::time::Duration;

use super::{DEPTH, REAP_BATCH, RedisBoard, SNAPSHOT, UNSETTLED, ms};
use crate::jobs::{
    BoardEvent, BoardResult, Depth, Ended, EventKind, JobState, Place, Snapshot, Tier,
};
use crate::metrics::histogram::Histogram;

impl RedisBoard {
    /// An ended job as its hash has it (`kept` is absent when its workers were lost).
    pub(super) async fn ended(&self, id: &str) -> BoardResult<Option<Ended>> {
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

    pub(super) async fn read_unsettled(&self, grace: Duration) -> BoardResult<Vec<Ended>> {
        let key = self.key("unsettled");
        let prefix = self.key("");
        let mut call = UNSETTLED.prepare_invoke();
        call.key(key).arg(prefix).arg(ms(grace)).arg(REAP_BATCH);
        let rows: Vec<(String, String, String, u32, String)> = self.redis.run_script(call).await?;
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

    pub(super) async fn read_snapshot(&self, id: &str) -> BoardResult<Option<Snapshot>> {
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
        let mut call = SNAPSHOT.prepare_invoke();
        call.key(&keys[..]).arg(id).arg(burst).arg(stale);
        let row: Option<Row> = self.redis.run_script(call).await?;
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

    pub(super) async fn read_events(
        &self,
        id: &str,
        cursor: Option<&str>,
    ) -> BoardResult<Vec<BoardEvent>> {
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

    pub(super) async fn read_depth(&self) -> BoardResult<Depth> {
        let keys = [
            self.key("q:pro"),
            self.key("q:free"),
            self.key("running"),
            self.key("workers"),
            self.key("waited:pro"),
            self.key("waited:free"),
        ];
        let stale = self.stale_workers_ms();
        let mut call = DEPTH.prepare_invoke();
        call.key(&keys[..]).arg(stale);
        type Waits = HashMap<String, u64>;
        let (queued_pro, queued_free, running, workers, pro, free): (
            u64,
            u64,
            u64,
            u64,
            Waits,
            Waits,
        ) = self.redis.run_script(call).await?;
        Ok(Depth {
            queued_pro,
            queued_free,
            running,
            workers,
            waited_pro: histogram(&pro),
            waited_free: histogram(&free),
        })
    }
}

/// A histogram as claim.lua keeps it: fields 1..n per bucket, `count` and `sum_ms`.
fn histogram(fields: &HashMap<String, u64>) -> Histogram {
    let mut h = Histogram::default();
    for (i, count) in h.counts.iter_mut().enumerate() {
        *count = fields.get(&(i + 1).to_string()).copied().unwrap_or(0);
    }
    h.total = fields.get("count").copied().unwrap_or(0);
    h.sum = fields.get("sum_ms").copied().unwrap_or(0) as f64 / 1000.0;
    h
}

fn is_stream_id(s: &str) -> bool {
    let mut parts = s.split('-');
    let digits =
        |p: Option<&str>| p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    digits(parts.next()) && digits(parts.next()) && parts.next().is_none()
}
