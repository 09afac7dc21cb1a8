//! A local server in ComfyUI's wire format, from its own `server.py` and `execution.py`
//! (summarised with line references in `docs/comfyui-wire.md`): `POST /prompt` validated
//! against the core nodes the default templates use (with ComfyUI's exact 400 shapes), the
//! `/ws?clientId=` event sequence of a run, `/history`, `/view`, `/interrupt`, `/queue`,
//! `/system_stats`, `/object_info` and `/upload/image` (its multipart form, and `LoadImage`
//! refusing a file that was never uploaded). A [`Mode`] picks how a run goes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use tokio::sync::{Notify, mpsc};

use crate::helpers::png;

/// How a run goes.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Mode {
    #[default]
    Succeed,
    /// Another prompt runs first for this long (`queue_remaining` 2, then 1).
    QueuedFor(Duration),
    /// The sampler raises (ComfyUI's out-of-memory shape).
    NodeFails,
    /// The websocket closes after the first sampler step; the run goes on.
    DropsSocket,
    /// The run never ends until `/interrupt`.
    Hangs,
    /// SaveImage writes bytes that are not a PNG.
    Garbage,
}

/// Core node classes the server knows, as its registry would list them.
const NODES: [&str; 10] = [
    "CheckpointLoaderSimple",
    "CLIPTextEncode",
    "EmptyLatentImage",
    "KSampler",
    "LatentUpscaleBy",
    "VAEDecode",
    "SaveImage",
    "LoadImage",
    "ImageScale",
    "VAEEncode",
];

/// One `/upload/image` call, as `server.py`'s `image_upload` reads its form.
#[derive(Debug, Clone)]
pub struct Upload {
    pub filename: String,
    /// The form's `type`: input (when left out), temp or output.
    pub kind: String,
    pub overwrite: Option<String>,
    pub bytes: Vec<u8>,
}

#[derive(Default)]
struct Shared {
    checkpoints: Vec<String>,
    mode: Mutex<Mode>,
    /// Whether `/ws` upgrades at all.
    websocket: bool,
    /// An `Authorization` header every request must carry.
    authorization: Option<String>,
    sockets: Mutex<HashMap<String, mpsc::UnboundedSender<Message>>>,
    history: Mutex<HashMap<String, Value>>,
    files: Mutex<HashMap<String, Vec<u8>>>,
    /// By the name `LoadImage` reads them by: `name [type]`.
    uploads: Mutex<Vec<Upload>>,
    /// `METHOD /path` and the JSON body of every call but `/ws`.
    received: Mutex<Vec<(String, Value)>>,
    interrupted: Notify,
    saved: Mutex<u32>,
}

pub struct FakeComfy {
    pub uri: String,
    shared: Arc<Shared>,
}

/// What to start.
pub struct Options {
    pub checkpoints: Vec<String>,
    pub mode: Mode,
    pub websocket: bool,
    pub authorization: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            checkpoints: vec![
                "Realistic_Vision_V4.0.safetensors".into(),
                "Realistic_Vision_V5.0.safetensors".into(),
                "anythingV5_PrtRE.safetensors".into(),
            ],
            mode: Mode::Succeed,
            websocket: true,
            authorization: None,
        }
    }
}

impl FakeComfy {
    pub async fn start(options: Options) -> Self {
        let shared = Arc::new(Shared {
            checkpoints: options.checkpoints,
            mode: Mutex::new(options.mode),
            websocket: options.websocket,
            authorization: options.authorization,
            ..Shared::default()
        });
        let app = Router::new()
            .route("/prompt", post(prompt))
            .route("/ws", get(ws))
            .route("/history/{id}", get(history))
            .route("/history", post(history_post))
            .route("/view", get(view))
            .route("/interrupt", post(interrupt))
            .route("/queue", post(queue_post))
            .route("/system_stats", get(system_stats))
            .route("/object_info/{class}", get(object_info))
            .route("/upload/image", post(upload_image))
            .layer(middleware::from_fn_with_state(Arc::clone(&shared), guard))
            .with_state(Arc::clone(&shared));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let uri = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Self { uri, shared }
    }

