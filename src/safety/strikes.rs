//! Refusals count against an account: each one is recorded (what was asked, which rule, the
//! words) for staff to review; three within 24 hours bring a warning, five suspend generation
//! until staff decide. Refusals staff have reviewed (made before a suspension was lifted) and
//! refusals marked a false positive no longer count.

use crate::store::{RefusalRecord, Store, StoreError, Suspension, now_ms};
use crate::users::Users;

/// Refusals within [`WINDOW_MS`] that bring a warning.
pub const WARN_AT: usize = 3;
/// Refusals within [`WINDOW_MS`] that suspend generation.
pub const SUSPEND_AT: usize = 5;
pub const WINDOW_MS: i64 = 24 * 60 * 60 * 1000;

/// Where an account stands after a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// Refusals that count within the last 24 hours, this one included.
    pub recent: usize,
    /// This refusal suspended generation.
    pub suspended: bool,
}

impl Standing {
    /// What the user reads after the refusal's reason.
    pub fn notice(self) -> Option<String> {
        if self.suspended {
            Some(format!(
                "That is {SUSPEND_AT} refused requests in 24 hours: generation is suspended until \
                 our staff have reviewed your account."
            ))
        } else if self.recent >= WARN_AT {
            Some(format!(
                "That is {} refused requests in 24 hours; at {SUSPEND_AT}, generation is \
                 suspended until our staff have reviewed your account.",
                self.recent
            ))
        } else {
            None
        }
    }
}

/// Records `refusal` of `uid` and suspends the account when it makes [`SUSPEND_AT`].
pub async fn record(
    store: &dyn Store,
    users: &Users,
    uid: &str,
    refusal: &RefusalRecord,
) -> Result<Standing, StoreError> {
    store.add_refusal(uid, refusal).await?;
    let reviewed = users.get(uid).await?.and_then(|u| u.refusals_reviewed_at);
    let since = (now_ms() - WINDOW_MS).max(reviewed.map_or(i64::MIN, |at| at + 1));
    let recent = store
        .list_refusals(uid)
        .await?
        .iter()
        .filter(|(_, r)| r.at >= since && !r.false_positive)
        .count();
    let suspended = recent >= SUSPEND_AT;
    if suspended {
        let suspension = Suspension {
            since: now_ms(),
            reason: format!("{recent} refused requests in 24 hours"),
        };
        store.set_suspension(uid, &suspension).await?;
        users.changed(uid).await;
        tracing::warn!(uid, recent, "generation suspended for staff review");
    }
    Ok(Standing { recent, suspended })
}
