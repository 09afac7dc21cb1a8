//! `users/{uid}/inherited`: the standing a deleted account with the same verified email left
//! on its tombstone (src/users/standing.rs), carried into a new sign-up in one write of the
//! record, so a retry neither carries it twice nor half.

use serde::{Deserialize, Serialize};

use super::{AgeStatus, Tombstone, UserRecord};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Inherited {
    /// When the account it came from was deleted.
    pub deleted_at: i64,
    /// The credit period of the tombstone and what was used in it beyond support's bonus:
    /// counted against the new account's credits while that period lasts.
    pub period: String,
    pub used: u32,
    /// When each refusal that still counted was made: strikes within their 24 hours.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub strikes: Vec<i64>,
}

impl UserRecord {
    /// Marks `email_key` as looked up and takes on `tombstone`'s standing: its suspension, its
    /// age decision (a minor's result locks as it did), its strikes and credits. Nothing when
    /// the key was already looked up for this record: the write is its own retry.
    pub fn inherit(&mut self, email_key: &str, tombstone: Option<&Tombstone>) {
        if self.email_key.as_deref() == Some(email_key) {
            return;
        }
        self.email_key = Some(email_key.to_owned());
        let Some(tombstone) = tombstone else {
            return;
        };
        if self.suspension.is_none() {
            self.suspension.clone_from(&tombstone.suspension);
        }
        let decided = tombstone.age_check.as_ref().filter(|c| {
            matches!(
                c.status,
                AgeStatus::Verified | AgeStatus::Declined | AgeStatus::Minor
            )
        });
        if let Some(check) = decided
            && matches!(
                self.age_status(),
                AgeStatus::Unverified | AgeStatus::Pending
            )
        {
            self.age_check = Some(check.clone());
        }
        let reviewed = tombstone.refusals_reviewed_at;
        let earlier = tombstone.inherited.as_ref();
        let strikes = tombstone
            .refusals
            .values()
            .filter(|r| r.counts(reviewed))
            .map(|r| r.at)
            .chain(earlier.iter().flat_map(|e| e.strikes.iter().copied()))
            .filter(|&at| reviewed.is_none_or(|r| at > r))
            .collect();
        let earlier_used = earlier
            .filter(|e| e.period == tombstone.period)
            .map_or(0, |e| e.used);
        self.inherited = Some(Inherited {
            deleted_at: tombstone.deleted_at,
            period: tombstone.period.clone(),
            used: tombstone
                .used
                .saturating_sub(tombstone.bonus)
                .saturating_add(earlier_used),
            strikes,
        });
    }

    /// Credits of `period` a deleted account with this email used.
    pub fn inherited_used(&self, period: &str) -> u32 {
        self.inherited
            .as_ref()
            .filter(|i| i.period == period)
            .map_or(0, |i| i.used)
    }

    /// Strikes a deleted account with this email left that still count (after staff's
    /// review of this account) and were made at or after `since`.
    pub fn inherited_strikes(&self, since: i64) -> usize {
        self.inherited.as_ref().map_or(0, |i| {
            i.strikes
                .iter()
                .filter(|&&at| at >= since && self.refusals_reviewed_at.is_none_or(|r| at > r))
                .count()
        })
    }
}
