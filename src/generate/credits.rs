//! A credit reservation that gives back whatever it was not told to keep, even when the
//! request is abandoned halfway (client gone, backend failed, task cancelled): no charge
//! without an image.

use std::sync::Arc;

use crate::metrics::Metrics;
use crate::users::Users;

pub struct Reservation {
    users: Users,
    metrics: Arc<Metrics>,
    uid: String,
    period: String,
    reserved: u32,
    kept: u32,
}

impl Reservation {
    pub fn new(
        users: Users,
        metrics: Arc<Metrics>,
        uid: &str,
        period: &str,
        reserved: u32,
    ) -> Self {
        Self {
            users,
            metrics,
            uid: uid.to_owned(),
            period: period.to_owned(),
            reserved,
            kept: 0,
        }
    }

    /// One image was stored: its credit is spent.
    pub fn keep_one(&mut self) {
        if self.kept < self.reserved {
            self.kept += 1;
            self.metrics.credits("kept", 1);
        }
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        let unused = self.reserved - self.kept;
        if unused == 0 {
            return;
        }
        self.metrics.credits("released", unused);
        let (users, uid, period) = (self.users.clone(), self.uid.clone(), self.period.clone());
        // Drop cannot await; the release runs on its own and is logged if it fails.
        tokio::spawn(async move {
            match users.release_credits(&uid, &period, unused).await {
                Ok(()) => tracing::info!(%uid, unused, "credits released"),
                Err(e) => tracing::error!(%uid, unused, error = %e, "releasing credits failed"),
            }
        });
    }
}
