//! Giving back what a job did not use. Credits are reserved once, when the job is admitted;
//! every image the job stores keeps one. When the job ends, whoever ended it (the worker, a
//! cancel, the reaper) wins the right to settle it on the board, exactly once, and gives the
//! rest back. A settler that dies leaves the job on the board's unsettled list, and the next
//! sweep settles it.
//!
//! When nobody knows what a job kept (its workers were lost), the images are counted: their
//! ids follow from the job's, so a job that ran twice still has one record per image.

use std::sync::Arc;

use crate::jobs::{Ended, JobBoard};
use crate::metrics::Metrics;
use crate::store::{Store, push_id};
use crate::users::Users;

#[derive(Clone)]
pub struct Settler {
    pub board: Arc<dyn JobBoard>,
    pub users: Users,
    pub store: Arc<dyn Store>,
    pub metrics: Arc<Metrics>,
}

impl Settler {
    /// Settles `ended` unless someone else already does.
    pub async fn settle(&self, ended: &Ended) {
        if self.give_back(ended).await
            && let Err(e) = self.board.settled(&ended.id).await
        {
            // Listeners stop waiting for it after a while anyway.
            tracing::warn!(job = %ended.id, error = %e, "marking a job settled");
        }
    }

    /// Gives back what `ended` did not use; false when someone else settles it.
    async fn give_back(&self, ended: &Ended) -> bool {
        match self.board.settle(&ended.id).await {
            Ok(true) => {}
            Ok(false) => return false,
            Err(e) => {
                // Still on the unsettled list: the sweep retries.
                tracing::warn!(job = %ended.id, error = %e, "settling later: the board is unavailable");
                return false;
            }
        }
        let kept = match ended.kept {
            Some(kept) => kept,
            None => self.count_images(ended).await,
        };
        let unused = ended.credits.saturating_sub(kept);
        self.metrics.credits("kept", kept);
        if unused == 0 {
            return true;
        }
        self.metrics.credits("released", unused);
        match self
            .users
            .release_credits(&ended.uid, &ended.period, unused)
            .await
        {
            Ok(()) => tracing::info!(uid = %ended.uid, job = %ended.id, unused, "credits released"),
            // Settled on the board already, so never released twice; this refund is lost.
            Err(e) => tracing::error!(uid = %ended.uid, job = %ended.id, unused, error = %e,
                "releasing credits failed"),
        }
        true
    }

    /// Images of the job that exist; an unreadable store counts as "all of them" so that a
    /// refund is never paid for an image the user has.
    async fn count_images(&self, ended: &Ended) -> u32 {
        let mut kept = 0;
        for i in 0..ended.credits {
            match self
                .store
                .get_generation(&ended.uid, &push_id::image_id(&ended.id, i))
                .await
            {
                Ok(Some(_)) => kept += 1,
                Ok(None) => {}
                Err(e) => {
                    tracing::error!(job = %ended.id, error = %e, "counting a lost job's images");
                    return ended.credits;
                }
            }
        }
        kept
    }

    /// Sweeps every `every` until `stop` turns true. Every instance and worker runs this; the
    /// board's steps are atomic, so they never settle a job twice.
    pub async fn run(
        self,
        every: std::time::Duration,
        mut stop: tokio::sync::watch::Receiver<bool>,
    ) {
        let mut tick = tokio::time::interval(every);
        while !*stop.borrow() {
            tokio::select! {
                _ = tick.tick() => self.sweep().await,
                changed = stop.changed() => if changed.is_err() { return },
            }
        }
    }

    /// Settles what the reaper ended and what a dead settler left.
    pub async fn sweep(&self) {
        let mut ended = match self.board.reap().await {
            Ok(ended) => ended,
            Err(e) => {
                tracing::debug!(error = %e, "reaping jobs");
                return;
            }
        };
        match self.board.unsettled(UNSETTLED_GRACE).await {
            Ok(left) => ended.extend(left),
            Err(e) => tracing::debug!(error = %e, "listing unsettled jobs"),
        }
        for job in &ended {
            self.settle(job).await;
        }
    }
}

/// Longer than any settler takes between ending a job and settling it.
const UNSETTLED_GRACE: std::time::Duration = std::time::Duration::from_secs(30);
