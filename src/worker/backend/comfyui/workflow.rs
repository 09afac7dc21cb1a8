//! The API-format graph ComfyUI runs for one image: a built-in txt2img template of core nodes
//! (with a second, partial-denoise pass at 2x when enhance is on: A1111's hires fix), or a
//! deployer's own workflow file per style with named placeholders. An image drawn from a
//! source always runs the built-in img2img graph: a deployer's files draw from a prompt.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::super::Render;

/// Placeholders a workflow file may use, as `"{{name}}"`. A string that is exactly one
/// placeholder takes the value's type (a number for the numbers); inside longer text it is
/// replaced as text.
pub const PLACEHOLDERS: [&str; 11] = [
    "prompt",
    "negative",
    "seed",
    "steps",
    "width",
    "height",
    "scale",
    "checkpoint",
    "filename_prefix",
    "cfg",
    "sampler",
];

/// Samplers whose `progress` messages make up the progress bar.
const SAMPLERS: [&str; 4] = [
    "KSampler",
    "KSamplerAdvanced",
    "SamplerCustom",
    "SamplerCustomAdvanced",
];

/// What SaveImage names files: `lucent_00001_.png` in the output folder.
const FILENAME_PREFIX: &str = "lucent";

/// A1111's "DPM++ 2M" with its automatic (Karras) schedule, as Lucent's A1111 requests run.
const SCHEDULER: &str = "karras";
/// The second pass of 2x, as A1111's `denoising_strength` in Lucent's A1111 requests.
const HIRES_DENOISE: f64 = 0.5;

/// One graph to submit, and where to look in it afterwards.
#[derive(Debug, Clone, PartialEq)]
pub struct Workflow {
    pub graph: Value,
    /// The sampler nodes, for progress.
    pub samplers: Vec<String>,
    /// (node, input) pairs that hold the seed, to read the seed that ran.
    pub seed_inputs: Vec<(String, String)>,
}

/// `name.safetensors [hash]` (an A1111 title, as the catalog holds it) → `name.safetensors`.
pub fn checkpoint_file(title: &str) -> &str {
    match title.rsplit_once(" [") {
        Some((name, hash)) if hash.ends_with(']') => name,
        _ => title,
    }
}

/// The built-in template and the deployer's files, by style id.
#[derive(Debug, Clone, Default)]
pub struct Templates {
    custom: BTreeMap<String, Value>,
}

impl Templates {
    /// `custom` maps style ids to API-format workflow documents; each is checked now, so a
    /// broken file stops the start rather than a user's request.
    pub fn new(custom: BTreeMap<String, Value>) -> Result<Self, String> {
        for (style, graph) in &custom {
            check(graph).map_err(|e| format!("the ComfyUI workflow of style {style}: {e}"))?;
        }
        Ok(Self { custom })
    }

    /// The graph of `job`; `image` is where ComfyUI has the job's source, when it has one.
    pub fn workflow(&self, job: &Render, seed: u32, image: Option<&str>) -> Workflow {
        let custom = self.custom.get(&job.style_id).filter(|_| image.is_none());
        let graph = match (custom, image) {
            (Some(template), _) => fill(template, &values(job, seed)),
            (None, Some(image)) => from_image(job, seed, image),
            (None, None) => built_in(job, seed),
        };
        let seed_inputs = match custom {
            Some(template) => placed(template, "seed"),
            None => samplers_of(&graph)
                .into_iter()
                .map(|id| (id, "seed".to_owned()))
                .collect(),
        };
        Workflow {
            samplers: samplers_of(&graph),
            seed_inputs,
            graph,
        }
    }
}

fn values(job: &Render, seed: u32) -> BTreeMap<&'static str, Value> {
    BTreeMap::from([
        ("prompt", json!(job.prompt)),
        ("negative", json!(job.negative_prompt)),
        ("seed", json!(seed)),
        ("steps", json!(job.steps)),
        ("width", json!(job.width)),
        ("height", json!(job.height)),
        ("scale", json!(if job.enhance { 2 } else { 1 })),
        ("checkpoint", json!(checkpoint_file(&job.checkpoint))),
        ("filename_prefix", json!(FILENAME_PREFIX)),
        ("cfg", json!(job.cfg)),
        ("sampler", json!(job.sampler.comfyui)),
    ])
}

