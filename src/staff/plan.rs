//! A plan set by hand (a refund, goodwill, a missed payment), by the support console and by
//! `lucent users set-plan` alike. The audit entry is written before the change.

use chrono::NaiveDate;
use serde::Deserialize;

use super::action::{ActionError, invalid, reason};
use super::caps::{Authority, Day, plan_needs_admin};
use crate::store::{AuditEntry, ManualPlan, StaffGrants, Store, UserRecord, now_ms};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Plan {
    Pro,
    Free,
}

/// What to set, and who says so.
#[derive(Debug, Clone)]
pub struct PlanChange<'a> {
    pub plan: Plan,
    /// The last day of a pro plan (UTC); none: until changed again.
    pub until: Option<NaiveDate>,
    /// Why: kept in the audit trail.
    pub reason: &'a str,
    /// Who: kept in the audit trail.
    pub actor: &'a str,
    pub authority: Authority,
    /// The support member's day, when a support member grants pro; `None` for an admin or the
    /// operator.
    pub day: Option<Day<'a>>,
}

/// Sets `uid`'s plan; the saved record and the audit action, e.g. "set-plan pro until 2026-12-31".
pub async fn set_plan(
    store: &dyn Store,
    uid: &str,
    change: &PlanChange<'_>,
) -> Result<(UserRecord, String), ActionError> {
    let reason = reason(change.reason).map_err(|message| invalid("reason", message))?;
    if change.plan == Plan::Free && change.until.is_some() {
        return Err(invalid("until", "is for pro plans"));
    }
    let now = now_ms();
    // The end of the given day, UTC.
    let period_end = change.until.and_then(|d| d.succ_opt()).map(|d| {
        d.and_time(chrono::NaiveTime::MIN)
            .and_utc()
            .timestamp_millis()
    });
    if period_end.is_some_and(|end| end <= now) {
        return Err(invalid("until", "is in the past"));
    }
    change
        .authority
        .allows(plan_needs_admin(change, chrono::Utc::now().date_naive()))?;
    let user = store
        .get_user(uid)
        .await?
        .ok_or_else(|| ActionError::NoUser(uid.to_owned()))?;
    if change.plan == Plan::Free && user.pays_for_premium(now) {
        change.authority.allows(Some(
            "taking Premium from a subscriber who pays for it needs an admin: the subscription \
             keeps billing until it is canceled"
                .to_owned(),
        ))?;
    }
    if let Some(day) = &change.day
        && change.plan == Plan::Pro
    {
        let grant = StaffGrants { credits: 0, pro: 1 };
        day.count(store, grant, chrono::Utc::now().date_naive())
            .await?;
    }
    let plan = ManualPlan {
        plan_type: match change.plan {
            Plan::Pro => "pro",
            Plan::Free => "free",
        }
        .into(),
        current_period_end: period_end,
        updated_at: now,
    };
    let action = match (change.plan, change.until) {
        (Plan::Pro, Some(d)) => format!("set-plan pro until {d}"),
        (Plan::Pro, None) => "set-plan pro".to_owned(),
        (Plan::Free, _) => "set-plan free".to_owned(),
    };
    let entry = AuditEntry {
        at: now,
        actor: change.actor.to_owned(),
        action: action.clone(),
        reason: reason.to_owned(),
    };
    // The trail first: a change is never made without its record; a failed change leaves an
    // entry saying what was attempted, which is the safe side to err on.
    store.add_audit(&user.uid, &entry).await?;
    let updated = store.set_plan_by_hand(&user.uid, &plan).await?;
    Ok((updated, action))
}
