//! What every action by hand shares: a reason for the audit trail, and its errors.

use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum ActionError {
    #[error("{field} {message}")]
    Invalid {
        field: &'static str,
        message: &'static str,
    },
    #[error("no user with uid {0:?}")]
    NoUser(String),
    /// Beyond what support may do alone (staff/caps.rs): why.
    #[error("{0}")]
    AdminRequired(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

const REASON_MAX: usize = 500;

pub(super) fn invalid(field: &'static str, message: &'static str) -> ActionError {
    ActionError::Invalid { field, message }
}

/// Every action by hand says why: 1 to 500 characters once trimmed, or what is wrong with it.
pub fn reason(raw: &str) -> Result<&str, &'static str> {
    let reason = raw.trim();
    if reason.is_empty() {
        return Err("must say why (it goes into the audit trail)");
    }
    if reason.chars().count() > REASON_MAX {
        return Err("is at most 500 characters");
    }
    Ok(reason)
}
