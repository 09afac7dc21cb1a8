//! Staff decide on an account the content rules suspended (src/safety/strikes.rs): lift the
//! suspension (its refusals so far are reviewed and no longer count) or uphold it, and mark a
//! refusal a false positive (it stops counting). Each says why and is audited before anything
//! changes.

use super::action::{ActionError, invalid, reason};
use crate::store::{AuditEntry, Store, UserRecord, now_ms};

/// `lift`: generation works again and the refusals so far no longer count; `uphold`: the
/// suspension stays, reviewed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    Lift,
    Uphold,
}

impl Decision {
    fn action(self) -> &'static str {
        match self {
            Decision::Lift => "lift suspension",
            Decision::Uphold => "uphold suspension",
        }
    }
}

/// Marks refusal `id` of `uid` a false positive: it stops counting towards a suspension. The
/// user as they are, and the audit action.
pub async fn mark_false_positive(
    store: &dyn Store,
    uid: &str,
    id: &str,
    why: &str,
    actor: &str,
) -> Result<(UserRecord, String), ActionError> {
    let why = reason(why).map_err(|message| invalid("reason", message))?;
    let user = store
        .get_user(uid)
        .await?
        .ok_or_else(|| ActionError::NoUser(uid.to_owned()))?;
    if !store
        .list_refusals(uid)
        .await?
        .iter()
        .any(|(key, _)| key == id)
    {
        return Err(invalid("refusal", "is not one of this user's"));
    }
    let action = format!("refusal {id} false positive");
    let entry = AuditEntry {
        at: now_ms(),
        actor: actor.to_owned(),
        action: action.clone(),
        reason: why.to_owned(),
    };
    store.add_audit(uid, &entry).await?;
    store.mark_false_positive(uid, id).await?;
    Ok((user, action))
}

/// Decides on `uid`'s suspension; the user as it is after, and the audit action.
pub async fn decide(
    store: &dyn Store,
    uid: &str,
    decision: Decision,
    why: &str,
    actor: &str,
) -> Result<(UserRecord, &'static str), ActionError> {
    let why = reason(why).map_err(|message| invalid("reason", message))?;
    let user = store
        .get_user(uid)
        .await?
        .ok_or_else(|| ActionError::NoUser(uid.to_owned()))?;
    if user.suspension.is_none() {
        return Err(invalid("uid", "is not suspended"));
    }
    let now = now_ms();
    let entry = AuditEntry {
        at: now,
        actor: actor.to_owned(),
        action: decision.action().to_owned(),
        reason: why.to_owned(),
    };
    store.add_audit(uid, &entry).await?;
    let user = match decision {
        Decision::Lift => store.lift_suspension(uid, now).await?,
        Decision::Uphold => store.uphold_suspension(uid, now).await?,
    };
    Ok((user, decision.action()))
}
