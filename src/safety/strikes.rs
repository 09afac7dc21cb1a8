//! Refusals count against an account: each one is recorded (what was asked, which rule, the
//! words) for staff to review; three within 24 hours bring a warning, five suspend generation
//! until staff decide. Refusals staff have reviewed (made before a suspension was lifted) and
//! refusals marked a false positive no longer count.

use crate::store::{RefusalRecord, Store, StoreError, Suspension, UserRecord, now_ms};
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

/// [`record`], for a refusal that stands whether or not it could be written: a record that
/// failed does not count, and the log says so.
pub async fn strike(store: &dyn Store, users: &Users, refusal: &RefusalRecord) -> Option<Standing> {
    match record(store, users, refusal).await {
        Ok(standing) => Some(standing),
        Err(e) => {
            tracing::warn!(uid = %refusal.uid, error = %e, "a refusal could not be recorded");
            None
        }
    }
}

/// The refusals of `uid` that count, made within the last 24 hours, with those a deleted
/// account with the same verified email left on `user` (src/users/standing.rs).
pub async fn recent(
    store: &dyn Store,
    uid: &str,
    user: Option<&UserRecord>,
) -> Result<usize, StoreError> {
    let since = now_ms() - WINDOW_MS;
    let reviewed_at = user.and_then(|u| u.refusals_reviewed_at);
    let own = store
        .list_refusals(uid)
        .await?
        .iter()
        .filter(|(_, r)| r.at >= since && r.counts(reviewed_at))
        .count();
    Ok(own + user.map_or(0, |u| u.inherited_strikes(since)))
}

/// What the user reads while `recent` refusals count: nothing below the warning.
pub fn warning(recent: usize) -> Option<String> {
    (recent >= WARN_AT).then(|| {
        format!(
            "{recent} of your requests were refused in the last 24 hours; at {SUSPEND_AT}, \
             generation is suspended until our staff have reviewed your account."
        )
    })
}

/// How a suspended user asks for a review.
pub const REVIEW: &str = "Our staff review every suspended account. To ask for a review or add \
     context, write to support from the email address of this account; refusals staff find \
     wrong stop counting.";

/// Records `refusal` and suspends its account when it makes [`SUSPEND_AT`].
pub async fn record(
    store: &dyn Store,
    users: &Users,
    refusal: &RefusalRecord,
) -> Result<Standing, StoreError> {
    let uid = refusal.uid.as_str();
    store.add_refusal(refusal).await?;
    users.changed(uid).await;
    let user = users.get(uid).await?;
    let recent = recent(store, uid, user.as_ref()).await?;
    let suspended = recent >= SUSPEND_AT && refusal.strike;
    if suspended {
        let suspension = Suspension {
            since: now_ms(),
            reason: format!("{recent} refused requests in 24 hours"),
            upheld_at: None,
        };
        store.set_suspension(uid, &suspension).await?;
        users.changed(uid).await;
        tracing::warn!(uid, recent, "generation suspended for staff review");
    }
    Ok(Standing { recent, suspended })
}
