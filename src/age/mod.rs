//! Age assurance: explicit imagery only for accounts whose adulthood a provider confirmed.
//!
//! The gateway keeps one status per account (`users/{uid}/ageCheck`: `unverified`, `pending`,
//! `verified`, `declined`, with the provider, its reference and when), never a birth date or a
//! document. A check starts with `POST /api/v1/me/age-check` (an inquiry at the provider, and
//! the link to its hosted flow); the provider's webhook says something changed, and the gateway
//! then reads the inquiry back from the provider itself: a payload is never trusted alone. The
//! inquiry counts only for the account it was made for (its reference id, the uid), only if it
//! is the one the gateway started for that account last (an admin's reset ends its say) from
//! the configured template, and the account is `verified` only while the inquiry is approved
//! and its verified birth date makes the person 18 or older today: the provider's latest
//! decision wins, an approval overturned included. With `LUCENT_AGE_CHECK=off` nothing is
//! required (the deployer's decision, said at start and in `/readyz`).

mod decide;
pub mod persona;
mod provider;
pub mod test_mode;
mod webhook;

use std::sync::Arc;

pub use decide::{ADULT_AGE, status_of};
pub use provider::{Inquiry, Provider, ProviderError, Started};
pub use webhook::{Delivery, WebhookError};

use crate::store::{AgeCheck, AgeStatus, AuditEntry, Store, StoreError, UserRecord, now_ms};
use crate::users::Users;

/// Said at start and in `/readyz` when the deployer turned age checks off.
pub const OFF_WARNING: &str = "LUCENT_AGE_CHECK=off: explicit imagery is served without any age check; this is lawful only where no law requires one (the UK, most US states, France and the EU do)";

/// `LUCENT_AGE_CHECK`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Persona's hosted flow and webhooks.
    Persona,
    /// An offline page stands in for the hosted flow (the local stack).
    Test,
    /// Nothing is required: the deployer's decision, for a region without the law.
    Off,
}

