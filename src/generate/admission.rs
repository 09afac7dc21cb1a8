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

use super::generator::Generator;
use super::request::{Drawn, GenerationBody, Spec, drawn_prompt};
use super::{GenerateError, source};
use crate::coordination::CoordinationError;
use crate::jobs::{Cancel, Ended, Enqueued, NewJob, Place, Tier};
use crate::safety::meaning::MEANING;
use crate::safety::moderation::Input;
use crate::safety::normalize::clean;
use crate::safety::strikes;
use crate::safety::{Field, Refusal, Request};
use crate::store::{GenerationRecord, RefusalRecord, now_ms, push_id};
use crate::users::period::Period;
use crate::users::{Caller, Refused};

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

/// What the content gate judges of a variation: the source's texts, then the new ones.
struct Judged {
    prompt: String,
    /// What the users wrote: the sources' prompts, then the new one; and the negative prompt
    /// as the user wrote it. A refusal keeps them.
    asked: String,
    asked_negative: String,
    /// Bytes of `prompt` that are the sources'.
    source_len: usize,
    negative_prompt: String,
    /// The sources' styles: NSFW, and able to draw nudity.
    nsfw: bool,
    nudity: bool,
}

/// How far back a variation's sources are read: an image varied from a variation shows what
/// its first source showed too.
const SOURCE_DEPTH: usize = 4;

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
        self: &Arc<Self>,
        caller: &Caller,
        body: &GenerationBody,
        route: Route,
    ) -> Result<Submitted, GenerateError> {
        if caller.suspended {
            return Err(GenerateError::Suspended);
        }
        let (mut spec, source_mode) = body.validate(&self.catalog, caller)?;
        let source = match (&body.source, source_mode) {
            (Some(asked), Some(mode)) => {
                let record = source::find(self.store.as_ref(), caller, &asked.generation).await?;
                self.gallery.may_see(&record, caller.adult)?;
                // Validation left enhance off: the source decides the size.
                spec.source = Some(source::drawn_from(&record, mode)?);
                Some(record)
            }
            _ => None,
        };
        // Before a place in line or a credit: a refusal costs nothing. The gate reads what
        // the model will receive; a variation draws what its source shows as well, so the
        // source's words are judged with the new ones, under the stricter of the two styles.
        let drawn = spec.drawn();
        let asked_negative = clean(body.negative_prompt.as_deref().unwrap_or_default());
        let judged = match &source {
            Some(record) => {
                self.judged_with_source(caller, record, &spec.prompt, &drawn, asked_negative)
                    .await
            }
            None => Judged {
                prompt: drawn.prompt.clone(),
                asked: spec.prompt.clone(),
                asked_negative,
                source_len: 0,
                negative_prompt: drawn.negative_prompt.clone(),
                nsfw: false,
                nudity: false,
            },
        };
        let request = Request {
            prompt: &judged.prompt,
            source_len: judged.source_len,
            negative_prompt: &judged.negative_prompt,
            nsfw_style: spec.style.nsfw || judged.nsfw,
            nudity: spec.style.nudity || judged.nudity,
        };
        let passed = match self.safety.check(&request) {
            Ok(passed) => passed,
            Err(refusal) => {
                return Err(self.refuse(caller, route, &spec, &judged, refusal).await);
            }
        };
        // What the rules let through, the reader of meaning reads: it catches what nobody
        // listed, and asks to rephrase rather than strike, since a model is never certain.
        if let Some(meaning) = &self.meaning {
            match meaning.judge(&judged.asked, passed.surely_explicit).await {
                Ok(None) => {}
                Ok(Some(category)) => {
                    let refusal = Refusal {
                        category,
                        field: Field::Prompt,
                        words: Vec::new(),
                        flagged: vec![MEANING.to_owned()],
                        strike: false,
                    };
                    return Err(self.refuse(caller, route, &spec, &judged, refusal).await);
                }
                Err(e) => return Err(GenerateError::Internal(e.to_string())),
            }
        }
        // Explicit imagery needs a verified age: before the moderation service, a place in
        // line or a credit.
        if passed.explicit && !caller.adult {
            return Err(GenerateError::AgeCheckRequired);
        }
        if passed.moderate
            && let Some(moderation) = &self.moderation
        {
            match moderation.check(Input::Text(&judged.prompt)).await {
                Ok(None) => {}
                Ok(Some(flagged)) => {
                    let refusal = Refusal {
                        category: flagged.category,
                        field: Field::Prompt,
                        words: Vec::new(),
                        flagged: flagged.by,
                        strike: true,
                    };
                    return Err(self.refuse(caller, route, &spec, &judged, refusal).await);
                }
                Err(e) => {
                    tracing::warn!(error = %e, "an explicit request waits for the moderation service");
                    return Err(GenerateError::ModerationUnavailable(e));
                }
            }
        }
        // Its images go through the moderation service too, where there is one, and are
        // served only to adults.
        spec.explicit = passed.moderate;
        spec.adult_only = Some(passed.explicit);
        // Fixed now, so that a job run twice draws the same images.
        spec.seed.get_or_insert_with(|| rand::rng().random());
        let period = self.users.period(caller.plan);
        let job = NewJob {
            id: push_id::generation_id(),
            uid: caller.uid.clone(),
            tier: Tier::of(caller.pro()),
            request: serde_json::to_string(&spec)
                .map_err(|e| GenerateError::Internal(e.to_string()))?,
            period: period.key.clone(),
            credits: spec.count,
        };
        let (answer, answered) = oneshot::channel();
        let generator = Arc::clone(self);
        tokio::spawn(async move {
            let admitted = generator.admit(&job, &period).await;
            if let Err(Ok(submitted)) = answer.send(admitted) {
                generator.client_left(&job.uid, &submitted.id).await;
            }
        });
        answered
            .await
            .map_err(|_| GenerateError::Internal("the admission task ended early".into()))?
    }

    /// Enqueue, reserve, publish: never dropped halfway (see [`Generator::submit`]).
    async fn admit(&self, job: &NewJob, period: &Period) -> Result<Submitted, GenerateError> {
        match self.board.enqueue(job).await? {
            Enqueued::Accepted => {}
            Enqueued::Busy(n) => return Err(GenerateError::Busy(n)),
            Enqueued::Full => return Err(GenerateError::QueueFull),
        }
        match self
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
        match self.board.publish(&job.id).await {
            Ok(true) => {}
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
                return Err(GenerateError::Unavailable(CoordinationError::Unavailable(
                    "the job's admission took too long".into(),
                )));
            }
            Err(e) => {
                self.fail_admission(job).await;
                return Err(e.into());
            }
        }
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

    /// The texts of `record` (and of the images it was itself drawn from) as their backend
    /// received them, before `drawn`'s. A source whose style left the catalog counts as NSFW
    /// and able to draw nudity: the strictest reading.
    async fn judged_with_source(
        &self,
        caller: &Caller,
        record: &GenerationRecord,
        new_prompt: &str,
        drawn: &Drawn,
        asked_negative: String,
    ) -> Judged {
        let mut prompts = Vec::new();
        let mut asked = Vec::new();
        let mut negatives = Vec::new();
        let (mut nsfw, mut nudity) = (false, false);
        let mut next = Some(record.clone());
        for _ in 0..SOURCE_DEPTH {
            let Some(record) = next.take() else { break };
            let style = self.catalog.style(&record.style);
            nsfw |= style.is_none_or(|s| s.nsfw);
            nudity |= style.is_none_or(|s| s.nudity);
            asked.push(clean(&record.prompt));
            let look = record.look.as_deref().and_then(|id| self.catalog.look(id));
            prompts.push(drawn_prompt(
                &record.prompt,
                style.map(|s| s.prompt_plus.as_str()),
                look.map(|l| l.text.as_str()),
            ));
            negatives.push(clean(&record.negative_prompt));
            if let Some(source) = &record.source {
                next = source::find(self.store.as_ref(), caller, &source.generation)
                    .await
                    .ok();
            }
        }
        let sources = prompts.join(", ");
        negatives.push(drawn.negative_prompt.clone());
        negatives.retain(|n| !n.is_empty());
        asked.push(clean(new_prompt));
        Judged {
            prompt: format!("{sources}, {}", drawn.prompt),
            asked: asked.join(", "),
            asked_negative,
            source_len: sources.len(),
            negative_prompt: negatives.join(", "),
            nsfw,
            nudity,
        }
    }

    /// Records a refusal against the caller, and the error that tells them. The refusal stands
    /// whether or not the record could be written (then it does not count, and the log says so).
    async fn refuse(
        &self,
        caller: &Caller,
        route: Route,
        spec: &Spec,
        judged: &Judged,
        refusal: Refusal,
    ) -> GenerateError {
        let record = RefusalRecord {
            uid: caller.uid.clone(),
            at: now_ms(),
            route: route.as_str().into(),
            style: spec.style.id.clone(),
            category: refusal.category.as_str().into(),
            words: refusal.words.clone(),
            flagged: refusal.flagged.clone(),
            prompt: judged.asked.clone(),
            negative_prompt: judged.asked_negative.clone(),
            false_positive: false,
            strike: refusal.strike,
        };
        let standing = strikes::strike(self.store.as_ref(), &self.users, &record).await;
        GenerateError::Refused { refusal, standing }
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
