//! The age checks `LUCENT_AGE_CHECK` names, built for explicit imagery's sake.

use std::sync::Arc;

use secrecy::ExposeSecret;

use super::required;
use crate::age::{self, AgeChecks, persona::Persona, test_mode::TestAgeChecks};
use crate::billing::test_mode::Ledger;
use crate::config::Config;
use crate::store::Store;
use crate::users::Users;

/// The age checks `LUCENT_AGE_CHECK` asks for. A real project that chose none while its
/// catalog has explicit styles does not start: explicit imagery needs a provider, or the
/// deployer's explicit `off`.
pub(super) fn age_checks(
    config: &Config,
    http: &reqwest::Client,
    store: &Arc<dyn Store>,
    users: &Users,
    ledger: Box<dyn Ledger>,
    explicit: bool,
) -> anyhow::Result<AgeChecks> {
    let public_url = config.public_url.as_str().trim_end_matches('/');
    let mut test = None;
    let (provider, secrets): (Option<Arc<dyn age::Provider>>, Vec<String>) = match config
        .age_check_mode()
    {
        None if explicit => anyhow::bail!(
            "LUCENT_AGE_CHECK: the catalog has explicit styles and no age check is configured; set LUCENT_AGE_CHECK=persona with PERSONA_API_KEY, PERSONA_TEMPLATE_ID and PERSONA_WEBHOOK_SECRET, or LUCENT_AGE_CHECK=off if the law where you serve does not require one"
        ),
        None => (None, Vec::new()),
        Some(age::Mode::Off) => {
            if explicit {
                tracing::warn!("{}", age::OFF_WARNING);
            }
            (None, Vec::new())
        }
        Some(age::Mode::Test) => {
            let page = Arc::new(TestAgeChecks::new(public_url, ledger));
            test = Some(Arc::clone(&page));
            (Some(page), vec![age::test_mode::SECRET.to_owned()])
        }
        Some(age::Mode::Persona) => {
            let key = required(&config.persona_api_key, "PERSONA_API_KEY")?;
            let secrets = required(&config.persona_webhook_secret, "PERSONA_WEBHOOK_SECRET")?;
            let template = required(&config.persona_template_id, "PERSONA_TEMPLATE_ID")?;
            let persona =
                Persona::new(http.clone(), config.persona_api_base.clone(), key, template);
            let secrets = secrets
                .expose_secret()
                .split(',')
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect();
            (Some(Arc::new(persona)), secrets)
        }
    };
    Ok(AgeChecks::new(
        provider,
        test,
        Arc::clone(store),
        users.clone(),
        secrets,
        config.persona_redact,
        public_url,
    ))
}
