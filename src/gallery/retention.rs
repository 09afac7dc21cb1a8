//! Free users' images are kept `LUCENT_FREE_RETENTION_DAYS`; pro users keep theirs ("lifetime
//! save"). A periodic sweep goes owner by owner, skips pro owners whole, and removes the
//! expired images of the rest: record first, then the bytes. However many old images pro users
//! keep, they never stand in the way of a free user's. The same pass deletes the tombstones of
//! deleted accounts whose limits have run out. Every instance runs the timer, but only
//! the holder of the `retention` lease sweeps, so N instances make one sweep an hour.

use std::sync::Arc;
use std::time::Duration;

use crate::coordination::lease::Leases;
use crate::images::blobs::Blobs;
use crate::store::{Store, now_ms};
use crate::users::Users;

/// How often the sweep runs, and how many of one owner's records one query reads.
pub const EVERY: Duration = Duration::from_secs(3600);
const BATCH: usize = 500;
const LEASE: &str = "retention";

pub struct Retention {
    pub store: Arc<dyn Store>,
    /// Told of each owner whose images went, so no instance serves a record it kept.
    pub users: Users,
    pub blobs: Blobs,
    pub free_days: u32,
    pub leases: Arc<dyn Leases>,
    /// This instance, as the lease names its holder.
    pub holder: String,
}

impl Retention {
    /// One pass, unless another instance holds the lease; how many images were removed.
    /// The lease is renewed before each owner and kept after the pass, so the next one starts
    /// an hour later wherever it runs; a holder that dies mid-pass loses it within the hour.
    pub async fn sweep_once(&self) -> anyhow::Result<usize> {
        let cutoff = now_ms() - i64::from(self.free_days) * 24 * 3600 * 1000;
        let mut removed = 0;
        if !self.leases.hold(LEASE, &self.holder, EVERY).await? {
            tracing::debug!("another instance holds the retention lease");
            return Ok(0);
        }
        self.end_tombstones().await?;
        for uid in self.store.generation_owners().await? {
            if !self.leases.hold(LEASE, &self.holder, EVERY).await? {
                tracing::debug!("the retention lease passed to another instance mid-pass");
                break;
            }
            let user = self.store.get_user(&uid).await?;
            // A pro user's images are kept; a suspended account's are held for review.
            let keep = user.is_some_and(|u| u.is_pro(now_ms()) || u.suspension.is_some());
            if !keep {
                removed += self.sweep_owner(&uid, cutoff).await?;
            }
        }
        Ok(removed)
    }

    /// Deleted accounts' tombstones whose credit period and 24 hours of refusals are over
    /// (src/account/deletion.rs).
    async fn end_tombstones(&self) -> anyhow::Result<()> {
        loop {
            let due = self.store.tombstones_due(now_ms(), BATCH).await?;
            for uid in &due {
                self.store.delete_tombstone(uid).await?;
            }
            if due.len() < BATCH {
                tracing::debug!(ended = due.len(), "tombstones past their limits deleted");
                return Ok(());
            }
        }
    }

    async fn sweep_owner(&self, uid: &str, cutoff: i64) -> anyhow::Result<usize> {
        let mut removed = 0;
        loop {
            let batch = self
                .store
                .generations_created_before(uid, cutoff, BATCH)
                .await?;
            let mut gone = Vec::new();
            for record in &batch {
                if self.store.delete_generation(uid, &record.id).await? {
                    gone.push(record);
                }
            }
            if !gone.is_empty() {
                // Before the bytes go: an instance that still kept a record would serve a
                // missing image.
                self.users.changed(uid).await;
            }
            for record in &gone {
                self.blobs.delete(&record.blob_key).await?;
                self.blobs.delete(&record.preview_key).await?;
            }
            removed += gone.len();
            if batch.len() < BATCH {
                return Ok(removed);
            }
        }
    }

    /// One pass, told in the log: `lucent serve`'s retention task.
    pub async fn sweep(&self) {
        match self.sweep_once().await {
            Ok(0) => {}
            Ok(n) => tracing::info!(removed = n, "retention sweep removed expired free images"),
            Err(e) => tracing::warn!(error = %e, "retention sweep failed; next pass retries"),
        }
    }
}
