//! ComfyUI (`LUCENT_GENERATOR=comfyui+http://host:8188`): each image is an API-format workflow
//! submitted with `POST /prompt`, followed on the `/ws` websocket (falling back to polling
//! `/history/{id}` when the socket cannot be had or drops), fetched with `/view`, then
//! forgotten from ComfyUI's history. A source image goes up first with `POST /upload/image`.
//! The wire format is ComfyUI's own `server.py` and `execution.py`, summarised in
//! `docs/comfyui-wire.md`.

mod progress;
mod socket;
mod wire;
pub mod workflow;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use rand::Rng;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tokio::sync::watch;
use url::Url;

use super::endpoint::Endpoint;
use super::{
    Backend, BackendError, Progress, Render, Rendered, SourceImage, best_effort, decode_png,
    read_at_most, read_capped, status_error, transport,
};
use progress::Bar;
use socket::Socket;
use wire::{Accepted, Entry, Event, FileRef, Refused, Uploaded, uuid4};
pub use workflow::Templates;
use workflow::{Workflow, checkpoint_file};

/// How often the history is polled when the websocket is not there.
const POLL_EVERY: Duration = Duration::from_millis(500);
/// `/prompt`'s answer and refusal, one node's `/object_info`, `/system_stats`: a few KiB.
const SMALL_ANSWER_BYTES: usize = 1024 * 1024;
/// One prompt's history entry: its outputs' file names and its status messages.
const HISTORY_BYTES: usize = 4 * 1024 * 1024;

pub struct ComfyUi {
    endpoint: Endpoint,
    templates: Templates,
    /// Prompts whose render was dropped before they ended (past the deadline, or the lease
    /// lost): `interrupt` stops them and forgets them.
    abandoned: Arc<Mutex<Vec<String>>>,
}

/// Marks a submitted prompt abandoned unless the render saw it to its end.
struct Submitted {
    id: String,
    abandoned: Arc<Mutex<Vec<String>>>,
    ended: bool,
}

impl Drop for Submitted {
    fn drop(&mut self) {
        if !self.ended
            && let Ok(mut abandoned) = self.abandoned.lock()
        {
            abandoned.push(self.id.clone());
        }
    }
}

impl ComfyUi {
    pub fn new(http: reqwest::Client, base: Url, templates: Templates) -> Self {
        Self {
            endpoint: Endpoint::new(http, base),
            templates,
            abandoned: Arc::default(),
        }
    }

    async fn submit(&self, workflow: &Workflow, client_id: &str) -> Result<String, BackendError> {
        let body = json!({"prompt": workflow.graph, "client_id": client_id, "prompt_id": uuid4()});
        let response = self
            .endpoint
            .request(reqwest::Method::POST, "prompt")?
            .json(&body)
            .send()
            .await
            .map_err(transport)?;
        let status = response.status();
        if status == reqwest::StatusCode::BAD_REQUEST {
            let body = read_at_most(response, SMALL_ANSWER_BYTES).await?;
            let refused: Refused = serde_json::from_slice(&body).map_err(|_| {
                BackendError::Failed(format!(
                    "ComfyUI refused the workflow: {}",
                    String::from_utf8_lossy(&body)
                        .chars()
                        .take(200)
                        .collect::<String>()
                ))
            })?;
            // The whole answer echoes the workflow's inputs, the prompt among them.
            tracing::debug!(answer = %String::from_utf8_lossy(&body), "ComfyUI refused the workflow");
            return Err(BackendError::Failed(format!(
                "ComfyUI refused the workflow: {}",
                refused.summary()
            )));
        }
        if !status.is_success() {
            return Err(status_error(response).await);
        }
        let body = read_at_most(response, SMALL_ANSWER_BYTES).await?;
        let accepted: Accepted = serde_json::from_slice(&body)
            .map_err(|e| BackendError::Failed(format!("not a /prompt answer: {e}")))?;
        // Servers before 0.3.45 choose their own id: follow the one they answer with.
        Ok(accepted.prompt_id)
    }

    /// Waits for the prompt's end, reporting its samplers' steps; the socket's events when it
    /// has one, the history otherwise (or once it drops). Returns the history entry.
    async fn wait(
        &self,
        id: &str,
        socket: Option<Socket>,
        workflow: &Workflow,
        progress: &watch::Sender<Progress>,
    ) -> Result<Entry, BackendError> {
        let mut bar = Bar::new(&workflow.samplers);
        if let Some(mut socket) = socket {
            while let Some(message) = socket.next().await {
                match message.event(id) {
                    Event::Progress { node, value, max } => {
                        progress.send_replace(bar.step(&node, value, max));
                    }
                    Event::Error(message) => return Err(BackendError::Failed(message)),
                    Event::Interrupted => {
                        return Err(BackendError::Failed(
                            "ComfyUI interrupted the prompt".into(),
                        ));
                    }
                    Event::Finished => break,
                    Event::Other => {}
                }
            }
        }
        loop {
            if let Some(entry) = self.history(id).await? {
                return Ok(entry);
            }
            tokio::time::sleep(POLL_EVERY).await;
        }
    }

