//! A processor's events, each claimed by one caller before it changes a record.

use async_trait::async_trait;

use crate::store::StoreResult;

#[async_trait]
pub trait EventClaims: Send + Sync {
    /// Claims a Stripe event for processing: true for exactly one caller per event id, however
    /// many deliveries race (a conditional create under `stripeEvents/`).
    async fn claim_event(&self, event_id: &str, event_type: &str) -> StoreResult<bool>;

    /// Marks a claimed event done, with what it changed.
    async fn finish_event(&self, event_id: &str, outcome: &str) -> StoreResult<()>;

    /// Gives a claim back after a failure, so Stripe's retry is processed.
    async fn release_event(&self, event_id: &str) -> StoreResult<()>;
}