    /// The calls received, as `METHOD /path` with their JSON bodies.
    pub fn received(&self) -> Vec<(String, Value)> {
        self.shared.received.lock().unwrap().clone()
    }

    /// The graphs submitted to `/prompt`.
    pub fn prompts(&self) -> Vec<Value> {
        self.received()
            .into_iter()
            .filter(|(call, _)| call == "POST /prompt")
            .map(|(_, body)| body)
            .collect()
    }

    /// The images uploaded, in order.
    pub fn uploads(&self) -> Vec<Upload> {
        self.shared.uploads.lock().unwrap().clone()
    }

    /// Entries still in the history (Lucent deletes each once it has the image).
    pub fn history_len(&self) -> usize {
        self.shared.history.lock().unwrap().len()
    }
}

/// Records each call; refuses any without the expected `Authorization`, as a proxy would.
async fn guard(State(s): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    if let Some(expected) = &s.authorization {
        let given = request.headers().get(header::AUTHORIZATION);
        if given.and_then(|v| v.to_str().ok()) != Some(expected.as_str()) {
            return StatusCode::UNAUTHORIZED.into_response();
        }
    }
    let call = format!("{} {}", request.method(), request.uri().path());
    let (parts, body) = request.into_parts();
    let bytes = axum::body::to_bytes(body, 32 << 20)
        .await
        .unwrap_or_default();
    let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    if !call.ends_with("/ws") {
        s.received.lock().unwrap().push((call, json));
    }
    next.run(Request::from_parts(parts, axum::body::Body::from(bytes)))
        .await
}

fn send(s: &Shared, client_id: &str, kind: &str, data: Value) {
    let text = json!({"type": kind, "data": data}).to_string();
    if let Some(socket) = s.sockets.lock().unwrap().get(client_id) {
        let _ = socket.send(Message::Text(text.into()));
    }
}

