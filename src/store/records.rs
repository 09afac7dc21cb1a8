//! Record shapes of docs/ARCHITECTURE.md (Data), shared by both adapters. Field names are the
//! Realtime Database's (camelCase); every timestamp is milliseconds since the Unix epoch, like
//! the database's own `ServerValue.TIMESTAMP`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Inherited, Sale};

/// `staffGrants/{staff uid}/{YYYY-MM-DD}`: what one support member gave on one UTC day, counted
/// against the day's caps (src/staff/caps.rs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StaffGrants {
    /// Bonus credits added.
    pub credits: u32,
    /// Pro plans granted.
    pub pro: u32,
}

impl StaffGrants {
    /// `self` and `more`, or `None` when that passes either of `caps`.
    pub fn plus(self, more: Self, caps: Self) -> Option<Self> {
        let sum = Self {
            credits: self.credits.checked_add(more.credits)?,
            pro: self.pro.checked_add(more.pro)?,
        };
        (sum.credits <= caps.credits && sum.pro <= caps.pro).then_some(sum)
    }
}

/// `users/{uid}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserRecord {
    pub uid: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub created_at: i64,
    #[serde(default)]
    pub age_confirmed: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscription: Option<Subscription>,
    /// Generation is suspended until staff decide; the account's images and records are held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suspension: Option<Suspension>,
    /// Staff reviewed the refusals made before this time: they no longer count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusals_reviewed_at: Option<i64>,
    /// Where the account stands with age assurance; none: never checked (`unverified`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub age_check: Option<AgeCheck>,
    /// The keyed hash (src/users/email_key.rs) of the email its identity provider last
    /// vouched for, once looked up among the tombstones; a deletion leaves it on its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email_key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inherited: Option<Inherited>,
}

/// `users/{uid}/ageCheck`, written by the gateway only: what a provider said of the person's
/// age. Never a birth date, a document or a selfie: those stay with the provider.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgeCheck {
    pub status: AgeStatus,
    /// `persona` or `test`; `staff` for a reset by hand.
    pub provider: String,
    /// The provider's reference (Persona's inquiry id).
    #[serde(default)]
    pub reference: String,
    /// When the provider decided (`verified`, `declined`), or when the check began.
    pub checked_at: i64,
    /// When the gateway read this from the provider: a result read earlier, delivered late,
    /// never replaces one read later.
    pub read_at: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AgeStatus {
    Unverified,
    Pending,
    Verified,
    Declined,
    /// The provider approved a check whose verified birth date makes the person under 18:
    /// explicit styles stay locked, and only staff can open a new attempt (a reset, audited).
    Minor,
}

/// `users/{uid}/suspension`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Suspension {
    pub since: i64,
    pub reason: String,
    /// Staff reviewed it and kept it (the audit trail says who and why); until then it awaits
    /// review.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upheld_at: Option<i64>,
}

/// `tombstones/{uid}`: what a deleted account leaves while its limits still run
/// (src/account/deletion.rs): its credit period's count, its refusals of the last 24 hours and
/// its suspension; never an image or a profile. The retention sweep deletes it at `keep_until`;
/// the uid stays deleted after that (its audit trail says so).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Tombstone {
    pub deleted_at: i64,
    /// The end of the credit period or of the last refusal's 24 hours, whichever is later.
    pub keep_until: i64,
    /// The credit period (`usage/{uid}/{period}`) and what was used and given in it.
    pub period: String,
    pub used: u32,
    #[serde(default)]
    pub bonus: u32,
    /// By their ids in `refusals/`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub refusals: BTreeMap<String, RefusalRecord>,
    /// The account's `refusalsReviewedAt`: refusals made before it no longer count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusals_reviewed_at: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suspension: Option<Suspension>,
    /// The keyed hash of the account's verified email: a new sign-up that verifies the same
    /// address starts with this standing (src/users/standing.rs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email_key: Option<String>,
    /// The provider's last decision on the person's age (a minor's result stays a lock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub age_check: Option<AgeCheck>,
    /// What the account had itself carried over from an earlier deletion, passed on again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inherited: Option<Inherited>,
}

