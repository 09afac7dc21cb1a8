//! Offline test-mode payments: the gateway plays Stripe. Checkout is a page served by the
//! gateway, clearly marked TEST MODE, that takes Stripe's test cards and redirects to
//! `/success?session_id=…` exactly as Stripe does; sessions and subscriptions live in memory.
//! Used only when no Stripe key is set on a demo project, or with `LUCENT_BILLING=test`.

use std::collections::HashMap;
use std::sync::Mutex;

use async_trait::async_trait;
use rand::Rng;

use super::ProviderError;
use super::payments::{CheckoutSession, NewCheckout, Payments, SessionInfo, SubscriptionInfo};

pub const CARD_OK: &str = "4242424242424242";
pub const CARD_DECLINED: &str = "4000000000000002";
const PERIOD_SECS: i64 = 30 * 24 * 3600;

#[derive(Debug, Clone)]
struct TestSession {
    info: SessionInfo,
    /// Customer and card details the page shows.
    email: Option<String>,
    success_url: String,
    cancel_url: String,
}

#[derive(Default)]
struct Ledger {
    sessions: HashMap<String, TestSession>,
    subscriptions: HashMap<String, SubscriptionInfo>,
    by_idempotency_key: HashMap<String, String>,
}

#[derive(Default)]
pub struct TestPayments {
    ledger: Mutex<Ledger>,
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

impl TestPayments {
    pub fn new(public_url: &str) -> Self {
        Self {
            ledger: Mutex::default(),
            public_url: public_url.trim_end_matches('/').to_owned(),
        }
    }

    fn ledger(&self) -> std::sync::MutexGuard<'_, Ledger> {
        self.ledger.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn page(&self, session_id: &str) -> Option<PageInfo> {
        let ledger = self.ledger();
        let s = ledger.sessions.get(session_id)?;
        Some(PageInfo {
            email: s.email.clone(),
            cancel_url: s.cancel_url.clone(),
            complete: s.info.status == "complete",
            success_url: s.success_url.clone(),
        })
    }

    /// Pays `session_id` with `card` (spaces allowed), as Stripe's test cards behave.
    pub fn pay(&self, session_id: &str, card: &str) -> Option<CardOutcome> {
        let card: String = card.chars().filter(char::is_ascii_digit).collect();
        let mut ledger = self.ledger();
        let session = ledger.sessions.get(session_id)?.clone();
        if session.info.status == "complete" {
            return Some(CardOutcome::Paid(session.success_url));
        }
        match card.as_str() {
            CARD_OK => {}
            CARD_DECLINED => return Some(CardOutcome::Declined("Your card was declined.")),
            _ => {
                return Some(CardOutcome::Declined(
                    "Your card number is incorrect. In test mode use 4242 4242 4242 4242.",
                ));
            }
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
        let entry = ledger.sessions.get_mut(session_id)?;
        entry.info.status = "complete".into();
        entry.info.payment_status = "paid".into();
        entry.info.customer = Some(customer);
        entry.info.subscription = Some(subscription.id.clone());
        ledger
            .subscriptions
            .insert(subscription.id.clone(), subscription);
        Some(CardOutcome::Paid(session.success_url))
    }

    /// The customer's live subscription, cancelled at once (the test portal's button).
    pub fn cancel(&self, customer: &str) -> Option<SubscriptionInfo> {
        let mut ledger = self.ledger();
        let sub = ledger
            .subscriptions
            .values_mut()
            .find(|s| s.customer == customer && s.status == "active")?;
        sub.status = "canceled".into();
        Some(sub.clone())
    }

    pub fn has_customer(&self, customer: &str) -> bool {
        self.ledger()
            .subscriptions
            .values()
            .any(|s| s.customer == customer)
    }
}

#[async_trait]
impl Payments for TestPayments {
    async fn create_checkout(&self, new: &NewCheckout) -> Result<CheckoutSession, ProviderError> {
        let mut ledger = self.ledger();
        if let Some(id) = ledger.by_idempotency_key.get(&new.idempotency_key).cloned()
            && ledger
                .sessions
                .get(&id)
                .is_some_and(|s| s.info.status == "open")
        {
            return Ok(CheckoutSession {
                url: format!("{}/checkout/test/{id}", self.public_url),
                id,
            });
        }
        let id = token("cs");
        let session = TestSession {
            info: SessionInfo {
                id: id.clone(),
                status: "open".into(),
                payment_status: "unpaid".into(),
                client_reference_id: Some(new.uid.clone()),
                customer: new.customer.clone(),
                subscription: None,
            },
            email: new.email.clone(),
            success_url: new.success_url.replace("{CHECKOUT_SESSION_ID}", &id),
            cancel_url: new.cancel_url.clone(),
        };
        ledger.sessions.insert(id.clone(), session);
        ledger
            .by_idempotency_key
            .insert(new.idempotency_key.clone(), id.clone());
        Ok(CheckoutSession {
            url: format!("{}/checkout/test/{id}", self.public_url),
            id,
        })
    }

    async fn session(&self, id: &str) -> Result<Option<SessionInfo>, ProviderError> {
        Ok(self.ledger().sessions.get(id).map(|s| s.info.clone()))
    }

    async fn subscription(&self, id: &str) -> Result<Option<SubscriptionInfo>, ProviderError> {
        Ok(self.ledger().subscriptions.get(id).cloned())
    }

    async fn portal(&self, customer: &str, return_url: &str) -> Result<String, ProviderError> {
        let return_url =
            url::form_urlencoded::byte_serialize(return_url.as_bytes()).collect::<String>();
        Ok(format!(
            "{}/checkout/test/portal/{customer}?return_url={return_url}",
            self.public_url
        ))
    }
}
