//! One generation request from validation to stored images: check, take a place in line,
//! charge, wait, render, store.
//!
//! A client may leave while its request waits in line: it leaves the line and its credits come
//! back. Once the job has been admitted to the backend it runs to its end in a task of its own
//! that no client can cancel: it holds its backend slot until the backend call has really
//! ended, stores every image with its credit, and gives back only what a backend failure or
//! timeout left unspent, before the outcome is reported.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, watch};

use super::GenerateError;
use super::backend::{self, Backend, Job, Progress, Rendered};
use super::catalog::Catalog;
use super::credits::Reservation;
use super::queue::{Permit, Queue, QueueError, Ticket};
use super::request::{GenerationBody, Spec};
use super::view::GenerationView;
use crate::images::blobs::Blobs;
use crate::images::{encode_png, preview};
use crate::metrics::Metrics;
use crate::store::{GenerationRecord, Store, now_ms, push_id};
use crate::users::{Caller, Users};

/// What the client hears while it waits.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    Queued { position: usize },
    Progress(Progress),
}

/// A request that passed every check and holds its place in line and its credits.
pub struct Prepared {
    uid: String,
    pro: bool,
    spec: Spec,
    ticket: Ticket,
    reservation: Reservation,
}

pub struct Generator {
    /// Styles and looks.
    pub catalog: Catalog,
    /// Where pixels come from.
    pub backend: Box<dyn Backend>,
    /// Who calls the backend next.
    pub queue: Arc<Queue>,
    /// Originals and previews.
    pub blobs: Blobs,
    /// Generation records.
    pub store: Arc<dyn Store>,
    /// Plans and credits.
    pub users: Users,
    /// Per image; past it the backend is interrupted and the image's credit comes back.
    pub deadline: Duration,
    /// Backend timings and credit movements.
    pub metrics: Arc<Metrics>,
}

impl Generator {
    /// Everything that can refuse a request before any work starts: the fields, a place in
    /// line (checked before credits, so a full queue costs no writes), then the credits.
    pub async fn prepare(
        &self,
        caller: &Caller,
        body: &GenerationBody,
    ) -> Result<Prepared, GenerateError> {
        let spec = body.validate(&self.catalog, caller)?;
        let ticket = self
            .queue
            .enter(&caller.uid, caller.pro)
            .map_err(|e| match e {
                QueueError::UserBusy(n) => GenerateError::Busy(n),
                QueueError::Full => GenerateError::QueueFull,
            })?;
        let period = self.users.period(caller.pro);
        if let Err(exceeded) = self
            .users
            .reserve_credits(&caller.uid, &period.key, spec.count, period.limit)
            .await?
        {
            let now = chrono::Utc::now();
            let window = if caller.pro { "this month" } else { "today" };
            return Err(GenerateError::QuotaExhausted {
                message: format!(
                    "You have used {} of your {} credits {window}. They reset at {}.",
                    exceeded.used,
                    period.limit,
                    period
                        .resets_at
                        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
                ),
                retry_after: u64::try_from((period.resets_at - now).num_seconds()).unwrap_or(1),
            });
        }
        let reservation = Reservation::new(
            self.users.clone(),
            Arc::clone(&self.metrics),
            &caller.uid,
            &period.key,
            spec.count,
        );
        Ok(Prepared {
            uid: caller.uid.clone(),
            pro: caller.pro,
            spec,
            ticket,
            reservation,
        })
    }

    /// Waits for a slot, then runs the job to its end; `events` hears the queue position and
    /// progress (a closed channel is fine). Dropping this future while the request waits in
    /// line leaves the line; after admission it only stops listening.
    pub async fn run(
        self: &Arc<Self>,
        prepared: Prepared,
        events: mpsc::Sender<Event>,
    ) -> Result<Vec<GenerationView>, GenerateError> {
        let Prepared {
            uid,
            pro,
            spec,
            ticket,
            reservation,
        } = prepared;
        let permit = wait_for_turn(ticket, &events).await;
        let generator = Arc::clone(self);
        let job = tokio::spawn(async move {
            generator
                .execute(permit, &uid, pro, &spec, reservation, &events)
                .await
        });
        job.await
            .unwrap_or_else(|e| Err(GenerateError::Internal(format!("generation task: {e}"))))
    }