fn status(remaining: u32) -> Value {
    json!({"status": {"exec_info": {"queue_remaining": remaining}}})
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// `execution.py` `validate_prompt`: unknown classes, then each node's inputs.
fn validate(s: &Shared, graph: &Value) -> Result<(), Value> {
    let Some(nodes) = graph.as_object() else {
        return Err(
            json!({"error": {"type": "invalid_prompt", "message": "Cannot execute because a node is missing the class_type property.", "details": "", "extra_info": {}}, "node_errors": {}}),
        );
    };
    for (id, node) in nodes {
        let class = node["class_type"].as_str().unwrap_or("");
        if !NODES.contains(&class) {
            return Err(json!({"error": {"type": "invalid_prompt",
                "message": format!("Cannot execute because node {class} does not exist."),
                "details": format!("Node ID '#{id}'"), "extra_info": {}}, "node_errors": {}}));
        }
    }
    let mut node_errors = serde_json::Map::new();
    for (id, node) in nodes {
        if node["class_type"] == "LoadImage" {
            // nodes.py LoadImage.VALIDATE_INPUTS: the annotated file must exist.
            let name = node["inputs"]["image"].as_str().unwrap_or("");
            let uploaded = s.uploads.lock().unwrap().iter().any(|u| {
                let kind = if u.kind.is_empty() { "input" } else { &u.kind };
                name == format!("{} [{kind}]", u.filename)
                    || (kind == "input" && name == u.filename)
            });
            if !uploaded {
                node_errors.insert(
                    id.clone(),
                    json!({
                    "errors": [{"type": "custom_validation_failed",
                        "message": "Custom validation failed for node",
                        "details": format!("image - Invalid image file: {name}"),
                        "extra_info": {"input_name": "image"}}],
                    "dependent_outputs": ["9"], "class_type": "LoadImage"}),
                );
            }
        }
        if node["class_type"] == "CheckpointLoaderSimple" {
            let name = node["inputs"]["ckpt_name"].as_str().unwrap_or("");
            if !s.checkpoints.iter().any(|c| c == name) {
                let list = format!(
                    "[{}]",
                    s.checkpoints
                        .iter()
                        .map(|c| format!("'{c}'"))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                node_errors.insert(id.clone(), json!({
                    "errors": [{"type": "value_not_in_list", "message": "Value not in list",
                        "details": format!("ckpt_name: '{name}' not in {list}"),
                        "extra_info": {"input_name": "ckpt_name",
                            "input_config": [s.checkpoints, {"tooltip": "The name of the checkpoint (model) to load."}],
                            "received_value": name}}],
                    "dependent_outputs": ["9"], "class_type": "CheckpointLoaderSimple"}));
            }
        }
    }
    if node_errors.is_empty() {
        Ok(())
    } else {
        Err(json!({"error": {"type": "prompt_outputs_failed_validation",
            "message": "Prompt outputs failed validation", "details": "", "extra_info": {}},
            "node_errors": node_errors}))
    }
}

async fn prompt(State(s): State<Arc<Shared>>, body: axum::Json<Value>) -> Response {
    let graph = body["prompt"].clone();
    if graph.is_null() {
        return (StatusCode::BAD_REQUEST, axum::Json(json!({"error": {"type": "no_prompt", "message": "No prompt provided", "details": "No prompt provided", "extra_info": {}}, "node_errors": {}}))).into_response();
    }
    if let Err(refusal) = validate(&s, &graph) {
        return (StatusCode::BAD_REQUEST, axum::Json(refusal)).into_response();
    }
    let id = body["prompt_id"]
        .as_str()
        .map_or_else(|| "server-chosen-id".to_owned(), str::to_owned);
    let client_id = body["client_id"].as_str().unwrap_or("").to_owned();
    let number = *s.saved.lock().unwrap();
    tokio::spawn(run(Arc::clone(&s), id.clone(), client_id, graph));
    axum::Json(json!({"prompt_id": id, "number": number, "node_errors": {}})).into_response()
}

/// One run, in the order `execution.py` and `main.py` send its messages.
async fn run(s: Arc<Shared>, id: String, client: String, graph: Value) {
    let mode = *s.mode.lock().unwrap();
    let ev = |kind: &str, data: Value| send(&s, &client, kind, data);
    if let Mode::QueuedFor(wait) = mode {
        ev("status", status(2));
        tokio::time::sleep(wait).await;
    }
    ev("status", status(1));
    ev(
        "execution_start",
        json!({"prompt_id": id, "timestamp": now_ms()}),
    );
    ev(
        "execution_cached",
        json!({"nodes": [], "prompt_id": id, "timestamp": now_ms()}),
    );
    let mut samplers: Vec<&String> = graph
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, n)| n["class_type"] == "KSampler")
        .map(|(id, _)| id)
        .collect();
    samplers.sort_by_key(|id| id.parse::<u32>().unwrap_or(0));
    let mut messages = vec![json!(["execution_start", {"prompt_id": id}])];
    let mut failure = None;
    for node in &samplers {
        ev(
            "executing",
            json!({"node": node, "display_node": node, "prompt_id": id}),
        );
        if mode == Mode::Hangs {
            s.interrupted.notified().await;
            let data = json!({"prompt_id": id, "node_id": node, "node_type": "KSampler", "executed": [], "timestamp": now_ms()});
            // Broadcast, as execution.py sends it.
            for socket in s.sockets.lock().unwrap().values() {
                let _ = socket.send(Message::Text(
                    json!({"type": "execution_interrupted", "data": data})
                        .to_string()
                        .into(),
                ));
            }
            failure = Some(json!(["execution_interrupted", data]));
            break;
        }
        if mode == Mode::NodeFails {
            let data = json!({"prompt_id": id, "node_id": node, "node_type": "KSampler",
                "executed": ["4", "5", "6", "7"],
                "exception_message": "Allocation on device \nThis error means you ran out of memory on your GPU.\n",
                "exception_type": "torch.OutOfMemoryError", "traceback": ["..."],
                "current_inputs": {}, "current_outputs": [], "timestamp": now_ms()});
            ev("execution_error", data.clone());
            failure = Some(json!(["execution_error", data]));
            break;
        }
        let steps = graph[node.as_str()]["inputs"]["steps"]
            .as_u64()
            .unwrap_or(1);
        for step in 1..=steps {
            ev(
                "progress",
                json!({"value": step, "max": steps, "prompt_id": id, "node": node}),
            );
            // A preview frame: event 1, JPEG, then bytes; clients skip it.
            if let Some(socket) = s.sockets.lock().unwrap().get(&client) {
                let _ = socket.send(Message::Binary(
                    vec![0, 0, 0, 1, 0, 0, 0, 1, 0xff, 0xd8].into(),
                ));
            }
            if mode == Mode::DropsSocket && step == 1 {
                s.sockets.lock().unwrap().remove(&client);
            }
            tokio::time::sleep(Duration::from_millis(12)).await;
        }
    }
    let mut outputs = json!({});
    if failure.is_none() {
        let latent = graph
            .as_object()
            .unwrap()
            .values()
            .find(|n| n["class_type"] == "EmptyLatentImage" || n["class_type"] == "ImageScale")
            .map(|n| n["inputs"].clone())
            .unwrap_or(json!({"width": 64, "height": 64}));
        let scale = if graph
            .as_object()
            .unwrap()
            .values()
            .any(|n| n["class_type"] == "LatentUpscaleBy")
        {
            2
        } else {
            1
        };
        let n = {
            let mut saved = s.saved.lock().unwrap();
            *saved += 1;
            *saved
        };
        let filename = format!("lucent_{n:05}_.png");
        let bytes = if mode == Mode::Garbage {
            b"<html>not a png</html>".to_vec()
        } else {
            let side = |k: &str| u32::try_from(latent[k].as_u64().unwrap_or(64)).unwrap() * scale;
            png(side("width") / 8, side("height") / 8, 5)
        };
        s.files.lock().unwrap().insert(filename.clone(), bytes);
        let images = json!([{"filename": filename, "subfolder": "", "type": "output"}]);
        ev(
            "executed",
            json!({"node": "9", "display_node": "9", "output": {"images": images}, "prompt_id": id}),
        );
        ev(
            "execution_success",
            json!({"prompt_id": id, "timestamp": now_ms()}),
        );
        messages.push(json!(["execution_success", {"prompt_id": id}]));
        outputs = json!({"9": {"images": images}});
    }
    let ok = failure.is_none();
    messages.extend(failure);
    // The history is written before `executing` with a null node (main.py).
    s.history.lock().unwrap().insert(id.clone(), json!({
        "prompt": [0, id, graph, {"client_id": client}, ["9"]],
        "outputs": outputs,
        "status": {"status_str": if ok { "success" } else { "error" }, "completed": ok, "messages": messages},
        "meta": {}}));
    ev("status", status(0));
    ev("executing", json!({"node": null, "prompt_id": id}));
}

