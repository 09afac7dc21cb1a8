//! How staff see the content rules' records: a refused request and a suspension, on the
//! review queue and on a user's card alike.

use serde::Serialize;
use utoipa::ToSchema;

use crate::staff::QueuedRefusal;
use crate::store::{RefusalRecord, Suspension, UserRecord};

/// A refused request as staff review it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefusalView {
    id: String,
    uid: String,
    /// The account's email, when the account still exists.
    email: Option<String>,
    /// Milliseconds since the epoch.
    at: i64,
    /// The path it came by: `jobs`, `generations` or `legacy`; `image` for a finished image
    /// the moderation service flagged.
    route: String,
    style: String,
    /// `minor`, `real_person`, `non_consent` or `bestiality`.
    category: String,
    /// The words that decided it, as the user wrote them; none when the moderation service
    /// decided.
    words: Vec<String>,
    /// The moderation service's categories that decided it (e.g. `sexual/minors`); none when
    /// our own rules did.
    flagged: Vec<String>,
    prompt: String,
    negative_prompt: String,
    /// False when it rested on one ambiguous sign: the user was asked to rephrase, and it
    /// never counts.
    strike: bool,
    /// Staff marked it a false positive.
    false_positive: bool,
    /// It still counts against the account: neither a false positive nor reviewed when a
    /// suspension was lifted.
    counts: bool,
}

impl RefusalView {
    /// `refusal` as a user's card shows it: it counts unless reviewed at `reviewed` or marked a
    /// false positive.
    pub(super) fn on_card(
        id: String,
        refusal: RefusalRecord,
        reviewed: Option<i64>,
        user: Option<UserRecord>,
    ) -> Self {
        Self::from(QueuedRefusal {
            counts: refusal.counts(reviewed),
            id,
            refusal,
            user,
        })
    }
}

impl From<QueuedRefusal> for RefusalView {
    fn from(q: QueuedRefusal) -> Self {
        let RefusalRecord {
            uid,
            at,
            route,
            style,
            category,
            words,
            flagged,
            prompt,
            negative_prompt,
            false_positive,
            strike,
        } = q.refusal;
        Self {
            id: q.id,
            uid,
            email: q.user.map(|u| u.email),
            at,
            route,
            style,
            category,
            words,
            flagged,
            prompt,
            negative_prompt,
            strike,
            false_positive,
            counts: q.counts,
        }
    }
}

/// Why and since when an account may not generate.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuspensionView {
    /// Milliseconds since the epoch.
    since: i64,
    reason: String,
    /// When staff reviewed it and kept it; none: it awaits review.
    upheld_at: Option<i64>,
}

impl From<Suspension> for SuspensionView {
    fn from(s: Suspension) -> Self {
        Self {
            since: s.since,
            reason: s.reason,
            upheld_at: s.upheld_at,
        }
    }
}
