//! ComfyUI's sampler steps as one progress bar.

use std::time::Instant;

use super::super::Progress;

/// The progress bar across every sampler pass: the second pass of 2x is the second half.
pub struct Bar<'a> {
    samplers: &'a [String],
    seen: Vec<String>,
    started: Option<Instant>,
}

impl<'a> Bar<'a> {
    pub fn new(samplers: &'a [String]) -> Self {
        Self {
            samplers,
            seen: Vec::new(),
            started: None,
        }
    }

    pub fn step(&mut self, node: &str, value: u32, max: u32) -> Progress {
        if !self.seen.iter().any(|n| n == node) {
            self.seen.push(node.to_owned());
        }
        let index = self.seen.iter().position(|n| n == node).unwrap_or(0);
        let total = self.samplers.len().max(self.seen.len()).max(1);
        #[allow(clippy::cast_precision_loss)]
        let fraction =
            ((index as f32 + value.min(max) as f32 / max as f32) / total as f32).clamp(0.0, 1.0);
        let started = *self.started.get_or_insert_with(Instant::now);
        let elapsed = started.elapsed().as_secs_f32();
        Progress {
            fraction,
            eta_seconds: (fraction > 0.0 && elapsed > 0.0)
                .then(|| elapsed * (1.0 - fraction) / fraction),
        }
    }
}
