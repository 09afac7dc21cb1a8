//! Prometheus metrics in the text exposition format: request counts and latencies by route,
//! queue depth, backend durations and failures, credit reservations, webhook outcomes.
//! Hand-rolled: a few maps behind short locks, no exporter stack to build.

pub mod histogram;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::time::Duration;

use histogram::Histogram;

#[derive(Default)]
struct Series {
    /// By route template: looked up by `&str`, so a request allocates nothing once its route
    /// has been seen (every request passes here: `/me` is timed against a bare handler).
    routes: BTreeMap<String, RouteSeries>,
    backend: BTreeMap<String, Histogram>,
    backend_failures: BTreeMap<String, u64>,
    credits: BTreeMap<&'static str, u64>,
    webhooks: BTreeMap<String, u64>,
    /// Images marked (and signed, with a certificate), by when: `stored` or `first_serve`.
    marked: BTreeMap<&'static str, u64>,
}

#[derive(Default)]
struct RouteSeries {
    /// Requests by method and status: a route answers few of each.
    counts: Vec<(String, u16, u64)>,
    latency: Histogram,
}

#[derive(Default)]
pub struct Metrics {
    series: Mutex<Series>,
}

/// Label values are route templates and codes of our own, but escape anyway.
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

impl Metrics {
    fn with<T>(&self, f: impl FnOnce(&mut Series) -> T) -> T {
        f(&mut self.series.lock().unwrap_or_else(|e| e.into_inner()))
    }

    pub fn request(&self, route: &str, method: &str, status: u16, took: Duration) {
        self.with(|s| {
            if !s.routes.contains_key(route) {
                s.routes.insert(route.to_owned(), RouteSeries::default());
            }
            let Some(series) = s.routes.get_mut(route) else {
                return;
            };
            match series
                .counts
                .iter_mut()
                .find(|(m, st, _)| m == method && *st == status)
            {
                Some((_, _, n)) => *n += 1,
                None => series.counts.push((method.to_owned(), status, 1)),
            }
            series.latency.observe(took.as_secs_f64());
        });
    }

    pub fn backend_call(&self, backend: &str, took: Duration, failure: Option<&str>) {
        self.with(|s| {
            s.backend
                .entry(backend.to_owned())
                .or_default()
                .observe(took.as_secs_f64());
            if let Some(code) = failure {
                *s.backend_failures.entry(code.to_owned()).or_default() += 1;
            }
        });
    }

    /// `reserved`, `kept` or `released`, by `n` credits.
    pub fn credits(&self, what: &'static str, n: u32) {
        self.with(|s| *s.credits.entry(what).or_default() += u64::from(n));
    }

    /// An image marked (src/images/mark.rs): `stored`, or on its `first_serve` for one
    /// stored before images were marked when stored.
    pub fn marked(&self, when: &'static str) {
        self.with(|s| *s.marked.entry(when).or_default() += 1);
    }

    pub fn webhook(&self, outcome: &str) {
        self.with(|s| *s.webhooks.entry(outcome.to_owned()).or_default() += 1);
    }

    /// The text exposition of this process's counts (the job board adds its own).
    pub fn render(&self, store_reads: u64) -> String {
        let mut out = String::new();
        self.with(|s| {
            out.push_str("# HELP lucent_http_requests_total HTTP requests by route, method and status.\n# TYPE lucent_http_requests_total counter\n");
            for (route, series) in &s.routes {
                let mut counts: Vec<&(String, u16, u64)> = series.counts.iter().collect();
                counts.sort();
                for (method, status, n) in counts {
                    let _ = writeln!(out, "lucent_http_requests_total{{route=\"{}\",method=\"{method}\",status=\"{status}\"}} {n}", escape(route));
                }
            }
            out.push_str("# HELP lucent_http_request_duration_seconds Request latency by route.\n# TYPE lucent_http_request_duration_seconds histogram\n");
            for (route, series) in &s.routes {
                series.latency.render(&mut out, "lucent_http_request_duration_seconds", &format!("route=\"{}\"", escape(route)));
            }
            out.push_str("# HELP lucent_backend_duration_seconds Image backend call durations.\n# TYPE lucent_backend_duration_seconds histogram\n");
            for (backend, h) in &s.backend {
                h.render(&mut out, "lucent_backend_duration_seconds", &format!("backend=\"{}\"", escape(backend)));
            }
            out.push_str("# HELP lucent_backend_failures_total Failed backend calls by error code.\n# TYPE lucent_backend_failures_total counter\n");
            for (code, n) in &s.backend_failures {
                let _ = writeln!(out, "lucent_backend_failures_total{{code=\"{}\"}} {n}", escape(code));
            }
            out.push_str("# HELP lucent_credits_total Credits reserved, kept (an image was stored) and released.\n# TYPE lucent_credits_total counter\n");
            for (what, n) in &s.credits {
                let _ = writeln!(out, "lucent_credits_total{{outcome=\"{what}\"}} {n}");
            }
            out.push_str("# HELP lucent_images_marked_total Images marked as AI-made (and signed, with a certificate), when stored or on the first serve of one stored before.\n# TYPE lucent_images_marked_total counter\n");
            for (when, n) in &s.marked {
                let _ = writeln!(out, "lucent_images_marked_total{{when=\"{when}\"}} {n}");
            }
            out.push_str("# HELP lucent_webhooks_total Payment processor events (Stripe webhooks, Verotel postbacks) by outcome.\n# TYPE lucent_webhooks_total counter\n");
            for (outcome, n) in &s.webhooks {
                let _ = writeln!(out, "lucent_webhooks_total{{outcome=\"{}\"}} {n}", escape(outcome));
            }
        });
        out.push_str("# HELP lucent_store_reads_total User and credit reads that missed the caches.\n# TYPE lucent_store_reads_total counter\n");
        let _ = writeln!(out, "lucent_store_reads_total {store_reads}");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_are_cumulative_and_the_text_is_prometheus_shaped() {
        let m = Metrics::default();
        m.request("/api/v1/me", "GET", 200, Duration::from_micros(300));
        m.request("/api/v1/me", "GET", 200, Duration::from_millis(20));
        m.credits("reserved", 2);
        let text = m.render(7);
        assert!(text.contains(
            "lucent_http_requests_total{route=\"/api/v1/me\",method=\"GET\",status=\"200\"} 2"
        ));
        assert!(text.contains(
            "lucent_http_request_duration_seconds_bucket{route=\"/api/v1/me\",le=\"0.0005\"} 1"
        ));
        assert!(text.contains(
            "lucent_http_request_duration_seconds_bucket{route=\"/api/v1/me\",le=\"0.025\"} 2"
        ));
        assert!(
            text.contains("lucent_http_request_duration_seconds_count{route=\"/api/v1/me\"} 2")
        );
        assert!(text.contains("lucent_credits_total{outcome=\"reserved\"} 2"));
        assert!(text.contains("lucent_store_reads_total 7"));
    }
}
