//! The provider's webhook: `Persona-Signature` verified, each event handled once, and the
//! inquiry read back from the provider before anything changes.
//!
//! The header is `t=<unix>,v1=<hex>`: an HMAC-SHA256 of `<t>.<raw body>`. While a secret is
//! rotated Persona sends two such pairs, space-separated, one per secret; any pair that
//! verifies with any configured secret is enough. Events may come twice, late or out of
//! order: an event id is claimed once (a failure gives it back, so the provider's retry is
//! processed), and what is written is the inquiry as read now, stamped with when it was read,
//! so a late delivery never undoes a newer result.

use serde::Deserialize;

use super::{AgeChecks, status_of};
use crate::billing::signature::{self, SignatureError};
use crate::store::{AgeCheck, AgeStatus, StoreError, now_ms};

#[derive(Debug, thiserror::Error)]
pub enum WebhookError {
    #[error(transparent)]
    Signature(#[from] SignatureError),
    #[error("not an inquiry event: {0}")]
    Malformed(String),
    /// The provider failed: it should deliver the event again.
    #[error("{0}")]
    Retry(String),
    /// So did the store (any answer but a 2xx makes the provider deliver it again).
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What a delivery did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivery {
    /// The account's status as it now stands.
    Applied { uid: String, status: AgeStatus },
    /// Handled before.
    Replayed,
    /// Nothing to change: an unknown account, or an inquiry the account has since replaced.
    Ignored(String),
}

/// The part of an event the gateway reads: its id, and which inquiry it is about. Everything
/// else is read from the provider.
#[derive(Deserialize)]
struct Event {
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    id: String,
    attributes: EventAttributes,
}

#[derive(Deserialize)]
struct EventAttributes {
    payload: Payload,
}

#[derive(Deserialize)]
struct Payload {
    data: Resource,
}

#[derive(Deserialize)]
struct Resource {
    #[serde(rename = "type")]
    kind: String,
    id: String,
}

/// Verifies `header` over `body` with any of `secrets` at `now` (Unix seconds).
pub fn verify(
    header: Option<&str>,
    body: &[u8],
    secrets: &[String],
    now: i64,
) -> Result<(), SignatureError> {
    let header = header.ok_or(SignatureError::Missing)?;
    let mut worst = SignatureError::Malformed;
    for pair in header.split_whitespace() {
        for secret in secrets {
            match signature::verify(Some(pair), body, secret, now) {
                Ok(()) => return Ok(()),
                // A stale or mismatched pair says more than a malformed one.
                Err(e @ (SignatureError::Stale | SignatureError::Mismatch)) => worst = e,
                Err(_) => {}
            }
        }
    }
    Err(worst)
}

impl AgeChecks {
    /// One delivery of the provider's webhook.
    pub async fn receive(
        &self,
        header: Option<&str>,
        body: &[u8],
    ) -> Result<Delivery, WebhookError> {
        verify(header, body, &self.secrets, now_ms() / 1000)?;
        let event: Event =
            serde_json::from_slice(body).map_err(|e| WebhookError::Malformed(e.to_string()))?;
        let resource = event.data.attributes.payload.data;
        if resource.kind != "inquiry" {
            return Err(WebhookError::Malformed(format!(
                "a {} event",
                resource.kind
            )));
        }
        let event_key = format!("age-{}", event.data.id);
        if !self.store.claim_event(&event_key, "age-check").await? {
            return Ok(Delivery::Replayed);
        }
        match self.apply(&resource.id).await {
            Ok(delivery) => {
                let outcome = match &delivery {
                    Delivery::Applied { status, .. } => format!("{status:?}"),
                    other => format!("{other:?}"),
                };
                if let Err(e) = self.store.finish_event(&event_key, &outcome).await {
                    tracing::warn!(error = %e, "recording an age-check event as handled");
                }
                Ok(delivery)
            }
            Err(e) => {
                if let Err(release) = self.store.release_event(&event_key).await {
                    tracing::warn!(error = %release, "giving back an age-check event");
                }
                Err(e)
            }
        }
    }

    /// Reads `inquiry` from the provider and writes what it means to the account it was made
    /// for.
    async fn apply(&self, inquiry: &str) -> Result<Delivery, WebhookError> {
        let provider = self
            .provider
            .as_ref()
            .ok_or_else(|| WebhookError::Malformed("age checks are off".into()))?;
        let read_at = now_ms();
        let inquiry = provider
            .inquiry(inquiry)
            .await
            .map_err(|e| WebhookError::Retry(e.to_string()))?;
        let uid = inquiry.reference_id.clone();
        let Some(user) = self.store.get_user(&uid).await? else {
            return Ok(Delivery::Ignored(format!(
                "no account for the inquiry's reference id {uid:?}"
            )));
        };
        // Only an inquiry the gateway started for this account, and the latest it started,
        // has a say: not one made elsewhere with the uid as its reference, not one an admin's
        // reset ended (the reset leaves no reference), not one the account has since replaced.
        let Some(current) = user
            .age_check
            .as_ref()
            .filter(|c| c.provider == provider.name() && c.reference == inquiry.id)
        else {
            return Ok(Delivery::Ignored(format!(
                "inquiry {} is not the one the gateway started for the account, or was ended since",
                inquiry.id
            )));
        };
        if let Some(ours) = provider.template()
            && inquiry.template.as_deref() != Some(ours)
        {
            return Ok(Delivery::Ignored(format!(
                "inquiry {} was made from {:?}, not the configured template",
                inquiry.id, inquiry.template
            )));
        }
        let status = status_of(&inquiry, chrono::Utc::now().date_naive());
        // The latest decision wins in both directions. A decided inquiry read again after its
        // redaction has no birth date left, so an approval stays as it was; what changes a
        // decision is the provider's own word changing: an approval overturned (declined after
        // review, fraud found), or a decline a reviewer turned into an approval while the birth
        // date is still there to prove the age.
        let counts = match current.status {
            AgeStatus::Verified => status == AgeStatus::Declined && inquiry.status != "approved",
            AgeStatus::Declined | AgeStatus::Minor => status == AgeStatus::Verified,
            // Not decided yet: whatever the provider says now is the news.
            _ => true,
        };
        if !counts {
            return Ok(Delivery::Ignored(format!(
                "inquiry {} was decided before, and the provider still says so",
                inquiry.id
            )));
        }
        let check = AgeCheck {
            status,
            provider: provider.name().to_owned(),
            reference: inquiry.id.clone(),
            checked_at: inquiry.decided_at.unwrap_or(read_at),
            read_at,
        };
        let written = self.write(&uid, &check).await?;
        let final_result = matches!(
            status,
            AgeStatus::Verified | AgeStatus::Declined | AgeStatus::Minor
        );
        if final_result
            && self.redact
            && let Err(e) = provider.redact(&inquiry.id).await
        {
            // The result stands; the account's deletion asks again.
            tracing::warn!(inquiry = %inquiry.id, error = %e, "redacting an inquiry");
        }
        tracing::info!(%uid, inquiry = %inquiry.id, ?status, "age check read from the provider");
        Ok(Delivery::Applied {
            uid,
            status: written.age_status(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &[u8] = br#"{"data":{"type":"event","id":"evt_1"}}"#;
    const NOW: i64 = 1_800_000_000;

    fn secrets(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn either_signature_of_a_rotation_verifies_with_either_secret() {
        let header = format!(
            "{} {}",
            signature::sign(BODY, "wbhsec_old", NOW),
            signature::sign(BODY, "wbhsec_new", NOW)
        );
        for configured in [
            &["wbhsec_old"][..],
            &["wbhsec_new"],
            &["wbhsec_x", "wbhsec_new"],
        ] {
            assert_eq!(
                verify(Some(&header), BODY, &secrets(configured), NOW),
                Ok(())
            );
        }
        assert_eq!(
            verify(Some(&header), BODY, &secrets(&["wbhsec_other"]), NOW),
            Err(SignatureError::Mismatch)
        );
    }

    #[test]
    fn a_stale_missing_or_malformed_signature_is_refused() {
        let good = signature::sign(BODY, "wbhsec_a", NOW);
        let key = secrets(&["wbhsec_a"]);
        assert_eq!(
            verify(Some(&good), BODY, &key, NOW + 301),
            Err(SignatureError::Stale)
        );
        assert_eq!(verify(None, BODY, &key, NOW), Err(SignatureError::Missing));
        assert_eq!(
            verify(Some("t=abc,v1=zz"), BODY, &key, NOW),
            Err(SignatureError::Malformed)
        );
        assert_eq!(
            verify(Some(&good), b"{}", &key, NOW),
            Err(SignatureError::Mismatch)
        );
    }
}