    /// The history entry of `id`, once it has one.
    async fn history(&self, id: &str) -> Result<Option<Entry>, BackendError> {
        let response = self
            .endpoint
            .request(reqwest::Method::GET, &format!("history/{id}"))?
            .send()
            .await
            .map_err(transport)?;
        if !response.status().is_success() {
            return Err(status_error(response).await);
        }
        let body = read_at_most(response, HISTORY_BYTES).await?;
        let mut entries: serde_json::Map<String, Value> = serde_json::from_slice(&body)
            .map_err(|e| BackendError::Failed(format!("not a /history answer: {e}")))?;
        entries
            .remove(id)
            .map(|entry| {
                serde_json::from_value(entry)
                    .map_err(|e| BackendError::Failed(format!("not a history entry: {e}")))
            })
            .transpose()
    }

    /// The image the entry names (SaveImage's first), its PNG bytes and the seed that ran.
    async fn collect(
        &self,
        entry: &Entry,
        workflow: &Workflow,
        seed: u32,
    ) -> Result<Rendered, BackendError> {
        if let Some(failure) = entry.failure() {
            return Err(BackendError::Failed(failure));
        }
        let saved = |id: &String| workflow.graph[id]["class_type"] == "SaveImage";
        let file = entry
            .outputs
            .iter()
            .filter(|(id, _)| saved(id))
            .chain(entry.outputs.iter().filter(|(id, _)| !saved(id)))
            .flat_map(|(_, output)| &output.images)
            .next()
            .ok_or_else(|| BackendError::BadImage("the prompt saved no image".into()))?;
        let png = self.view(file).await?;
        let image = decode_png(&png)?;
        let ran = entry.graph().and_then(|graph| {
            workflow.seed_inputs.iter().find_map(|(node, input)| {
                graph[node]["inputs"][input]
                    .as_u64()
                    .and_then(|s| u32::try_from(s).ok())
            })
        });
        Ok(Rendered {
            png,
            image,
            seed: ran.unwrap_or(seed),
        })
    }

    async fn view(&self, file: &FileRef) -> Result<Vec<u8>, BackendError> {
        let kind = if file.kind.is_empty() {
            "output"
        } else {
            &file.kind
        };
        let response = self
            .endpoint
            .request(reqwest::Method::GET, "view")?
            .query(&[
                ("filename", file.filename.as_str()),
                ("subfolder", file.subfolder.as_str()),
                ("type", kind),
            ])
            .send()
            .await
            .map_err(transport)?;
        if !response.status().is_success() {
            return Err(status_error(response).await);
        }
        read_capped(response).await
    }

    /// Puts a source image where `LoadImage` reads it, and answers the name it reads it by.
    /// The temp folder, which ComfyUI empties when it starts, keeps users' images off its
    /// input folder; the name is the image's hash, so a job run again overwrites its upload.
    async fn upload(&self, source: &SourceImage) -> Result<String, BackendError> {
        let name = format!(
            "lucent-{}.png",
            hex::encode(&Sha256::digest(&source.png)[..16])
        );
        let file = Part::stream(source.png.clone())
            .file_name(name)
            .mime_str("image/png")
            .map_err(transport)?;
        let form = Form::new()
            .part("image", file)
            .text("type", "temp")
            .text("overwrite", "true");
        let response = self
            .endpoint
            .request(reqwest::Method::POST, "upload/image")?
            .multipart(form)
            .send()
            .await
            .map_err(transport)?;
        if !response.status().is_success() {
            return Err(status_error(response).await);
        }
        let body = read_at_most(response, SMALL_ANSWER_BYTES).await?;
        let uploaded: Uploaded = serde_json::from_slice(&body)
            .map_err(|e| BackendError::Failed(format!("not an /upload/image answer: {e}")))?;
        Ok(uploaded.annotated())
    }

    /// Drops `id` from ComfyUI's history (it keeps 10 000 entries in memory otherwise).
    async fn forget(&self, id: &str) {
        let request = self
            .endpoint
            .request(reqwest::Method::POST, "history")
            .map(|r| r.json(&json!({"delete": [id]})));
        best_effort(request, "forgetting a ComfyUI prompt").await;
    }

