//! Generation credits: free users get `LUCENT_FREE_DAILY` per UTC day, pro users
//! `LUCENT_PRO_MONTHLY` per calendar month (UTC). A period is a key under `usage/{uid}`.

use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc};

use crate::config::Config;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    /// `usage/{uid}/{key}`: `d2026-11-22` or `m2026-11`.
    pub key: String,
    pub limit: u32,
    pub resets_at: DateTime<Utc>,
}

pub fn period(config: &Config, pro: bool, now: DateTime<Utc>) -> Period {
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
            limit: config.pro_monthly,
            resets_at: Utc.from_utc_datetime(&next_month.and_time(chrono::NaiveTime::MIN)),
        }
    } else {
        let tomorrow = today + Duration::days(1);
        Period {
            key: format!("d{}", today.format("%Y-%m-%d")),
            limit: config.free_daily,
            resets_at: Utc.from_utc_datetime(&tomorrow.and_time(chrono::NaiveTime::MIN)),
        }
    }
}
