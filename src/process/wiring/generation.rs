//! The generation services of one process: admission and the job routes' reader on the
//! gateway side, the gallery, and the GPU side's parts (the worker, reaping, settlement).

use std::sync::Arc;
use std::time::Duration;

use super::{instance_name, meaning};
use crate::admission::{Admission, AdmissionParts, Judge};
use crate::config::Config;
use crate::following::Following;
use crate::gallery::Gallery;
use crate::gallery::samples::Samples;
use crate::generation::catalog::Catalog;
use crate::http::AppState;
use crate::images::blobs::Blobs;
use crate::images::content_credentials::ContentCredentials;
use crate::images::mark::Marker;
use crate::jobs::JobBoard;
use crate::metrics::Metrics;
use crate::safety::moderation::Moderation;
use crate::safety::{Gate, List};
use crate::store::Store;
use crate::users::Users;
use crate::worker::backend::Backend;
use crate::worker::settle::Settler;
use crate::worker::{Worker, WorkerParts, WorkerSettings};

pub struct Generation {
    pub admission: Arc<Admission>,
    pub following: Following,
    pub gallery: Gallery,
    pub work: WorkerParts,
}

pub fn generation(
    config: &Config,
    http: &reqwest::Client,
    store: &Arc<dyn Store>,
    users: &Users,
    board: Arc<dyn JobBoard>,
    metrics: Arc<Metrics>,
    catalog: Catalog,
) -> anyhow::Result<Generation> {
    let meaning = meaning::meaning(config, catalog.can_draw_explicit())?;
    let safety = gate(config)?;
    let (backend, catalog) = backend(config, http, catalog)?;
    let work = WorkerParts {
        backend,
        settler: Settler {
            board: Arc::clone(&board),
            users: users.clone(),
            store: Arc::clone(store),
            metrics: Arc::clone(&metrics),
        },
        board,
        blobs: Blobs::open(&config.image_store_url()?)
            .map_err(|e| anyhow::anyhow!("LUCENT_IMAGE_STORE: {e}"))?,
        store: Arc::clone(store),
        users: users.clone(),
        moderation: moderation(config, http)?,
        // One marker for both: an image is marked the same whoever stores or serves it.
        marker: Marker::new(credentials(config)?),
        metrics,
    };
    let gallery = Gallery::new(
        catalog.clone(),
        Arc::clone(&safety),
        Arc::clone(store),
        users.clone(),
        work.blobs.clone(),
        work.marker.clone(),
        Arc::clone(&work.metrics),
    );
    let admission = Admission::new(AdmissionParts {
        judge: Judge {
            catalog,
            safety,
            meaning,
            moderation: work.moderation.clone(),
            store: Arc::clone(store),
            users: users.clone(),
        },
        board: Arc::clone(&work.board),
        settler: work.settler.clone(),
        gallery: gallery.clone(),
        metrics: Arc::clone(&work.metrics),
    });
    Ok(Generation {
        admission: Arc::new(admission),
        following: Following::new(Arc::clone(&work.board)),
        gallery,
        work,
    })
}

/// The styles' sample tiles, drawn by this process's renderer.
pub fn samples(config: &Config, generation: &Generation) -> Samples {
    Samples::new(
        generation.admission.catalog().clone(),
        generation.work.backend.clone(),
        generation.work.blobs.clone(),
        Duration::from_secs(config.generator_timeout),
    )
}

/// The content rules, from `LUCENT_SAFETY_LISTS` or the lists built in.
fn gate(config: &Config) -> anyhow::Result<Arc<Gate>> {
    let safety = Gate::load(config.safety_lists.as_deref())?;
    tracing::info!(
        real_people = safety
            .lists()
            .counts
            .get(&List::RealPeople)
            .copied()
            .unwrap_or(0),
        "content gate ready"
    );
    Ok(safety)
}

/// This process's renderer (`LUCENT_GENERATOR`), and the catalog as it can draw it.
fn backend(
    config: &Config,
    http: &reqwest::Client,
    catalog: Catalog,
) -> anyhow::Result<(Option<Arc<dyn Backend>>, Catalog)> {
    let backend = config
        .generator
        .build(http, &catalog)
        .map_err(|e| anyhow::anyhow!("LUCENT_GENERATOR: {e}"))?;
    // With the workers elsewhere, the deployer's catalog says what they draw.
    let catalog = match &backend {
        Some(backend) => catalog.for_backend(backend.controls()),
        None => catalog,
    };
    Ok((backend, catalog))
}

/// The deployer's moderation service, when `LUCENT_MODERATION_KEY` is set.
fn moderation(config: &Config, http: &reqwest::Client) -> anyhow::Result<Option<Arc<Moderation>>> {
    let Some(key) = &config.moderation_key else {
        tracing::warn!("{}", crate::safety::moderation::NO_MODERATION);
        return Ok(None);
    };
    let service = Moderation::new(
        http.clone(),
        &config.moderation_api_base,
        key.clone(),
        config.moderation_model.clone(),
    )?;
    tracing::info!(api = %config.moderation_api_base, model = %config.moderation_model,
        "explicit requests and their images are also checked by the moderation service");
    Ok(Some(Arc::new(service)))
}

/// Signed C2PA Content Credentials, when a certificate and its key are configured.
fn credentials(config: &Config) -> anyhow::Result<Option<Arc<ContentCredentials>>> {
    let (Some(chain), Some(key)) = (&config.c2pa_cert, &config.c2pa_key) else {
        return Ok(None);
    };
    let credentials = ContentCredentials::load(chain, key, &config.c2pa_alg)
        .map_err(|e| anyhow::anyhow!("LUCENT_C2PA_CERT: {e}"))?;
    tracing::info!("every image served carries signed C2PA Content Credentials");
    Ok(Some(Arc::new(credentials)))
}

/// The worker that runs jobs in this process on `LUCENT_GENERATOR`; `None` with `none`.
pub fn worker(config: &Config, state: &AppState) -> anyhow::Result<Option<Arc<Worker>>> {
    let settings = WorkerSettings {
        name: instance_name(),
        slots: usize::try_from(config.generator_concurrency)?,
        deadline: Duration::from_secs(config.generator_timeout),
    };
    Ok(state.work.worker(settings).map(Arc::new))
}
