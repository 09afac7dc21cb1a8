//! Premium: $9.99 a month through Stripe Checkout, recorded only after Stripe confirms the
//! payment (on the success page, through the API, or by webhook), never on the browser's word.

pub mod payments;
pub mod signature;
pub mod stripe;
pub mod test_mode;
mod webhook;

use std::sync::Arc;

use secrecy::{ExposeSecret, SecretString};

use crate::auth::AuthUser;
use crate::config::{BillingMode, Config};
use crate::http::ApiError;
use crate::store::{Subscription, UserRecord, now_ms};
use crate::users::Users;
use payments::{NewCheckout, Payments, SubscriptionInfo};
use test_mode::TestPayments;

pub use webhook::WebhookOutcome;

pub struct Billing {
    /// Stripe, or the offline test checkout.
    pub payments: Arc<dyn Payments>,
    /// The same object as `payments` in test mode, for its pages.
    pub test: Option<Arc<TestPayments>>,
    webhook_secret: Option<SecretString>,
    public_url: String,
}

impl Billing {
    pub fn from_config(config: &Config, http: &reqwest::Client) -> anyhow::Result<Self> {
        let public_url = config.public_url.as_str().trim_end_matches('/').to_owned();
        let (payments, test): (Arc<dyn Payments>, _) = match config.billing_mode() {
            BillingMode::Test => {
                let test = Arc::new(TestPayments::new(&public_url));
                (Arc::clone(&test) as Arc<dyn Payments>, Some(test))
            }
            BillingMode::Stripe => {
                let secret = config
                    .stripe_secret_key
                    .clone()
                    .ok_or_else(|| anyhow::anyhow!("STRIPE_SECRET_KEY: required"))?;
                let price = config
                    .stripe_price_id
                    .clone()
                    .ok_or_else(|| anyhow::anyhow!("STRIPE_PRICE_ID: required"))?;
                let api = stripe::StripeApi::new(
                    http.clone(),
                    config.stripe_api_base.clone(),
                    secret,
                    price,
                );
                (Arc::new(api) as Arc<dyn Payments>, None)
            }
        };
        Ok(Self {
            payments,
            test,
            webhook_secret: config.stripe_webhook_secret.clone(),
            public_url,
        })
    }

    /// A Checkout Session for the caller; the session id is merged into their record.
    pub async fn checkout(&self, users: &Users, user: &AuthUser) -> Result<String, ApiError> {
        let record = profile(users, &user.uid).await?;
        if record.is_pro(now_ms()) {
            return Err(ApiError::Conflict {
                code: "already_subscribed",
                message: "You are already subscribed to Premium.".into(),
            });
        }
        let minute = chrono::Utc::now().timestamp() / 60;
        let new = NewCheckout {
            uid: user.uid.clone(),
            email: user
                .email
                .clone()
                .or(Some(record.email.clone()).filter(|e| !e.is_empty())),
            customer: record
                .subscription
                .as_ref()
                .and_then(|s| s.customer_id.clone()),
            success_url: format!(
                "{}/success?session_id={{CHECKOUT_SESSION_ID}}",
                self.public_url
            ),
            cancel_url: format!("{}/cancel", self.public_url),
            idempotency_key: format!("checkout-{}-{minute}", user.uid),
        };
        let session = self.payments.create_checkout(&new).await?;
        let patch = Subscription {
            session_id: Some(session.id),
            updated_at: Some(now_ms()),
            ..Default::default()
        };
        users.merge_subscription(&user.uid, &patch).await?;
        Ok(session.url)
    }