    async fn execute(
        &self,
        permit: Permit,
        uid: &str,
        pro: bool,
        spec: &Spec,
        mut reservation: Reservation,
        events: &mpsc::Sender<Event>,
    ) -> Result<Vec<GenerationView>, GenerateError> {
        let mut made = Vec::with_capacity(spec.count as usize);
        let mut failure = None;
        for i in 0..spec.count {
            let job = job(spec, i);
            let stored = match self.render(&job, events).await {
                Ok(rendered) => {
                    self.store_image(uid, spec, &job, rendered, &mut reservation)
                        .await
                }
                Err(e) => Err(e),
            };
            match stored {
                Ok(record) => made.push(GenerationView::new(&record, pro)),
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
        }
        // Every backend call has ended: the next job may have the slot.
        drop(permit);
        reservation.settle().await;
        match failure {
            Some(e) => Err(e),
            None => Ok(made),
        }
    }

    async fn render(
        &self,
        job: &Job,
        events: &mpsc::Sender<Event>,
    ) -> Result<Rendered, GenerateError> {
        let (progress_tx, mut progress) = watch::channel(Progress::default());
        let started = Instant::now();
        let render =
            backend::render_with_deadline(self.backend.as_ref(), job, &progress_tx, self.deadline);
        tokio::pin!(render);
        loop {
            tokio::select! {
                result = &mut render => {
                    let failure = result.as_ref().err().map(backend::BackendError::label);
                    self.metrics.backend_call(self.backend.kind(), started.elapsed(), failure);
                    return Ok(result?);
                }
                Ok(()) = progress.changed() => {
                    let _ = events.try_send(Event::Progress(*progress.borrow_and_update()));
                }
            }
        }
    }

    /// Original, preview, then the record with its credit: a record never points at bytes
    /// that are not there, and a stored record is always paid for.
    async fn store_image(
        &self,
        uid: &str,
        spec: &Spec,
        job: &Job,
        rendered: Rendered,
        reservation: &mut Reservation,
    ) -> Result<GenerationRecord, GenerateError> {
        let id = push_id::generation_id();
        let blob_key = format!("{uid}/{id}/original.png");
        let preview_key = format!("{uid}/{id}/preview.png");
        let (width, height) = (rendered.image.width(), rendered.image.height());
        let image = rendered.image;
        let preview_png =
            tokio::task::spawn_blocking(move || encode_png(&preview::blurred(&image)))
                .await
                .map_err(|e| GenerateError::Internal(e.to_string()))?
                .map_err(|e| GenerateError::Internal(e.to_string()))?;
        let record = GenerationRecord {
            id,
            prompt: spec.prompt.clone(),
            negative_prompt: spec.negative_prompt.clone(),
            style: spec.style.id.clone(),
            checkpoint: spec.style.checkpoint.clone(),
            look: spec.look.as_ref().map(|l| l.id.clone()),
            seed: rendered.seed,
            steps: job.steps,
            enhance: job.enhance,
            width,
            height,
            created_at: now_ms(),
            blob_key: blob_key.clone(),
            preview_key: preview_key.clone(),
        };
        let stored: Result<(), GenerateError> = async {
            self.blobs.put(&blob_key, rendered.png).await?;
            self.blobs.put(&preview_key, preview_png).await?;
            reservation
                .spend_on(self.store.put_generation(uid, &record))
                .await?;
            Ok(())
        }
        .await;
        if let Err(e) = stored {
            // Best effort: orphans cost storage, not correctness.
            let _ = self.blobs.delete(&blob_key).await;
            let _ = self.blobs.delete(&preview_key).await;
            return Err(e);
        }
        Ok(record)
    }
}

/// Waits in line, telling `events` the position as it changes.
async fn wait_for_turn(ticket: Ticket, events: &mpsc::Sender<Event>) -> Permit {
    let mut position = ticket.position.clone();
    let admitted = ticket.admitted();
    tokio::pin!(admitted);
    loop {
        let waiting = *position.borrow_and_update();
        if waiting > 0 {
            let _ = events.try_send(Event::Queued { position: waiting });
        }
        tokio::select! {
            permit = &mut admitted => return permit,
            changed = position.changed() => if changed.is_err() { return (&mut admitted).await },
        }
    }
}

/// The `i`-th image of a request: seeds count up from the one asked for. The size is the
/// base size; `enhance` asks the backend to double it.
fn job(spec: &Spec, i: u32) -> Job {
    let side = 512;
    Job {
        prompt: spec.full_prompt(),
        user_prompt: spec.prompt.clone(),
        negative_prompt: spec.negative_prompt.clone(),
        style_id: spec.style.id.clone(),
        checkpoint: spec.style.checkpoint.clone(),
        prompt_plus: spec.style.prompt_plus.clone(),
        look_text: spec
            .look
            .as_ref()
            .map(|l| l.text.clone())
            .unwrap_or_default(),
        seed: spec.seed.map(|s| s.wrapping_add(i)),
        steps: spec.steps,
        width: side,
        height: side,
        enhance: spec.enhance,
    }
}
