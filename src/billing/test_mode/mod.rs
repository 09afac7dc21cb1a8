//! Offline test-mode payments: the gateway plays Stripe. Checkout is a page served by the
//! gateway, clearly marked TEST MODE, that takes Stripe's test cards and redirects to
//! `/success?session_id=…` exactly as Stripe does. Sessions and subscriptions live in a
//! [`Ledger`]: in memory on one machine, in Redis when instances share state.
//! Used only when no Stripe key is set on a demo project, or with `LUCENT_BILLING=test`.

mod ledger;
mod processor;

use std::time::Duration;

use rand::Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::ProviderError;
use super::processor::{Started, SubscriptionInfo};
use super::session::SessionInfo;
pub use ledger::{Ledger, MemoryLedger, RedisLedger};

pub const CARD_OK: &str = "4242424242424242";
pub const CARD_DECLINED: &str = "4000000000000002";
const PERIOD_SECS: i64 = 30 * 24 * 3600;
/// Stripe expires an unpaid Checkout Session after a day.
const KEEP_SESSION: Duration = Duration::from_secs(24 * 3600);
/// Long enough for a test subscription to be managed in the portal for a few periods.
const KEEP_SUBSCRIPTION: Duration = Duration::from_secs(120 * 24 * 3600);

#[derive(Debug, Clone, Serialize, Deserialize)]
struct TestSession {
    info: SessionInfo,
    /// Customer and card details the page shows.
    email: Option<String>,
    success_url: String,
    cancel_url: String,
}

pub struct TestPayments {
    ledger: Box<dyn Ledger>,
    public_url: String,
}

/// What the checkout page should show after a card was tried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardOutcome {
    /// Go here (the success URL with the session id).
    Paid(String),
    Declined(&'static str),
}

/// A checkout page to render.
#[derive(Debug, Clone)]
pub struct PageInfo {
    pub email: Option<String>,
    pub cancel_url: String,
    pub complete: bool,
    pub success_url: String,
}

fn token(prefix: &str) -> String {
    let mut rng = rand::rng();
    let tail: String = (0..24)
        .map(|_| {
            char::from(
                b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                    [rng.random_range(0..62)],
            )
        })
        .collect();
    format!("{prefix}_test_{tail}")
}

fn corrupt(key: &str, e: serde_json::Error) -> ProviderError {
    ProviderError::Refused(format!("test ledger entry {key}: {e}"))
}

impl TestPayments {
    pub fn new(public_url: &str, ledger: Box<dyn Ledger>) -> Self {
        Self {
            ledger,
            public_url: public_url.trim_end_matches('/').to_owned(),
        }
    }

    async fn read<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, ProviderError> {
        match self.ledger.get(key).await? {
            Some(json) => serde_json::from_str(&json)
                .map(Some)
                .map_err(|e| corrupt(key, e)),
            None => Ok(None),
        }
    }

    async fn write<T: Serialize>(
        &self,
        key: &str,
        value: &T,
        keep: Duration,
    ) -> Result<(), ProviderError> {
        let json = serde_json::to_string(value).map_err(|e| corrupt(key, e))?;
        self.ledger.put(key, &json, keep, false).await.map(drop)
    }

    async fn test_session(&self, id: &str) -> Result<Option<TestSession>, ProviderError> {
        self.read(&format!("session:{id}")).await
    }

    async fn save_session(&self, session: &TestSession) -> Result<(), ProviderError> {
        let key = format!("session:{}", session.info.id);
        self.write(&key, session, KEEP_SESSION).await
    }

    async fn save_subscription(&self, sub: &SubscriptionInfo) -> Result<(), ProviderError> {
        let key = format!("subscription:{}", sub.id);
        self.write(&key, sub, KEEP_SUBSCRIPTION).await
    }

    /// The customer's latest subscription.
    async fn customer_subscription(
        &self,
        customer: &str,
    ) -> Result<Option<SubscriptionInfo>, ProviderError> {
        let Some(id) = self.read::<String>(&format!("customer:{customer}")).await? else {
            return Ok(None);
        };
        self.read(&format!("subscription:{id}")).await
    }

