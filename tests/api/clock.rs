//! How a contract test lets time pass. An adapter kept in this process reads tokio's clock,
//! which its tests run paused (`adapter_contract!` starts `memory` paused): time moves on at once
//! and exactly. Redis keeps its own clock (TTLs, `PEXPIRE`), so on Redis real time passes.

use std::time::Duration;

#[derive(Debug, Clone, Copy)]
pub enum Clock {
    Paused,
    Real,
}

impl Clock {
    /// Lets `span` pass.
    pub async fn pass(self, span: Duration) {
        match self {
            Clock::Paused => tokio::time::advance(span).await,
            Clock::Real => tokio::time::sleep(span).await,
        }
    }
}
