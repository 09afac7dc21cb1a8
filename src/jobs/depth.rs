//! The whole line, as the metrics show it: jobs waiting and running on every instance, the
//! workers alive, and how long jobs waited for their first start.

use std::fmt::Write as _;

use crate::metrics::histogram::Histogram;

/// The whole line, for metrics.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Depth {
    pub queued_pro: u64,
    pub queued_free: u64,
    pub running: u64,
    /// Workers that claimed or looked for work within a few leases.
    pub workers: u64,
    /// From submit to a job's first start, by tier, since the board's data began.
    pub waited_pro: Histogram,
    pub waited_free: Histogram,
}

impl Depth {
    /// The board's part of the metrics text; `depth` is `None` when the board did not answer.
    pub fn exposition(depth: Option<&Depth>, out: &mut String) {
        out.push_str("# HELP lucent_jobs_board_up Whether the job board answered.\n# TYPE lucent_jobs_board_up gauge\n");
        let _ = writeln!(out, "lucent_jobs_board_up {}", u8::from(depth.is_some()));
        let Some(d) = depth else { return };
        out.push_str("# HELP lucent_queue_waiting Generation jobs waiting for a worker, all instances.\n# TYPE lucent_queue_waiting gauge\n");
        let _ = writeln!(out, "lucent_queue_waiting {}", d.queued_pro + d.queued_free);
        out.push_str("# HELP lucent_queue_depth Generation jobs waiting, by tier, all instances.\n# TYPE lucent_queue_depth gauge\n");
        let _ = writeln!(out, "lucent_queue_depth{{tier=\"pro\"}} {}", d.queued_pro);
        let _ = writeln!(out, "lucent_queue_depth{{tier=\"free\"}} {}", d.queued_free);
        out.push_str("# HELP lucent_jobs_running Generation jobs running, all workers.\n# TYPE lucent_jobs_running gauge\n");
        let _ = writeln!(out, "lucent_jobs_running {}", d.running);
        out.push_str("# HELP lucent_workers_alive Workers that looked for work within three leases.\n# TYPE lucent_workers_alive gauge\n");
        let _ = writeln!(out, "lucent_workers_alive {}", d.workers);
        out.push_str("# HELP lucent_queue_wait_seconds From submit to the first start, by tier, all instances.\n# TYPE lucent_queue_wait_seconds histogram\n");
        d.waited_pro
            .render(out, "lucent_queue_wait_seconds", "tier=\"pro\"");
        d.waited_free
            .render(out, "lucent_queue_wait_seconds", "tier=\"free\"");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_is_told_in_prometheus_text_and_a_silent_board_as_down() {
        let mut waited_free = Histogram::default();
        waited_free.observe(3.0);
        let depth = Depth {
            queued_pro: 1,
            queued_free: 2,
            running: 1,
            workers: 2,
            waited_free,
            ..Depth::default()
        };
        let mut text = String::new();
        Depth::exposition(Some(&depth), &mut text);
        assert!(text.contains("lucent_jobs_board_up 1"));
        assert!(text.contains("lucent_queue_waiting 3"));
        assert!(text.contains("lucent_queue_depth{tier=\"free\"} 2"));
        assert!(text.contains("lucent_workers_alive 2"));
        assert!(text.contains("lucent_queue_wait_seconds_bucket{tier=\"free\",le=\"1\"} 0"));
        assert!(text.contains("lucent_queue_wait_seconds_bucket{tier=\"free\",le=\"5\"} 1"));
        assert!(text.contains("lucent_queue_wait_seconds_count{tier=\"pro\"} 0"));

        let mut down = String::new();
        Depth::exposition(None, &mut down);
        assert!(down.contains("lucent_jobs_board_up 0"));
        assert!(!down.contains("lucent_queue_waiting"));
    }
}
