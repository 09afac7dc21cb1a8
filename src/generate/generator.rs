//! The generation service and its parts; following and canceling jobs. Admitting one is in
//! `admission.rs`, the gallery in `gallery.rs`.

use std::sync::Arc;

use super::GenerateError;
use super::backend::Backend;
use super::catalog::Catalog;
use super::feed::Feeds;
use super::follow::Follow;
use super::reaper::Reaper;
use super::settle::Settler;
use super::stage::Stage;
use super::worker::Worker;
use crate::images::blobs::Blobs;
use crate::images::content_credentials::ContentCredentials;
use crate::images::mark::Marker;
use crate::jobs::{Cancel, Depth, JobBoard};
use crate::metrics::Metrics;
use crate::safety::Gate;
use crate::safety::meaning::Meaning;
use crate::safety::moderation::Moderation;
use crate::store::{Store, push_id};
use crate::users::Users;

use super::gallery::Gallery;

/// The generation service. Its parts are its own: routes, tasks and workers ask it.
pub struct Generator {
    /// Styles and looks.
    pub(super) catalog: Catalog,
    /// The content rules every request passes first.
    pub(super) safety: Arc<Gate>,
    /// The rules' second layer, which reads what a request means; `None` with
    /// `LUCENT_MEANING=off`.
    pub(super) meaning: Option<Arc<Meaning>>,
    /// The deployer's moderation service, which checks explicit requests too.
    pub(super) moderation: Option<Arc<Moderation>>,
    /// The renderer of this process's workers; `None` with `LUCENT_GENERATOR=none` (the
    /// workers run elsewhere).
    pub(super) backend: Option<Arc<dyn Backend>>,
    /// Who runs what next, shared with every instance and worker.
    pub(super) board: Arc<dyn JobBoard>,
    /// This instance's readers of followed jobs.
    pub(super) feeds: Feeds,
    /// Gives back the credits of jobs that ended.
    pub(super) settler: Settler,
    /// Originals and previews.
    pub(super) blobs: Blobs,
    /// Marks images stored before images were marked when stored.
    pub(super) marker: Marker,
    /// Generation records.
    pub(super) store: Arc<dyn Store>,
    /// Plans and credits.
    pub(super) users: Users,
    pub(super) metrics: Arc<Metrics>,
    /// A user's images after they are made, which admission reads for a variation's source.
    pub(super) gallery: Gallery,
}

/// What the generation service is made of, besides the board it is given.
pub struct Parts {
    pub catalog: Catalog,
    pub safety: Arc<Gate>,
    pub meaning: Option<Arc<Meaning>>,
    pub moderation: Option<Arc<Moderation>>,
    pub credentials: Option<Arc<ContentCredentials>>,
    pub backend: Option<Arc<dyn Backend>>,
    pub blobs: Blobs,
    pub store: Arc<dyn Store>,
    pub users: Users,
    pub metrics: Arc<Metrics>,
}

/// How this process's worker runs, when it has a renderer.
pub struct WorkerSettings {
    /// Names it in leases and the live-worker count.
    pub name: String,
    /// Jobs at once.
    pub slots: usize,
    /// Per image.
    pub deadline: std::time::Duration,
}

impl Generator {
    pub fn new(parts: Parts, board: Arc<dyn JobBoard>) -> Self {
        // One marker for both: an image is marked the same whoever stores or serves it.
        let marker = Marker::new(parts.credentials);
        Self {
            settler: Settler {
                board: Arc::clone(&board),
                users: parts.users.clone(),
                store: Arc::clone(&parts.store),
                metrics: Arc::clone(&parts.metrics),
            },
            feeds: Feeds::new(Arc::clone(&board)),
            board,
            gallery: Gallery::new(
                parts.catalog.clone(),
                Arc::clone(&parts.safety),
                Arc::clone(&parts.store),
                parts.users.clone(),
                parts.blobs.clone(),
                marker.clone(),
                Arc::clone(&parts.metrics),
            ),
            catalog: parts.catalog,
            safety: parts.safety,
            meaning: parts.meaning,
            moderation: parts.moderation,
            backend: parts.backend,
            blobs: parts.blobs,
            marker,
            store: parts.store,
            users: parts.users,
            metrics: parts.metrics,
        }
    }

    /// A user's images after they are made: history, the image, download, delete.
    pub fn gallery(&self) -> &Gallery {
        &self.gallery
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// This process's renderer; `None` when the workers run elsewhere.
    pub fn backend(&self) -> Option<&Arc<dyn Backend>> {
        self.backend.as_ref()
    }

    /// A moderation service reads explicit requests and their images.
    pub fn moderated(&self) -> bool {
        self.moderation.is_some()
    }

    pub fn blobs(&self) -> &Blobs {
        &self.blobs
    }

    /// The lines' lengths and the live workers.
    pub async fn depth(&self) -> Result<Depth, GenerateError> {
        Ok(self.board.depth().await?)
    }

    /// Jobs this instance follows for their listeners now.
    pub fn followed_jobs(&self) -> usize {
        self.feeds.readers()
    }

    /// Reaping, as a task runs it.
    pub fn reaper(&self) -> Reaper {
        Reaper {
            board: Arc::clone(&self.board),
            settler: self.settler.clone(),
        }
    }

    /// Settlement, as a task runs it.
    pub fn settler(&self) -> Settler {
        self.settler.clone()
    }

    /// This process's worker, when it has a renderer.
    pub fn worker(&self, settings: WorkerSettings) -> Option<Worker> {
        Some(Worker {
            name: settings.name,
            slots: settings.slots,
            backend: Arc::clone(self.backend.as_ref()?),
            blobs: self.blobs.clone(),
            store: Arc::clone(&self.store),
            board: Arc::clone(&self.board),
            settler: self.settler.clone(),
            deadline: settings.deadline,
            metrics: Arc::clone(&self.metrics),
            moderation: self.moderation.clone(),
            users: self.users.clone(),
            marker: self.marker.clone(),
        })
    }
}

impl Generator {
    /// Where the caller's job `id` stands; `None` when they have no such job (someone else's
    /// job is indistinguishable from none).
    pub async fn job(&self, uid: &str, id: &str) -> Result<Option<Stage>, GenerateError> {
        if !push_id::is_generation_id(id) {
            return Ok(None);
        }
        let snapshot = self.board.snapshot(id).await?;
        Ok(snapshot.filter(|s| s.uid == uid).as_ref().map(Stage::of))
    }

    /// The ids of `uid`'s jobs that have not ended.
    pub async fn jobs_of(&self, uid: &str) -> Result<Vec<String>, GenerateError> {
        Ok(self.board.jobs_of(uid).await?)
    }

    /// Follows the caller's job from its first event (or after `cursor`).
    pub fn follow(&self, id: &str, cursor: Option<String>) -> Follow {
        Follow::new(&self.feeds, id, cursor)
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
