//! User records as the handlers see them: the store behind a short per-uid cache, so the pro
//! check on a hot path costs no database read, yet a plan change is seen at once. Every write
//! made through here refreshes this process's cache and, when instances share state, tells the
//! others to drop theirs; a write nobody announced is seen when the entry expires.

mod cache;
mod changes;
mod email_key;
mod generations;
pub mod period;
mod standing;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::auth::Identity;
use crate::coordination::redis::RedisClient;
use crate::store::{
    AgeStatus, ProfileUpdate, QuotaExceeded, Store, StoreError, StoreResult, Subscription,
    UserRecord, now_ms,
};
pub use cache::CACHE_TTL;
use cache::Caches;
use changes::News;
pub use changes::announce;
pub use email_key::EmailKeys;
use period::{CreditPlan, Period, Quotas};

const USERNAME_MAX: usize = 40;

#[derive(Debug, Clone, thiserror::Error)]
pub enum UserError {
    /// The caller has no `users/{uid}` record yet.
    #[error("no profile yet")]
    ProfileMissing,
    #[error("{field}: {message}")]
    Invalid {
        field: &'static str,
        message: &'static str,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A signed-in caller with a profile, as the rules see them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    pub uid: String,
    pub email: Option<String>,
    /// Decided from the record now, never from the request.
    pub plan: CreditPlan,
    pub age_confirmed: bool,
    /// May make and see explicit images: a provider verified their age, or this deployment
    /// requires no check.
    pub adult: bool,
    /// Generation is suspended for staff review.
    pub suspended: bool,
}

impl Caller {
    pub fn pro(&self) -> bool {
        self.plan.is_pro()
    }
}

/// A profile with its plan and credits, as `GET /api/v1/me` shows it.
#[derive(Debug, Clone)]
pub struct Account {
    pub record: UserRecord,
    pub pro: bool,
    pub period: Period,
    pub credits: Credits,
}

/// A period's credits: used, and granted by support on top of the plan's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Credits {
    pub used: u32,
    pub bonus: u32,
}

/// Credits that did not fit: how many were used of how many (bonus included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    pub used: u32,
    pub limit: u32,
}

/// A loader's error as moka shares it between waiters, kind preserved (a timeout stays a 504).
fn unshare(e: Arc<StoreError>) -> StoreError {
    Arc::unwrap_or_clone(e)
}

#[derive(Clone)]
pub struct Users {
    store: Arc<dyn Store>,
    quotas: Quotas,
    /// Reads that missed the caches and went to the store (for `/metrics`).
    reads: Arc<AtomicU64>,
    caches: Arc<Caches>,
    /// Set when instances share state through Redis.
    news: Option<News>,
    /// Explicit imagery needs a verified age (`LUCENT_AGE_CHECK` is not `off`).
    age_required: bool,
    email_keys: EmailKeys,
}

impl Users {
    /// With `redis`, changes are announced to and heard from the other instances (this must
    /// then be called inside the runtime).
    pub fn new(
        store: Arc<dyn Store>,
        quotas: Quotas,
        redis: Option<RedisClient>,
        age_required: bool,
        email_keys: EmailKeys,
    ) -> Self {
        let caches = Arc::new(Caches::new());
        Self {
            age_required,
            email_keys,
            news: redis.map(|redis| News::start(redis, &caches)),
            store,
            quotas,
            reads: Arc::default(),
            caches,
        }
    }

    /// `uid` was changed behind this cache (a plan set by hand): forget it here and on every
    /// other instance.
    pub async fn changed(&self, uid: &str) {
        self.caches.forget(uid).await;
        self.tell(uid).await;
    }

    async fn tell(&self, uid: &str) {
        if let Some(news) = &self.news {
            news.tell(uid).await;
        }
    }

