//! A worker: takes jobs from the board and runs them on its backend, `slots` at a time. It
//! renders each image, stores the original and the preview, writes the record (each record
//! keeps one of the job's credits), reports progress, and ends the job; the settlement gives
//! back what the job did not use.
//!
//! Delivery is at least once: a worker that dies loses its lease and another runs the job
//! again. The effects happen once: an image's id follows from the job's, an image already
//! recorded is not drawn again, and blobs and records are overwritten, never duplicated. A
//! worker whose lease was taken stops at once and writes nothing more.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::watch;
use tokio::task::JoinSet;

use super::backend::{self, Backend, Progress, Render, Rendered, SourceImage};
use super::settle::Settler;
use crate::generation::spec::Spec;
use crate::generation::view::GenerationView;
use crate::generation::{GenerateError, JobError, controls, parameters};
use crate::images::blobs::Blobs;
use crate::images::mark::Marker;
use crate::images::{encode_png, preview};
use crate::jobs::{Claimed, JobBoard, Outcome, Tier};
use crate::metrics::Metrics;
use crate::safety::moderation::{Input, Moderation};
use crate::safety::strikes;
use crate::store::{GenerationRecord, RefusalRecord, Store, now_ms, push_id};
use crate::users::Users;

/// How often progress may reach the board while an image renders.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

pub struct Worker {
    /// Names this worker in leases and the live-worker count.
    pub name: String,
    /// Jobs run at once (`LUCENT_GENERATOR_CONCURRENCY`).
    pub slots: usize,
    pub backend: Arc<dyn Backend>,
    pub blobs: Blobs,
    pub store: Arc<dyn Store>,
    /// Where it claims jobs and reports them.
    pub board: Arc<dyn JobBoard>,
    pub settler: Settler,
    /// Per image; past it the backend is interrupted and the image's credit comes back.
    pub deadline: Duration,
    pub metrics: Arc<Metrics>,
    /// Checks each finished image of an explicit request before it is stored.
    pub moderation: Option<Arc<Moderation>>,
    /// Where a flagged image's refusal counts against its user.
    pub users: Users,
    /// Marks each image before it is stored.
    pub marker: Marker,
}

impl Worker {
    fn board(&self) -> &dyn JobBoard {
        self.board.as_ref()
    }

    /// Runs jobs until `stop` turns true; the jobs already started are finished first.
    pub async fn run(self: Arc<Self>, stop: watch::Receiver<bool>) {
        tracing::info!(worker = %self.name, slots = self.slots, backend = self.backend.kind(), "worker started");
        let mut slots = JoinSet::new();
        for _ in 0..self.slots {
            slots.spawn(Arc::clone(&self).slot(stop.clone()));
        }
        while slots.join_next().await.is_some() {}
        tracing::info!(worker = %self.name, "worker stopped");
    }

    async fn slot(self: Arc<Self>, mut stop: watch::Receiver<bool>) {
        while !*stop.borrow() {
            match self.board().claim(&self.name).await {
                Ok(Some(job)) => self.run_job(job).await,
                Ok(None) => {
                    tokio::select! {
                        () = self.board().wait_for_work(Duration::from_secs(1)) => {}
                        changed = stop.changed() => if changed.is_err() { return },
                    }
                }
                Err(e) => {
                    tracing::warn!(error = %e, "claiming a job");
                    tokio::select! {
                        () = tokio::time::sleep(Duration::from_secs(1)) => {}
                        changed = stop.changed() => if changed.is_err() { return },
                    }
                }
            }
        }
    }

    async fn run_job(&self, job: Claimed) {
        tracing::info!(job = %job.id, uid = %job.uid, attempt = job.attempt, "job started");
        let (progress_tx, progress_rx) = watch::channel(None);
        let outcome = tokio::select! {
            outcome = self.execute(&job, &progress_tx) => outcome,
            () = self.hold_lease(&job, progress_rx) => {
                tracing::warn!(job = %job.id, "lease lost: another worker runs the job");
                // The render was dropped; the backend would go on drawing it for no one.
                self.backend.interrupt().await;
                return;
            }
        };
        // The last progress may still be waiting for its turn: listeners get it before the end.
        let last = (*progress_tx.borrow()).and_then(|p| serde_json::to_string(&p).ok());
        if let Some(last) = last
            && !matches!(
                self.board().renew(&job.id, &job.token, Some(&last)).await,
                Ok(true)
            )
        {
            return tracing::warn!(job = %job.id, "lease lost at the end: another worker runs the job");
        }
        self.end(&job, &outcome).await;
    }

