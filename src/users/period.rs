//! Generation credits: free users get `free_daily` per UTC day, pro users `pro_monthly` per
//! billing month: the month that ends when their paid period does, so the credits renew the
//! day the subscription does. A pro plan with no end (set by hand) counts calendar months
//! (UTC). A period is a key under `usage/{uid}`.

use chrono::{DateTime, Datelike, Duration, Months, NaiveDate, TimeZone, Timelike, Utc};

use crate::store::UserRecord;

/// How many credits each plan gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quotas {
    pub free_daily: u32,
    pub pro_monthly: u32,
}

/// The plan as far as credits go: which periods they are counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CreditPlan {
    Free,
    /// `period_end`: when the paid period ends (ms since the epoch), the anchor of the billing
    /// months; `None` for a plan without an end.
    Pro {
        period_end: Option<i64>,
    },
}

impl CreditPlan {
    /// The plan `user`'s credits are counted by at `now_ms`.
    pub fn of(user: &UserRecord, now_ms: i64) -> Self {
        match &user.subscription {
            Some(sub) if sub.is_pro(now_ms) => Self::Pro {
                period_end: sub.current_period_end,
            },
            _ => Self::Free,
        }
    }

    pub fn is_pro(self) -> bool {
        matches!(self, Self::Pro { .. })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    /// `usage/{uid}/{key}`: `d2026-11-22` (a free day), `m2026-11` (a calendar month) or
    /// `p20261215T103000Z` (the billing month ending then).
    pub key: String,
    pub limit: u32,
    pub resets_at: DateTime<Utc>,
}

impl Quotas {
    /// The period `now` falls in for a caller on `plan`.
    pub fn period(&self, plan: CreditPlan, now: DateTime<Utc>) -> Period {
        let billing_end = match plan {
            CreditPlan::Free => return self.day(now),
            CreditPlan::Pro { period_end } => period_end
                .and_then(|ms| Utc.timestamp_millis_opt(ms).single())
                .filter(|end| *end > now),
        };
        match billing_end.and_then(|end| billing_month_end(end, now)) {
            Some(end) => Period {
                key: format!(
                    "p{:04}{:02}{:02}T{:02}{:02}{:02}Z",
                    end.year(),
                    end.month(),
                    end.day(),
                    end.hour(),
                    end.minute(),
                    end.second()
                ),
                limit: self.pro_monthly,
                resets_at: end,
            },
            None => self.calendar_month(now),
        }
    }

    fn day(&self, now: DateTime<Utc>) -> Period {
        let today = now.date_naive();
        let tomorrow = today + Duration::days(1);
        Period {
            // Written field by field: a format string is parsed on every call, and every
            // `/me` names its period.
            key: format!(
                "d{:04}-{:02}-{:02}",
                today.year(),
                today.month(),
                today.day()
            ),
            limit: self.free_daily,
            resets_at: Utc.from_utc_datetime(&tomorrow.and_time(chrono::NaiveTime::MIN)),
        }
    }

    fn calendar_month(&self, now: DateTime<Utc>) -> Period {
        let today = now.date_naive();
        let (y, m) = if today.month() == 12 {
            (today.year() + 1, 1)
        } else {
            (today.year(), today.month() + 1)
        };
        let next_month = NaiveDate::from_ymd_opt(y, m, 1).unwrap_or(today);
        Period {
            key: format!("m{:04}-{:02}", today.year(), today.month()),
            limit: self.pro_monthly,
            resets_at: Utc.from_utc_datetime(&next_month.and_time(chrono::NaiveTime::MIN)),
        }
    }
}

/// The end of the billing month `now` is in, for a paid period ending at `end` (after `now`):
/// `end` less the whole months that still fit after `now`. Each candidate is counted back from
/// `end` itself, never from the one before, so a period ending on the 31st keeps ending on the
/// last day of shorter months without drifting to the 28th.
fn billing_month_end(end: DateTime<Utc>, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let months_apart = (end.year() - now.year()) * 12 + end.month() as i32 - now.month() as i32;
    let mut back = u32::try_from(months_apart - 1).unwrap_or(0);
    while end.checked_sub_months(Months::new(back + 1))? > now {
        back += 1;
    }
    end.checked_sub_months(Months::new(back))
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUOTAS: Quotas = Quotas {
        free_daily: 10,
        pro_monthly: 1000,
    };

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().to_utc()
    }

