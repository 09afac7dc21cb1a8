//! What the GPU side of one process is made of: the worker when the process has a renderer,
//! and the reaping and settlement that every process runs.

use std::sync::Arc;
use std::time::Duration;

use super::backend::Backend;
use super::reaper::Reaper;
use super::settle::Settler;
use super::worker::Worker;
use crate::images::blobs::Blobs;
use crate::images::mark::Marker;
use crate::jobs::JobBoard;
use crate::metrics::Metrics;
use crate::safety::moderation::Moderation;
use crate::store::Store;
use crate::users::Users;

/// How this process's worker runs, when it has a renderer.
pub struct WorkerSettings {
    /// Names it in leases and the live-worker count.
    pub name: String,
    /// Jobs at once.
    pub slots: usize,
    /// Per image.
    pub deadline: Duration,
}

#[derive(Clone)]
pub struct WorkerParts {
    /// The renderer of this process's worker; `None` with `LUCENT_GENERATOR=none` (the
    /// workers run elsewhere).
    pub backend: Option<Arc<dyn Backend>>,
    pub board: Arc<dyn JobBoard>,
    pub settler: Settler,
    pub blobs: Blobs,
    pub store: Arc<dyn Store>,
    pub users: Users,
    pub moderation: Option<Arc<Moderation>>,
    pub marker: Marker,
    pub metrics: Arc<Metrics>,
}

impl WorkerParts {
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

    /// Reaping, as a task runs it.
    pub fn reaper(&self) -> Reaper {
        Reaper {
            board: Arc::clone(&self.board),
            settler: self.settler.clone(),
        }
    }
}
