//! Free users' images are kept `LUCENT_FREE_RETENTION_DAYS`; pro users keep theirs ("lifetime
//! save"). A periodic sweep removes the rest: record first, then the bytes.

use std::collections::HashMap;
use std::time::Duration;

use crate::AppState;
use crate::store::now_ms;

/// How often the sweep runs, and how many records one pass looks at.
pub const EVERY: Duration = Duration::from_secs(3600);
const BATCH: usize = 500;

/// One pass; returns how many images were removed.
pub async fn sweep_once(state: &AppState) -> anyhow::Result<usize> {
    let days = i64::from(state.config.free_retention_days);
    let cutoff = now_ms() - days * 24 * 3600 * 1000;
    let old = state
        .store
        .generations_created_before(cutoff, BATCH)
        .await?;
    let mut pro_by_uid: HashMap<String, bool> = HashMap::new();
    let mut removed = 0;
    for (uid, record) in old {
        let pro = match pro_by_uid.get(&uid) {
            Some(&pro) => pro,
            None => {
                let pro = state
                    .store
                    .get_user(&uid)
                    .await?
                    .is_some_and(|u| u.is_pro(now_ms()));
                pro_by_uid.insert(uid.clone(), pro);
                pro
            }
        };
        if pro {
            continue;
        }
        if state.store.delete_generation(&uid, &record.id).await? {
            state.generator.blobs.delete(&record.blob_key).await?;
            state.generator.blobs.delete(&record.preview_key).await?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// Runs the sweep forever (spawned by `lucent serve`).
pub async fn run(state: AppState) {
    let mut tick = tokio::time::interval(EVERY);
    loop {
        tick.tick().await;
        match sweep_once(&state).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(removed = n, "retention sweep removed expired free images"),
            Err(e) => tracing::warn!(error = %e, "retention sweep failed; next pass retries"),
        }
    }
}
