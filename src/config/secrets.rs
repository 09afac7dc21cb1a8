//! The secrets the gateway checks signatures with or signs in with, each refused at start when
//! empty or shorter than its provider issues: an empty `VEROTEL_SIGNATURE_KEY` would let anyone
//! sign a postback that grants Premium, and a short one can be guessed.

use secrecy::{ExposeSecret, SecretString};

use super::{Config, ConfigError};

impl Config {
    /// Every secret that is set is long enough to be one its issuer handed out.
    pub(super) fn check_secrets(&self) -> Result<(), ConfigError> {
        for (variable, least, issued, secret) in self.secrets() {
            let Some(secret) = secret else {
                continue;
            };
            // Persona's webhook secrets come two at a time while one is rotated.
            let values: Vec<&str> = if variable == "PERSONA_WEBHOOK_SECRET" {
                secret.expose_secret().split(',').map(str::trim).collect()
            } else {
                vec![secret.expose_secret().trim()]
            };
            if let Some(short) = values.iter().find(|v| v.chars().count() < least) {
                let what = if short.is_empty() {
                    "is empty".to_owned()
                } else {
                    format!("has {} characters", short.chars().count())
                };
                return Err(ConfigError {
                    variable,
                    message: format!(
                        "{what}, fewer than the {least} a real one has ({issued}); unset it or set the real one"
                    ),
                });
            }
        }
        Ok(())
    }

    /// Each secret's variable, the fewest characters a real one has, what its issuer hands
    /// out, and its value.
    fn secrets(&self) -> [(&'static str, usize, &'static str, Option<&SecretString>); 9] {
        [
            (
                "STRIPE_SECRET_KEY",
                32,
                "Stripe's keys are sk_live_ or rk_live_ and at least 24 characters more",
                self.stripe_secret_key.as_ref(),
            ),
            (
                "STRIPE_WEBHOOK_SECRET",
                32,
                "Stripe's endpoint secrets are whsec_ and 32 characters more",
                self.stripe_webhook_secret.as_ref(),
            ),
            (
                "VEROTEL_SIGNATURE_KEY",
                20,
                "the Control Center's FlexPay signature keys are about 30 letters and digits",
                self.verotel_signature_key.as_ref(),
            ),
            (
                "VEROTEL_API_PASSWORD",
                8,
                "the Control Center API's password",
                self.verotel_api_password.as_ref(),
            ),
            (
                "PERSONA_API_KEY",
                40,
                "Persona's keys are persona_sandbox_ or persona_production_ and a UUID",
                self.persona_api_key.as_ref(),
            ),
            (
                "PERSONA_WEBHOOK_SECRET",
                20,
                "Persona's webhook secrets are wbhsec_ and a UUID, each of the comma-separated ones",
                self.persona_webhook_secret.as_ref(),
            ),
            (
                "LUCENT_METRICS_TOKEN",
                16,
                "choose at least 16 random characters: anyone who guesses it reads the metrics",
                self.metrics_token.as_ref(),
            ),
            (
                "LUCENT_EMAIL_KEY",
                32,
                "choose at least 32 random characters: with it, anyone can test an address against the tombstones",
                self.email_key.as_ref(),
            ),
            (
                "LUCENT_MODERATION_KEY",
                20,
                "OpenAI's API keys are sk- and 48 characters or more",
                self.moderation_key.as_ref(),
            ),
        ]
    }
}
