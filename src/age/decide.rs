//! What an inquiry means for the account: the only place a birth date is read, and it is never
//! kept.

use chrono::{Datelike, NaiveDate};

use super::Inquiry;
use crate::store::AgeStatus;

pub const ADULT_AGE: i32 = 18;

/// Whole years from `born` to `today` (a 29 February birthday comes on 1 March).
fn age_on(born: NaiveDate, today: NaiveDate) -> i32 {
    let had_birthday = (today.month(), today.day()) >= (born.month(), born.day());
    today.year() - born.year() - i32::from(!had_birthday)
}

/// `verified` only for an approved inquiry whose verified birth date makes the person an adult
/// `today`, `minor` for one whose birth date does not, and `declined` for an approval without a
/// birth date. An expired inquiry leaves the account unverified (it may start again); one still
/// under way is `pending`.
pub fn status_of(inquiry: &Inquiry, today: NaiveDate) -> AgeStatus {
    match inquiry.status.as_str() {
        "approved" => match inquiry.birthdate {
            Some(born) if age_on(born, today) >= ADULT_AGE => AgeStatus::Verified,
            Some(_) => AgeStatus::Minor,
            None => AgeStatus::Declined,
        },
        "declined" | "failed" => AgeStatus::Declined,
        "expired" => AgeStatus::Unverified,
        _ => AgeStatus::Pending,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn approved(born: Option<NaiveDate>) -> Inquiry {
        Inquiry {
            id: "inq_1".into(),
            reference_id: "alice".into(),
            status: "approved".into(),
            birthdate: born,
            decided_at: None,
            template: None,
        }
    }

    #[test]
    fn an_adult_is_verified_from_the_day_of_the_eighteenth_birthday() {
        let today = date(2026, 11, 26);
        assert_eq!(
            status_of(&approved(Some(date(2008, 11, 26))), today),
            AgeStatus::Verified
        );
        assert_eq!(
            status_of(&approved(Some(date(2008, 11, 27))), today),
            AgeStatus::Minor
        );
        assert_eq!(
            status_of(&approved(Some(date(1990, 1, 1))), today),
            AgeStatus::Verified
        );
    }

    #[test]
    fn a_leap_day_birthday_comes_on_the_first_of_march() {
        let born = date(2008, 2, 29);
        assert_eq!(
            status_of(&approved(Some(born)), date(2026, 2, 28)),
            AgeStatus::Minor
        );
        assert_eq!(
            status_of(&approved(Some(born)), date(2026, 3, 1)),
            AgeStatus::Verified
        );
    }

    #[test]
    fn an_approval_without_a_birth_date_proves_nothing() {
        assert_eq!(
            status_of(&approved(None), date(2026, 11, 26)),
            AgeStatus::Declined
        );
    }

    #[test]
    fn every_other_status_maps_to_one_of_ours() {
        let today = date(2026, 11, 26);
        for (status, ours) in [
            ("declined", AgeStatus::Declined),
            ("failed", AgeStatus::Declined),
            ("expired", AgeStatus::Unverified),
            ("created", AgeStatus::Pending),
            ("pending", AgeStatus::Pending),
            ("completed", AgeStatus::Pending),
            ("needs_review", AgeStatus::Pending),
        ] {
            let inquiry = Inquiry {
                status: status.into(),
                ..approved(Some(date(1990, 1, 1)))
            };
            assert_eq!(status_of(&inquiry, today), ours, "{status}");
        }
    }
}
