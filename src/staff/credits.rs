//! Bonus credits by hand (a failed batch, goodwill), from the support console and
//! `lucent users credits add` alike. They are added to the period the user is in now, on top of
//! the plan's credits, and end with it: a free user's at midnight UTC, a pro user's with the
//! month. The audit entry is written before the grant.

use chrono::{DateTime, Utc};

use super::action::{ActionError, invalid, reason};
use super::caps::{Authority, Day, credits_need_admin};
use crate::store::{AuditEntry, StaffGrants, Store, UserRecord};
use crate::users::period::CreditPlan;
use crate::users::period::{Period, Quotas};

/// The most one grant adds: enough for any goodwill gesture, small enough that a slipped
/// finger ("1000" for "10") is refused rather than handed out.
pub const BONUS_MAX: u32 = 500;

/// A grant of bonus credits, and who makes it why.
#[derive(Debug, Clone)]
pub struct Grant<'a> {
    pub credits: u32,
    pub reason: &'a str,
    pub actor: &'a str,
    pub authority: Authority,
    /// The support member's day; `None` for an admin or the operator.
    pub day: Option<Day<'a>>,
}

/// What a grant did.
#[derive(Debug, Clone)]
pub struct Granted {
    pub user: UserRecord,
    pub period: Period,
    /// The period's bonus after this grant.
    pub bonus: u32,
    /// As the audit trail words it, e.g. "add-credits 10 to d2026-11-24".
    pub action: String,
}

/// Adds `grant.credits` to `uid`'s current period.
pub async fn add_credits(
    store: &dyn Store,
    quotas: &Quotas,
    uid: &str,
    grant: &Grant<'_>,
    now: DateTime<Utc>,
) -> Result<Granted, ActionError> {
    let reason = reason(grant.reason).map_err(|message| invalid("reason", message))?;
    if !(1..=BONUS_MAX).contains(&grant.credits) {
        return Err(invalid("credits", "must be 1 to 500"));
    }
    grant.authority.allows(credits_need_admin(grant.credits))?;
    let user = store
        .get_user(uid)
        .await?
        .ok_or_else(|| ActionError::NoUser(uid.to_owned()))?;
    if let Some(day) = &grant.day {
        let given = StaffGrants {
            credits: grant.credits,
            pro: 0,
        };
        day.count(store, given, now.date_naive()).await?;
    }
    let period = quotas.period(CreditPlan::of(&user, now.timestamp_millis()), now);
    let action = format!("add-credits {} to {}", grant.credits, period.key);
    let entry = AuditEntry {
        at: now.timestamp_millis(),
        actor: grant.actor.to_owned(),
        action: action.clone(),
        reason: reason.to_owned(),
    };
    store.add_audit(&user.uid, &entry).await?;
    let bonus = store
        .add_bonus(&user.uid, &period.key, grant.credits)
        .await?;
    Ok(Granted {
        user,
        period,
        bonus,
        action,
    })
}
