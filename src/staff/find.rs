//! Finding users, for the support console and `lucent users find` alike.

use super::action::{ActionError, invalid};
use crate::store::{Store, UserRecord, valid_key};

/// The user with uid `query`, then up to `limit` in all whose email starts with it.
pub async fn find_users(
    store: &dyn Store,
    query: &str,
    limit: usize,
) -> Result<Vec<UserRecord>, ActionError> {
    let query = query.trim();
    if query.is_empty() {
        return Err(invalid("q", "must name a uid or the start of an email"));
    }
    let mut users = Vec::new();
    if valid_key(query).is_ok() {
        users.extend(store.get_user(query).await?);
    }
    // Firebase keeps emails in lower case.
    let by_email = store
        .find_users_by_email_prefix(&query.to_lowercase(), limit)
        .await?;
    for user in by_email {
        if users.len() < limit && !users.iter().any(|u| u.uid == user.uid) {
            users.push(user);
        }
    }
    Ok(users)
}
