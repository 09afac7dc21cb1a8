//! Rate limits per verified user and per client address on what costs money or writes:
//! generation, checkout and payment confirmation, profile writes. GCRA (a token bucket kept as
//! one timestamp per key): a burst is allowed, then a steady rate; past it, the caller waits.
//! Generous enough that a person clicking never meets them.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

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

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("too many requests; slow down and try again shortly")]
pub struct RateLimited {
    /// Seconds until the next request would pass.
    pub retry_after: u64,
}

/// Past this many keys, those whose allowance is fully back are forgotten.
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

    fn check(&self, class: Class, key: String, scale: u32) -> Result<(), RateLimited> {
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
            return Err(RateLimited {
                retry_after: wait.as_secs().max(1),
            });
        }
        map.insert((class, key), tat + interval);
        Ok(())
    }

    pub fn user(&self, class: Class, uid: &str) -> Result<(), RateLimited> {
        self.check(class, format!("u:{uid}"), 1)
    }

    pub fn address(&self, class: Class, ip: IpAddr) -> Result<(), RateLimited> {
        self.check(class, format!("a:{ip}"), 3)
    }
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
        let Err(RateLimited { retry_after }) = limits.user(Class::Generate, "alice") else {
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
}
