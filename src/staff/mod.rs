//! Support staff: Firebase accounts with a `support` (or `admin`) custom claim. Roles are
//! granted and revoked by email (`lucent staff …`), and checked against the account itself on
//! every console call, so a revoked role stops at once rather than when the token expires.

mod action;
mod caps;
mod credits;
mod find;
mod plan;
mod pro_reason;
mod review;
mod suspension;

use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use crate::auth::Roles;
use crate::auth::identity_toolkit::{Account, Accounts, AccountsError};
use crate::coordination::lease::{Leases, while_held};
use crate::store::StaffGrants;
pub use action::{ActionError, reason};
pub use caps::{Authority, Day, SUPPORT_BONUS_MAX, SUPPORT_PRO_DAYS};
pub use credits::{BONUS_MAX, Grant, Granted, add_credits};
pub use find::find_users;
pub use plan::{Plan, PlanChange, set_plan};
pub use pro_reason::why_pro;
pub use review::{Queue, QueuedRefusal, SUSPENDED_AT_MOST, queue};
pub use suspension::{Decision, decide, mark_false_positive};

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
    /// Another role change of the same account did not end in time, or the lease that
    /// orders them is out of reach.
    #[error("another change of this account's roles is under way; try again")]
    Busy,
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
    /// Orders role changes of one account across instances and the CLI (see [`Staff::set_role`]).
    pub leases: Arc<dyn Leases>,
    /// This process, as lease holders name it.
    pub holder: String,
    /// What one support member may give in a UTC day (src/staff/caps.rs).
    pub daily_caps: StaffGrants,
}

/// How long one role change may hold its account's lease (a lookup and a write).
const ROLE_LEASE: Duration = Duration::from_secs(10);
/// How long a role change waits for another one of the same account.
const ROLE_WAIT: Duration = Duration::from_secs(5);

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
    ///
    /// The accounts API replaces the claims whole and has no precondition to compare against,
    /// so two changes of one account are ordered by a lease (in Redis when instances share
    /// it), and each applies its one role to the claims as read under the lease: a
    /// concurrent change of another role is kept, not overwritten by a stale copy.
    pub async fn set_role(
        &self,
        account: Account,
        role: Role,
        on: bool,
    ) -> Result<Account, StaffError> {
        grantable(&account, on)?;
        let lease = format!("roles:{}", account.uid);
        // Each change holds it on its own, two in this process included.
        let holder = format!("{}/{}", self.holder, crate::store::push_id::next());
        let change = self.change_role(&account.uid, role, on);
        let timing = (ROLE_LEASE, ROLE_WAIT);
        match while_held(self.leases.as_ref(), &lease, &holder, timing, change).await {
            Ok(Some(changed)) => changed,
            Ok(None) => Err(StaffError::Busy),
            Err(e) => {
                tracing::warn!(error = %e, "the lease that orders role changes");
                Err(StaffError::Busy)
            }
        }
    }

    async fn change_role(&self, uid: &str, role: Role, on: bool) -> Result<Account, StaffError> {
        let mut account = self
            .accounts
            .by_uid(uid)
            .await?
            .ok_or_else(|| StaffError::NoAccount(uid.to_owned()))?;
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
