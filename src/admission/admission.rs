//! Admission: check the request, take a place on the job board, reserve the credits, and put
//! the job in line.
//!
//! A full line or a busy user is refused before any credit is reserved. A job is visible to
//! workers only once its credits are reserved; a quota refusal takes the place back. The
//! admission runs as a task of its own, so that a client who leaves (or a request timeout)
//! cannot cut it between the reservation and the line: it runs to its end, and a job whose
//! client is gone by then is canceled through the normal path, its credits back.

use std::sync::Arc;

use rand::Rng;
use tokio::sync::oneshot;

use super::body::{GenerationBody, Validated};
use super::judge::Judge;
use super::{CancelOnDrop, source};
use crate::coordination::CoordinationError;
use crate::gallery::Gallery;
use crate::generation::GenerateError;
use crate::generation::catalog::Catalog;
use crate::generation::spec::Spec;
use crate::jobs::{Cancel, Ended, Enqueued, JobBoard, NewJob, Place, Tier};
use crate::metrics::Metrics;
use crate::store::push_id;
use crate::users::period::Period;
use crate::users::{Caller, Refused};
use crate::worker::settle::Settler;

/// The route a request came by, kept with its refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    Jobs,
    Generations,
    Legacy,
}

impl Route {
    pub fn as_str(self) -> &'static str {
        match self {
            Route::Jobs => "jobs",
            Route::Generations => "generations",
            Route::Legacy => "legacy",
        }
    }
}

/// A job in line.
#[derive(Debug, Clone)]
pub struct Submitted {
    pub id: String,
    pub place: Option<Place>,
}

/// The gateway's side of a job until the board holds it, and taking it back out of line.
pub struct Admission {
    /// The gate, with the catalog, the store and the users it reads too.
    judge: Judge,
    /// Who runs what next, shared with every instance and worker.
    board: Arc<dyn JobBoard>,
    /// Gives back the credits of a job canceled or failed before it ran.
    settler: Settler,
    /// Whether the caller may see a variation's source.
    gallery: Gallery,
    metrics: Arc<Metrics>,
}

/// What admission is made of.
pub struct AdmissionParts {
    pub judge: Judge,
    pub board: Arc<dyn JobBoard>,
    pub settler: Settler,
    pub gallery: Gallery,
    pub metrics: Arc<Metrics>,
}

impl Admission {
    pub fn new(parts: AdmissionParts) -> Self {
        Self {
            judge: parts.judge,
            board: parts.board,
            settler: parts.settler,
            gallery: parts.gallery,
            metrics: parts.metrics,
        }
    }

    /// Styles and looks, as this gateway offers them.
    pub fn catalog(&self) -> &Catalog {
        &self.judge.catalog
    }

    /// A moderation service reads explicit requests and their images.
    pub fn moderated(&self) -> bool {
        self.judge.moderation.is_some()
    }

    /// Everything that can refuse a request before any work starts: the fields, the gate, a
    /// place in line (before the credits, so a full line costs no writes), then the credits.
    pub async fn submit(
        self: &Arc<Self>,
        caller: &Caller,
        body: &GenerationBody,
        route: Route,
    ) -> Result<Submitted, GenerateError> {
        if caller.suspended {
            return Err(GenerateError::Suspended);
        }
        let Validated {
            mut spec,
            source_mode,
            asked_negative,
        } = body.validate(&self.judge.catalog, caller)?;
        let source = match (&body.source, source_mode) {
            (Some(asked), Some(mode)) => {
                let record =
                    source::find(self.judge.store.as_ref(), caller, &asked.generation).await?;
                self.gallery.may_see(&record, caller.adult)?;
                // Validation left enhance off: the source decides the size.
                spec.source = Some(source::drawn_from(&record, mode)?);
                Some(record)
            }
            _ => None,
        };
        // Before a place in line or a credit: a refusal costs nothing.
        let passed = self
            .judge
            .judge(caller, route, &spec, source.as_ref(), &asked_negative)
            .await?;
        // Its images go through the moderation service too, where there is one, and are
        // served only to adults.
        spec.explicit = passed.moderate;
        spec.adult_only = Some(passed.explicit);
        // Fixed now, so that a job run twice draws the same images.
        spec.seed.get_or_insert_with(|| rand::rng().random());
        self.line_up(caller, &spec).await
    }