    /// `uid`'s refusals that count now, as `read` counts them after `reviewed_at`, remembered
    /// a few seconds: `GET /me` shows them on every call. A refusal recorded or reviewed since
    /// drops them ([`Users::changed`]).
    pub async fn strikes(
        &self,
        uid: &str,
        reviewed_at: Option<i64>,
        read: impl Future<Output = StoreResult<usize>>,
    ) -> StoreResult<usize> {
        if let Some((counted_after, n)) = self.caches.strikes.get(uid).await
            && counted_after == reviewed_at
        {
            return Ok(n);
        }
        let n = read.await?;
        self.caches
            .strikes
            .insert(uid.to_owned(), (reviewed_at, n))
            .await;
        Ok(n)
    }

    /// Credits used and granted in `period`.
    pub async fn credits(&self, uid: &str, period: &str) -> StoreResult<Credits> {
        let key = (uid.to_owned(), period.to_owned());
        if let Some(credits) = self.caches.usage.get(&key).await {
            return Ok(credits);
        }
        let (store, reads) = (Arc::clone(&self.store), Arc::clone(&self.reads));
        let (u, p) = key.clone();
        self.caches
            .usage
            .try_get_with(key, async move {
                reads.fetch_add(1, Ordering::Relaxed);
                let (used, bonus) =
                    futures_util::try_join!(store.get_usage(&u, &p), store.get_bonus(&u, &p))?;
                Ok(Credits { used, bonus })
            })
            .await
            .map_err(unshare)
    }

    /// Reserves `n` credits of `period` for `job`, its bonus included (see
    /// [`Store::reserve_credits`]), and remembers the new count.
    pub async fn reserve_credits(
        &self,
        uid: &str,
        period: &Period,
        job: &str,
        n: u32,
    ) -> StoreResult<Result<u32, Refused>> {
        let key = (uid.to_owned(), period.key.clone());
        // The bonus alone: the transaction below reads the count it needs itself.
        let bonus = match self.caches.usage.get(&key).await {
            Some(credits) => credits.bonus,
            None => {
                self.reads.fetch_add(1, Ordering::Relaxed);
                self.store.get_bonus(uid, &period.key).await?
            }
        };
        let limit = period.limit.saturating_add(bonus);
        // A deleted account's credits with this email are spent already.
        let inherited = match self.get(uid).await? {
            Some(user) => user.inherited_used(&period.key),
            None => 0,
        };
        let result = self
            .store
            .reserve_credits(uid, &period.key, job, n, limit.saturating_sub(inherited))
            .await;
        match &result {
            Ok(Ok(used)) | Ok(Err(QuotaExceeded { used })) => {
                let used = *used;
                self.caches.usage.insert(key, Credits { used, bonus }).await;
            }
            Err(_) => self.caches.usage.invalidate(&key).await,
        }
        if matches!(result, Ok(Ok(_)) | Err(_)) {
            self.tell(uid).await;
        }
        result.map(|r| {
            r.map_err(|QuotaExceeded { used }| Refused {
                used: used.saturating_add(inherited),
                limit,
            })
        })
    }

    /// Ends `job`'s holding, `kept` credits spent and the rest back (see
    /// [`Store::settle_credits`]); the next read of the count goes to the store.
    pub async fn settle_credits(
        &self,
        uid: &str,
        period: &str,
        job: &str,
        kept: u32,
    ) -> StoreResult<Option<u32>> {
        let result = self.store.settle_credits(uid, period, job, kept).await;
        if !matches!(result, Ok(None | Some(0))) {
            self.caches
                .usage
                .invalidate(&(uid.to_owned(), period.to_owned()))
                .await;
            self.tell(uid).await;
        }
        result
    }

    pub fn quotas(&self) -> &Quotas {
        &self.quotas
    }

    /// The credit period a caller on this plan is in now.
    pub fn period(&self, plan: CreditPlan) -> Period {
        self.quotas.period(plan, chrono::Utc::now())
    }

    /// The caller's record, or [`UserError::ProfileMissing`].
    pub async fn profile(&self, uid: &str) -> Result<UserRecord, UserError> {
        self.get(uid).await?.ok_or(UserError::ProfileMissing)
    }