    async fn run(
        &self,
        id: &str,
        socket: Option<Socket>,
        workflow: &Workflow,
        seed: u32,
        progress: &watch::Sender<Progress>,
    ) -> Result<Rendered, BackendError> {
        let entry = self.wait(id, socket, workflow, progress).await?;
        self.collect(&entry, workflow, seed).await
    }

    /// The checkpoints ComfyUI has (`CheckpointLoaderSimple`'s `ckpt_name` choices).
    async fn checkpoints(&self) -> Result<Vec<String>, String> {
        let response = self
            .endpoint
            .request(reqwest::Method::GET, "object_info/CheckpointLoaderSimple")
            .map_err(|e| e.to_string())?
            .send()
            .await
            .map_err(|e| e.to_string())?;
        if !response.status().is_success() {
            return Err(format!("status {}", response.status()));
        }
        let info = read_at_most(response, SMALL_ANSWER_BYTES)
            .await
            .map_err(|e| e.to_string())?;
        let info: Value = serde_json::from_slice(&info).map_err(|e| e.to_string())?;
        let spec = &info["CheckpointLoaderSimple"]["input"]["required"]["ckpt_name"];
        // V1 nodes list the choices first; V3 nodes say "COMBO" and list them in options.
        let choices = match &spec[0] {
            Value::Array(list) => list,
            Value::String(kind) if kind == "COMBO" => spec[1]["options"]
                .as_array()
                .ok_or("COMBO without options")?,
            _ => return Err("no ckpt_name choices in /object_info".into()),
        };
        Ok(choices
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect())
    }
}

#[async_trait]
impl Backend for ComfyUi {
    fn kind(&self) -> &'static str {
        "comfyui"
    }

    async fn render(
        &self,
        job: &Render,
        progress: &watch::Sender<Progress>,
    ) -> Result<Rendered, BackendError> {
        // ComfyUI runs the seed it is given (A1111's -1 is refused): choose it here.
        let seed = job.seed.unwrap_or_else(|| rand::rng().random());
        let image = match &job.source {
            Some(source) => Some(self.upload(source).await?),
            None => None,
        };
        let workflow = self.templates.workflow(job, seed, image.as_deref());
        let client_id = format!("lucent-{}", uuid4());
        // Connected before the prompt goes in, so no event is missed; without it, the history.
        let socket = Socket::connect(&self.endpoint, &client_id).await;
        let id = self.submit(&workflow, &client_id).await?;
        let mut submitted = Submitted {
            id: id.clone(),
            abandoned: Arc::clone(&self.abandoned),
            ended: false,
        };
        let result = self.run(&id, socket, &workflow, seed, progress).await;
        submitted.ended = true;
        self.forget(&id).await;
        result
    }

    async fn interrupt(&self) {
        let abandoned = self
            .abandoned
            .lock()
            .map(|mut ids| std::mem::take(&mut *ids))
            .unwrap_or_default();
        for id in abandoned {
            // Still waiting in ComfyUI's queue: taken out; running: stopped (servers before
            // 0.3.57 ignore the id and stop whatever runs). Each is a no-op otherwise.
            let unqueue = self
                .endpoint
                .request(reqwest::Method::POST, "queue")
                .map(|r| r.json(&json!({"delete": [id]})));
            best_effort(unqueue, "taking a prompt out of ComfyUI's queue").await;
            let stop = self
                .endpoint
                .request(reqwest::Method::POST, "interrupt")
                .map(|r| r.json(&json!({"prompt_id": id})));
            best_effort(stop, "interrupting a ComfyUI prompt past its deadline").await;
            self.forget(&id).await;
        }
    }

    async fn ready(&self) -> Result<(), String> {
        let response = self
            .endpoint
            .request(reqwest::Method::GET, "system_stats")
            .map_err(|e| e.to_string())?
            .timeout(Duration::from_secs(3))
            .send()
            .await
            .map_err(|e| e.to_string())?;
        if !response.status().is_success() {
            return Err(format!("status {}", response.status()));
        }
        let stats = read_at_most(response, SMALL_ANSWER_BYTES)
            .await
            .map_err(|e| e.to_string())?;
        let stats: Value = serde_json::from_slice(&stats).map_err(|e| e.to_string())?;
        if stats["system"].is_object() {
            Ok(())
        } else {
            Err("/system_stats has no system section: not ComfyUI".into())
        }
    }

    async fn missing_checkpoints(&self, titles: &[&str]) -> Result<Vec<String>, String> {
        let have = self.checkpoints().await?;
        Ok(titles
            .iter()
            .map(|t| checkpoint_file(t))
            .filter(|file| !have.iter().any(|h| h == file))
            .map(str::to_owned)
            .collect())
    }
}