#[derive(Debug, thiserror::Error)]
pub enum AgeError {
    #[error("your age is already verified")]
    AlreadyVerified,
    #[error(
        "your age check found you are under 18; a new check can only be opened by our support team"
    )]
    LockedAsMinor,
    #[error("age checks are off on this server")]
    Off,
    #[error(transparent)]
    Provider(#[from] ProviderError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The age checks of this deployment: the provider (none when off) and what it needs.
#[derive(Clone)]
pub struct AgeChecks {
    provider: Option<Arc<dyn Provider>>,
    /// The same provider in test mode, for its page.
    pub test: Option<Arc<test_mode::TestAgeChecks>>,
    store: Arc<dyn Store>,
    users: Users,
    /// Persona's webhook secrets (two while one is rotated), or test mode's own.
    secrets: Arc<Vec<String>>,
    /// Ask the provider to delete the inquiry's personal data once its result is read.
    redact: bool,
    /// Where the web app is, for the way back from the provider's flow.
    public_url: String,
}

impl AgeChecks {
    pub fn new(
        provider: Option<Arc<dyn Provider>>,
        test: Option<Arc<test_mode::TestAgeChecks>>,
        store: Arc<dyn Store>,
        users: Users,
        secrets: Vec<String>,
        redact: bool,
        public_url: &str,
    ) -> Self {
        Self {
            provider,
            test,
            store,
            users,
            secrets: Arc::new(secrets),
            redact,
            public_url: public_url.trim_end_matches('/').to_owned(),
        }
    }

    /// Whether explicit imagery needs a verified age here.
    pub fn required(&self) -> bool {
        self.provider.is_some()
    }

    pub fn provider_name(&self) -> Option<&'static str> {
        self.provider.as_ref().map(|p| p.name())
    }

    /// An inquiry for `user` and the link that resumes it: the same inquiry while one is
    /// pending, a new one otherwise. The provider sends the user back to the web app's
    /// verification page, which goes on to `return_to` (a path of the app).
    pub async fn start(&self, user: &UserRecord, return_to: &str) -> Result<Started, AgeError> {
        let back = format!(
            "{}/verify-age?returnTo={}",
            self.public_url,
            url::form_urlencoded::byte_serialize(return_to.as_bytes()).collect::<String>()
        );
        let return_to = back.as_str();
        let provider = self.provider.as_ref().ok_or(AgeError::Off)?;
        let pending = match &user.age_check {
            Some(check) if check.status == AgeStatus::Verified => {
                return Err(AgeError::AlreadyVerified);
            }
            Some(check) if check.status == AgeStatus::Minor => {
                return Err(AgeError::LockedAsMinor);
            }
            Some(check) if check.status == AgeStatus::Pending && !check.reference.is_empty() => {
                Some(check.reference.as_str())
            }
            _ => None,
        };
        // A pending inquiry is resumed while it can be; a finished or unknown one is not.
        let resume = match pending {
            Some(id) => provider
                .inquiry(id)
                .await
                .ok()
                .filter(|i| i.resumable_by(&user.uid))
                .map(|i| i.id),
            None => None,
        };
        let started = provider
            .start(&user.uid, resume.as_deref(), return_to)
            .await?;
        if pending != Some(started.reference.as_str()) {
            let now = now_ms();
            self.write(
                &user.uid,
                &AgeCheck {
                    status: AgeStatus::Pending,
                    provider: provider.name().to_owned(),
                    reference: started.reference.clone(),
                    checked_at: now,
                    read_at: now,
                },
            )
            .await?;
        }
        Ok(started)
    }

    /// An admin's reset: the account is `unverified` again, and the trail says who and why.
    /// The record after the reset; the audit entry is written first, as for every staff action.
    pub async fn reset(
        &self,
        uid: &str,
        actor: &str,
        reason: &str,
    ) -> Result<UserRecord, AgeError> {
        let now = now_ms();
        let entry = AuditEntry {
            at: now,
            actor: actor.to_owned(),
            action: "age check reset".into(),
            reason: reason.to_owned(),
        };
        self.store.add_audit(uid, &entry).await?;
        let before = self.store.get_user(uid).await?;
        let check = AgeCheck {
            status: AgeStatus::Unverified,
            provider: "staff".into(),
            reference: String::new(),
            checked_at: now,
            read_at: now,
        };
        let record = self.write(uid, &check).await?;
        // The reset has ended the earlier inquiries' say; what they hold of the person (an ID
        // that may not have been theirs) goes too. The reset stands if the provider is away:
        // the account's deletion asks again.
        if let Some(before) = &before
            && let Err(e) = self.redact_all(before).await
        {
            tracing::warn!(%uid, error = %e, "redacting the inquiries a reset ended");
        }
        Ok(record)
    }

    /// On account deletion: the provider deletes what it holds of the person, always, from every
    /// inquiry the account ever had (declined attempts and those from before a reset included).
    pub async fn forget(&self, user: &UserRecord) -> Result<(), AgeError> {
        Ok(self.redact_all(user).await?)
    }

    /// Every inquiry the provider lists for `user`, and the one on the record.
    async fn redact_all(&self, user: &UserRecord) -> Result<(), ProviderError> {
        let Some(provider) = &self.provider else {
            return Ok(());
        };
        let mut ids = provider.inquiries_of(&user.uid).await?;
        if let Some(check) = &user.age_check
            && check.provider == provider.name()
            && !check.reference.is_empty()
            && !ids.contains(&check.reference)
        {
            ids.push(check.reference.clone());
        }
        for id in ids {
            provider.redact(&id).await?;
        }
        Ok(())
    }

    async fn write(&self, uid: &str, check: &AgeCheck) -> Result<UserRecord, StoreError> {
        let record = self.store.set_age_check(uid, check).await?;
        self.users.changed(uid).await;
        Ok(record)
    }
}