    /// The session an idempotency key names, while it is still open.
    async fn open_session_for(&self, repeat: &str) -> Result<Option<String>, ProviderError> {
        let Some(id) = self.read::<String>(repeat).await? else {
            return Ok(None);
        };
        let open = self
            .test_session(&id)
            .await?
            .is_some_and(|s| s.info.status == "open");
        Ok(open.then_some(id))
    }

    fn started(&self, id: String) -> Started {
        Started {
            url: format!("{}/checkout/test/{id}", self.public_url),
            checkout_id: id,
        }
    }

    /// A checkout session as Stripe would answer for it; `Ok(None)` when there is none.
    pub async fn session(&self, id: &str) -> Result<Option<SessionInfo>, ProviderError> {
        Ok(self.test_session(id).await?.map(|s| s.info))
    }

    pub async fn page(&self, session_id: &str) -> Result<Option<PageInfo>, ProviderError> {
        Ok(self.test_session(session_id).await?.map(|s| PageInfo {
            email: s.email,
            cancel_url: s.cancel_url,
            complete: s.info.status == "complete",
            success_url: s.success_url,
        }))
    }

    /// Pays `session_id` with `card` (spaces allowed), as Stripe's test cards behave.
    pub async fn pay(
        &self,
        session_id: &str,
        card: &str,
    ) -> Result<Option<CardOutcome>, ProviderError> {
        let card: String = card.chars().filter(char::is_ascii_digit).collect();
        let Some(mut session) = self.test_session(session_id).await? else {
            return Ok(None);
        };
        if session.info.status == "complete" {
            return Ok(Some(CardOutcome::Paid(session.success_url)));
        }
        match card.as_str() {
            CARD_OK => {}
            CARD_DECLINED => return Ok(Some(CardOutcome::Declined("Your card was declined."))),
            _ => {
                return Ok(Some(CardOutcome::Declined(
                    "Your card number is incorrect. In test mode use 4242 4242 4242 4242.",
                )));
            }
        }
        // Two submits of one form (two tabs, two instances) make one subscription.
        let first = self
            .ledger
            .put(&format!("paid:{session_id}"), "1", KEEP_SESSION, true)
            .await?;
        if !first {
            return Ok(Some(CardOutcome::Paid(session.success_url)));
        }
        let customer = session
            .info
            .customer
            .clone()
            .unwrap_or_else(|| token("cus"));
        let subscription = SubscriptionInfo {
            id: token("sub"),
            customer: customer.clone(),
            status: "active".into(),
            current_period_end: Some(chrono::Utc::now().timestamp() + PERIOD_SECS),
            uid: session.info.client_reference_id.clone(),
        };
        self.save_subscription(&subscription).await?;
        self.write(
            &format!("customer:{customer}"),
            &subscription.id,
            KEEP_SUBSCRIPTION,
        )
        .await?;
        session.info.status = "complete".into();
        session.info.payment_status = "paid".into();
        session.info.customer = Some(customer);
        session.info.subscription = Some(subscription.id);
        self.save_session(&session).await?;
        Ok(Some(CardOutcome::Paid(session.success_url)))
    }

    /// The customer's live subscription, cancelled at once (the test portal's button).
    pub async fn cancel_customer(
        &self,
        customer: &str,
    ) -> Result<Option<SubscriptionInfo>, ProviderError> {
        let Some(mut sub) = self.customer_subscription(customer).await? else {
            return Ok(None);
        };
        if sub.status != "active" {
            return Ok(None);
        }
        sub.status = "canceled".into();
        self.save_subscription(&sub).await?;
        Ok(Some(sub))
    }

    pub async fn has_customer(&self, customer: &str) -> Result<bool, ProviderError> {
        Ok(self.customer_subscription(customer).await?.is_some())
    }
}