    fn pro_until(end: &str) -> CreditPlan {
        CreditPlan::Pro {
            period_end: Some(at(end).timestamp_millis()),
        }
    }

    #[test]
    fn pro_credits_renew_the_day_the_subscription_does() {
        let period = QUOTAS.period(
            pro_until("2026-12-15T10:30:00Z"),
            at("2026-11-26T12:00:00Z"),
        );
        assert_eq!(period.key, "p20261215T103000Z");
        assert_eq!(period.resets_at, at("2026-12-15T10:30:00Z"));
        assert_eq!(period.limit, 1000);
    }

    #[test]
    fn a_period_paid_months_ahead_is_counted_one_billing_month_at_a_time() {
        let plan = pro_until("2027-03-15T10:30:00Z");
        let period = QUOTAS.period(plan, at("2026-11-26T12:00:00Z"));
        assert_eq!(period.resets_at, at("2026-12-15T10:30:00Z"));
        let next = QUOTAS.period(plan, at("2026-12-15T10:30:00Z"));
        assert_eq!(next.resets_at, at("2027-01-15T10:30:00Z"));
        let just_before = QUOTAS.period(plan, at("2026-12-15T10:29:59Z"));
        assert_eq!(just_before.key, period.key);
    }

    #[test]
    fn a_period_ending_on_the_31st_ends_on_the_last_day_of_shorter_months() {
        let plan = pro_until("2027-03-31T00:00:00Z");
        let feb = QUOTAS.period(plan, at("2027-02-10T00:00:00Z"));
        assert_eq!(feb.resets_at, at("2027-02-28T00:00:00Z"));
        let march = QUOTAS.period(plan, at("2027-03-01T00:00:00Z"));
        assert_eq!(march.resets_at, at("2027-03-31T00:00:00Z"));
        let jan = QUOTAS.period(plan, at("2027-01-31T00:00:00Z"));
        assert_eq!(jan.resets_at, at("2027-02-28T00:00:00Z"));
    }

    #[test]
    fn a_pro_plan_without_an_end_counts_calendar_months() {
        let plan = CreditPlan::Pro { period_end: None };
        let period = QUOTAS.period(plan, at("2026-12-31T23:00:00Z"));
        assert_eq!(period.key, "m2026-12");
        assert_eq!(period.resets_at, at("2027-01-01T00:00:00Z"));
    }

    #[test]
    fn free_credits_renew_at_midnight_utc() {
        let period = QUOTAS.period(CreditPlan::Free, at("2026-11-26T23:59:59Z"));
        assert_eq!(period.key, "d2026-11-26");
        assert_eq!(period.limit, 10);
        assert_eq!(period.resets_at, at("2026-11-27T00:00:00Z"));
    }

    proptest::proptest! {
        /// Whatever the end and the moment before it: the period holds `now`, lasts at most
        /// one month and ends on the paid period's day of the month (or its month's last).
        #[test]
        fn the_billing_month_holds_now_and_ends_in_step_with_the_paid_period(
            end_s in 1_700_000_000i64..2_000_000_000,
            before in 1i64..100_000_000,
        ) {
            let end = Utc.timestamp_opt(end_s, 0).unwrap();
            let now = end - Duration::seconds(before);
            let period = QUOTAS.period(CreditPlan::Pro { period_end: Some(end.timestamp_millis()) }, now);
            let start = period.resets_at.checked_sub_months(Months::new(1)).unwrap();
            proptest::prop_assert!(start <= now && now < period.resets_at);
            proptest::prop_assert!(period.resets_at <= end);
            proptest::prop_assert_eq!(period.resets_at.time(), end.time());
        }
    }
}
