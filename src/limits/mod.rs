//! Rate limits per verified user and per client address on what costs money or writes:
//! generation, checkout and payment confirmation, profile writes. GCRA (a token bucket kept as
//! one timestamp per key): a burst is allowed, then a steady rate; past it, the caller waits.
//! Generous enough that a person clicking never meets them. The allowances live in this
//! process ([`MemoryAllowances`]) or in Redis, shared by every instance ([`RedisAllowances`]).

mod memory;
mod redis;
pub mod streams;

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;

pub use self::redis::RedisAllowances;
pub use memory::MemoryAllowances;

use crate::coordination::CoordinationError;

/// What is being limited, each with its own allowance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    Generate,
    Billing,
    ProfileWrite,
    /// A ZIP of all one's images: heavy, and wanted rarely.
    Export,
    /// An age check started or resumed: each one costs a call to the provider.
    AgeCheck,
    /// An image, a preview or a download: generous, so that a gallery page of 50 loads at once
    /// and again, but not a scraper's loop.
    Images,
    /// A history page filtered by text: up to 1,000 records read for one answer.
    Search,
}

impl Class {
    /// (per minute, burst) for one user.
    fn per_user(self) -> (u32, u32) {
        match self {
            Class::Generate => (20, 10),
            Class::Billing => (10, 5),
            Class::ProfileWrite => (20, 10),
            Class::Export => (1, 3),
            Class::AgeCheck => (6, 3),
            Class::Images => (600, 120),
            Class::Search => (30, 10),
        }
    }

    /// (per minute, burst) for one client address: three times a user's, since several
    /// people may share one (an office, a carrier's NAT), except where each request costs a
    /// provider's call or a heavy job, so that new accounts from one address cannot multiply
    /// them: an age check (two calls to a provider that allows 300 a minute in all) and an
    /// export.
    fn per_address(self) -> (u32, u32) {
        match self {
            Class::AgeCheck => (6, 6),
            Class::Export => (2, 4),
            other => {
                let (per_minute, burst) = other.per_user();
                (per_minute * 3, burst * 3)
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("too many requests; slow down and try again shortly")]
pub struct RateLimited {
    /// Seconds until the next request would pass.
    pub retry_after: u64,
}

/// One key's allowance: `burst` requests at once, one more every `interval`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allowance {
    pub interval: Duration,
    pub burst: u32,
}

/// Where the allowances are kept.
#[async_trait]
pub trait Allowances: Send + Sync {
    /// Spends one request of `key`'s allowance: `Ok(None)` when it passes, `Ok(Some(wait))`
    /// when it is spent and the next would pass after `wait`.
    async fn spend(
        &self,
        key: &str,
        allowance: Allowance,
    ) -> Result<Option<Duration>, CoordinationError>;
}

pub struct RateLimits {
    enabled: bool,
    allowances: Arc<dyn Allowances>,
}

impl RateLimits {
    pub fn new(enabled: bool, allowances: Arc<dyn Allowances>) -> Self {
        Self {
            enabled,
            allowances,
        }
    }

    async fn check(&self, key: String, (per_minute, burst): (u32, u32)) -> Result<(), RateLimited> {
        if !self.enabled {
            return Ok(());
        }
        let allowance = Allowance {
            interval: Duration::from_secs(60) / per_minute,
            burst,
        };
        match self.allowances.spend(&key, allowance).await {
            Ok(None) => Ok(()),
            Ok(Some(wait)) => Err(RateLimited {
                retry_after: u64::try_from(wait.as_millis().div_ceil(1000))
                    .unwrap_or(u64::MAX)
                    .max(1),
            }),
            // The limits keep abuse down; they must not take the service down with Redis.
            Err(e) => {
                tracing::warn!(error = %e, key, "rate limits unavailable; the request passes");
                Ok(())
            }
        }
    }

    pub async fn user(&self, class: Class, uid: &str) -> Result<(), RateLimited> {
        self.check(format!("{class:?}:u:{uid}"), class.per_user())
            .await
    }

    pub async fn address(&self, class: Class, ip: IpAddr) -> Result<(), RateLimited> {
        self.check(format!("{class:?}:a:{ip}"), class.per_address())
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_burst_passes_then_the_rate_holds() {
        let limits = RateLimits::new(true, Arc::new(MemoryAllowances::default()));
        for _ in 0..10 {
            assert!(limits.user(Class::Generate, "alice").await.is_ok());
        }
        let Err(RateLimited { retry_after }) = limits.user(Class::Generate, "alice").await else {
            panic!("the 11th request in a burst should be limited");
        };
        assert!((1..=3).contains(&retry_after));
        assert!(
            limits.user(Class::Generate, "bob").await.is_ok(),
            "users have separate allowances"
        );
        assert!(
            limits.user(Class::Billing, "alice").await.is_ok(),
            "classes have separate allowances"
        );
    }

    struct Down;

    #[async_trait]
    impl Allowances for Down {
        async fn spend(
            &self,
            _: &str,
            _: Allowance,
        ) -> Result<Option<Duration>, CoordinationError> {
            Err(CoordinationError::Timeout)
        }
    }

    #[tokio::test]
    async fn requests_pass_while_the_allowances_are_out_of_reach() {
        let limits = RateLimits::new(true, Arc::new(Down));
        for _ in 0..20 {
            assert!(limits.user(Class::Billing, "alice").await.is_ok());
        }
    }
}
