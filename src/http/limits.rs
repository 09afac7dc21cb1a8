//! Rate limits per verified user and per client address on what costs money or writes:
//! generation, checkout and payment confirmation, profile writes. GCRA (a token bucket kept as
//! one timestamp per key): a burst is allowed, then a steady rate; past it, 429 with
//! `Retry-After`. Generous enough that a person clicking never meets them.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::ApiError;
use crate::AppState;

/// What is being limited, each with its own budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    Generate,
    Billing,
    ProfileWrite,
}

impl Class {
    /// (per minute, burst) for one user; an address gets three times as much, since several
    /// people may share one (an office, a carrier's NAT).
    fn budget(self) -> (u32, u32) {
        match self {
            Class::Generate => (20, 10),
            Class::Billing => (10, 5),
            Class::ProfileWrite => (20, 10),
        }
    }
}

/// Keys older than this many seconds past their allowance are forgotten when the map grows.
const PRUNE_AT: usize = 50_000;

pub struct RateLimits {
    enabled: bool,
    /// Theoretical arrival time per (class, key).
    tat: Mutex<HashMap<(Class, String), Instant>>,
}

impl RateLimits {
    pub fn new(enabled: bool) -> Self {
        Self {
            enabled,
            tat: Mutex::default(),
        }
    }

    fn check(&self, class: Class, key: String, scale: u32) -> Result<(), ApiError> {
        if !self.enabled {
            return Ok(());
        }
        let (per_minute, burst) = class.budget();
        let interval = Duration::from_secs(60) / (per_minute * scale);
        let tolerance = interval * (burst * scale - 1);
        let now = Instant::now();
        let mut map = self.tat.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > PRUNE_AT {
            map.retain(|_, tat| *tat > now);
        }
        let tat = map
            .get(&(class, key.clone()))
            .copied()
            .unwrap_or(now)
            .max(now);
        if tat.duration_since(now) > tolerance {
            let wait = tat.duration_since(now) - tolerance;
            return Err(ApiError::TooManyRequests {
                code: "rate_limited",
                message: "too many requests; slow down and try again shortly".into(),
                retry_after: wait.as_secs().max(1),
            });
        }
        map.insert((class, key), tat + interval);
        Ok(())
    }

    pub fn user(&self, class: Class, uid: &str) -> Result<(), ApiError> {
        self.check(class, format!("u:{uid}"), 1)
    }

    pub fn address(&self, class: Class, ip: IpAddr) -> Result<(), ApiError> {
        self.check(class, format!("a:{ip}"), 3)
    }
}

/// The client's address: the peer, or with `LUCENT_PROXY_HOPS` = n, the entry of
/// `X-Forwarded-For` that the n-th trusted proxy (counted from us) saw. Entries a client wrote
/// itself sit further left and are never used.
pub fn client_ip(headers: &HeaderMap, peer: IpAddr, hops: u32) -> IpAddr {
    if hops == 0 {
        return peer;
    }
    let forwarded: Vec<IpAddr> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    forwarded
        .len()
        .checked_sub(hops as usize)
        .and_then(|i| forwarded.get(i).copied())
        .unwrap_or(peer)
}

/// Route middleware: the per-address limit of `class`, before any other work.
pub async fn per_address(
    State((state, class)): State<(AppState, Class)>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    req: Request,
    next: Next,
) -> Response {
    let ip = client_ip(req.headers(), peer.ip(), state.config.proxy_hops);
    if let Err(e) = state.limits.address(class, ip) {
        return e.into_response();
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_then_the_rate_holds() {
        let limits = RateLimits::new(true);
        for _ in 0..10 {
            assert!(limits.user(Class::Generate, "alice").is_ok());
        }
        let Err(ApiError::TooManyRequests { retry_after, .. }) =
            limits.user(Class::Generate, "alice")
        else {
            panic!("the 11th request in a burst should be limited");
        };
        assert!((1..=3).contains(&retry_after));
        assert!(
            limits.user(Class::Generate, "bob").is_ok(),
            "users have separate budgets"
        );
        assert!(
            limits.user(Class::Billing, "alice").is_ok(),
            "classes have separate budgets"
        );
    }

    #[test]
    fn only_the_trusted_hops_of_x_forwarded_for_are_believed() {
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            "6.6.6.6, 203.0.113.7, 10.0.0.2".parse().unwrap(),
        );
        let peer: IpAddr = "10.0.0.1".parse().unwrap();
        assert_eq!(client_ip(&headers, peer, 0), peer);
        assert_eq!(
            client_ip(&headers, peer, 1),
            "10.0.0.2".parse::<IpAddr>().unwrap()
        );
        assert_eq!(
            client_ip(&headers, peer, 2),
            "203.0.113.7".parse::<IpAddr>().unwrap()
        );
        assert_eq!(client_ip(&headers, peer, 9), peer);
    }
}
