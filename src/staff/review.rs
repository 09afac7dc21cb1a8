//! The review queue: the accounts the content rules suspended and the latest refusals of
//! every user, each with its user, for staff to review (src/staff/suspension.rs decides). The
//! support console and `lucent users queue` read the same.

use std::collections::HashMap;

use futures_util::{StreamExt, TryStreamExt};

use super::action::{ActionError, invalid};
use crate::store::{RefusalRecord, Store, UserRecord, valid_key};

/// How many suspended accounts the queue lists at most, the latest first.
pub const SUSPENDED_AT_MOST: usize = 100;

#[derive(Debug)]
pub struct Queue {
    pub suspended: Vec<UserRecord>,
    /// Newest first.
    pub refusals: Vec<QueuedRefusal>,
    /// The key to ask for the next (older) page with, when there is one.
    pub next_before: Option<String>,
}

#[derive(Debug)]
pub struct QueuedRefusal {
    pub id: String,
    pub refusal: RefusalRecord,
    /// None when the account is gone.
    pub user: Option<UserRecord>,
    /// It still counts against the account (see [`RefusalRecord::counts`]).
    pub counts: bool,
}

/// How many users the queue reads at once.
const LOOKUPS: usize = 8;

/// The suspended accounts and up to `limit` refusals from before the key `before`.
pub async fn queue(
    store: &dyn Store,
    before: Option<&str>,
    limit: usize,
) -> Result<Queue, ActionError> {
    if before.is_some_and(|b| valid_key(b).is_err()) {
        return Err(invalid("before", "is not a refusal id"));
    }
    let (suspended, refusals) = tokio::join!(
        store.suspended_users(SUSPENDED_AT_MOST),
        store.recent_refusals(before, limit + 1)
    );
    let (suspended, mut refusals) = (suspended?, refusals?);
    let next_before = (refusals.len() > limit).then(|| {
        refusals.truncate(limit);
        refusals.last().map(|(id, _)| id.clone())
    });
    let mut users: HashMap<String, UserRecord> = suspended
        .iter()
        .map(|u| (u.uid.clone(), u.clone()))
        .collect();
    let missing: Vec<String> = refusals
        .iter()
        .map(|(_, r)| r.uid.clone())
        .filter(|uid| !users.contains_key(uid))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let found: Vec<Option<UserRecord>> = futures_util::stream::iter(missing)
        .map(|uid| async move { store.get_user(&uid).await })
        .buffer_unordered(LOOKUPS)
        .try_collect()
        .await?;
    users.extend(found.into_iter().flatten().map(|u| (u.uid.clone(), u)));
    let refusals = refusals
        .into_iter()
        .map(|(id, refusal)| {
            let user = users.get(&refusal.uid).cloned();
            let reviewed = user.as_ref().and_then(|u| u.refusals_reviewed_at);
            QueuedRefusal {
                counts: refusal.counts(reviewed),
                id,
                refusal,
                user,
            }
        })
        .collect();
    Ok(Queue {
        suspended,
        refusals,
        next_before: next_before.flatten(),
    })
}
