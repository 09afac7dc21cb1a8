//! Support staff: Firebase accounts with a `support` (or `admin`) custom claim. Roles are
//! granted and revoked by email (`lucent staff …`), and checked against the account itself on
//! every console call, so a revoked role stops at once rather than when the token expires.

pub mod accounts;
mod action;
mod credits;
mod find;
mod limits;
mod plan;
mod why;

use serde_json::Value;

use crate::auth::Roles;
pub use accounts::{Account, Accounts, AccountsAuth, AccountsError};
pub use action::{ActionError, reason};
pub use credits::{BONUS_MAX, Grant, Granted, add_credits};
pub use find::find_users;
pub use limits::{Authority, SUPPORT_BONUS_MAX, SUPPORT_PRO_DAYS};
pub use plan::{Plan, PlanChange, set_plan};
pub use why::why_pro;

/// A role `lucent staff grant` hands out.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Support,
    Admin,
}

impl Role {
    pub fn claim(self) -> &'static str {
        match self {
            Role::Support => "support",
            Role::Admin => "admin",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StaffError {
    #[error("no account with email {0:?}")]
    NoAccount(String),
    #[error(
        "{count} accounts have email {email:?}; roles go to one person: fix the accounts first"
    )]
    SeveralAccounts { email: String, count: usize },
    #[error("{0:?} is not verified; roles go only to an email its owner has verified")]
    Unverified(String),
    #[error(transparent)]
    Accounts(#[from] AccountsError),
}

/// Refuses to grant a role to an account whose email is not verified (taking one away is always
/// possible); callers that audit first ask before writing the trail.
pub fn grantable(account: &Account, on: bool) -> Result<(), StaffError> {
    if on && !account.email_verified {
        return Err(StaffError::Unverified(
            account.email.clone().unwrap_or_default(),
        ));
    }
    Ok(())
}

pub struct Staff {
    pub accounts: Accounts,
}

impl Staff {
    /// The roles `uid`'s session that began at `auth_time` holds now, as the account says (the
    /// token may be an hour old): none for a disabled account or a revoked session.
    pub async fn roles_now(&self, uid: &str, auth_time: i64) -> Result<Roles, AccountsError> {
        Ok(self
            .accounts
            .by_uid(uid)
            .await?
            .map(|a| a.roles_for_session(auth_time))
            .unwrap_or_default())
    }

    /// The one account with `email`: roles go to a person, and an unverified email may sit
    /// on several accounts.
    pub async fn account(&self, email: &str) -> Result<Account, StaffError> {
        let mut found = self.accounts.by_email(email).await?;
        match found.len() {
            0 => Err(StaffError::NoAccount(email.to_owned())),
            1 => Ok(found.remove(0)),
            count => Err(StaffError::SeveralAccounts {
                email: email.to_owned(),
                count,
            }),
        }
    }

    /// Gives or takes `role` from `account`; its other claims are kept. The account's next ID
    /// token carries the change; the console checks it at once.
    pub async fn set_role(
        &self,
        mut account: Account,
        role: Role,
        on: bool,
    ) -> Result<Account, StaffError> {
        grantable(&account, on)?;
        if on {
            account
                .claims
                .insert(role.claim().to_owned(), Value::Bool(true));
        } else {
            account.claims.remove(role.claim());
        }
        self.accounts
            .set_claims(&account.uid, &account.claims)
            .await?;
        Ok(account)
    }
}
