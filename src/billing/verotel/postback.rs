//! FlexPay's postbacks: a GET whose query Verotel signs, one per sale event. Each is checked
//! over exactly the parameters received, claimed once by sale, event and transaction, and
//! folded into the record so that repeats and any order of arrival end in the same state:
//! a sale's paid-through date only grows, a cancellation keeps Premium to that date, and an
//! expiry, chargeback or refund ends it at once and for good.

use std::collections::BTreeMap;
use std::time::Duration;

use chrono::{Months, NaiveDate, TimeDelta, Utc};

use super::super::processor::is_provider_id;
use super::super::signature::SignatureError;
use super::super::{Billing, BillingError, WebhookOutcome};
use super::signature::Params;
use super::uid_of_reference;
use crate::coordination::lease::while_held;
use crate::store::{Sale, Subscription, UserRecord, now_ms};

/// Statuses after which a sale gives nothing again.
const ENDED: [&str; 3] = ["expired", "chargeback", "refunded"];

/// What one event says about its sale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Change {
    /// `initial` or `rebill`: paid until then (milliseconds).
    Paid(i64),
    /// Cancelled by anyone; paid time is kept, and `expiresOn` may say until when.
    Cancelled(Option<i64>),
    /// `expiry`, `chargeback`, `credit`: over now.
    Ended(&'static str),
}

/// The end (exclusive, UTC, milliseconds) of the day `date` (`YYYY-MM-DD`): Verotel charges on
/// that day, so the charge day itself stays paid.
pub fn end_of_day(date: &str) -> Option<i64> {
    let day = NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()?;
    let next = day.checked_add_signed(TimeDelta::days(1))?;
    Some(next.and_hms_opt(0, 0, 0)?.and_utc().timestamp_millis())
}

/// Paid until the next charge Verotel names, else a month and a day from now.
fn paid_until(params: &Params, now: i64) -> i64 {
    params
        .get("nextChargeOn")
        .and_then(|d| end_of_day(d))
        .unwrap_or_else(|| {
            let now = chrono::DateTime::from_timestamp_millis(now).unwrap_or_else(Utc::now);
            (now + Months::new(1) + TimeDelta::days(1)).timestamp_millis()
        })
}

fn change_of(event: &str, params: &Params, now: i64) -> Option<Change> {
    Some(match event {
        "initial" | "rebill" => Change::Paid(paid_until(params, now)),
        "cancel" => Change::Cancelled(params.get("expiresOn").and_then(|d| end_of_day(d))),
        "expiry" => Change::Ended("expired"),
        "chargeback" => Change::Ended("chargeback"),
        "credit" => Change::Ended("refunded"),
        _ => return None,
    })
}

fn is_ended(s: &Subscription) -> bool {
    s.status.as_deref().is_some_and(|s| ENDED.contains(&s))
}

/// The record after `change` to `sale`, or `None` when it changes nothing: an event of an
/// older sale while a newer one gives Premium, or of a sale already over.
fn fold(
    current: Option<&Subscription>,
    sale: &str,
    reference: &str,
    change: Change,
    now: i64,
) -> Option<Subscription> {
    let same_sale = current.and_then(|c| c.subscription_id.as_deref()) == Some(sale);
    let base = match current {
        Some(c) if same_sale => c.clone(),
        Some(c) if c.subscription_id.is_some() && c.is_pro(now) && !is_ended(c) => return None,
        _ => Subscription::default(),
    };
    if is_ended(&base) {
        return None;
    }
    let mut next = Subscription {
        subscription_id: Some(sale.to_owned()),
        session_id: Some(reference.to_owned()),
        updated_at: Some(now),
        ..base.clone()
    };
    let keep_end = |until: Option<i64>| base.current_period_end.max(until);
    match change {
        Change::Paid(until) => {
            let cancelled = base.status.as_deref() == Some("cancelled");
            next.status = Some(if cancelled { "cancelled" } else { "active" }.into());
            next.current_period_end = keep_end(Some(until));
        }
        Change::Cancelled(until) => {
            next.status = Some("cancelled".into());
            next.current_period_end = keep_end(until);
        }
        Change::Ended(status) => {
            next.status = Some(status.into());
            next.current_period_end = Some(base.current_period_end.map_or(now, |e| e.min(now)));
        }
    }
    let pays = matches!(next.status.as_deref(), Some("active" | "cancelled"));
    let pro = pays && next.current_period_end.is_some();
    next.plan_type = Some(if pro { "pro" } else { "free" }.into());
    Some(next)
}