async fn ws(
    State(s): State<Arc<Shared>>,
    Query(q): Query<HashMap<String, String>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !s.websocket {
        return StatusCode::NOT_FOUND.into_response();
    }
    let client = q.get("clientId").cloned().unwrap_or_default();
    upgrade.on_upgrade(move |socket| serve_socket(s, client, socket))
}

async fn serve_socket(s: Arc<Shared>, client: String, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let first = json!({"type": "status", "data": {"status": {"exec_info": {"queue_remaining": 0}}, "sid": client}});
    let _ = socket.send(Message::Text(first.to_string().into())).await;
    s.sockets.lock().unwrap().insert(client.clone(), tx);
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(message) => if socket.send(message).await.is_err() { break },
                // Dropped from the table: close, as a server restart or a proxy would.
                None => { let _ = socket.send(Message::Close(None)).await; break }
            },
            incoming = socket.recv() => if !matches!(incoming, Some(Ok(_))) { break },
        }
    }
    s.sockets.lock().unwrap().remove(&client);
}

async fn history(State(s): State<Arc<Shared>>, Path(id): Path<String>) -> axum::Json<Value> {
    axum::Json(match s.history.lock().unwrap().get(&id) {
        Some(entry) => json!({ id: entry }),
        None => json!({}),
    })
}

