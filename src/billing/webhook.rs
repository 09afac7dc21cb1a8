//! Stripe webhooks: signature checked over the raw body, each event processed once (claimed
//! under `stripeEvents/`), and the plan always derived from the subscription's state as Stripe
//! reports it now, so duplicates and out-of-order deliveries end in the right place.

use serde_json::Value;

use super::signature;
use super::{Billing, BillingError, ProviderError};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookOutcome {
    Applied { uid: String, plan: &'static str },
    Duplicate,
    Ignored(&'static str),
}

impl Billing {
    pub async fn webhook(
        &self,
        signature_header: Option<&str>,
        body: &[u8],
    ) -> Result<WebhookOutcome, BillingError> {
        // Without a secret (test mode) there is no webhook endpoint to speak of.
        let secret = self
            .webhook_secret()
            .ok_or(BillingError::NotFound("webhook endpoint"))?;
        signature::verify(
            signature_header,
            body,
            secret,
            chrono::Utc::now().timestamp(),
        )?;
        let event: Value = serde_json::from_slice(body)
            .map_err(|e| BillingError::MalformedEvent(e.to_string()))?;
        let (Some(id), Some(kind)) = (event["id"].as_str(), event["type"].as_str()) else {
            return Err(BillingError::MalformedEvent(
                "an event needs an id and a type".into(),
            ));
        };
        let object = &event["data"]["object"];
        let subscription_id = match kind {
            "checkout.session.completed" => object["subscription"].as_str(),
            "customer.subscription.created"
            | "customer.subscription.updated"
            | "customer.subscription.deleted" => object["id"].as_str(),
            "invoice.paid" | "invoice.payment_failed" => object["subscription"]
                .as_str()
                .or_else(|| object["parent"]["subscription_details"]["subscription"].as_str()),
            _ => return Ok(WebhookOutcome::Ignored("event type not used")),
        };
        let Some(subscription_id) = subscription_id else {
            return Ok(WebhookOutcome::Ignored("no subscription in the event"));
        };
        if !self.store.claim_event(id, kind).await? {
            return Ok(WebhookOutcome::Duplicate);
        }
        match self.process(object, kind, subscription_id).await {
            Ok(outcome) => {
                let note = match &outcome {
                    WebhookOutcome::Applied { uid, plan } => format!("{uid}: {plan}"),
                    other => format!("{other:?}"),
                };
                self.store.finish_event(id, &note).await?;
                Ok(outcome)
            }
            Err(e) => {
                // Let Stripe's retry process it again.
                if let Err(release) = self.store.release_event(id).await {
                    tracing::error!(event = id, error = %release, "could not release a failed webhook claim");
                }
                Err(e)
            }
        }
    }

    async fn process(
        &self,
        object: &Value,
        kind: &str,
        subscription_id: &str,
    ) -> Result<WebhookOutcome, BillingError> {
        let subscription = self
            .processor
            .subscription(subscription_id)
            .await?
            .ok_or_else(|| {
                ProviderError::Refused(format!("subscription {subscription_id} is unknown"))
            })?;
        let uid = subscription.uid.clone().or_else(|| {
            (kind == "checkout.session.completed")
                .then(|| object["client_reference_id"].as_str().map(str::to_owned))
                .flatten()
        });
        let Some(uid) = uid else {
            return Ok(WebhookOutcome::Ignored("the subscription names no user"));
        };
        if self.users.get(&uid).await?.is_none() {
            return Ok(WebhookOutcome::Ignored("no such user"));
        }
        let session_id = (kind == "checkout.session.completed")
            .then(|| object["id"].as_str())
            .flatten();
        match self.apply(&uid, &subscription, session_id).await? {
            Some(user) => Ok(WebhookOutcome::Applied {
                plan: if user.is_pro(crate::store::now_ms()) {
                    "pro"
                } else {
                    "free"
                },
                uid,
            }),
            None => Ok(WebhookOutcome::Ignored("an older subscription")),
        }
    }
}
