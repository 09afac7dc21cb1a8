//! A standing that survives a new sign-up: when the identity provider vouches for the caller's
//! email, its keyed hash is looked up once among deleted accounts' tombstones, and a match
//! carries their strikes, suspension, credits and age decision into this account. Only a
//! verified email counts, at deletion and here, so nobody can hand their standing to an
//! address they do not read.

use super::{UserError, Users};
use crate::auth::Identity;
use crate::store::{AuditEntry, UserRecord, now_ms};

impl Users {
    /// The caller's record, after carrying over what a deleted account with the same verified
    /// email left (once per address: the record keeps the key it looked up).
    pub async fn record_of(&self, identity: &Identity) -> Result<UserRecord, UserError> {
        let record = self.profile(&identity.uid).await?;
        let Some(email) = identity
            .email
            .as_deref()
            .filter(|_| identity.email_verified)
        else {
            return Ok(record);
        };
        let key = self.email_keys.of(email);
        if record.email_key.as_deref() == Some(key.as_str()) {
            return Ok(record);
        }
        let now = now_ms();
        let tombstone = self.store.tombstone_by_email(&key, now).await?;
        let written = self
            .store
            .inherit(&identity.uid, &key, tombstone.as_ref())
            .await;
        self.refresh(&identity.uid, &written).await;
        let record = written?;
        if let (Some(_), Some(inherited)) = (&tombstone, &record.inherited) {
            let entry = AuditEntry {
                at: now,
                actor: "system".to_owned(),
                action: "standing carried over".to_owned(),
                reason: format!(
                    "a deleted account with this verified email (deleted at {}): {} strikes, \
                     {} credits of {}, suspended: {}, age: {:?}",
                    inherited.deleted_at,
                    inherited.strikes.len(),
                    inherited.used,
                    inherited.period,
                    record.suspension.is_some(),
                    record.age_status(),
                ),
            };
            self.store.add_audit(&identity.uid, &entry).await?;
            self.caches.strikes.invalidate(&identity.uid).await;
        }
        Ok(record)
    }
}
