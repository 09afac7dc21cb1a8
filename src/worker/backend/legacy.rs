//! A server speaking the first API's call: `GET {base}/generate-image` with its exact
//! query, answering with PNG bytes.

use std::time::Duration;

use async_trait::async_trait;
use tokio::sync::watch;
use url::Url;

use super::{
    Backend, BackendError, Controls, Progress, Render, Rendered, decode_png, read_capped,
    status_error, transport,
};

pub struct Legacy {
    http: reqwest::Client,
    endpoint: Url,
}

impl Legacy {
    pub fn new(http: reqwest::Client, base: Url) -> Self {
        let mut endpoint = base;
        let path = format!("{}/generate-image", endpoint.path().trim_end_matches('/'));
        endpoint.set_path(&path);
        Self { http, endpoint }
    }
}

#[async_trait]
impl Backend for Legacy {
    fn kind(&self) -> &'static str {
        "legacy"
    }

    /// Its query has no size, guidance or sampler: the server draws its own.
    fn controls(&self) -> Controls {
        Controls {
            any_size: false,
            guidance: false,
            img2img: false,
        }
    }

    async fn render(
        &self,
        job: &Render,
        progress: &watch::Sender<Progress>,
    ) -> Result<Rendered, BackendError> {
        // Gateways that do not know their workers' backend (`LUCENT_GENERATOR=none`) offer
        // variations: drawing one from the prompt alone would charge for what was not asked.
        if job.source.is_some() {
            return Err(BackendError::Failed(
                "the legacy backend cannot draw from an image".into(),
            ));
        }
        // The legacy server cannot choose and report a seed, so we choose it.
        let seed = job.seed.unwrap_or_else(rand::random);
        let query = [
            ("prompt", job.user_prompt.clone()),
            ("inputValue", job.user_prompt.clone()),
            ("negativePrompt", job.negative_prompt.clone()),
            ("selected_model_type", job.checkpoint.clone()),
            ("seed", seed.to_string()),
            ("step", job.steps.to_string()),
            ("Prompt_Plus", job.prompt_plus.clone()),
            ("model_type", job.look_text.clone()),
        ];
        progress.send_replace(Progress {
            fraction: 0.05,
            eta_seconds: None,
        });
        let response = self
            .http
            .get(self.endpoint.clone())
            .query(&query)
            .timeout(Duration::from_secs(24 * 3600))
            .send()
            .await
            .map_err(transport)?;
        if !response.status().is_success() {
            return Err(status_error(response).await);
        }
        let png = read_capped(response).await?;
        let image = decode_png(&png)?;
        progress.send_replace(Progress {
            fraction: 1.0,
            eta_seconds: Some(0.0),
        });
        Ok(Rendered { png, image, seed })
    }

    async fn ready(&self) -> Result<(), String> {
        // The legacy call has no health endpoint and every call costs GPU time: reachability only.
        let mut root = self.endpoint.clone();
        root.set_path("/");
        root.set_query(None);
        self.http
            .head(root)
            .timeout(Duration::from_secs(3))
            .send()
            .await
            .map(drop)
            .map_err(|e| e.to_string())
    }
}
