//! A credit reservation: taken before any work starts, and settled before the caller hears the
//! outcome, so a client that reads its credits right after an error sees them back. Storing an
//! image's record and keeping its credit are one step. A reservation dropped unsettled (a
//! client that left while it was still queued) gives its credits back on its own.

use std::sync::Arc;

use crate::metrics::Metrics;
use crate::store::StoreResult;
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
        metrics.credits("reserved", reserved);
        Self {
            users,
            metrics,
            uid: uid.to_owned(),
            period: period.to_owned(),
            reserved,
            kept: 0,
        }
    }

    /// Writes an image's record and spends one credit on it: once the write succeeded the
    /// credit is kept, whatever happens after; if it failed, the credit is still unspent.
    pub async fn spend_on(
        &mut self,
        write: impl Future<Output = StoreResult<()>>,
    ) -> StoreResult<()> {
        write.await?;
        if self.kept < self.reserved {
            self.kept += 1;
            self.metrics.credits("kept", 1);
        }
        Ok(())
    }

    fn unused(&self) -> u32 {
        self.reserved - self.kept
    }

    /// Gives back every credit not spent, and returns once the store has them back.
    pub async fn settle(mut self) {
        let unused = self.unused();
        // Nothing is left for Drop to give back, whatever the release below does.
        self.reserved = self.kept;
        if unused > 0 {
            release(&self.users, &self.metrics, &self.uid, &self.period, unused).await;
        }
    }
}

async fn release(users: &Users, metrics: &Metrics, uid: &str, period: &str, unused: u32) {
    metrics.credits("released", unused);
    match users.release_credits(uid, period, unused).await {
        Ok(()) => tracing::info!(%uid, unused, "credits released"),
        Err(e) => tracing::error!(%uid, unused, error = %e, "releasing credits failed"),
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        let unused = self.unused();
        if unused == 0 {
            return;
        }
        let (users, metrics) = (self.users.clone(), Arc::clone(&self.metrics));
        let (uid, period) = (self.uid.clone(), self.period.clone());
        // Drop cannot await; nobody is waiting for this answer (the client left).
        tokio::spawn(async move { release(&users, &metrics, &uid, &period, unused).await });
    }
}