/// The sampler node of Lucent's graphs, drawing on `latent`.
fn sampler(job: &Render, seed: u32, latent: &str, denoise: f64) -> Value {
    json!({"class_type": "KSampler", "inputs": {
        "seed": seed, "steps": job.steps, "cfg": job.cfg, "sampler_name": job.sampler.comfyui,
        "scheduler": SCHEDULER, "denoise": denoise,
        "model": ["4", 0], "positive": ["6", 0], "negative": ["7", 0], "latent_image": [latent, 0]}})
}

/// ComfyUI's stock img2img: the uploaded source (`LoadImage`), scaled to the result's size,
/// encoded to a latent and sampled again at the source's denoise.
fn from_image(job: &Render, seed: u32, image: &str) -> Value {
    let denoise = job.source.as_ref().map_or(1.0, |s| f64::from(s.denoise));
    json!({
        "4": {"class_type": "CheckpointLoaderSimple",
              "inputs": {"ckpt_name": checkpoint_file(&job.checkpoint)}},
        "6": {"class_type": "CLIPTextEncode", "inputs": {"text": job.prompt, "clip": ["4", 1]}},
        "7": {"class_type": "CLIPTextEncode",
              "inputs": {"text": job.negative_prompt, "clip": ["4", 1]}},
        "10": {"class_type": "LoadImage", "inputs": {"image": image}},
        "12": {"class_type": "ImageScale", "inputs": {"image": ["10", 0],
               "upscale_method": "lanczos", "width": job.width, "height": job.height,
               "crop": "disabled"}},
        "13": {"class_type": "VAEEncode", "inputs": {"pixels": ["12", 0], "vae": ["4", 2]}},
        "3": sampler(job, seed, "13", denoise),
        "8": {"class_type": "VAEDecode", "inputs": {"samples": ["3", 0], "vae": ["4", 2]}},
        "9": {"class_type": "SaveImage",
              "inputs": {"images": ["8", 0], "filename_prefix": FILENAME_PREFIX}},
    })
}

/// ComfyUI's stock txt2img graph (`script_examples/basic_api_example.py`), plus the hires pass.
fn built_in(job: &Render, seed: u32) -> Value {
    let sampler = |latent: &str, denoise: f64| sampler(job, seed, latent, denoise);
    let mut graph = json!({
        "4": {"class_type": "CheckpointLoaderSimple",
              "inputs": {"ckpt_name": checkpoint_file(&job.checkpoint)}},
        "6": {"class_type": "CLIPTextEncode", "inputs": {"text": job.prompt, "clip": ["4", 1]}},
        "7": {"class_type": "CLIPTextEncode",
              "inputs": {"text": job.negative_prompt, "clip": ["4", 1]}},
        "5": {"class_type": "EmptyLatentImage",
              "inputs": {"width": job.width, "height": job.height, "batch_size": 1}},
        "3": sampler("5", 1.0),
        "8": {"class_type": "VAEDecode", "inputs": {"samples": ["3", 0], "vae": ["4", 2]}},
        "9": {"class_type": "SaveImage",
              "inputs": {"images": ["8", 0], "filename_prefix": FILENAME_PREFIX}},
    });
    if job.enhance {
        graph["10"] = json!({"class_type": "LatentUpscaleBy", "inputs": {
            "samples": ["3", 0], "upscale_method": "nearest-exact", "scale_by": 2.0}});
        graph["11"] = sampler("10", HIRES_DENOISE);
        graph["8"]["inputs"]["samples"] = json!(["11", 0]);
    }
    graph
}

fn samplers_of(graph: &Value) -> Vec<String> {
    let mut ids: Vec<String> = graph
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(_, node)| {
            node["class_type"]
                .as_str()
                .is_some_and(|c| SAMPLERS.contains(&c))
        })
        .map(|(id, _)| id.clone())
        .collect();
    // Numeric ids in number order: the order a graph's author usually wires them in.
    ids.sort_by_key(|id| (id.parse::<u64>().unwrap_or(u64::MAX), id.clone()));
    ids
}

fn placeholder(name: &str) -> String {
    format!("{{{{{name}}}}}")
}