    /// The success page's call: the session must be the caller's, complete and paid.
    pub async fn confirm(
        &self,
        users: &Users,
        user: &AuthUser,
        session_id: &str,
        firebase_id: &str,
    ) -> Result<UserRecord, ApiError> {
        if firebase_id != user.uid {
            return Err(ApiError::forbidden(
                "uid_mismatch",
                "firebaseId must be the signed-in user",
            ));
        }
        profile(users, &user.uid).await?;
        let session = self
            .payments
            .session(session_id)
            .await?
            .ok_or(ApiError::NotFound {
                what: "checkout session",
            })?;
        if session.client_reference_id.as_deref() != Some(user.uid.as_str()) {
            return Err(ApiError::forbidden(
                "session_not_yours",
                "this checkout session belongs to another account",
            ));
        }
        let paid = matches!(
            session.payment_status.as_str(),
            "paid" | "no_payment_required"
        );
        if session.status != "complete" || !paid {
            return Err(ApiError::Conflict {
                code: "payment_incomplete",
                message: format!(
                    "the payment is not complete yet (status {}, payment {})",
                    session.status, session.payment_status
                ),
            });
        }
        let subscription_id =
            session
                .subscription
                .as_deref()
                .ok_or_else(|| ApiError::BadGateway {
                    code: "stripe_error",
                    message: "the paid session has no subscription".into(),
                })?;
        let subscription = self
            .payments
            .subscription(subscription_id)
            .await?
            .ok_or_else(|| ApiError::BadGateway {
                code: "stripe_error",
                message: "the session's subscription does not exist".into(),
            })?;
        let applied = apply(users, &user.uid, &subscription, Some(session_id)).await?;
        Ok(applied.unwrap_or(profile(users, &user.uid).await?))
    }

    /// The customer portal (cancel, change card), for callers who have paid before.
    pub async fn portal(&self, users: &Users, user: &AuthUser) -> Result<String, ApiError> {
        let record = profile(users, &user.uid).await?;
        let customer = record
            .subscription
            .as_ref()
            .and_then(|s| s.customer_id.clone())
            .ok_or_else(|| {
                ApiError::forbidden("pro_required", "there is no subscription to manage")
            })?;
        self.payments
            .portal(&customer, &format!("{}/profile", self.public_url))
            .await
    }

    pub fn webhook_secret(&self) -> Option<&str> {
        self.webhook_secret
            .as_ref()
            .map(ExposeSecret::expose_secret)
    }
}

async fn profile(users: &Users, uid: &str) -> Result<UserRecord, ApiError> {
    users.get(uid).await?.ok_or_else(|| ApiError::Conflict {
        code: "profile_missing",
        message: "no profile yet: POST /api/v1/me with a username first".into(),
    })
}

/// Whether a subscription in this state gives Premium. `past_due` keeps access while Stripe
/// retries the card; `canceled`, `unpaid`, `incomplete_expired` (and the rest) end it.
pub fn grants_pro(status: &str) -> bool {
    matches!(status, "active" | "trialing" | "past_due")
}

/// Records the subscription's current state on the user; `None` when it was ignored because
/// it is an older subscription than the one on record and would only take Premium away.
pub async fn apply(
    users: &Users,
    uid: &str,
    sub: &SubscriptionInfo,
    session_id: Option<&str>,
) -> Result<Option<UserRecord>, ApiError> {
    let pro = grants_pro(&sub.status);
    if let Some(current) = users.get(uid).await?.and_then(|u| u.subscription)
        && current
            .subscription_id
            .as_deref()
            .is_some_and(|id| id != sub.id)
        && !pro
    {
        tracing::info!(%uid, subscription = %sub.id, "ignoring a lapsed subscription that is not the current one");
        return Ok(None);
    }
    let patch = Subscription {
        plan_type: Some(if pro { "pro" } else { "free" }.into()),
        status: Some(sub.status.clone()),
        session_id: session_id.map(str::to_owned),
        customer_id: Some(sub.customer.clone()),
        subscription_id: Some(sub.id.clone()),
        current_period_end: sub.current_period_end.map(|s| s * 1000),
        updated_at: Some(now_ms()),
    };
    Ok(Some(users.merge_subscription(uid, &patch).await?))
}