    /// Takes a place, reserves the credits and puts the job in line, in a task of its own.
    async fn line_up(
        self: &Arc<Self>,
        caller: &Caller,
        spec: &Spec,
    ) -> Result<Submitted, GenerateError> {
        let period = self.judge.users.period(caller.plan);
        let job = NewJob {
            id: push_id::generation_id(),
            uid: caller.uid.clone(),
            tier: Tier::of(caller.pro()),
            request: serde_json::to_string(spec)
                .map_err(|e| GenerateError::Internal(e.to_string()))?,
            period: period.key.clone(),
            credits: spec.count,
        };
        let (answer, answered) = oneshot::channel();
        let admission = Arc::clone(self);
        tokio::spawn(async move {
            let admitted = admission.admit(&job, &period).await;
            if let Err(Ok(submitted)) = answer.send(admitted) {
                admission.client_left(&job.uid, &submitted.id).await;
            }
        });
        answered
            .await
            .map_err(|_| GenerateError::Internal("the admission task ended early".into()))?
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

    /// Cancels the job when dropped, unless [`CancelOnDrop::disarm`]ed first.
    pub fn cancel_on_drop(self: &Arc<Self>, uid: &str, id: &str) -> CancelOnDrop {
        CancelOnDrop::new(Arc::clone(self), uid, id)
    }

    /// Enqueue, reserve, publish: never dropped halfway (see [`Admission::submit`]).
    async fn admit(&self, job: &NewJob, period: &Period) -> Result<Submitted, GenerateError> {
        match self.board.enqueue(job).await? {
            Enqueued::Accepted => {}
            Enqueued::Busy(n) => return Err(GenerateError::Busy(n)),
            Enqueued::Full => return Err(GenerateError::QueueFull),
        }
        match self
            .judge
            .users
            .reserve_credits(&job.uid, period, &job.id, job.credits)
            .await
        {
            Ok(Ok(_)) => {}
            Ok(Err(refused)) => {
                // The ledger said no: the job holds nothing, and can simply be forgotten.
                if let Err(e) = self.board.abandon(job).await {
                    tracing::warn!(job = %job.id, error = %e, "abandoning a job; the reaper will");
                }
                return Err(quota_exhausted(refused, period, job.tier));
            }
            Err(e) => {
                // The reservation may have landed: the ledger settles whatever it holds.
                self.fail_admission(job).await;
                return Err(e.into());
            }
        }
        self.metrics.credits("reserved", job.credits);
        self.publish(job).await?;
        let place = match self.board.snapshot(&job.id).await {
            Ok(snapshot) => snapshot.and_then(|s| s.place),
            // In line all the same: the id must reach the client.
            Err(e) => {
                tracing::debug!(job = %job.id, error = %e, "reading a new job's place");
                None
            }
        };
        Ok(Submitted {
            id: job.id.clone(),
            place,
        })
    }

    /// Puts the reserved job in line, where workers see it.
    async fn publish(&self, job: &NewJob) -> Result<(), GenerateError> {
        match self.board.publish(&job.id).await {
            Ok(true) => Ok(()),
            Ok(false) => {
                // Reaped while the reservation took longer than the admission deadline. The
                // reaper's settlement may have come before the reservation landed: settling
                // again here gives it back either way (the ledger does it once).
                let ended = Ended {
                    id: job.id.clone(),
                    uid: job.uid.clone(),
                    period: job.period.clone(),
                    credits: job.credits,
                    kept: Some(0),
                };
                self.settler.settle(&ended).await;
                Err(GenerateError::Unavailable(CoordinationError::Unavailable(
                    "the job's admission took too long".into(),
                )))
            }
            Err(e) => {
                self.fail_admission(job).await;
                Err(e.into())
            }
        }
    }

    /// A job whose credits may be reserved but that will not run: failed and left for
    /// settlement. If the board cannot take even that, the reaper fails it at the
    /// admission deadline; both settle through the ledger, which knows what it holds.
    async fn fail_admission(&self, job: &NewJob) {
        if let Err(e) = self.board.fail_admission(job).await {
            tracing::warn!(job = %job.id, error = %e, "failing an admission; the reaper will");
        }
    }

    /// The client went before it learnt the job's id: nobody can follow or cancel it, so it
    /// is canceled here while it still waits (a worker may already have started it; then it
    /// runs, and its images are in the gallery).
    async fn client_left(&self, uid: &str, id: &str) {
        match self.cancel(uid, id).await {
            Ok(Cancel::Canceled(_)) => {
                tracing::info!(job = %id, "the client left during admission: canceled")
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(job = %id, error = %e, "canceling a job whose client left"),
        }
    }
}

/// The 429 of a spent period, with when it resets.
fn quota_exhausted(refused: Refused, period: &Period, tier: Tier) -> GenerateError {
    let window = match tier {
        Tier::Pro => "this month",
        Tier::Free => "today",
    };
    GenerateError::QuotaExhausted {
        message: format!(
            "You have used {} of your {} credits {window}. They reset at {}.",
            refused.used,
            refused.limit,
            period
                .resets_at
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
        ),
        retry_after: u64::try_from((period.resets_at - chrono::Utc::now()).num_seconds())
            .unwrap_or(1),
    }
}