/// A workflow document: nodes with a `class_type` and `inputs`, and only known placeholders.
fn check(graph: &Value) -> Result<(), String> {
    let nodes = graph.as_object().filter(|n| !n.is_empty()).ok_or(
        "expected an API-format workflow: an object of nodes (export it with \"Save (API)\")",
    )?;
    for (id, node) in nodes {
        if !node["class_type"].is_string() || !node["inputs"].is_object() {
            return Err(format!("node {id} needs a class_type and inputs"));
        }
    }
    let text = graph.to_string();
    let mut rest = text.as_str();
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else { break };
        let name = &after[..end];
        if !PLACEHOLDERS.contains(&name) {
            return Err(format!(
                "unknown placeholder {{{{{name}}}}}; known: {}",
                PLACEHOLDERS.join(", ")
            ));
        }
        rest = &after[end + 2..];
    }
    if !text.contains(&placeholder("prompt")) {
        return Err("it never uses {{prompt}}".into());
    }
    Ok(())
}

fn fill(template: &Value, values: &BTreeMap<&'static str, Value>) -> Value {
    match template {
        Value::String(s) => {
            if let Some(value) = values
                .iter()
                .find_map(|(name, v)| (*s == placeholder(name)).then_some(v))
            {
                return value.clone();
            }
            let mut out = s.clone();
            for (name, value) in values {
                let text = match value {
                    Value::String(t) => t.clone(),
                    other => other.to_string(),
                };
                out = out.replace(&placeholder(name), &text);
            }
            Value::String(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(|v| fill(v, values)).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), fill(v, values)))
                .collect::<Map<_, _>>(),
        ),
        other => other.clone(),
    }
}