    /// Reports the outcome, retrying while the board is out of reach and the lease may still
    /// hold; past that the reaper gives the job to another worker, which finds the images.
    async fn end(&self, job: &Claimed, outcome: &Outcome) {
        let give_up = Instant::now() + self.board().rules().lease;
        loop {
            match self.board().complete(job, outcome).await {
                Ok(Some(ended)) => return self.settler.settle(&ended).await,
                Ok(None) => return,
                Err(e) if Instant::now() < give_up => {
                    tracing::warn!(job = %job.id, error = %e, "ending a job; retrying");
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
                Err(e) => {
                    return tracing::error!(job = %job.id, error = %e, "ending a job; the reaper will rerun it");
                }
            }
        }
    }

    /// Renews the lease (with the latest progress) until it is lost; never returns otherwise.
    async fn hold_lease(&self, job: &Claimed, mut progress: watch::Receiver<Option<Progress>>) {
        let lease = self.board().rules().lease;
        let mut held_until = Instant::now() + lease;
        let mut last_renew = Instant::now();
        let mut tick = tokio::time::interval(PROGRESS_EVERY);
        loop {
            tick.tick().await;
            let fresh = progress
                .has_changed()
                .unwrap_or(false)
                .then(|| *progress.borrow_and_update())
                .flatten();
            if fresh.is_none() && last_renew.elapsed() < lease / 3 {
                continue;
            }
            let note = fresh.and_then(|p| serde_json::to_string(&p).ok());
            match self
                .board()
                .renew(&job.id, &job.token, note.as_deref())
                .await
            {
                Ok(true) => {
                    last_renew = Instant::now();
                    held_until = last_renew + lease;
                }
                Ok(false) => return,
                Err(e) if Instant::now() < held_until => {
                    tracing::warn!(job = %job.id, error = %e, "renewing a lease");
                }
                Err(_) => return,
            }
        }
    }

    async fn execute(&self, job: &Claimed, progress: &watch::Sender<Option<Progress>>) -> Outcome {
        let spec: Spec = match serde_json::from_str(&job.request) {
            Ok(spec) => spec,
            Err(e) => {
                let error = GenerateError::Internal(format!("unreadable job request: {e}"));
                return failed(&job.id, &error, 0);
            }
        };
        let pro = job.tier == Tier::Pro;
        let source = match self.source(&job.uid, &spec).await {
            Ok(source) => source,
            Err(e) => return failed(&job.id, &e, 0),
        };
        let mut made = Vec::with_capacity(spec.count as usize);
        for i in 0..spec.count {
            let id = push_id::image_id(&job.id, i);
            let render = render_of(&spec, i, source.clone());
            match self.image(job, &id, &spec, &render, progress).await {
                Ok(record) => {
                    // A job queued before this was kept: as explicit as the rules found it.
                    let explicit = record.explicit.unwrap_or(spec.explicit);
                    made.push(GenerationView::new(&record, pro, explicit));
                }
                Err(e) => return failed(&job.id, &e, made.len()),
            }
        }
        let kept = u32::try_from(made.len()).unwrap_or(u32::MAX);
        match serde_json::to_string(&made) {
            Ok(result) => Outcome::Succeeded { result, kept },
            Err(e) => failed(&job.id, &GenerateError::Internal(e.to_string()), made.len()),
        }
    }

    /// The original a variation is drawn from. Gone since the job was queued (its owner
    /// deleted its record, or its bytes), the job fails and its credits come back.
    async fn source(&self, uid: &str, spec: &Spec) -> Result<Option<SourceImage>, GenerateError> {
        let Some(source) = &spec.source else {
            return Ok(None);
        };
        // The record decides: bytes whose delete failed are not an image the owner still has.
        if self
            .store
            .get_generation(uid, &source.generation)
            .await?
            .is_none()
        {
            return Err(GenerateError::NotFound("source image"));
        }
        let png = self
            .blobs
            .get(&source.blob_key)
            .await?
            .ok_or(GenerateError::NotFound("source image"))?;
        Ok(Some(SourceImage {
            png,
            denoise: source.mode.denoise(),
        }))
    }

    /// One image, drawn and stored unless an earlier run of the job already did.
    async fn image(
        &self,
        claimed: &Claimed,
        id: &str,
        spec: &Spec,
        job: &Render,
        progress: &watch::Sender<Option<Progress>>,
    ) -> Result<GenerationRecord, GenerateError> {
        let uid = claimed.uid.as_str();
        if let Some(record) = self.store.get_generation(uid, id).await? {
            return Ok(record);
        }
        let rendered = self.render(job, progress).await?;
        if spec.explicit
            && let Some(moderation) = &self.moderation
        {
            self.moderate(moderation, uid, spec, &rendered).await?;
        }
        self.store_image(claimed, id, spec, job, rendered).await
    }

    /// Goes on only while this worker still holds `job`'s lease. A worker that stood still
    /// (a paused process, a long pause of its machine) past its lease wakes to a job another
    /// worker runs, or one that ended and gave its credits back: what it would write now
    /// could be an image nobody pays for. Asked right before each write, of the board that
    /// gave the lease, so the renewing task's timing does not decide.
    async fn fence(&self, job: &Claimed) -> Result<(), GenerateError> {
        if self.board().renew(&job.id, &job.token, None).await? {
            return Ok(());
        }
        tracing::warn!(job = %job.id, "lease lost before storing an image: nothing is written");
        Err(GenerateError::Internal(
            "the job's lease was lost before its image was stored".into(),
        ))
    }

    /// A finished image of an explicit request, checked before anyone sees it: a flagged
    /// image is never stored, and its refusal counts against the user like a refused prompt.
    async fn moderate(
        &self,
        moderation: &Moderation,
        uid: &str,
        spec: &Spec,
        rendered: &Rendered,
    ) -> Result<(), GenerateError> {
        let flagged = match moderation.check(Input::Png(&rendered.png)).await {
            Ok(None) => return Ok(()),
            Ok(Some(flagged)) => flagged,
            Err(e) => return Err(GenerateError::ModerationUnavailable(e)),
        };
        let record = RefusalRecord {
            uid: uid.to_owned(),
            at: now_ms(),
            route: "image".into(),
            style: spec.style.id.clone(),
            category: flagged.category.as_str().into(),
            words: Vec::new(),
            flagged: flagged.by,
            prompt: spec.prompt.clone(),
            negative_prompt: spec.negative_prompt.clone(),
            false_positive: false,
            strike: true,
        };
        strikes::strike(self.store.as_ref(), &self.users, &record).await;
        Err(GenerateError::ImageRefused(flagged.category))
    }

    async fn render(
        &self,
        job: &Render,
        progress: &watch::Sender<Option<Progress>>,
    ) -> Result<Rendered, GenerateError> {
        let (tx, mut rx) = watch::channel(Progress::default());
        let started = Instant::now();
        let render = backend::render_with_deadline(self.backend.as_ref(), job, &tx, self.deadline);
        tokio::pin!(render);
        loop {
            tokio::select! {
                result = &mut render => {
                    let failure = result.as_ref().err().map(backend::BackendError::label);
                    self.metrics.backend_call(self.backend.kind(), started.elapsed(), failure);
                    return Ok(result?);
                }
                Ok(()) = rx.changed() => {
                    progress.send_replace(Some(*rx.borrow_and_update()));
                }
            }
        }
    }

    /// Original, preview, then the record: a record never points at bytes that are not
    /// there. Nothing is deleted on failure: a rerun overwrites the same keys, and deleting
    /// could remove what a later run's record points at.
    async fn store_image(
        &self,
        claimed: &Claimed,
        id: &str,
        spec: &Spec,
        job: &Render,
        rendered: Rendered,
    ) -> Result<GenerationRecord, GenerateError> {
        let uid = claimed.uid.as_str();
        let blob_key = format!("{uid}/{id}/original.png");
        let preview_key = format!("{uid}/{id}/preview.png");
        let (width, height) = (rendered.image.width(), rendered.image.height());
        let image = rendered.image;
        let preview_png =
            tokio::task::spawn_blocking(move || encode_png(&preview::blurred(&image)))
                .await
                .map_err(|e| GenerateError::Internal(e.to_string()))?
                .map_err(|e| GenerateError::Internal(e.to_string()))?;
        let keys = (blob_key.clone(), preview_key.clone());
        let record = self.record_of(id, spec, job, rendered.seed, (width, height), keys);
        let creator_tool = parameters::creator_tool(&record);
        let marked = async |png: Vec<u8>, parameters: Option<String>| {
            let marked = self
                .marker
                .mark(png, creator_tool.clone(), parameters)
                .await;
            self.metrics.marked("stored");
            marked
        };
        let original = marked(
            rendered.png,
            Some(parameters::a1111(&record, Some(&spec.style))),
        )
        .await
        .map_err(|e| GenerateError::Internal(format!("marking the image: {e}")))?;
        let preview = marked(preview_png, None)
            .await
            .map_err(|e| GenerateError::Internal(format!("marking the preview: {e}")))?;
        self.fence(claimed).await?;
        self.blobs.put(&blob_key, original).await?;
        self.blobs.put(&preview_key, preview).await?;
        self.fence(claimed).await?;
        self.store.put_generation(uid, &record).await?;
        Ok(record)
    }

    /// The record of image `id` of `spec`, as `job` was drawn, its bytes at the keys given.
    fn record_of(
        &self,
        id: &str,
        spec: &Spec,
        job: &Render,
        seed: u32,
        (width, height): (u32, u32),
        (blob_key, preview_key): (String, String),
    ) -> GenerationRecord {
        let controls = self.backend.controls();
        GenerationRecord {
            id: id.to_owned(),
            prompt: spec.prompt.clone(),
            negative_prompt: spec.negative_prompt.clone(),
            style: spec.style.id.clone(),
            checkpoint: spec.style.checkpoint.clone(),
            look: spec.look.as_ref().map(|l| l.id.clone()),
            seed,
            steps: job.steps,
            enhance: job.enhance,
            width,
            height,
            // What the backend was not told, it did not use: none is kept.
            size: match &spec.source {
                Some(source) => source.size(),
                None => controls.any_size.then(|| spec.size.id.clone()),
            },
            cfg: controls.guidance.then_some(job.cfg),
            sampler: controls.guidance.then(|| job.sampler.id.to_owned()),
            favorite: false,
            source: spec.source.as_ref().map(|s| s.reference()),
            created_at: now_ms(),
            explicit: spec.adult_only,
            blob_key,
            preview_key,
        }
    }
}

/// The job's failure, logged here once (its readers never log it again).
fn failed(job: &str, error: &GenerateError, kept: usize) -> Outcome {
    tracing::warn!(job, error = %error, kept, "job failed");
    let error = JobError::from(error);
    Outcome::Failed {
        error: serde_json::to_string(&error).unwrap_or_default(),
        kept: u32::try_from(kept).unwrap_or(u32::MAX),
    }
}

/// The `i`-th image of a request: seeds count up from the job's. The size is the base size;
/// `enhance` asks the backend to double it. An image drawn from a source has the size
/// the source decides.
fn render_of(spec: &Spec, i: u32, source: Option<SourceImage>) -> Render {
    let (width, height) = spec
        .source
        .as_ref()
        .map_or((spec.size.width, spec.size.height), |s| (s.width, s.height));
    let drawn = spec.drawn();
    Render {
        prompt: drawn.prompt,
        user_prompt: spec.prompt.clone(),
        negative_prompt: drawn.negative_prompt,
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
        width,
        height,
        enhance: spec.enhance,
        cfg: spec.cfg,
        sampler: controls::sampler(&spec.sampler),
        source,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::generation::catalog::{Catalog, Size};
    use crate::worker::backend::A1111;

    /// A job's spec as a queued job carries it, its texts as the user typed them.
    fn spec(prompt: &str, negative: &str, style: &str, look: &str) -> Spec {
        let catalog = Catalog::built_in();
        Spec {
            prompt: prompt.to_owned(),
            negative_prompt: negative.to_owned(),
            style: catalog.style(style).unwrap().clone(),
            look: catalog.look(look).cloned(),
            size: Size::default(),
            cfg: 7.0,
            sampler: controls::SAMPLERS[0].id.to_owned(),
            seed: Some(1),
            steps: 30,
            enhance: false,
            count: 1,
            explicit: false,
            adult_only: None,
            source: None,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// The content gate reads `Spec::drawn`: whatever the job holds, the backend's request
        /// carries exactly that text, with every whitespace and control character a space.
        #[test]
        fn the_backend_is_sent_the_text_the_gate_reads(
            prompt in "\\PC{1,120}|[a-z\t\n\r\u{0B}\u{0C}\u{A0}\u{3000}\u{2003} ]{1,60}",
            negative in "\\PC{0,60}|[a-z\t\u{85}\u{2028} ]{0,30}",
            style in prop::sample::select(vec!["real-v1.1", "anime-v1", "nsfw-v1.1"]),
            look in prop::sample::select(vec!["", "korean", "asian"]),
        ) {
            let spec = spec(&prompt, &negative, style, look);
            let drawn = spec.drawn();
            let render = render_of(&spec, 0, None);
            let sent = A1111::body(&render);
            prop_assert_eq!(sent["prompt"].as_str(), Some(drawn.prompt.as_str()));
            prop_assert_eq!(sent["negative_prompt"].as_str(), Some(drawn.negative_prompt.as_str()));
            for text in [&drawn.prompt, &drawn.negative_prompt] {
                prop_assert!(
                    !text.chars().any(|c| c != ' ' && (c.is_whitespace() || c.is_control())),
                    "{:?}", text
                );
            }
        }
    }
}
