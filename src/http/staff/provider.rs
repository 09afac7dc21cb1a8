//! The subscription as the payment provider reports it at this moment, next to what the record
//! says: a difference means a missed webhook or a plan set by hand. A provider that cannot be
//! reached leaves the rest of the card readable.

use serde::Serialize;
use utoipa::ToSchema;

use crate::billing::processor::Processor;
use crate::store::Subscription;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProviderState {
    /// The record names no subscription: nothing to ask.
    None,
    Found,
    /// The provider has no subscription with the recorded id.
    Missing,
    /// The provider did not answer; `message` says why.
    Unreachable,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderView {
    /// The processor asked: `stripe`, `verotel` or `test`.
    processor: &'static str,
    state: ProviderState,
    /// The provider's status now (`active`, `past_due`, `canceled`, …).
    status: Option<String>,
    /// The end of the paid period, milliseconds since the epoch.
    current_period_end: Option<i64>,
    /// Whether the record holds the same status and period end.
    matches_record: bool,
    message: Option<String>,
}

impl ProviderView {
    fn without(processor: &'static str, state: ProviderState, message: Option<String>) -> Self {
        Self {
            processor,
            state,
            status: None,
            current_period_end: None,
            matches_record: false,
            message,
        }
    }
}

/// Asks `payments` about the subscription `record` names.
pub async fn provider_view(
    payments: &dyn Processor,
    record: Option<&Subscription>,
) -> ProviderView {
    let Some(id) = record.and_then(|s| s.subscription_id.as_deref()) else {
        return ProviderView::without(payments.name(), ProviderState::None, None);
    };
    match payments.subscription(id).await {
        Ok(Some(found)) => {
            let end = found.current_period_end.map(|s| s * 1000);
            let matches_record = record.is_some_and(|r| {
                r.status.as_deref() == Some(found.status.as_str()) && r.current_period_end == end
            });
            ProviderView {
                processor: payments.name(),
                state: ProviderState::Found,
                status: Some(found.status),
                current_period_end: end,
                matches_record,
                message: None,
            }
        }
        Ok(None) => ProviderView::without(payments.name(), ProviderState::Missing, None),
        Err(e) => {
            tracing::warn!(subscription = id, error = %e, "asking the payment provider for the support card");
            ProviderView::without(
                payments.name(),
                ProviderState::Unreachable,
                Some(e.to_string()),
            )
        }
    }
}
