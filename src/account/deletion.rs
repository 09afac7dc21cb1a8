//! Deleting an account, asked by its owner or by staff: the subscription is canceled, the
//! age-check provider deletes the person's data, jobs
//! still waiting are canceled (their credits settled), every image's bytes and record, the
//! credits, the refusals and the profile are deleted, and then the sign-in account. What the
//! content rules hold while staff review the account (its images, its refusals, the profile
//! that carries the suspension) is kept, and the answer says so. An audit entry marks the uid
//! deleted for good: who asked, when, why; never a prompt. A tombstone record keeps the credit
//! period's count, the refusals of the last 24 hours and the suspension until those run out
//! (the retention sweep deletes it then, src/gallery/retention.rs).
//!
//! Every step deletes what is there and succeeds on what is gone, so a request cut anywhere
//! (a crash, an upstream down) is finished by asking again.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use crate::admission::Admission;
use crate::age::{AgeChecks, AgeError};
use crate::auth::identity_toolkit::{Accounts, AccountsError};
use crate::billing::ProviderError;
use crate::billing::processor::Processor;
use crate::following::Following;
use crate::generation::GenerateError;
use crate::images::blobs::BlobError;
use crate::images::blobs::Blobs;
use crate::jobs::Cancel;
use crate::safety::strikes;
use crate::store::{
    AgeStatus, AuditEntry, RefusalRecord, Store, StoreError, Subscription, Tombstone, UserRecord,
    now_ms,
};
use crate::users::Users;
use crate::users::period::CreditPlan;

/// How long a deletion waits for an image already being drawn for the account.
const RUNNING_WAIT: Duration = Duration::from_secs(20);
/// Records deleted per read.
const PAGE: usize = 200;
/// How long a tombstone keeps a suspension or a minor's result for a new sign-up with the
/// same verified email (src/users/standing.rs).
pub const STANDING_KEPT_MS: i64 = 365 * 24 * 60 * 60 * 1000;

/// Who asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Asker {
    Owner,
    Staff { uid: String, reason: String },
}

