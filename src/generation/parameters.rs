//! What an image says about how it was made, in the words other tools read: the creator tool
//! of its XMP mark and AUTOMATIC1111's `parameters` text, which its original carries (as every
//! PNG A1111 saves does) for A1111's "PNG Info", ComfyUI and civitai.

use super::catalog::{self, Style};
use super::controls;
use crate::store::GenerationRecord;

/// `xmp:CreatorTool`: the product and the model.
pub fn creator_tool(record: &GenerationRecord) -> String {
    format!("Lucent, {}", record.checkpoint)
}

/// AUTOMATIC1111's `parameters` text of `record`, drawn with `style` (`None`: a style gone
/// from the catalog since).
pub fn a1111(record: &GenerationRecord, style: Option<&Style>) -> String {
    let (model, hash) = style.map_or((record.checkpoint.as_str(), ""), |s| {
        (
            s.checkpoint.split(" [").next().unwrap_or(&s.checkpoint),
            s.hash.as_str(),
        )
    });
    let model = model
        .trim_end_matches(".safetensors")
        .trim_end_matches(".ckpt");
    // Images from before guidance could be picked were drawn at 7 with the first sampler.
    let sampler = controls::sampler(record.sampler.as_deref().unwrap_or_default()).a1111;
    let cfg = record.cfg.unwrap_or_else(catalog::default_cfg);
    format!(
        "{}\nNegative prompt: {}\nSteps: {}, Sampler: {sampler}, CFG scale: {cfg}, Seed: {}, Size: {}x{}, Model hash: {hash}, Model: {model}, Lucent style: {}",
        record.prompt,
        record.negative_prompt,
        record.steps,
        record.seed,
        record.width,
        record.height,
        record.style
    )
}