/// The (node, input) pairs whose value is exactly the placeholder `name`.
fn placed(template: &Value, name: &str) -> Vec<(String, String)> {
    let wanted = Value::String(placeholder(name));
    template
        .as_object()
        .into_iter()
        .flatten()
        .flat_map(|(id, node)| {
            node["inputs"]
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(_, v)| **v == wanted)
                .map(|(input, _)| (id.clone(), input.clone()))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(enhance: bool, style: &str) -> Render {
        Render {
            prompt: "a lighthouse, RAW photo".into(),
            user_prompt: "a lighthouse".into(),
            negative_prompt: "blurry".into(),
            style_id: style.into(),
            checkpoint: "Realistic_Vision_V4.0.safetensors [29a7afaa]".into(),
            prompt_plus: "RAW photo".into(),
            look_text: String::new(),
            seed: Some(9),
            steps: 25,
            width: 512,
            height: 768,
            enhance,
            cfg: 7.0,
            sampler: &crate::generation::controls::SAMPLERS[0],
            source: None,
        }
    }

    #[test]
    fn the_built_in_graph_is_comfyuis_stock_txt2img_with_the_jobs_values() {
        let w = Templates::default().workflow(&job(false, "real-v1.1"), 9, None);
        let g = &w.graph;
        assert_eq!(
            g["4"]["inputs"]["ckpt_name"],
            "Realistic_Vision_V4.0.safetensors"
        );
        assert_eq!(g["6"]["inputs"]["text"], "a lighthouse, RAW photo");
        assert_eq!(g["7"]["inputs"]["text"], "blurry");
        assert_eq!(
            g["5"]["inputs"],
            json!({"width": 512, "height": 768, "batch_size": 1})
        );
        assert_eq!(g["3"]["inputs"]["seed"], 9);
        assert_eq!(g["3"]["inputs"]["steps"], 25);
        assert_eq!(g["8"]["inputs"]["samples"], json!(["3", 0]));
        assert_eq!(g["9"]["class_type"], "SaveImage");
        assert_eq!(w.samplers, ["3"]);
        assert_eq!(w.seed_inputs, [("3".to_owned(), "seed".to_owned())]);
    }

    #[test]
    fn enhance_adds_a_latent_upscale_and_a_partial_denoise_pass() {
        let w = Templates::default().workflow(&job(true, "real-v1.1"), 9, None);
        let g = &w.graph;
        assert_eq!(g["10"]["class_type"], "LatentUpscaleBy");
        assert_eq!(g["10"]["inputs"]["scale_by"], 2.0);
        assert_eq!(g["11"]["inputs"]["latent_image"], json!(["10", 0]));
        assert_eq!(g["11"]["inputs"]["denoise"], 0.5);
        assert_eq!(g["8"]["inputs"]["samples"], json!(["11", 0]));
        assert_eq!(w.samplers, ["3", "11"]);
    }

    #[test]
    fn a_deployers_workflow_gets_typed_values_in_its_placeholders() {
        let template = json!({
            "1": {"class_type": "CheckpointLoaderSimple", "inputs": {"ckpt_name": "{{checkpoint}}"}},
            "2": {"class_type": "CLIPTextEncode", "inputs": {"text": "{{prompt}}, masterpiece", "clip": ["1", 1]}},
            "3": {"class_type": "KSamplerAdvanced", "inputs": {"noise_seed": "{{seed}}", "steps": "{{steps}}"}},
            "4": {"class_type": "EmptyLatentImage", "inputs": {"width": "{{width}}", "height": "{{height}}", "batch_size": 1}},
        });
        let templates = Templates::new(BTreeMap::from([("mine".to_owned(), template)])).unwrap();

        let w = templates.workflow(&job(false, "mine"), 77, None);

        assert_eq!(
            w.graph["1"]["inputs"]["ckpt_name"],
            "Realistic_Vision_V4.0.safetensors"
        );
        assert_eq!(
            w.graph["2"]["inputs"]["text"],
            "a lighthouse, RAW photo, masterpiece"
        );
        assert_eq!(w.graph["3"]["inputs"]["noise_seed"], 77);
        assert_eq!(w.graph["3"]["inputs"]["steps"], 25);
        assert_eq!(w.graph["4"]["inputs"]["height"], 768);
        assert_eq!(w.samplers, ["3"]);
        assert_eq!(w.seed_inputs, [("3".to_owned(), "noise_seed".to_owned())]);
        let other = templates.workflow(&job(false, "real-v1.1"), 77, None);
        assert_eq!(
            other.graph["9"]["class_type"], "SaveImage",
            "other styles keep the built-in graph"
        );
    }

    #[test]
    fn a_source_runs_the_img2img_graph_at_its_denoise_even_for_a_deployers_style() {
        let template = json!({"1": {"class_type": "X", "inputs": {"text": "{{prompt}}"}}});
        let templates = Templates::new(BTreeMap::from([("mine".to_owned(), template)])).unwrap();
        let mut j = job(false, "mine");
        j.source = Some(crate::worker::backend::SourceImage {
            png: bytes::Bytes::from_static(b"png"),
            denoise: 0.85,
        });

        let w = templates.workflow(&j, 9, Some("lucent-ab.png [temp]"));

        let g = &w.graph;
        assert_eq!(g["10"]["inputs"]["image"], "lucent-ab.png [temp]");
        assert_eq!(g["12"]["inputs"]["image"], json!(["10", 0]));
        assert_eq!(
            (
                g["12"]["inputs"]["width"].clone(),
                g["12"]["inputs"]["height"].clone()
            ),
            (json!(512), json!(768))
        );
        assert_eq!(g["13"]["inputs"]["pixels"], json!(["12", 0]));
        assert_eq!(g["3"]["inputs"]["latent_image"], json!(["13", 0]));
        assert_eq!(g["3"]["inputs"]["denoise"].as_f64().unwrap() as f32, 0.85);
        assert_eq!(w.samplers, ["3"]);
        assert_eq!(w.seed_inputs, [("3".to_owned(), "seed".to_owned())]);
    }

    #[test]
    fn a_workflow_with_an_unknown_placeholder_or_no_prompt_is_refused_at_start() {
        let unknown =
            json!({"1": {"class_type": "X", "inputs": {"text": "{{prompt}} {{denoise}}"}}});
        let no_prompt = json!({"1": {"class_type": "X", "inputs": {"text": "hi"}}});
        let ui_format = json!({"nodes": [], "links": []});
        for (graph, expected) in [
            (unknown, "unknown placeholder {{denoise}}"),
            (no_prompt, "never uses {{prompt}}"),
            (ui_format, "needs a class_type"),
        ] {
            let error = Templates::new(BTreeMap::from([("s".to_owned(), graph)])).unwrap_err();
            assert!(error.contains(expected), "{error}");
        }
    }

    #[test]
    fn a_checkpoint_title_loses_its_hash() {
        assert_eq!(checkpoint_file("a.safetensors [29a7afaa]"), "a.safetensors");
        assert_eq!(checkpoint_file("sub/b.ckpt"), "sub/b.ckpt");
    }
}
