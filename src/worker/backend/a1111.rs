//! AUTOMATIC1111-compatible servers (A1111, Forge, SD.Next started with `--api`):
//! `POST /sdapi/v1/txt2img`, or `/sdapi/v1/img2img` with the source as `init_images` for a
//! variation or an upscale; progress from `GET /sdapi/v1/progress`, credentials from the URL's
//! userinfo (see [`Endpoint`]).

use std::convert::Infallible;
use std::time::Duration;

use async_trait::async_trait;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::Deserialize;
use serde_json::json;
use tokio::sync::watch;
use url::Url;

use super::endpoint::Endpoint;
use super::{
    Backend, BackendError, Progress, Render, Rendered, best_effort, decode_png, read_capped,
    status_error, transport,
};

const POLL_EVERY: Duration = Duration::from_millis(500);

pub struct A1111 {
    endpoint: Endpoint,
}

#[derive(Deserialize)]
struct ImageResponse {
    images: Vec<String>,
    /// A JSON document inside a string, as A1111 sends it.
    #[serde(default)]
    info: String,
}

#[derive(Deserialize)]
struct Info {
    seed: Option<i64>,
}

#[derive(Deserialize)]
struct ProgressResponse {
    progress: f32,
    #[serde(default)]
    eta_relative: Option<f32>,
}

impl A1111 {
    pub fn new(http: reqwest::Client, base: Url) -> Self {
        Self {
            endpoint: Endpoint::new(http, base),
        }
    }

    pub(crate) fn body(job: &Render) -> serde_json::Value {
        let mut body = json!({
            "prompt": job.prompt,
            "negative_prompt": job.negative_prompt,
            "seed": job.seed.map_or(-1, i64::from),
            "steps": job.steps,
            "width": job.width,
            "height": job.height,
            "cfg_scale": job.cfg,
            "sampler_name": job.sampler.a1111,
            "batch_size": 1,
            "n_iter": 1,
            "send_images": true,
            "save_images": false,
            "override_settings": { "sd_model_checkpoint": job.checkpoint },
            "override_settings_restore_afterwards": false,
        });
        if let Some(source) = &job.source {
            // "Just resize" (0) to `width` x `height`: the source's size, or twice it.
            body["init_images"] = json!([STANDARD.encode(&source.png)]);
            body["denoising_strength"] = json!(source.denoise);
            body["resize_mode"] = json!(0);
        } else if job.enhance {
            body["enable_hr"] = json!(true);
            body["hr_scale"] = json!(2);
            body["hr_upscaler"] = json!("Latent");
            body["denoising_strength"] = json!(0.5);
        }
        body
    }

    /// Polls until dropped: it never returns, so the render's own result always decides.
    async fn poll_progress(&self, progress: &watch::Sender<Progress>) -> Infallible {
        loop {
            tokio::time::sleep(POLL_EVERY).await;
            // Progress is a nicety: a failed poll is skipped, never fatal.
            let Ok(request) = self.endpoint.request(
                reqwest::Method::GET,
                "sdapi/v1/progress?skip_current_image=true",
            ) else {
                continue;
            };
            if let Ok(response) = request.timeout(POLL_EVERY * 4).send().await
                && let Ok(p) = response.json::<ProgressResponse>().await
            {
                progress.send_replace(Progress {
                    fraction: p.progress.clamp(0.0, 1.0),
                    eta_seconds: p.eta_relative.filter(|e| e.is_finite() && *e >= 0.0),
                });
            }
        }
    }

    /// txt2img, or img2img from a source: both answer `{images, parameters, info}`.
    async fn draw(&self, job: &Render) -> Result<Rendered, BackendError> {
        let call = if job.source.is_some() {
            "sdapi/v1/img2img"
        } else {
            "sdapi/v1/txt2img"
        };
        // The caller's deadline bounds this call; the shared client's 30 s default must not.
        let response = self
            .endpoint
            .request(reqwest::Method::POST, call)?
            .timeout(Duration::from_secs(24 * 3600))
            .json(&Self::body(job))
            .send()
            .await
            .map_err(transport)?;
        if !response.status().is_success() {
            return Err(status_error(response).await);
        }
        let body = read_capped(response).await?;
        let parsed: ImageResponse = serde_json::from_slice(&body)
            .map_err(|e| BackendError::BadImage(format!("not an image answer: {e}")))?;
        let first = parsed
            .images
            .first()
            .ok_or_else(|| BackendError::BadImage("no image in the answer".into()))?;
        // Some servers prefix a data URL header.
        let b64 = first
            .split_once("base64,")
            .map_or(first.as_str(), |(_, b)| b);
        let png = STANDARD
            .decode(b64.trim())
            .map_err(|e| BackendError::BadImage(format!("images[0] is not base64: {e}")))?;
        let image = decode_png(&png)?;
        let seed = serde_json::from_str::<Info>(&parsed.info)
            .ok()
            .and_then(|i| i.seed)
            .and_then(|s| u32::try_from(s).ok())
            .or(job.seed)
            .ok_or_else(|| {
                BackendError::BadImage("the answer does not say which seed it used".into())
            })?;
        Ok(Rendered { png, image, seed })
    }
}

#[async_trait]
impl Backend for A1111 {
    fn kind(&self) -> &'static str {
        "a1111"
    }

    async fn render(
        &self,
        job: &Render,
        progress: &watch::Sender<Progress>,
    ) -> Result<Rendered, BackendError> {
        tokio::select! {
            result = self.draw(job) => result,
            never = self.poll_progress(progress) => match never {},
        }
    }

    async fn interrupt(&self) {
        let request = self
            .endpoint
            .request(reqwest::Method::POST, "sdapi/v1/interrupt");
        best_effort(request, "interrupting a job past its deadline").await;
    }

    async fn ready(&self) -> Result<(), String> {
        let response = self
            .endpoint
            .request(reqwest::Method::GET, "sdapi/v1/progress")
            .map_err(|e| e.to_string())?
            .timeout(Duration::from_secs(3))
            .send()
            .await
            .map_err(|e| e.to_string())?;
        if response.status().is_success() {
            Ok(())
        } else {
            Err(format!("status {}", response.status()))
        }
    }
}
