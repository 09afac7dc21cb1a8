//! What `support` may hand out on its own. A support member acting on an alt account of their
//! own is the abuse this bounds: a month of pro or a handful of credits covers any goodwill
//! gesture, and anything larger needs an admin, whose actions are audited the same way.

use chrono::NaiveDate;

use super::{ActionError, Plan, PlanChange};
use crate::store::{StaffGrants, Store};

/// Who acts: the console's `support` and `admin` roles; the command line is the operator's,
/// with an admin's reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Authority {
    Support,
    Admin,
}

impl Authority {
    /// Refuses what `needs_admin` says is beyond support, unless an admin acts.
    pub(super) fn allows(self, needs_admin: Option<String>) -> Result<(), ActionError> {
        match needs_admin {
            Some(why) if self == Authority::Support => Err(ActionError::AdminRequired(why)),
            _ => Ok(()),
        }
    }
}

/// The longest pro plan support grants: a month, counted from today (UTC).
pub const SUPPORT_PRO_DAYS: i64 = 31;
/// The most bonus credits support adds in one grant.
pub const SUPPORT_BONUS_MAX: u32 = 20;

/// Why `change` needs an admin, or `None` when support may make it on `today`. Taking pro
/// away costs nothing, and is support's to do unless the user pays for it (`set_plan`).
pub(super) fn plan_needs_admin(change: &PlanChange<'_>, today: NaiveDate) -> Option<String> {
    if change.plan == Plan::Free {
        return None;
    }
    match change.until {
        None => Some("pro without an end date needs an admin".to_owned()),
        Some(until) if (until - today).num_days() > SUPPORT_PRO_DAYS => Some(format!(
            "support grants pro for at most {SUPPORT_PRO_DAYS} days; a longer plan needs an admin"
        )),
        Some(_) => None,
    }
}

/// A support member's day of grants and its caps: what one grant may be, once more and again,
/// adds up, and an alt account collecting goodwill from a colleague's console (or its own) is
/// bounded by the day's total, not only the grant's size.
#[derive(Debug, Clone, Copy)]
pub struct Day<'a> {
    /// The support member's uid.
    pub staff: &'a str,
    /// What one member may give in one UTC day, in all (`LUCENT_SUPPORT_DAILY_CREDITS`,
    /// `LUCENT_SUPPORT_DAILY_PRO`).
    pub caps: StaffGrants,
}

impl Day<'_> {
    /// Counts `grant` against the day (`today`, UTC), or refuses it with what is left.
    pub(super) async fn count(
        &self,
        store: &dyn Store,
        grant: StaffGrants,
        today: NaiveDate,
    ) -> Result<(), ActionError> {
        let day = today.format("%Y-%m-%d").to_string();
        match store
            .count_staff_grant(self.staff, &day, grant, self.caps)
            .await?
        {
            Ok(_) => Ok(()),
            Err(given) => Err(ActionError::AdminRequired(format!(
                "support gives at most {} bonus credits and {} Premium plans a day each; {} \
                 credits and {} plans are left for you today; more needs an admin",
                self.caps.credits,
                self.caps.pro,
                self.caps.credits.saturating_sub(given.credits),
                self.caps.pro.saturating_sub(given.pro),
            ))),
        }
    }
}

/// Why a grant of `credits` needs an admin, or `None` when support may make it.
pub(super) fn credits_need_admin(credits: u32) -> Option<String> {
    (credits > SUPPORT_BONUS_MAX).then(|| {
        format!("support adds at most {SUPPORT_BONUS_MAX} credits at a time; more needs an admin")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pro_until(until: Option<NaiveDate>) -> PlanChange<'static> {
        PlanChange {
            plan: Plan::Pro,
            until,
            reason: "goodwill",
            actor: "sam",
            authority: Authority::Support,
            day: None,
        }
    }

    fn day(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    #[test]
    fn support_grants_pro_up_to_a_month_ahead() {
        let today = day("2026-11-24");
        assert_eq!(
            plan_needs_admin(&pro_until(Some(day("2026-12-25"))), today),
            None
        );
        assert!(plan_needs_admin(&pro_until(Some(day("2026-12-26"))), today).is_some());
        assert!(plan_needs_admin(&pro_until(None), today).is_some());
    }

    #[test]
    fn taking_pro_away_never_needs_an_admin() {
        let free = PlanChange {
            plan: Plan::Free,
            ..pro_until(None)
        };
        assert_eq!(plan_needs_admin(&free, day("2026-11-24")), None);
    }

    #[test]
    fn support_adds_up_to_twenty_credits() {
        assert_eq!(credits_need_admin(20), None);
        assert!(credits_need_admin(21).is_some());
    }
}
