//! A sale at a processor that may bill an account, beside the one that sets its plan.

use serde::{Deserialize, Serialize};

use super::Subscription;

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
    /// Whether it gives Premium now: paid (Stripe's live states, or a Verotel sale live or
    /// cancelled with paid time left) until a date still to come.
    pub fn paid_through(&self, now: i64) -> bool {
        matches!(
            self.status.as_str(),
            "active" | "trialing" | "past_due" | "cancelled"
        ) && self.current_period_end.is_some_and(|end| end > now)
    }

    /// Whether the processor may still charge for it: Verotel's live sales and Stripe's
    /// subscriptions that are not canceled.
    pub fn may_bill(&self) -> bool {
        matches!(
            self.status.as_str(),
            "active" | "trialing" | "past_due" | "unpaid" | "incomplete"
        )
    }
}

impl Subscription {
    /// When the sale that sets the plan no longer gives Premium, another sale the processor
    /// says is paid through now sets it instead: the latest paid through of them. A second
    /// checkout keeps billing after the first ends, and its buyer must keep what it pays for
    /// until its own next event.
    pub fn promote_paid_sale(&mut self, now: i64) {
        if self.is_pro(now) {
            return;
        }
        let current = self.subscription_id.as_deref();
        let paid = self
            .sales
            .iter()
            .filter(|(id, sale)| Some(id.as_str()) != current && sale.paid_through(now))
            .max_by_key(|(_, sale)| sale.current_period_end);
        if let Some((id, sale)) = paid {
            self.plan_type = Some("pro".into());
            self.status = Some(sale.status.clone());
            self.subscription_id = Some(id.clone());
            self.current_period_end = sale.current_period_end;
            self.updated_at = Some(now);
        }
    }
}
