//! The card processor `LUCENT_BILLING` names, built behind billing's one port.

use std::sync::Arc;
use std::time::Duration;

use secrecy::SecretString;

use super::required;
use crate::billing::stripe::StripeApi;
use crate::billing::test_mode::{Ledger, TestPayments};
use crate::billing::verotel::{Verotel, VerotelAccount};
use crate::billing::{Billing, Configured};
use crate::config::{BillingMode, Config};
use crate::coordination::lease::Leases;
use crate::store::Store;
use crate::users::Users;

pub(super) fn billing(
    config: &Config,
    http: &reqwest::Client,
    users: &Users,
    store: &Arc<dyn Store>,
    test_ledger: Box<dyn Ledger>,
    leases: Arc<dyn Leases>,
    explicit: bool,
) -> anyhow::Result<Billing> {
    let public_url = config.public_url.as_str().trim_end_matches('/');
    let configured = match config.billing_mode() {
        BillingMode::Test => Configured::Test(Arc::new(TestPayments::new(public_url, test_ledger))),
        BillingMode::Stripe => {
            if explicit {
                // Stripe's prohibited-businesses list names sexually explicit content.
                tracing::warn!(
                    "the catalog has explicit styles and payments go through Stripe, which does not accept adult content; see README.md, \"Choosing a processor\""
                );
            }
            let api = StripeApi::new(
                http.clone(),
                config.stripe_api_base.clone(),
                required(&config.stripe_secret_key, "STRIPE_SECRET_KEY")?,
                required(&config.stripe_price_id, "STRIPE_PRICE_ID")?,
                Duration::from_secs(config.payments_timeout),
            );
            let secret: SecretString =
                required(&config.stripe_webhook_secret, "STRIPE_WEBHOOK_SECRET")?;
            Configured::Stripe(Arc::new(api), secret)
        }
        BillingMode::Verotel => Configured::Verotel(Arc::new(Verotel::new(
            http.clone(),
            VerotelAccount {
                shop_id: required(&config.verotel_shop_id, "VEROTEL_SHOP_ID")?,
                signature_key: required(&config.verotel_signature_key, "VEROTEL_SIGNATURE_KEY")?,
                base: config.verotel_base_url.clone(),
                control_center: config.verotel_control_center_url.clone(),
                api_user: required(&config.verotel_api_user, "VEROTEL_API_USER")?,
                api_password: required(&config.verotel_api_password, "VEROTEL_API_PASSWORD")?,
            },
            Duration::from_secs(config.payments_timeout),
        ))),
    };
    Ok(Billing::new(
        configured,
        public_url,
        users.clone(),
        Arc::clone(store),
        leases,
    ))
}
