//! Generation credits: free users get `free_daily` per UTC day, pro users `pro_monthly` per
//! calendar month (UTC). A period is a key under `usage/{uid}`.

use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc};

/// How many credits each plan gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quotas {
    pub free_daily: u32,
    pub pro_monthly: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    /// `usage/{uid}/{key}`: `d2026-11-22` or `m2026-11`.
    pub key: String,
    pub limit: u32,
    pub resets_at: DateTime<Utc>,
}

impl Quotas {
    /// The period `now` falls in for a caller on this plan.
    pub fn period(&self, pro: bool, now: DateTime<Utc>) -> Period {
        let today = now.date_naive();
        if pro {
            let (y, m) = if today.month() == 12 {
                (today.year() + 1, 1)
            } else {
                (today.year(), today.month() + 1)
            };
            let next_month = NaiveDate::from_ymd_opt(y, m, 1).unwrap_or(today);
            Period {
                key: format!("m{}", today.format("%Y-%m")),
                limit: self.pro_monthly,
                resets_at: Utc.from_utc_datetime(&next_month.and_time(chrono::NaiveTime::MIN)),
            }
        } else {
            let tomorrow = today + Duration::days(1);
            Period {
                key: format!("d{}", today.format("%Y-%m-%d")),
                limit: self.free_daily,
                resets_at: Utc.from_utc_datetime(&tomorrow.and_time(chrono::NaiveTime::MIN)),
            }
        }
    }
}