/// `refusals/{pushId}`: a request the content rules refused, kept for staff to review. One
/// flat list, newest last, so the review queue reads across users; a user's own are found
/// by `uid` (indexed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefusalRecord {
    pub uid: String,
    pub at: i64,
    /// The route it came by (`jobs`, `generations`, `legacy`), or `image` for a finished image
    /// the moderation service flagged.
    pub route: String,
    pub style: String,
    pub category: String,
    /// The words that decided it, as written; none when the moderation service decided.
    pub words: Vec<String>,
    /// The moderation service's categories that decided it; none when our rules did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flagged: Vec<String>,
    pub prompt: String,
    #[serde(default)]
    pub negative_prompt: String,
    /// Staff found the refusal wrong: it no longer counts.
    #[serde(default)]
    pub false_positive: bool,
    /// It rested on one ambiguous sign: the user was asked to rephrase, and it never counts
    /// (src/safety/mod.rs). Refusals recorded before there were such signs all count.
    #[serde(default = "counts_by_default", skip_serializing_if = "is_true")]
    pub strike: bool,
}

impl RefusalRecord {
    /// Whether it still counts against its account: it was a strike (not a request to
    /// rephrase), and staff have neither marked it a false positive nor reviewed it (lifting
    /// a suspension reviews every refusal before it).
    pub fn counts(&self, reviewed_at: Option<i64>) -> bool {
        self.strike && !self.false_positive && reviewed_at.is_none_or(|at| self.at > at)
    }
}

fn counts_by_default() -> bool {
    true
}

fn is_true(value: &bool) -> bool {
    *value
}

/// `users/{uid}/subscription`. Every field is optional because the object is merged field by
/// field (a checkout stores only `sessionId` before anything is paid).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Subscription {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscription_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_period_end: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<i64>,
    /// Every sale the processor told of, by its id (see [`Sale`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sales: BTreeMap<String, Sale>,
}

impl Subscription {
    /// Pro means `planType` is 'pro' ignoring case and the paid period has not ended. A plan
    /// with no period end (granted by support) lasts until it is changed.
    pub fn is_pro(&self, now_ms: i64) -> bool {
        self.plan_type
            .as_deref()
            .is_some_and(|p| p.eq_ignore_ascii_case("pro"))
            && self.current_period_end.is_none_or(|end| end > now_ms)
    }

    /// Field-by-field merge, as a Realtime Database PATCH of the subscription object does. A
    /// patch that says when it was written (`updated_at`) is followed by
    /// [`Subscription::promote_paid_sale`] at that time, inside the store's transaction, so it
    /// weighs every sale as it stands there, not as the caller read them.
    pub fn merge(&mut self, patch: &Subscription) {
        fn take<T: Clone>(into: &mut Option<T>, from: &Option<T>) {
            if from.is_some() {
                into.clone_from(from);
            }
        }
        take(&mut self.plan_type, &patch.plan_type);
        take(&mut self.status, &patch.status);
        take(&mut self.session_id, &patch.session_id);
        take(&mut self.customer_id, &patch.customer_id);
        take(&mut self.subscription_id, &patch.subscription_id);
        take(&mut self.current_period_end, &patch.current_period_end);
        take(&mut self.updated_at, &patch.updated_at);
        for (id, sale) in &patch.sales {
            self.sales.insert(id.clone(), sale.clone());
        }
        if let Some(now) = patch.updated_at {
            self.promote_paid_sale(now);
        }
    }
}

/// A plan set by hand (support, `lucent users set-plan`): the plan and its end, written over
/// what is there inside the store's transaction, so that a webhook writing the same
/// subscription meanwhile is kept (its customer and subscription ids above all).
#[derive(Debug, Clone, PartialEq)]
pub struct ManualPlan {
    pub plan_type: String,
    /// None: until changed again (a lapsed end is cleared).
    pub current_period_end: Option<i64>,
    pub updated_at: i64,
}

