//! Latency histograms with fixed buckets, shared by the process's own metrics and the job
//! board's global wait times (kept in Redis as the same buckets).

use std::fmt::Write as _;

/// Upper bounds in seconds, from a cache hit to a long wait in a busy queue.
pub const BUCKETS: [f64; 15] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0, 30.0, 120.0, 600.0,
];

/// Cumulative counts per bucket of [`BUCKETS`], as Prometheus reports them.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Histogram {
    pub counts: [u64; BUCKETS.len()],
    pub sum: f64,
    pub total: u64,
}

impl Histogram {
    pub fn observe(&mut self, seconds: f64) {
        for (i, bound) in BUCKETS.iter().enumerate() {
            if seconds <= *bound {
                self.counts[i] += 1;
            }
        }
        self.sum += seconds;
        self.total += 1;
    }

    /// The `_bucket`, `_sum` and `_count` lines of series `name` with `labels`.
    pub fn render(&self, out: &mut String, name: &str, labels: &str) {
        let sep = if labels.is_empty() { "" } else { "," };
        for (i, bound) in BUCKETS.iter().enumerate() {
            let _ = writeln!(
                out,
                "{name}_bucket{{{labels}{sep}le=\"{bound}\"}} {}",
                self.counts[i]
            );
        }
        let _ = writeln!(
            out,
            "{name}_bucket{{{labels}{sep}le=\"+Inf\"}} {}",
            self.total
        );
        let _ = writeln!(out, "{name}_sum{{{labels}}} {}", self.sum);
        let _ = writeln!(out, "{name}_count{{{labels}}} {}", self.total);
    }
}
