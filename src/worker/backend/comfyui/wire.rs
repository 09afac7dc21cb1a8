//! ComfyUI's messages as its `server.py` and `execution.py` send them (see
//! `docs/comfyui-wire.md`): only the fields Lucent reads, everything else ignored, so newer
//! servers that add fields keep working.

use std::collections::BTreeMap;

use rand::Rng;

use serde::Deserialize;
use serde_json::Value;

/// `POST /prompt` accepted: `{prompt_id, number, node_errors}`.
#[derive(Debug, Deserialize)]
pub struct Accepted {
    pub prompt_id: String,
}

/// `POST /prompt` refused (400): `{error: {type, message, details}, node_errors: {id: …}}`.
/// Servers before 0.3.28 sent `error` as a plain string.
#[derive(Debug, Deserialize)]
pub struct Refused {
    pub error: RefusalError,
    #[serde(default)]
    pub node_errors: Value,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum RefusalError {
    Detailed {
        #[serde(default)]
        message: String,
        #[serde(default)]
        details: String,
    },
    Plain(String),
}

#[derive(Debug, Deserialize)]
struct NodeError {
    #[serde(default)]
    errors: Vec<Reason>,
    #[serde(default)]
    class_type: String,
}

#[derive(Debug, Deserialize)]
struct Reason {
    #[serde(default)]
    message: String,
    #[serde(default)]
    details: String,
}

impl Refused {
    /// One line: the top message, then each failing node's reasons. For a missing checkpoint
    /// the top `details` is empty and the reason is only in `node_errors`.
    pub fn summary(&self) -> String {
        let mut parts = vec![match &self.error {
            RefusalError::Detailed { message, details } if details.is_empty() => message.clone(),
            RefusalError::Detailed { message, details } => format!("{message}: {details}"),
            RefusalError::Plain(message) => message.clone(),
        }];
        let nodes: BTreeMap<String, NodeError> =
            serde_json::from_value(self.node_errors.clone()).unwrap_or_default();
        for (id, node) in nodes {
            for reason in node.errors {
                parts.push(format!(
                    "{} (node {id}): {} {}",
                    node.class_type, reason.message, reason.details
                ));
            }
        }
        parts.join("; ")
    }
}

/// A websocket text frame: `{type, data}`.
#[derive(Debug, Deserialize)]
pub struct Message {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub data: Value,
}

/// What a message means for one prompt.
#[derive(Debug, PartialEq)]
pub enum Event {
    /// A sampler step: `node` is at `value` of `max`.
    Progress {
        node: String,
        value: u32,
        max: u32,
    },
    /// The prompt is finished and its history written (`executing` with `node: null`).
    Finished,
    /// A node raised: its type and message.
    Error(String),
    Interrupted,
    /// Anything else, or another prompt's message.
    Other,
}

impl Message {
    pub fn event(&self, prompt_id: &str) -> Event {
        if self.data.get("prompt_id").and_then(Value::as_str) != Some(prompt_id) {
            return Event::Other;
        }
        let text = |key: &str| self.data.get(key).and_then(Value::as_str).unwrap_or("");
        let number = |key: &str| {
            self.data
                .get(key)
                .and_then(Value::as_u64)
                .and_then(|n| u32::try_from(n).ok())
        };
        match self.kind.as_str() {
            "progress" => match (number("value"), number("max")) {
                (Some(value), Some(max)) if max > 0 => Event::Progress {
                    node: text("node").to_owned(),
                    value,
                    max,
                },
                _ => Event::Other,
            },
            "executing" if self.data.get("node").is_some_and(Value::is_null) => Event::Finished,
            "execution_error" => Event::Error(format!(
                "{} failed: {}",
                text("node_type"),
                text("exception_message").trim_end()
            )),
            "execution_interrupted" => Event::Interrupted,
            _ => Event::Other,
        }
    }
}

/// `GET /history/{id}`: `{}` until the prompt is done, then `{id: entry}`.
#[derive(Debug, Deserialize)]
pub struct Entry {
    /// `[number, id, graph, extra_data, outputs]`: the graph as it ran.
    #[serde(default)]
    pub prompt: Vec<Value>,
    #[serde(default)]
    pub outputs: BTreeMap<String, NodeOutput>,
    pub status: Option<Status>,
}

#[derive(Debug, Deserialize)]
pub struct Status {
    #[serde(default)]
    pub status_str: String,
    #[serde(default)]
    pub completed: bool,
    /// `[[type, data], …]`: the error's message is in the last one when it failed.
    #[serde(default)]
    pub messages: Vec<(String, Value)>,
}

#[derive(Debug, Deserialize)]
pub struct NodeOutput {
    #[serde(default)]
    pub images: Vec<FileRef>,
}

/// A file `/view` serves.
#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct FileRef {
    pub filename: String,
    #[serde(default)]
    pub subfolder: String,
    #[serde(rename = "type", default)]
    pub kind: String,
}

/// `/upload/image`'s answer (`server.py` `image_upload`).
#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct Uploaded {
    pub name: String,
    #[serde(default)]
    pub subfolder: String,
    #[serde(rename = "type", default)]
    pub kind: String,
}

impl Uploaded {
    /// How `LoadImage` names it: `subfolder/name [type]` (`folder_paths.annotated_filepath`).
    pub fn annotated(&self) -> String {
        let path = match self.subfolder.as_str() {
            "" => self.name.clone(),
            folder => format!("{folder}/{}", self.name),
        };
        match self.kind.as_str() {
            "" => path,
            kind => format!("{path} [{kind}]"),
        }
    }
}

impl Entry {
    /// The graph that ran.
    pub fn graph(&self) -> Option<&Value> {
        self.prompt.get(2)
    }

    /// Why it did not succeed, from the last `execution_error`/`_interrupted` message.
    pub fn failure(&self) -> Option<String> {
        let status = self.status.as_ref()?;
        if status.status_str == "success" && status.completed {
            return None;
        }
        let message = status
            .messages
            .iter()
            .rev()
            .find_map(|(kind, data)| match kind.as_str() {
                "execution_error" => Some(
                    Message {
                        kind: kind.clone(),
                        data: data.clone(),
                    }
                    .event(data["prompt_id"].as_str().unwrap_or_default()),
                ),
                "execution_interrupted" => Some(Event::Interrupted),
                _ => None,
            });
        Some(match message {
            Some(Event::Error(message)) => message,
            Some(Event::Interrupted) => "the prompt was interrupted".to_owned(),
            _ => format!("the prompt ended with status {:?}", status.status_str),
        })
    }
}

/// A fresh lowercase hyphenated UUID v4: what every ComfyUI version accepts as a `prompt_id`
/// (the newest refuses anything else).
pub fn uuid4() -> String {
    let mut b: [u8; 16] = rand::rng().random();
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h = hex::encode(b);
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}