impl Subscription {
    pub fn set_by_hand(&mut self, plan: &ManualPlan) {
        self.plan_type = Some(plan.plan_type.clone());
        self.status = Some("manual".into());
        self.current_period_end = plan.current_period_end;
        self.updated_at = Some(plan.updated_at);
    }
}

impl UserRecord {
    pub fn is_pro(&self, now_ms: i64) -> bool {
        self.subscription.as_ref().is_some_and(|s| s.is_pro(now_ms))
    }

    /// Premium now, paid through a processor's subscription (which keeps billing whatever
    /// the plan on record says): taking it away or deleting the account is an admin's call.
    pub fn pays_for_premium(&self, now_ms: i64) -> bool {
        self.is_pro(now_ms)
            && self
                .subscription
                .as_ref()
                .is_some_and(|s| s.subscription_id.is_some())
    }

    pub fn age_status(&self) -> AgeStatus {
        self.age_check
            .as_ref()
            .map_or(AgeStatus::Unverified, |c| c.status)
    }
}

/// What `POST /api/v1/me` may change. The email always comes from the verified token.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileUpdate {
    pub email: String,
    pub username: String,
    pub age_confirmed: bool,
}

/// `audit/{uid}/{pushId}`: a plan changed by hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub at: i64,
    pub actor: String,
    pub action: String,
    pub reason: String,
}

pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// `check` in `user` unless the one there was read later: the same in both adapters.
pub fn newer_age_check(user: &mut UserRecord, check: &AgeCheck) {
    if user
        .age_check
        .as_ref()
        .is_none_or(|now| now.read_at <= check.read_at)
    {
        user.age_check = Some(check.clone());
    }
}

/// The profile after `update`, the same in both adapters.
pub fn apply_profile(
    existing: Option<UserRecord>,
    uid: &str,
    update: &ProfileUpdate,
    now_ms: i64,
) -> UserRecord {
    match existing {
        Some(mut user) => {
            user.email.clone_from(&update.email);
            user.username.clone_from(&update.username);
            user.age_confirmed |= update.age_confirmed;
            user
        }
        None => UserRecord {
            uid: uid.to_owned(),
            email: update.email.clone(),
            username: update.username.clone(),
            created_at: now_ms,
            age_confirmed: update.age_confirmed,
            subscription: None,
            suspension: None,
            refusals_reviewed_at: None,
            age_check: None,
            email_key: None,
            inherited: None,
        },
    }
}

/// `generations/{uid}/{id}`: what was asked, what was used, and where the pixels are.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GenerationRecord {
    pub id: String,
    pub prompt: String,
    #[serde(default)]
    pub negative_prompt: String,
    pub style: String,
    pub checkpoint: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub look: Option<String>,
    pub seed: u32,
    pub steps: u32,
    pub enhance: bool,
    pub width: u32,
    pub height: u32,
    /// The catalog's size id it was asked at (records from before sizes have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<String>,
    /// The guidance scale and the sampler id (records from before guidance have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cfg: Option<f32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sampler: Option<String>,
    /// Marked by its owner.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub favorite: bool,
    /// The image this one varies or upscales.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<SourceRef>,
    pub created_at: i64,
    /// Explicit (an NSFW style, or explicit words on a checkpoint that can draw them): served
    /// only to adults. Records from before it was kept have none: the gate judges them again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explicit: Option<bool>,
    /// The original, as the backend made it.
    pub blob_key: String,
    /// The blurred, watermarked preview non-pro users get.
    pub preview_key: String,
}

/// `generations/{uid}/{id}/source`: the owner's image a variation or an upscale was made from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceRef {
    /// The source image's id.
    pub generation: String,
    pub mode: SourceMode,
}

/// How an image is made from another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SourceMode {
    /// Close to the source: its composition, other details.
    VarySubtle,
    /// Loosely after the source.
    VaryStrong,
    /// The source at twice its size, redrawn lightly for detail.
    Upscale,
}

/// A credit reservation that did not fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuotaExceeded {
    pub used: u32,
}
