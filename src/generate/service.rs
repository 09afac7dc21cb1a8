//! One generation request from validation to stored images: check, charge, queue, render,
//! store, and give back every credit an image did not use.

use std::sync::Arc;
use std::time::Duration;

use image::ImageEncoder;
use tokio::sync::{mpsc, watch};

use super::backend::{self, Backend, Job, Progress, Rendered};
use super::catalog::Catalog;
use super::credits::Reservation;
use super::queue::{Queue, QueueError, Ticket};
use super::request::{Caller, GenerationBody, Spec};
use super::view::GenerationView;
use crate::auth::AuthUser;
use crate::config::Config;
use crate::http::ApiError;
use crate::images::blobs::Blobs;
use crate::images::preview;
use crate::metrics::Metrics;
use crate::quota;
use crate::store::{GenerationRecord, Store, now_ms, push_id};
use crate::users::Users;

/// What the client hears while it waits.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    Queued { position: usize },
    Progress(Progress),
}

/// A request that passed every check and holds its credits and its place in line.
pub struct Prepared {
    uid: String,
    pro: bool,
    spec: Spec,
    reservation: Reservation,
    ticket: Ticket,
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
    /// Per image; past it the request fails with 504 and its credit comes back.
    pub deadline: Duration,
    /// Backend timings and credit movements.
    pub metrics: Arc<Metrics>,
}

impl Generator {
    /// Everything that can refuse a request before any work starts: the profile, the fields,
    /// the credits (reserved now), a place in the queue.
    pub async fn prepare(
        &self,
        config: &Config,
        users: &Users,
        user: &AuthUser,
        body: &GenerationBody,
    ) -> Result<Prepared, ApiError> {
        let record = users
            .get(&user.uid)
            .await?
            .ok_or_else(|| ApiError::Conflict {
                code: "profile_missing",
                message: "no profile yet: POST /api/v1/me with a username first".into(),
            })?;
        let pro = record.is_pro(now_ms());
        let spec = body.validate(
            &self.catalog,
            Caller {
                pro,
                age_confirmed: record.age_confirmed,
            },
        )?;

        let now = chrono::Utc::now();
        let period = quota::period(config, pro, now);
        if let Err(exceeded) = users
            .reserve_credits(&user.uid, &period.key, spec.count, period.limit)
            .await?
        {
            let retry_after = u64::try_from((period.resets_at - now).num_seconds()).unwrap_or(1);
            let window = if pro { "this month" } else { "today" };
            return Err(ApiError::TooManyRequests {
                code: "quota_exhausted",
                message: format!(
                    "You have used {} of your {} credits {window}. They reset at {}.",
                    exceeded.used,
                    period.limit,
                    period
                        .resets_at
                        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
                ),
                retry_after,
            });
        }
        // From here on, dropping the reservation (any error, a client gone) gives credits back.
        self.metrics.credits("reserved", spec.count);
        let reservation = Reservation::new(
            users.clone(),
            Arc::clone(&self.metrics),
            &user.uid,
            &period.key,
            spec.count,
        );
        let ticket = self
            .queue
            .enter(&user.uid, pro)
            .map_err(|e| ApiError::TooManyRequests {
                code: match e {
                    QueueError::UserBusy(_) => "too_many_requests",
                    QueueError::Full => "queue_full",
                },
                message: e.to_string(),
                retry_after: 5,
            })?;
        Ok(Prepared {
            uid: user.uid.clone(),
            pro,
            spec,
            reservation,
            ticket,
        })
    }

    /// Waits for a slot, renders and stores each image; `events` hears the queue position and
    /// progress (a closed channel is fine).
    pub async fn run(
        &self,
        store: &Arc<dyn Store>,
        prepared: Prepared,
        events: &mpsc::Sender<Event>,
    ) -> Result<Vec<GenerationView>, ApiError> {
        let Prepared {
            uid,
            pro,
            spec,
            mut reservation,
            ticket,
        } = prepared;
        let mut position = ticket.position.clone();
        let admitted = ticket.admitted();
        tokio::pin!(admitted);
        let _permit = loop {
            let waiting = *position.borrow_and_update();
            if waiting > 0 {
                let _ = events.try_send(Event::Queued { position: waiting });
            }
            tokio::select! {
                permit = &mut admitted => break permit,
                changed = position.changed() => if changed.is_err() { break (&mut admitted).await },
            }
        };

        let mut made = Vec::with_capacity(spec.count as usize);
        for i in 0..spec.count {
            let job = job(&spec, i);
            let rendered = self.render(&job, events).await?;
            let record = self.store_image(store, &uid, &spec, &job, rendered).await?;
            reservation.keep_one();
            made.push(GenerationView::new(&record, pro));
        }
        Ok(made)
    }

    async fn render(&self, job: &Job, events: &mpsc::Sender<Event>) -> Result<Rendered, ApiError> {
        let (progress_tx, mut progress) = watch::channel(Progress::default());
        let started = std::time::Instant::now();
        let render =
            backend::render_with_deadline(self.backend.as_ref(), job, &progress_tx, self.deadline);
        tokio::pin!(render);
        loop {
            tokio::select! {
                result = &mut render => {
                    let result = result.map_err(ApiError::from);
                    let failure = result.as_ref().err().map(ApiError::code);
                    self.metrics.backend_call(self.backend.kind(), started.elapsed(), failure);
                    return result;
                }
                Ok(()) = progress.changed() => {
                    let _ = events.try_send(Event::Progress(*progress.borrow_and_update()));
                }
            }
        }
    }

    /// Original, preview, then the record: a record never points at bytes that are not there.
    async fn store_image(
        &self,
        store: &Arc<dyn Store>,
        uid: &str,
        spec: &Spec,
        job: &Job,
        rendered: Rendered,
    ) -> Result<GenerationRecord, ApiError> {
        let id = push_id::generation_id();
        let blob_key = format!("{uid}/{id}/original.png");
        let preview_key = format!("{uid}/{id}/preview.png");
        let (width, height) = (rendered.image.width(), rendered.image.height());
        let image = rendered.image;
        let preview_png =
            tokio::task::spawn_blocking(move || encode_png(&preview::blurred(&image)))
                .await
                .map_err(|e| ApiError::Internal(e.into()))??;
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
        let stored: Result<(), String> = async {
            self.blobs
                .put(&blob_key, rendered.png)
                .await
                .map_err(|e| e.to_string())?;
            self.blobs
                .put(&preview_key, preview_png)
                .await
                .map_err(|e| e.to_string())?;
            store
                .put_generation(uid, &record)
                .await
                .map_err(|e| e.to_string())
        }
        .await;
        if let Err(e) = stored {
            // Best effort: orphans cost storage, not correctness.
            let _ = self.blobs.delete(&blob_key).await;
            let _ = self.blobs.delete(&preview_key).await;
            return Err(ApiError::Unavailable {
                code: "storage_unavailable",
                message: format!("the image could not be saved: {e}"),
            });
        }
        Ok(record)
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

pub fn encode_png(img: &image::RgbaImage) -> Result<Vec<u8>, ApiError> {
    let mut png = Vec::new();
    image::codecs::png::PngEncoder::new_with_quality(
        &mut png,
        image::codecs::png::CompressionType::Fast,
        image::codecs::png::FilterType::Adaptive,
    )
    .write_image(
        img.as_raw(),
        img.width(),
        img.height(),
        image::ExtendedColorType::Rgba8,
    )
    .map_err(|e| ApiError::Internal(e.into()))?;
    Ok(png)
}
