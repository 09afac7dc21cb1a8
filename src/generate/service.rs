//! The gateway's side of a generation: check the request, take a place on the job board,
//! reserve the credits, and put the job in line; then follow it to its end for whoever waits.
//!
//! A full line or a busy user is refused before any credit is reserved. A job is visible to
//! workers only once its credits are reserved; a quota refusal takes the place back.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::Rng;

use super::GenerateError;
use super::backend::Backend;
use super::catalog::Catalog;
use super::follow::Follow;
use super::request::GenerationBody;
use super::settle::Settler;
use crate::images::blobs::Blobs;
use crate::jobs::{Admission, Cancel, JobBoard, NewJob, Place, Tier};
use crate::metrics::Metrics;
use crate::store::{Store, push_id};
use crate::users::{Caller, Users};

/// How often a job that could not be put in line is tried again, and how long before the
/// reaper's deadline for admissions the trying stops.
const TAKE_BACK_EVERY: Duration = Duration::from_millis(500);
const TAKE_BACK_MARGIN: Duration = Duration::from_secs(10);

pub struct Generator {
    /// Styles and looks.
    pub catalog: Catalog,
    /// The renderer of this process's workers; `None` with `LUCENT_GENERATOR=none` (the
    /// workers run elsewhere).
    pub backend: Option<Arc<dyn Backend>>,
    /// Who runs what next, shared with every instance and worker.
    pub board: Arc<dyn JobBoard>,
    /// Gives back the credits of jobs that ended.
    pub settler: Settler,
    /// Originals and previews.
    pub blobs: Blobs,
    /// Generation records.
    pub store: Arc<dyn Store>,
    /// Plans and credits.
    pub users: Users,
    pub metrics: Arc<Metrics>,
}

/// A job in line.
#[derive(Debug, Clone)]
pub struct Submitted {
    pub id: String,
    pub place: Option<Place>,
}

impl Generator {
    /// Everything that can refuse a request before any work starts: the fields, a place in
    /// line (before the credits, so a full line costs no writes), then the credits.
    pub async fn submit(
        &self,
        caller: &Caller,
        body: &GenerationBody,
    ) -> Result<Submitted, GenerateError> {
        let mut spec = body.validate(&self.catalog, caller)?;
        // Fixed now, so that a job run twice draws the same images.
        spec.seed.get_or_insert_with(|| rand::rng().random());
        let period = self.users.period(caller.pro);
        let job = NewJob {
            id: push_id::generation_id(),
            uid: caller.uid.clone(),
            tier: Tier::of(caller.pro),
            request: serde_json::to_string(&spec)
                .map_err(|e| GenerateError::Internal(e.to_string()))?,
            period: period.key.clone(),
            credits: spec.count,
        };
        match self.board.enqueue(&job).await? {
            Admission::Accepted => {}
            Admission::Busy(n) => return Err(GenerateError::Busy(n)),
            Admission::Full => return Err(GenerateError::QueueFull),
        }
        let reserved = self
            .users
            .reserve_credits(&caller.uid, &period, spec.count)
            .await;
        let exceeded = match reserved {
            Ok(Ok(_)) => None,
            Ok(Err(exceeded)) => Some(exceeded),
            Err(e) => {
                self.abandon(&job.id).await;
                return Err(e.into());
            }
        };
        if let Some(exceeded) = exceeded {
            self.abandon(&job.id).await;
            let now = chrono::Utc::now();
            let window = if caller.pro { "this month" } else { "today" };
            return Err(GenerateError::QuotaExhausted {
                message: format!(
                    "You have used {} of your {} credits {window}. They reset at {}.",
                    exceeded.used,
                    exceeded.limit,
                    period
                        .resets_at
                        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
                ),
                retry_after: u64::try_from((period.resets_at - now).num_seconds()).unwrap_or(1),
            });
        }
        self.metrics.credits("reserved", spec.count);
        if let Err(e) = self.board.publish(&job.id).await {
            self.take_back(job);
            return Err(e.into());
        }
        let place = self.board.snapshot(&job.id).await?.and_then(|s| s.place);
        Ok(Submitted { id: job.id, place })
    }

    /// A job whose credits are reserved but that could not be put in line: if it can still be
    /// abandoned it never runs, and its credits come back. The board is likely unreachable
    /// right now, so this keeps trying in the background until shortly before the reaper's
    /// deadline for admissions; past it the reaper fails the job and the settler gives them
    /// back instead (exactly one of the two succeeds).
    fn take_back(&self, job: NewJob) {
        let credits = job.credits;
        let (board, users, metrics) = (
            Arc::clone(&self.board),
            self.users.clone(),
            Arc::clone(&self.metrics),
        );
        let give_up = Instant::now() + board.rules().admission.saturating_sub(TAKE_BACK_MARGIN);
        tokio::spawn(async move {
            loop {
                match board.abandon(&job.id).await {
                    Ok(true) => break,
                    // In line after all (the publish went through), or already reaped.
                    Ok(false) => return,
                    Err(e) if Instant::now() >= give_up => {
                        tracing::warn!(job = %job.id, uid = %job.uid, credits, error = %e,
                            "could not take back a job never put in line; the reaper will");
                        return;
                    }
                    Err(_) => tokio::time::sleep(TAKE_BACK_EVERY).await,
                }
            }
            metrics.credits("released", credits);
            if let Err(e) = users.release_credits(&job.uid, &job.period, credits).await {
                tracing::error!(job = %job.id, uid = %job.uid, credits, error = %e,
                    "releasing the credits of a job never put in line failed");
            }
        });
    }

    /// Takes back the place of a job that will not get its credits.
    async fn abandon(&self, id: &str) {
        if let Err(e) = self.board.abandon(id).await {
            tracing::warn!(job = %id, error = %e, "abandoning a job; the reaper will");
        }
    }

    /// Follows the caller's job from its first event (or after `cursor`).
    pub fn follow(&self, id: &str, cursor: Option<String>) -> Follow {
        Follow::new(Arc::clone(&self.board), id, cursor)
    }

    /// Cancels the caller's job if it is still queued, and gives its credits back.
    pub async fn cancel(&self, uid: &str, id: &str) -> Result<Cancel, GenerateError> {
        if !push_id::is_generation_id(id) {
            return Ok(Cancel::Missing);
        }
        let cancel = self.board.cancel(id, uid).await?;
        if let Cancel::Canceled(ended) = &cancel {
            self.settler.settle(ended).await;
        }
        Ok(cancel)
    }
}

impl Generator {
    /// Cancels the job when dropped, unless [`CancelOnDrop::disarm`]ed first: a client that
    /// stops waiting for a job still in line takes it out (and gets its credits back); once
    /// the job runs, the cancel is refused and it runs to its end.
    pub fn cancel_on_drop(self: &Arc<Self>, uid: &str, id: &str) -> CancelOnDrop {
        CancelOnDrop(Some((Arc::clone(self), uid.to_owned(), id.to_owned())))
    }
}

pub struct CancelOnDrop(Option<(Arc<Generator>, String, String)>);

impl CancelOnDrop {
    pub fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some((generator, uid, id)) = self.0.take() {
            tokio::spawn(async move {
                match generator.cancel(&uid, &id).await {
                    Ok(Cancel::Canceled(_)) => {
                        tracing::info!(job = %id, "the client left: canceled")
                    }
                    Ok(_) => {}
                    Err(e) => {
                        tracing::warn!(job = %id, error = %e, "canceling a job the client left")
                    }
                }
            });
        }
    }
}
