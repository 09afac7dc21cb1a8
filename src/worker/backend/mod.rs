//! Where pixels come from (`LUCENT_GENERATOR`): the built-in renderer, an A1111-compatible
//! server, a ComfyUI server, or a server speaking the first API's `GET /generate-image`. Every
//! call has a deadline and a size cap, and the bytes must decode as a PNG; nothing is retried blindly
//! (a retry after a timeout could pay for the same image twice on a metered GPU).

mod a1111;
pub mod builtin;
pub mod comfyui;
mod endpoint;
mod legacy;

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;

use futures_util::StreamExt;
use image::DynamicImage;
use tokio::sync::watch;
use url::Url;

pub use a1111::A1111;
pub use builtin::Builtin;
pub use comfyui::ComfyUi;
pub use legacy::Legacy;

use crate::generation::catalog::Catalog;
pub use crate::generation::controls::Controls;
use crate::generation::controls::Sampler;
pub use crate::generation::{BackendError, MAX_RESPONSE_BYTES, Progress};
use crate::upstream::ReadError;

/// How much of an error answer is read: enough to say why, never the whole of a hostile one.
const ERROR_EXCERPT_BYTES: usize = 4 * 1024;
/// Largest side of an image we accept.
pub const MAX_SIDE: u32 = 4096;

/// One image to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct Render {
    /// The user's prompt with the style's extra text and the look.
    pub prompt: String,
    /// The user's prompt alone (the legacy call sends both).
    pub user_prompt: String,
    pub negative_prompt: String,
    pub style_id: String,
    pub checkpoint: String,
    pub prompt_plus: String,
    pub look_text: String,
    /// `None` lets the backend choose (and report) the seed.
    pub seed: Option<u32>,
    pub steps: u32,
    pub width: u32,
    pub height: u32,
    /// Hires fix / 2× upscale where the backend has it.
    pub enhance: bool,
    /// The guidance scale (CFG).
    pub cfg: f32,
    pub sampler: &'static Sampler,
    /// The image to draw from, for a variation or an upscale; `width` and `height` are then
    /// the result's.
    pub source: Option<SourceImage>,
}

/// A source image's PNG and how much of it is drawn again.
#[derive(Clone, PartialEq)]
pub struct SourceImage {
    pub png: bytes::Bytes,
    /// 0 keeps the source, 1 draws anew.
    pub denoise: f32,
}

impl std::fmt::Debug for SourceImage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SourceImage")
            .field("png", &format_args!("{} bytes", self.png.len()))
            .field("denoise", &self.denoise)
            .finish()
    }
}

/// A finished image: the PNG bytes as the backend sent them, decoded once to check them.
#[derive(Debug, Clone)]
pub struct Rendered {
    pub png: Vec<u8>,
    pub image: DynamicImage,
    pub seed: u32,
}

#[async_trait]
pub trait Backend: Send + Sync {
    /// Names the backend in logs, readiness and the catalog.
    fn kind(&self) -> &'static str;

    /// What users may choose on it beyond the prompt and the seed.
    fn controls(&self) -> Controls {
        Controls::ALL
    }

    /// Draws `job`, reporting progress on `progress`. The caller applies the deadline.
    async fn render(
        &self,
        job: &Render,
        progress: &watch::Sender<Progress>,
    ) -> Result<Rendered, BackendError>;

    /// Whether the backend answers: readiness.
    async fn ready(&self) -> Result<(), String>;

    /// Asks the backend to stop the job it is running (past its deadline, or its lease lost
    /// to another worker), so the GPU is free when the slot is given back. Backends without
    /// such a call have nothing to do.
    async fn interrupt(&self) {}

    /// Which of these catalog checkpoints the backend does not have, where it can tell.
    async fn missing_checkpoints(&self, _titles: &[&str]) -> Result<Vec<String>, String> {
        Ok(Vec::new())
    }
}

/// How long a best-effort call (an interrupt, a clean-up) may take.
const BEST_EFFORT_TIMEOUT: Duration = Duration::from_secs(10);

/// Sends a call whose failure changes nothing for the user (an interrupt, a clean-up), and
/// logs how it went.
pub async fn best_effort(request: Result<reqwest::RequestBuilder, BackendError>, what: &str) {
    let sent = match request {
        Ok(request) => request.timeout(BEST_EFFORT_TIMEOUT).send().await,
        Err(e) => {
            tracing::warn!(error = %e, "{what}: cannot build the call");
            return;
        }
    };
    match sent {
        Ok(response) if response.status().is_success() => tracing::info!("{what}: done"),
        Ok(response) => tracing::warn!(status = %response.status(), "{what}: refused"),
        Err(e) => tracing::warn!(error = %e, "{what}: failed"),
    }
}

/// `LUCENT_GENERATOR`, parsed at start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BackendSpec {
    /// No renderer in this process: `lucent worker`s elsewhere take the jobs.
    None,
    /// The built-in deterministic renderer.
    Builtin,
    /// An AUTOMATIC1111-compatible server.
    A1111(Url),
    /// A ComfyUI server.
    ComfyUi(Url),
    /// A server speaking the first API's `GET /generate-image`.
    Legacy(Url),
}