/// What a deletion did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deleted {
    /// What was kept, and why; empty when nothing was.
    pub kept: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum DeletionError {
    #[error("an image is still being made for this account; ask again in a minute")]
    Busy,
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Images(#[from] BlobError),
    #[error("the payment provider: {0}")]
    Payments(#[from] ProviderError),
    #[error(transparent)]
    Accounts(#[from] AccountsError),
    #[error(transparent)]
    Jobs(#[from] GenerateError),
    #[error("the age-check provider: {0}")]
    Age(#[from] AgeError),
}

/// What deleting an account reaches.
pub struct Deletion<'a> {
    pub store: &'a dyn Store,
    pub users: &'a Users,
    pub admission: &'a Admission,
    pub following: &'a Following,
    pub blobs: &'a Blobs,
    pub processor: &'a dyn Processor,
    pub accounts: &'a Accounts,
    pub age: &'a AgeChecks,
}

/// The audit entry that starts a deletion: the account's tombstone. From then on its uid may
/// not make a profile again (`POST /api/v1/me` answers 410), so the credits and strikes of a
/// deleted account can never be started afresh with a token issued before the deletion.
const STARTED: &str = "account deletion started";

/// Whether `uid`'s account was deleted (or its deletion started): its audit trail, which
/// outlives the account, says so.
pub async fn tombstoned(store: &dyn Store, uid: &str) -> Result<bool, StoreError> {
    Ok(store
        .list_audit(uid)
        .await?
        .iter()
        .any(|e| e.action == STARTED))
}

/// Why a held account keeps what it keeps.
const HELD: &str = "Your images, your refused requests and your profile are kept while our \
    staff review this account under the content rules; they are deleted with the review's end.";

impl Deletion<'_> {
    pub async fn delete(&self, uid: &str, asker: &Asker) -> Result<Deleted, DeletionError> {
        let (actor, reason) = match asker {
            Asker::Owner => (uid.to_owned(), "asked by the owner".to_owned()),
            Asker::Staff { uid, reason } => (uid.clone(), reason.clone()),
        };
        let user = self.store.get_user(uid).await?;
        // The tombstone keeps where the account stood with the content rules (never a prompt).
        let strikes = strikes::recent(self.store, uid, user.as_ref()).await?;
        let suspended = user
            .as_ref()
            .and_then(|u| u.suspension.as_ref())
            .map_or(String::new(), |s| format!("; suspended since {}", s.since));
        self.audit(
            uid,
            &actor,
            STARTED,
            &format!("{reason}; {strikes} refusal(s) counting in the last 24 hours{suspended}"),
        )
        .await?;
        self.leave_tombstone(uid, user.as_ref()).await?;
        let held = user.as_ref().is_some_and(|u| u.suspension.is_some());
        // First: the sales' ids are in the profile deleted below.
        if let Some(subscription) = user.as_ref().and_then(|u| u.subscription.as_ref()) {
            for id in to_cancel(subscription, self.processor.name()) {
                self.processor.cancel(id).await?;
            }
        }
        // The provider deletes what it holds of the person (a document, a selfie); the profile
        // that names the inquiry goes below.
        if let Some(user) = &user {
            self.age.forget(user).await?;
        }
        self.end_jobs(uid).await?;
        if !held {
            self.delete_images(uid).await?;
        }
        self.store.delete_account_records(uid, held).await?;
        self.users.changed(uid).await;
        // A job admitted while this ran (the profile still there, or a cache not yet told)
        // could outlive it: then this deletion is not over, and asking again finishes it.
        if !self.following.jobs_of(uid).await?.is_empty() {
            return Err(DeletionError::Busy);
        }
        self.accounts.delete(uid).await?;
        let kept = if held {
            vec![HELD.to_owned()]
        } else {
            Vec::new()
        };
        let reason = match held {
            true => format!("{reason}; held for review: images, refusals and profile kept"),
            false => reason,
        };
        self.audit(uid, &actor, "account deleted", &reason).await?;
        tracing::info!(%uid, %actor, held, "account deleted");
        Ok(Deleted { kept })
    }

    /// What the account's limits still need, kept while they run (`Tombstone`): written once,
    /// so a deletion asked again does not replace it with what the first one left.
    async fn leave_tombstone(
        &self,
        uid: &str,
        user: Option<&UserRecord>,
    ) -> Result<(), StoreError> {
        let now = now_ms();
        let period = self
            .users
            .period(user.map_or(CreditPlan::Free, |u| CreditPlan::of(u, now)));
        let refusals: BTreeMap<String, RefusalRecord> = self
            .store
            .list_refusals(uid)
            .await?
            .into_iter()
            .filter(|(_, r)| r.at > now - strikes::WINDOW_MS)
            .collect();
        let inherited = user.and_then(|u| u.inherited.clone());
        let last_counts = refusals
            .values()
            .map(|r| r.at)
            .chain(inherited.iter().flat_map(|i| i.strikes.iter().copied()))
            .map(|at| at + strikes::WINDOW_MS)
            .max();
        let age_check = user.and_then(|u| u.age_check.clone());
        let suspension = user.and_then(|u| u.suspension.clone());
        // A suspension or a minor's result is standing a new sign-up must not shed with the
        // month: it is kept a year.
        let lasting = (suspension.is_some()
            || age_check
                .as_ref()
                .is_some_and(|c| c.status == AgeStatus::Minor))
        .then_some(now + STANDING_KEPT_MS);
        let tombstone = Tombstone {
            deleted_at: now,
            keep_until: [last_counts, lasting]
                .into_iter()
                .flatten()
                .fold(period.resets_at.timestamp_millis(), i64::max),
            used: self.store.get_usage(uid, &period.key).await?,
            bonus: self.store.get_bonus(uid, &period.key).await?,
            period: period.key,
            refusals,
            suspension,
            refusals_reviewed_at: user.and_then(|u| u.refusals_reviewed_at),
            email_key: user.and_then(|u| u.email_key.clone()),
            age_check,
            inherited,
        };
        self.store.put_tombstone(uid, &tombstone).await.map(drop)
    }

    async fn audit(
        &self,
        uid: &str,
        actor: &str,
        action: &str,
        reason: &str,
    ) -> Result<(), StoreError> {
        let entry = AuditEntry {
            at: now_ms(),
            actor: actor.to_owned(),
            action: action.to_owned(),
            reason: reason.to_owned(),
        };
        self.store.add_audit(uid, &entry).await.map(drop)
    }

    /// Cancels the account's waiting jobs (their credits are settled as any cancel's) and
    /// waits a while for one being drawn, whose images would otherwise outlive the deletion.
    async fn end_jobs(&self, uid: &str) -> Result<(), DeletionError> {
        let give_up = Instant::now() + RUNNING_WAIT;
        loop {
            let jobs = self.following.jobs_of(uid).await?;
            if jobs.is_empty() {
                return Ok(());
            }
            for id in &jobs {
                if let Cancel::Canceled(_) = self.admission.cancel(uid, id).await? {
                    tracing::info!(job = %id, "canceled: its account is being deleted");
                }
            }
            if Instant::now() >= give_up {
                return Err(DeletionError::Busy);
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    }

    /// Every byte under the account's prefix (a record's, and any a record no longer names),
    /// then every record.
    async fn delete_images(&self, uid: &str) -> Result<(), DeletionError> {
        self.blobs.delete_under(uid).await?;
        loop {
            let page = self.store.list_generations(uid, None, PAGE).await?;
            if page.is_empty() {
                return Ok(());
            }
            for record in page {
                self.store.delete_generation(uid, &record.id).await?;
            }
        }
    }
}

/// What deletion cancels at `processor`: the sale that sets the plan, whatever its state (the
/// processor answers for one already over), and every other sale that may still bill.
fn to_cancel<'a>(subscription: &'a Subscription, processor: &str) -> Vec<&'a str> {
    let mut ids: Vec<&str> = subscription
        .subscription_id
        .as_deref()
        .into_iter()
        .collect();
    for (id, sale) in &subscription.sales {
        if sale.processor == processor && sale.may_bill() && !ids.contains(&id.as_str()) {
            ids.push(id);
        }
    }
    ids
}
