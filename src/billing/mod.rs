//! Premium: $9.99 a month through a card processor (Stripe, Verotel FlexPay, or the offline
//! test checkout), recorded only after the processor confirms the payment (on the success page,
//! or by its signed events), never on the browser's word.

mod error;
pub mod processor;
pub mod session;
pub mod signature;
pub mod stripe;
pub mod test_mode;
pub mod verotel;
mod webhook;

use std::collections::BTreeMap;
use std::sync::Arc;

use secrecy::{ExposeSecret, SecretString};

use crate::coordination::lease::Leases;
use crate::store::{Sale, Store, Subscription, UserRecord, now_ms};
use crate::users::{Caller, Users};
pub use error::{BillingError, ProviderError};
use processor::{CHECKOUT_PLACEHOLDER, NewSubscription, Processor, Returned, SubscriptionInfo};
use test_mode::TestPayments;
use verotel::Verotel;

pub use webhook::WebhookOutcome;

pub struct Billing {
    /// The configured processor, behind the port every one of them fits.
    pub processor: Arc<dyn Processor>,
    /// The offline checkout's own pages, in test mode.
    pub test: Option<Arc<TestPayments>>,
    /// FlexPay's postbacks, when Verotel is the processor.
    verotel: Option<Arc<Verotel>>,
    webhook_secret: Option<SecretString>,
    /// Where the payment pages send the browser back to (no trailing slash).
    public_url: String,
    users: Users,
    /// Event claims.
    store: Arc<dyn Store>,
    /// Orders the changes of one record made from a processor's events, across instances.
    leases: Arc<dyn Leases>,
}

/// The processor a deployment is configured with, and what it needs besides the port.
pub enum Configured {
    Stripe(Arc<stripe::StripeApi>, SecretString),
    Test(Arc<TestPayments>),
    Verotel(Arc<Verotel>),
}

impl Billing {
    pub fn new(
        configured: Configured,
        public_url: &str,
        users: Users,
        store: Arc<dyn Store>,
        leases: Arc<dyn Leases>,
    ) -> Self {
        let (processor, test, verotel, webhook_secret): (Arc<dyn Processor>, _, _, _) =
            match configured {
                Configured::Stripe(stripe, secret) => (stripe, None, None, Some(secret)),
                Configured::Test(test) => (test.clone(), Some(test), None, None),
                Configured::Verotel(verotel) => (verotel.clone(), None, Some(verotel), None),
            };
        Self {
            processor,
            test,
            verotel,
            webhook_secret,
            public_url: public_url.trim_end_matches('/').to_owned(),
            users,
            store,
            leases,
        }
    }

    /// A checkout with the processor for the caller; its id is merged into their record.
    pub async fn checkout(&self, caller: &Caller) -> Result<String, BillingError> {
        let record = self.users.profile(&caller.uid).await?;
        if record.is_pro(now_ms()) {
            return Err(BillingError::AlreadySubscribed);
        }
        if record.suspension.is_some() {
            return Err(BillingError::Suspended);
        }
        let minute = chrono::Utc::now().timestamp() / 60;
        let new = NewSubscription {
            uid: caller.uid.clone(),
            email: caller
                .email
                .clone()
                .or(Some(record.email.clone()).filter(|e| !e.is_empty())),
            earlier: record.subscription.clone(),
            success_url: format!(
                "{}/success?session_id={CHECKOUT_PLACEHOLDER}",
                self.public_url
            ),
            cancel_url: format!("{}/cancel", self.public_url),
            idempotency_key: format!("checkout-{}-{minute}", caller.uid),
        };
        let started = self.processor.start(&new).await?;
        let patch = Subscription {
            session_id: Some(started.checkout_id),
            updated_at: Some(now_ms()),
            ..Default::default()
        };
        self.users.merge_subscription(&caller.uid, &patch).await?;
        Ok(started.url)
    }

    /// The success page's call: the processor must confirm the checkout is the caller's and paid.
    pub async fn confirm(
        &self,
        uid: &str,
        session_id: &str,
        firebase_id: &str,
    ) -> Result<UserRecord, BillingError> {
        if firebase_id != uid {
            return Err(BillingError::UidMismatch);
        }
        let record = self.users.profile(uid).await?;
        let returned = self
            .processor
            .confirm_return(uid, session_id, record.subscription.as_ref())
            .await?;
        match returned {
            Returned::Paid(subscription) => {
                match self.apply(uid, &subscription, Some(session_id)).await? {
                    Some(applied) => Ok(applied),
                    None => Ok(self.users.profile(uid).await?),
                }
            }
            Returned::Recorded => Ok(record),
        }
    }

    /// The processor's page to manage (cancel) the subscription, for callers who have paid.
    pub async fn portal(&self, uid: &str) -> Result<String, BillingError> {
        let record = self.users.profile(uid).await?;
        let subscription = record.subscription.ok_or(BillingError::NoSubscription)?;
        self.processor
            .manage_link(&subscription, &format!("{}/profile", self.public_url))
            .await
    }

    /// The app's public base URL, without a trailing slash.
    pub fn public_url(&self) -> &str {
        &self.public_url
    }

    fn webhook_secret(&self) -> Option<&str> {
        self.webhook_secret
            .as_ref()
            .map(ExposeSecret::expose_secret)
    }

    /// Records the subscription's current state on the user; `None` when it was ignored
    /// because it is an older subscription than the one on record and would only take
    /// Premium away.
    pub async fn apply(
        &self,
        uid: &str,
        sub: &SubscriptionInfo,
        session_id: Option<&str>,
    ) -> Result<Option<UserRecord>, BillingError> {
        let pro = grants_pro(&sub.status);
        let current_period_end = sub.current_period_end.map(|s| s * 1000);
        // Every subscription is kept in the record's sales, whichever sets the plan, so that a
        // second one paid beside the first is seen by support and canceled with the account.
        let sale = Sale {
            processor: self.processor.name().into(),
            status: sub.status.clone(),
            current_period_end,
            updated_at: now_ms(),
        };
        let ledger = Subscription {
            sales: BTreeMap::from([(sub.id.clone(), sale)]),
            ..Subscription::default()
        };
        if let Some(current) = self.users.get(uid).await?.and_then(|u| u.subscription)
            && current
                .subscription_id
                .as_deref()
                .is_some_and(|id| id != sub.id)
            && !pro
        {
            tracing::info!(%uid, subscription = %sub.id, "a lapsed subscription that is not the current one: recorded, the plan kept");
            self.users.merge_subscription(uid, &ledger).await?;
            return Ok(None);
        }
        // Where the subscription that set the plan ended, the store's merge lets another one
        // still paid set it (`Subscription::promote_paid_sale`).
        let patch = Subscription {
            plan_type: Some(if pro { "pro" } else { "free" }.into()),
            status: Some(sub.status.clone()),
            session_id: session_id.map(str::to_owned),
            customer_id: Some(sub.customer.clone()),
            subscription_id: Some(sub.id.clone()),
            current_period_end,
            updated_at: Some(now_ms()),
            ..ledger
        };
        Ok(Some(self.users.merge_subscription(uid, &patch).await?))
    }
}

/// Whether a subscription in this state gives Premium. `past_due` keeps access while Stripe
/// retries the card; `canceled`, `unpaid`, `incomplete_expired` (and the rest) end it.
pub fn grants_pro(status: &str) -> bool {
    matches!(status, "active" | "trialing" | "past_due")
}
