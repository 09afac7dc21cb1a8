//! Giving back what a job did not use. Credits are reserved once, when the job is admitted,
//! as the job's holding in the store's credit ledger; every image the job stores keeps one.
//! When the job ends, whoever ended it (the worker, a cancel, the reaper) settles it: the
//! ledger keeps what the images used and gives back the rest, in one atomic step that does
//! nothing the second time. Only then does the job leave the board's unsettled list, so a
//! settler that dies, or a store that fails the refund, leaves it there for the settlement task:
//! every refund is paid exactly once.
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
    /// Settles `ended` in the ledger, then takes it off the unsettled list. Any failure
    /// leaves it there: settlement repeats the whole step, and the ledger makes it exact.
    pub async fn settle(&self, ended: &Ended) {
        let kept = match ended.kept {
            Some(kept) => kept,
            None => match self.count_images(ended).await {
                Some(kept) => kept,
                None => return,
            },
        };
        match self
            .users
            .settle_credits(&ended.uid, &ended.period, &ended.id, kept)
            .await
        {
            Ok(Some(back)) => {
                self.metrics.credits("kept", kept.min(ended.credits));
                if back > 0 {
                    self.metrics.credits("released", back);
                    tracing::info!(uid = %ended.uid, job = %ended.id, back, "credits released");
                }
            }
            // Settled before (a settler that died after the ledger, before the board), or the
            // job never held any (its admission was cut before the reservation).
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(job = %ended.id, error = %e, "settling credits; settlement retries");
                return;
            }
        }
        if let Err(e) = self.board.mark_settled(&ended.id).await {
            tracing::warn!(job = %ended.id, error = %e, "marking a job settled; settlement retries");
        }
    }

    /// How long an ended job may wait for its settler before settlement settles it: longer
    /// than any settler takes between ending a job and settling it, and than any store write
    /// can still be in flight after its request timed out (a failed admission is settled by
    /// settlement, after this, so that a reservation whose answer was lost has landed). Two
    /// leases: 30 s by default.
    fn grace(&self) -> std::time::Duration {
        self.board.rules().lease * 2
    }

    /// Images of the job that exist; `None` when the store cannot say (settlement retries).
    async fn count_images(&self, ended: &Ended) -> Option<u32> {
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
                    tracing::warn!(job = %ended.id, error = %e, "counting a lost job's images; settlement retries");
                    return None;
                }
            }
        }
        Some(kept)
    }

    /// Settles the ended jobs whose own settler did not within the grace: it died, or the
    /// store failed the refund. Every instance and worker runs this as its settlement task;
    /// the ledger and the board's steps are atomic, so a job is never settled twice.
    pub async fn settle_leftovers(&self) {
        match self.board.unsettled(self.grace()).await {
            Ok(left) => {
                for job in &left {
                    self.settle(job).await;
                }
            }
            Err(e) => tracing::debug!(error = %e, "listing unsettled jobs"),
        }
    }
}
