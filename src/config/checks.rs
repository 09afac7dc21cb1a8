//! Checks that span several variables, made once every value has parsed on its own; each
//! error names the variable to fix.

use super::{BillingMode, Config};
use crate::worker::backend::BackendSpec;

/// A start that cannot be allowed, found after the values parsed one by one.
#[derive(Debug, thiserror::Error)]
#[error("{variable}: {message}")]
pub struct ConfigError {
    pub variable: &'static str,
    pub message: String,
}

impl Config {
    /// Checks that span several variables; each error names the variable to fix.
    pub fn validate(&self) -> Result<(), ConfigError> {
        self.check_secrets()?;
        let fail = |variable, message: &str| {
            Err(ConfigError {
                variable,
                message: message.to_owned(),
            })
        };
        if self.billing.is_none() && self.stripe_secret_key.is_none() && !self.is_demo_project() {
            return fail(
                "LUCENT_BILLING",
                "a real project without a processor would take no payments; set LUCENT_BILLING=verotel or stripe with its variables (README, Choosing a processor), or LUCENT_BILLING=test explicitly",
            );
        }
        if self.billing_mode() == BillingMode::Verotel {
            for (variable, set) in [
                ("VEROTEL_SHOP_ID", self.verotel_shop_id.is_some()),
                (
                    "VEROTEL_SIGNATURE_KEY",
                    self.verotel_signature_key.is_some(),
                ),
                ("VEROTEL_API_USER", self.verotel_api_user.is_some()),
                ("VEROTEL_API_PASSWORD", self.verotel_api_password.is_some()),
            ] {
                if !set {
                    return fail(variable, "required when LUCENT_BILLING=verotel");
                }
            }
            if self
                .verotel_shop_id
                .as_deref()
                .is_some_and(|id| id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()))
            {
                return fail("VEROTEL_SHOP_ID", "a website id is a number");
            }
        }
        if self.billing_mode() == BillingMode::Stripe {
            if self.stripe_secret_key.is_none() {
                return fail("STRIPE_SECRET_KEY", "required when LUCENT_BILLING=stripe");
            }
            if self.stripe_price_id.is_none() {
                return fail("STRIPE_PRICE_ID", "required when LUCENT_BILLING=stripe");
            }
            if self.stripe_webhook_secret.is_none() {
                return fail(
                    "STRIPE_WEBHOOK_SECRET",
                    "required when LUCENT_BILLING=stripe",
                );
            }
        }
        match self.age_check_mode() {
            Some(crate::age::Mode::Persona) => {
                for (variable, set) in [
                    ("PERSONA_API_KEY", self.persona_api_key.is_some()),
                    ("PERSONA_TEMPLATE_ID", self.persona_template_id.is_some()),
                    (
                        "PERSONA_WEBHOOK_SECRET",
                        self.persona_webhook_secret.is_some(),
                    ),
                ] {
                    if !set {
                        return fail(variable, "required when LUCENT_AGE_CHECK=persona");
                    }
                }
            }
            Some(crate::age::Mode::Test) if !self.is_demo_project() => {
                return fail(
                    "LUCENT_AGE_CHECK",
                    "test mode lets anyone approve their own age: it runs on demo projects only; set LUCENT_AGE_CHECK=persona with the PERSONA_ variables, or off",
                );
            }
            _ => {}
        }
        if self.c2pa_cert.is_some() != self.c2pa_key.is_some() {
            return fail(
                "LUCENT_C2PA_CERT",
                "LUCENT_C2PA_CERT and LUCENT_C2PA_KEY go together: set both, or neither",
            );
        }
        if !self.is_demo_project() && !self.dangerously_allow_emulators {
            for (variable, set) in [
                (
                    "FIREBASE_AUTH_EMULATOR_HOST",
                    self.auth_emulator_host.is_some(),
                ),
                (
                    "FIREBASE_DATABASE_EMULATOR_HOST",
                    self.database_emulator_host.is_some(),
                ),
            ] {
                if set {
                    return fail(
                        variable,
                        "set on a real (non demo-) project: the emulators accept unsigned tokens and hold no real data. Unset it, or set LUCENT_DANGEROUSLY_ALLOW_EMULATORS_ON_A_REAL_PROJECT=true if this is a test",
                    );
                }
            }
        }
        if self.database_emulator_host.is_some() && self.database_url.is_none() {
            return fail(
                "FIREBASE_DATABASE_URL",
                "required with FIREBASE_DATABASE_EMULATOR_HOST (it names the namespace)",
            );
        }
        if self.generator == BackendSpec::None && self.redis_url.is_none() {
            return fail(
                "LUCENT_GENERATOR",
                "none means workers elsewhere take the jobs, through LUCENT_REDIS_URL; set it",
            );
        }
        if self.pro_monthly == 0 {
            return fail("LUCENT_PRO_MONTHLY", "must be at least 1");
        }
        if self.email_key.is_none() && !self.is_demo_project() {
            return fail(
                "LUCENT_EMAIL_KEY",
                "a real project keeps a keyed hash of a deleted account's verified email; set at least 32 random characters",
            );
        }
        Ok(())
    }
}