    pub async fn caller(&self, identity: &Identity) -> Result<Caller, UserError> {
        let record = self.record_of(identity).await?;
        Ok(Caller {
            uid: identity.uid.clone(),
            email: identity.email.clone(),
            plan: CreditPlan::of(&record, now_ms()),
            age_confirmed: record.age_confirmed,
            adult: self.adult(&record),
            suspended: record.suspension.is_some(),
        })
    }

    /// Whether `record`'s owner may make and see explicit images.
    pub fn adult(&self, record: &UserRecord) -> bool {
        !self.age_required || record.age_status() == AgeStatus::Verified
    }

    pub fn age_required(&self) -> bool {
        self.age_required
    }

    /// Whether `uid` is pro now; a user without a profile is not.
    pub async fn is_pro(&self, uid: &str) -> StoreResult<bool> {
        Ok(self.get(uid).await?.is_some_and(|u| u.is_pro(now_ms())))
    }

    /// The profile with its plan and the credits used in the current period.
    pub async fn account(&self, record: UserRecord) -> Result<Account, UserError> {
        let plan = CreditPlan::of(&record, now_ms());
        let pro = plan.is_pro();
        let period = self.period(plan);
        let mut credits = self.credits(&record.uid, &period.key).await?;
        credits.used = credits
            .used
            .saturating_add(record.inherited_used(&period.key));
        Ok(Account {
            record,
            pro,
            period,
            credits,
        })
    }

    /// Creates or updates the caller's profile; the email comes from the token.
    pub async fn save_profile(
        &self,
        identity: &Identity,
        username: &str,
        age_confirmed: bool,
    ) -> Result<UserRecord, UserError> {
        let update = ProfileUpdate {
            email: identity.email.clone().unwrap_or_default(),
            username: valid_username(username)?,
            age_confirmed,
        };
        Ok(self.upsert_profile(&identity.uid, &update).await?)
    }

    /// Reads of users and credit counts that reached the store.
    pub fn store_reads(&self) -> u64 {
        self.reads.load(Ordering::Relaxed)
    }

    pub async fn get(&self, uid: &str) -> StoreResult<Option<UserRecord>> {
        // A hit, most calls, needs neither an owned key nor the shared-miss machinery.
        if let Some(record) = self.caches.records.get(uid).await {
            return Ok(record);
        }
        let (store, reads) = (Arc::clone(&self.store), Arc::clone(&self.reads));
        let key = uid.to_owned();
        // Concurrent misses for one uid share a single read.
        self.caches
            .records
            .try_get_with(key.clone(), async move {
                reads.fetch_add(1, Ordering::Relaxed);
                store.get_user(&key).await
            })
            .await
            .map_err(unshare)
    }

    pub async fn upsert_profile(
        &self,
        uid: &str,
        update: &ProfileUpdate,
    ) -> StoreResult<UserRecord> {
        let user = self.store.upsert_profile(uid, update).await;
        self.refresh(uid, &user).await;
        user
    }

    pub async fn merge_subscription(
        &self,
        uid: &str,
        patch: &Subscription,
    ) -> StoreResult<UserRecord> {
        let user = self.store.merge_subscription(uid, patch).await;
        self.refresh(uid, &user).await;
        user
    }

    async fn refresh(&self, uid: &str, written: &StoreResult<UserRecord>) {
        match written {
            Ok(user) => {
                self.caches
                    .records
                    .insert(uid.to_owned(), Some(user.clone()))
                    .await;
            }
            // The write may or may not have landed: forget what we knew.
            Err(_) => self.caches.records.invalidate(uid).await,
        }
        self.tell(uid).await;
    }
}

/// 1 to 40 characters after trimming, none of them control characters.
fn valid_username(raw: &str) -> Result<String, UserError> {
    let invalid = |message| UserError::Invalid {
        field: "username",
        message,
    };
    let name = raw.trim();
    if name.is_empty() {
        return Err(invalid("username is required"));
    }
    if name.chars().count() > USERNAME_MAX {
        return Err(invalid("username is at most 40 characters"));
    }
    if name.chars().any(char::is_control) {
        return Err(invalid("username must not contain control characters"));
    }
    Ok(name.to_owned())
}
