//! Allowances in this process: the single-machine default.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

// Tokio's clock, not the system's: a test pauses it and moves it on (tests/api/clock.rs).
use tokio::time::Instant;

use async_trait::async_trait;

use super::{Allowance, Allowances};
use crate::coordination::CoordinationError;

/// Past this many keys, those whose allowance is fully back are forgotten.
const PRUNE_AT: usize = 50_000;

#[derive(Default)]
pub struct MemoryAllowances {
    /// Theoretical arrival time per key.
    tat: Mutex<HashMap<String, Instant>>,
}

#[async_trait]
impl Allowances for MemoryAllowances {
    async fn spend(
        &self,
        key: &str,
        allowance: Allowance,
    ) -> Result<Option<Duration>, CoordinationError> {
        let tolerance = allowance.interval * allowance.burst.saturating_sub(1);
        let now = Instant::now();
        let mut map = self.tat.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > PRUNE_AT {
            map.retain(|_, tat| *tat > now);
        }
        let tat = map.get(key).copied().unwrap_or(now).max(now);
        let ahead = tat.duration_since(now);
        if ahead > tolerance {
            return Ok(Some(ahead - tolerance));
        }
        map.insert(key.to_owned(), tat + allowance.interval);
        Ok(None)
    }
}