/// The sale's own entry in the record's sales after `change`: the same folding as the plan's,
/// on the sale alone; `None` when it is over already.
fn fold_sale(
    prior: Option<&Sale>,
    sale: &str,
    reference: &str,
    change: Change,
    now: i64,
) -> Option<Sale> {
    let alone = prior.map(|p| Subscription {
        subscription_id: Some(sale.to_owned()),
        status: Some(p.status.clone()),
        current_period_end: p.current_period_end,
        ..Subscription::default()
    });
    let next = fold(alone.as_ref(), sale, reference, change, now)?;
    Some(Sale {
        processor: "verotel".into(),
        status: next.status?,
        current_period_end: next.current_period_end,
        updated_at: now,
    })
}

/// The query's pairs, decoded; a key given twice makes the signature ambiguous.
fn parameters(query: &str) -> Result<Params, BillingError> {
    let mut params = Params::new();
    for (k, v) in url::form_urlencoded::parse(query.as_bytes()) {
        if params
            .insert(k.clone().into_owned(), v.into_owned())
            .is_some()
        {
            return Err(BillingError::MalformedEvent(format!(
                "the parameter {k} is given twice"
            )));
        }
    }
    Ok(params)
}

fn required<'a>(params: &'a Params, key: &'static str) -> Result<&'a str, BillingError> {
    params
        .get(key)
        .map(String::as_str)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| BillingError::MalformedEvent(format!("the postback has no {key}")))
}

/// Long enough for one read and one write of the record.
const FOLD_LEASE: Duration = Duration::from_secs(10);
/// Verotel delivers again what was not answered `OK`.
const FOLD_WAIT: Duration = Duration::from_secs(5);

impl Billing {
    /// The record after `change`; `None` when there is no such user or nothing changes.
    async fn fold_into(
        &self,
        uid: &str,
        sale: &str,
        reference: &str,
        change: Change,
        now: i64,
    ) -> Result<Option<UserRecord>, BillingError> {
        let Some(user) = self.users.get(uid).await? else {
            return Ok(None);
        };
        let current = user.subscription.as_ref();
        let prior = current.and_then(|c| c.sales.get(sale));
        // Every sale is kept in the record's sales, whichever sets the plan: a second one paid
        // beside the first still bills, so support must see it and deletion cancel it.
        let sales: BTreeMap<String, Sale> = fold_sale(prior, sale, reference, change, now)
            .map(|entry| (sale.to_owned(), entry))
            .into_iter()
            .collect();
        // Where the sale that set the plan ended, the store's merge lets another one still
        // paid set it (`Subscription::promote_paid_sale`).
        let plan = fold(current, sale, reference, change, now);
        if plan.is_none() && sales.is_empty() {
            return Ok(None);
        }
        // A sale that does not set the plan is written to the sales alone.
        let sets_plan = plan.is_some();
        let patch = Subscription {
            sales,
            ..plan.unwrap_or_default()
        };
        let written = self.users.merge_subscription(uid, &patch).await?;
        Ok(sets_plan.then_some(written))
    }

    /// One FlexPay postback, its query exactly as received.
    pub async fn postback(&self, query: Option<&str>) -> Result<WebhookOutcome, BillingError> {
        let verotel = self
            .verotel
            .as_ref()
            .ok_or(BillingError::NotFound("postback endpoint"))?;
        let params = parameters(query.unwrap_or_default())?;
        if !params.contains_key("signature") {
            return Err(SignatureError::Missing.into());
        }
        if !verotel.is_signed(&params) {
            return Err(SignatureError::Mismatch.into());
        }
        if params
            .get("shopID")
            .is_some_and(|shop| shop != verotel.shop_id())
        {
            return Ok(WebhookOutcome::Ignored("another website's postback"));
        }
        // A postback without an event is a one-off purchase, which Lucent does not sell.
        let Some(event) = params.get("event") else {
            return Ok(WebhookOutcome::Ignored("a purchase, not a subscription"));
        };
        let sale = required(&params, "saleID")?;
        let transaction = params
            .get("transactionID")
            .or(params.get("parentID"))
            .map_or("", String::as_str);
        let ids_ok = is_provider_id(sale)
            && is_provider_id(event)
            && (transaction.is_empty() || is_provider_id(transaction));
        if !ids_ok {
            return Err(BillingError::MalformedEvent(
                "saleID, event and transactionID must be short tokens".into(),
            ));
        }
        let claim = format!("verotel_{sale}_{event}_{transaction}");
        if !self.store.claim_event(&claim, event).await? {
            return Ok(WebhookOutcome::Duplicate);
        }
        match self.apply_postback(event, sale, &params).await {
            Ok(outcome) => {
                self.store
                    .finish_event(&claim, &format!("{outcome:?}"))
                    .await?;
                Ok(outcome)
            }
            Err(e) => {
                // Verotel delivers it again; then it is processed.
                if let Err(release) = self.store.release_event(&claim).await {
                    tracing::error!(event = claim, error = %release, "could not release a failed postback claim");
                }
                Err(e)
            }
        }
    }