impl BackendSpec {
    pub fn parse(value: &str) -> Result<Self, String> {
        match value {
            "builtin" => return Ok(Self::Builtin),
            "none" => return Ok(Self::None),
            _ => {}
        }
        let (kind, rest) = value.split_once('+').ok_or(
            "expected builtin, none, a1111+http(s)://…, comfyui+http(s)://… or legacy+http(s)://…",
        )?;
        let url = Url::parse(rest).map_err(|e| e.to_string())?;
        if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
            return Err("expected an http(s) URL with a host".into());
        }
        match kind {
            "a1111" => Ok(Self::A1111(url)),
            "comfyui" => Ok(Self::ComfyUi(url)),
            "legacy" => Ok(Self::Legacy(url)),
            other => Err(format!("unknown backend kind {other:?}")),
        }
    }

    /// The backend this names, on the shared HTTP client, drawing `catalog`'s styles.
    pub fn build(
        &self,
        http: &reqwest::Client,
        catalog: &Catalog,
    ) -> Result<Option<Arc<dyn Backend>>, String> {
        Ok(Some(match self {
            Self::None => return Ok(None),
            Self::Builtin => Arc::new(Builtin),
            Self::A1111(url) => Arc::new(A1111::new(http.clone(), url.clone())),
            Self::ComfyUi(url) => {
                let templates = comfyui::Templates::new(catalog.workflows.clone())?;
                Arc::new(ComfyUi::new(http.clone(), url.clone(), templates))
            }
            Self::Legacy(url) => Arc::new(Legacy::new(http.clone(), url.clone())),
        }))
    }
}

/// Runs `render` under `deadline`. Past it, the render is dropped and the backend asked to
/// stop; the call returns only once that request has ended, so whoever holds the slot holds it
/// until the backend is free.
pub async fn render_with_deadline(
    backend: &dyn Backend,
    job: &Render,
    progress: &watch::Sender<Progress>,
    deadline: Duration,
) -> Result<Rendered, BackendError> {
    match tokio::time::timeout(deadline, backend.render(job, progress)).await {
        Ok(result) => result,
        Err(_) => {
            backend.interrupt().await;
            Err(BackendError::Timeout)
        }
    }
}

/// Reads a response body up to [`MAX_RESPONSE_BYTES`] (an image answer).
pub async fn read_capped(response: reqwest::Response) -> Result<Vec<u8>, BackendError> {
    read_at_most(response, MAX_RESPONSE_BYTES).await
}

/// Reads a response body of at most `cap` bytes (see [`crate::upstream::read_at_most`]); past
/// it, [`BackendError::TooLarge`].
pub async fn read_at_most(
    response: reqwest::Response,
    cap: usize,
) -> Result<Vec<u8>, BackendError> {
    crate::upstream::read_at_most(response, cap)
        .await
        .map_err(|e| match e {
            ReadError::TooLarge(_) => BackendError::TooLarge,
            ReadError::Transport(e) => transport(e),
        })
}

pub fn transport(e: reqwest::Error) -> BackendError {
    if e.is_timeout() {
        BackendError::Timeout
    } else {
        BackendError::Failed(e.to_string())
    }
}

/// Fails unless `bytes` are a PNG of a sensible size.
pub fn decode_png(bytes: &[u8]) -> Result<DynamicImage, BackendError> {
    let format = image::guess_format(bytes).map_err(|e| BackendError::BadImage(e.to_string()))?;
    if format != image::ImageFormat::Png {
        return Err(BackendError::BadImage(format!(
            "expected a PNG, got {format:?}"
        )));
    }
    let image = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .map_err(|e| BackendError::BadImage(e.to_string()))?;
    if image.width() > MAX_SIDE
        || image.height() > MAX_SIDE
        || image.width() == 0
        || image.height() == 0
    {
        return Err(BackendError::BadImage(format!(
            "{}x{} is not a size we accept",
            image.width(),
            image.height()
        )));
    }
    Ok(image)
}

/// A failed status, with the kind of exception A1111 names (`error`, e.g. `OutOfMemoryError`).
/// The rest of the body goes to the debug log only: backends echo the request in it (A1111's
/// validation errors carry the whole body and the offending input, the prompt among them), and
/// what is logged above debug never holds a prompt.
pub async fn status_error(response: reqwest::Response) -> BackendError {
    let status = response.status();
    let mut start = Vec::new();
    let mut stream = response.bytes_stream();
    while start.len() < ERROR_EXCERPT_BYTES
        && let Some(Ok(chunk)) = stream.next().await
    {
        start.extend_from_slice(&chunk);
    }
    start.truncate(ERROR_EXCERPT_BYTES);
    tracing::debug!(%status, body = %String::from_utf8_lossy(&start), "the backend's error answer");
    let why = serde_json::from_slice::<serde_json::Value>(&start)
        .map(|body| {
            body["error"]
                .as_str()
                .map(|kind| kind.chars().take(100).collect::<String>())
                .unwrap_or_default()
        })
        .unwrap_or_default();
    match why.as_str() {
        "" => BackendError::Failed(format!("status {status}")),
        why => BackendError::Failed(format!("status {status}: {why}")),
    }
}
