//! The content gate's reader of meaning that `LUCENT_MEANING` names.

use std::sync::Arc;

use crate::config::{Config, MeaningMode};
use crate::safety::meaning::{Meaning, OFF_WARNING};

/// The reader of meaning, loaded now so that a missing or damaged model file stops the start
/// naming the variable. A real project whose catalog can draw explicit images does not start
/// without one: its word lists alone read words, not meaning.
pub(super) fn meaning(config: &Config, explicit: bool) -> anyhow::Result<Option<Arc<Meaning>>> {
    match config.meaning {
        MeaningMode::Off if explicit && !config.is_demo_project() => anyhow::bail!(
            "LUCENT_MEANING: the catalog has explicit styles and the content gate's reader of meaning is off; set LUCENT_MEANING=embedded with LUCENT_MEANING_MODEL (scripts/fetch-model.sh fetches the file)"
        ),
        MeaningMode::Off => {
            tracing::warn!("{OFF_WARNING}");
            Ok(None)
        }
        MeaningMode::Embedded => {
            let concurrency = usize::try_from(config.meaning_concurrency)?;
            let threads = usize::try_from(config.meaning_threads)?;
            let meaning = Meaning::open(&config.meaning_model, concurrency, threads)?;
            tracing::info!(model = %config.meaning_model.display(), concurrency, threads,
                "content gate: the reader of meaning is ready");
            Ok(Some(Arc::new(meaning)))
        }
    }
}
