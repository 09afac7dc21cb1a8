//! "Why is this user (not) pro?" in one sentence, from the record as the gateway decides it.

use chrono::{DateTime, Utc};

use crate::store::UserRecord;

fn day(ms: i64) -> String {
    DateTime::<Utc>::from_timestamp_millis(ms)
        .map_or_else(|| ms.to_string(), |t| t.format("%b %-d, %Y").to_string())
}

/// E.g. "Pro: active until Dec 23, 2026, paid by Verotel" or "Free: subscription canceled,
/// period ended Nov 3, 2026"; `processor` is the configured one's name (`billing::processor`).
pub fn why_pro(user: &UserRecord, now: i64, processor: &str) -> String {
    let paid_by = crate::billing::processor::display_name(processor);
    let Some(sub) = &user.subscription else {
        return "Free: never subscribed".to_owned();
    };
    let status = sub.status.as_deref().unwrap_or("unknown");
    let end = sub.current_period_end;
    let by_support = status == "manual";
    if user.is_pro(now) {
        // A plan "until Jan 31" ends at the first moment of Feb 1: name the last day it runs.
        let end = end.map(|e| e - 1);
        return match (by_support, status, end) {
            (true, _, Some(end)) => format!("Pro: set by support until {}", day(end)),
            (true, _, None) => "Pro: set by support, no end date".to_owned(),
            (false, "canceled" | "cancelled", Some(end)) => {
                format!(
                    "Pro until {}: subscription canceled, it will not renew",
                    day(end)
                )
            }
            (false, _, Some(end)) => format!("Pro: {status} until {}, paid by {paid_by}", day(end)),
            (false, _, None) => format!("Pro: {status}, paid by {paid_by}, no period end"),
        };
    }
    let was_pro = sub
        .plan_type
        .as_deref()
        .is_some_and(|p| p.eq_ignore_ascii_case("pro"));
    match (was_pro, by_support, status, end) {
        (true, true, _, Some(end)) => {
            format!("Free: the pro plan set by support ended {}", day(end))
        }
        (true, false, "canceled" | "cancelled", Some(end)) => {
            format!("Free: subscription canceled, period ended {}", day(end))
        }
        (true, false, _, Some(end)) => {
            format!(
                "Free: the paid period ended {} ({paid_by} status {status})",
                day(end)
            )
        }
        (false, true, _, _) => "Free: set to free by support".to_owned(),
        (_, _, "canceled" | "cancelled", _) => "Free: subscription canceled".to_owned(),
        (_, _, "unpaid" | "past_due" | "incomplete" | "incomplete_expired", _) => {
            format!("Free: payment not completed ({paid_by} status {status})")
        }
        _ => format!(
            "Free: plan {}, status {status}",
            sub.plan_type.as_deref().unwrap_or("none")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Subscription;

    const NOW: i64 = 1_795_000_000_000; // 2026-11-18
    const DAY: i64 = 24 * 3600 * 1000;

    fn user(plan: &str, status: &str, end: Option<i64>, stripe: bool) -> UserRecord {
        let record: UserRecord = serde_json::from_value(serde_json::json!({
            "uid": "u", "email": "u@example.com", "username": "u", "ageConfirmed": true,
            "createdAt": 0, "updatedAt": 0,
        }))
        .unwrap();
        UserRecord {
            subscription: Some(Subscription {
                plan_type: Some(plan.into()),
                status: Some(status.into()),
                current_period_end: end,
                subscription_id: stripe.then(|| "sub_1".into()),
                ..Subscription::default()
            }),
            ..record
        }
    }

    #[test]
    fn each_case_reads_as_one_sentence() {
        let soon = Some(NOW + 5 * DAY);
        let gone = Some(NOW - 15 * DAY);
        let cases = [
            (
                user("pro", "active", soon, true),
                "Pro: active until Nov 23, 2026, paid by Stripe",
            ),
            (
                user("pro", "canceled", soon, true),
                "Pro until Nov 23, 2026: subscription canceled, it will not renew",
            ),
            (
                user("pro", "manual", None, false),
                "Pro: set by support, no end date",
            ),
            (
                user("pro", "canceled", gone, true),
                "Free: subscription canceled, period ended Nov 3, 2026",
            ),
            (
                user("pro", "manual", gone, false),
                "Free: the pro plan set by support ended Nov 3, 2026",
            ),
            (
                user("free", "manual", None, false),
                "Free: set to free by support",
            ),
            (
                user("free", "unpaid", gone, true),
                "Free: payment not completed (Stripe status unpaid)",
            ),
        ];
        for (record, sentence) in cases {
            assert_eq!(why_pro(&record, NOW, "stripe"), sentence);
        }
        let never = UserRecord {
            subscription: None,
            ..user("free", "x", None, false)
        };
        assert_eq!(why_pro(&never, NOW, "stripe"), "Free: never subscribed");
    }

    #[test]
    fn the_sentence_names_the_processor_that_was_paid() {
        let soon = Some(NOW + 5 * DAY);
        assert_eq!(
            why_pro(&user("pro", "active", soon, true), NOW, "verotel"),
            "Pro: active until Nov 23, 2026, paid by Verotel"
        );
        assert_eq!(
            why_pro(&user("pro", "cancelled", soon, true), NOW, "verotel"),
            "Pro until Nov 23, 2026: subscription canceled, it will not renew"
        );
        assert_eq!(
            why_pro(&user("pro", "active", soon, true), NOW, "test"),
            "Pro: active until Nov 23, 2026, paid by the test checkout"
        );
    }
}