    async fn apply_postback(
        &self,
        event: &str,
        sale: &str,
        params: &Params,
    ) -> Result<WebhookOutcome, BillingError> {
        let now = now_ms();
        let Some(change) = change_of(event, params, now) else {
            tracing::info!(
                event,
                sale,
                "a Verotel event Lucent does not act on, recorded"
            );
            return Ok(WebhookOutcome::Ignored("an event Lucent does not act on"));
        };
        let reference = required(params, "referenceID")?;
        let uid = uid_of_reference(reference);
        // Two events of one person are folded one after the other, whichever instances
        // they reach: the record is read and written under the account's lease.
        let lease = format!("billing:{uid}");
        let holder = format!("postback/{}", crate::store::push_id::next());
        let fold = self.fold_into(uid, sale, reference, change, now);
        let timing = (FOLD_LEASE, FOLD_WAIT);
        let folded = while_held(self.leases.as_ref(), &lease, &holder, timing, fold)
            .await?
            .ok_or(BillingError::Busy)?;
        let Some(user) = folded? else {
            return Ok(WebhookOutcome::Ignored(
                "no such user, or a sale that does not set the plan (kept in the record's sales)",
            ));
        };
        let plan = if user.is_pro(now_ms()) { "pro" } else { "free" };
        tracing::info!(%uid, sale, event, plan, "Verotel postback applied");
        Ok(WebhookOutcome::Applied {
            uid: uid.to_owned(),
            plan,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: i64 = 24 * 3600 * 1000;
    const NOW: i64 = 1_800_000_000_000;

    fn run(changes: &[Change]) -> Option<Subscription> {
        let mut record: Option<Subscription> = None;
        for change in changes {
            if let Some(next) = fold(record.as_ref(), "77", "alice.t", *change, NOW) {
                record = Some(next);
            }
        }
        record
    }

    fn summary(s: &Option<Subscription>) -> (Option<String>, Option<String>, Option<i64>) {
        let s = s.clone().unwrap_or_default();
        (s.plan_type, s.status, s.current_period_end)
    }

    #[test]
    fn any_order_of_a_sales_events_ends_in_one_state() {
        let paid = Change::Paid(NOW + 30 * DAY);
        let rebill = Change::Paid(NOW + 60 * DAY);
        let cancel = Change::Cancelled(None);
        let events = [paid, rebill, cancel];
        let expected = summary(&run(&events));
        assert_eq!(
            expected,
            (
                Some("pro".into()),
                Some("cancelled".into()),
                Some(NOW + 60 * DAY)
            )
        );
        for order in [
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
            [0, 1, 2],
        ] {
            let shuffled: Vec<Change> = order.iter().map(|&i| events[i]).collect();
            assert_eq!(summary(&run(&shuffled)), expected, "{order:?}");
        }
    }

    #[test]
    fn an_end_is_final_whatever_arrives_after_it() {
        let paid = Change::Paid(NOW + 30 * DAY);
        for end in ["expired", "chargeback", "refunded"] {
            let ended = Change::Ended(end);
            let after = summary(&run(&[paid, ended]));
            assert_eq!(after, summary(&run(&[ended, paid])));
            assert_eq!(after, (Some("free".into()), Some(end.into()), Some(NOW)));
        }
    }

    #[test]
    fn a_late_event_of_an_older_sale_leaves_a_live_one_alone() {
        let live = fold(None, "2", "alice.b", Change::Paid(NOW + DAY), NOW).unwrap();
        assert_eq!(
            fold(Some(&live), "1", "alice.a", Change::Ended("expired"), NOW),
            None
        );
        let over = fold(Some(&live), "2", "alice.b", Change::Ended("expired"), NOW).unwrap();
        let again = fold(Some(&over), "3", "alice.c", Change::Paid(NOW + DAY), NOW).unwrap();
        assert_eq!(again.subscription_id.as_deref(), Some("3"));
        assert!(again.is_pro(NOW));
    }

    #[test]
    fn the_charge_day_stays_paid() {
        assert_eq!(end_of_day("2026-12-26"), Some(1_798_329_600_000));
        assert_eq!(end_of_day("26/12/2026"), None);
    }
}
