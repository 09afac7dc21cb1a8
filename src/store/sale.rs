//! A sale at a processor that may bill an account, beside the one that sets its plan.

use serde::{Deserialize, Serialize};

/// `users/{uid}/subscription/sales/{id}`: a sale (Verotel) or subscription (Stripe) the
/// processor told the gateway of, keyed by the processor's id, the one that sets the plan
/// included. Two checkouts paid a few minutes apart are two sales at the processor and only one
/// sets the plan; both must be shown to support and both cancelled with the account.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Sale {
    /// `verotel`, `stripe` or `test`, as the processor names itself.
    pub processor: String,
    /// The processor's state as the gateway last heard it: `active`, `cancelled` (no more
    /// charges), or how it ended (`expired`, `refunded`, `chargeback`; Stripe's own words).
    pub status: String,
    /// Paid until then (milliseconds), when the processor said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_period_end: Option<i64>,
    pub updated_at: i64,
}

impl Sale {
    /// Whether the processor may still charge for it: Verotel's live sales and Stripe's
    /// subscriptions that are not canceled.
    pub fn may_bill(&self) -> bool {
        matches!(
            self.status.as_str(),
            "active" | "trialing" | "past_due" | "unpaid" | "incomplete"
        )
    }
}