async fn history_post(State(s): State<Arc<Shared>>, body: axum::Json<Value>) -> StatusCode {
    for id in body["delete"].as_array().into_iter().flatten() {
        s.history.lock().unwrap().remove(id.as_str().unwrap_or(""));
    }
    StatusCode::OK
}

async fn view(State(s): State<Arc<Shared>>, Query(q): Query<HashMap<String, String>>) -> Response {
    let Some(filename) = q.get("filename") else {
        return StatusCode::NOT_FOUND.into_response();
    };
    if !["output", "input", "temp"].contains(&q.get("type").map_or("output", String::as_str)) {
        return StatusCode::BAD_REQUEST.into_response();
    }
    match s.files.lock().unwrap().get(filename) {
        Some(bytes) => {
            let mut headers = HeaderMap::new();
            headers.insert(header::CONTENT_TYPE, "image/png".parse().unwrap());
            (headers, bytes.clone()).into_response()
        }
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// `server.py` `image_upload`: the `image` file part (400 without one or without a file
/// name), `type` choosing the folder, `overwrite`; answers the name it was saved under.
async fn upload_image(
    State(s): State<Arc<Shared>>,
    mut form: axum::extract::Multipart,
) -> Response {
    let mut upload = Upload {
        filename: String::new(),
        kind: String::new(),
        overwrite: None,
        bytes: Vec::new(),
    };
    while let Ok(Some(field)) = form.next_field().await {
        match field.name().unwrap_or("") {
            "image" => {
                upload.filename = field.file_name().unwrap_or("").to_owned();
                upload.bytes = field.bytes().await.unwrap().to_vec();
            }
            "type" => upload.kind = field.text().await.unwrap(),
            "overwrite" => upload.overwrite = Some(field.text().await.unwrap()),
            _ => {}
        }
    }
    if upload.filename.is_empty() || upload.bytes.is_empty() {
        return StatusCode::BAD_REQUEST.into_response();
    }
    let kind = if upload.kind.is_empty() {
        "input".to_owned()
    } else {
        upload.kind.clone()
    };
    let answer = json!({"name": upload.filename, "subfolder": "", "type": kind});
    s.uploads.lock().unwrap().push(upload);
    axum::Json(answer).into_response()
}

async fn interrupt(State(s): State<Arc<Shared>>) -> StatusCode {
    s.interrupted.notify_waiters();
    StatusCode::OK
}

async fn queue_post() -> StatusCode {
    StatusCode::OK
}

async fn system_stats() -> axum::Json<Value> {
    axum::Json(json!({
        "system": {"os": "posix", "ram_total": 67_108_864_000_u64, "ram_free": 50_000_000_000_u64,
            "comfyui_version": "0.3.64", "python_version": "3.12.3", "pytorch_version": "2.8.0+cu128",
            "embedded_python": false, "argv": ["main.py", "--listen"]},
        "devices": [{"name": "cuda:0 NVIDIA L4", "type": "cuda", "index": 0,
            "vram_total": 25_393_692_672_u64, "vram_free": 24_000_000_000_u64}]}))
}

async fn object_info(State(s): State<Arc<Shared>>, Path(class): Path<String>) -> axum::Json<Value> {
    axum::Json(if class == "CheckpointLoaderSimple" {
        json!({"CheckpointLoaderSimple": {
            "input": {"required": {"ckpt_name": [s.checkpoints, {"tooltip": "The name of the checkpoint (model) to load."}]}},
            "input_order": {"required": ["ckpt_name"]},
            "output": ["MODEL", "CLIP", "VAE"], "output_is_list": [false, false, false],
            "output_name": ["MODEL", "CLIP", "VAE"], "name": "CheckpointLoaderSimple",
            "display_name": "Load Checkpoint", "python_module": "nodes", "category": "loaders",
            "output_node": false}})
    } else {
        json!({})
    })
}
