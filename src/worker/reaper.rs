//! Reaping: the board's clock, run by every instance and worker as a task of its own. It puts
//! back in line the jobs whose worker's lease lapsed, fails admissions that never finished and
//! jobs that waited past their keep, and settles what it ended. The board's steps are atomic,
//! so instances reaping at once end each job once.

use std::sync::Arc;

use super::settle::Settler;
use crate::jobs::JobBoard;

#[derive(Clone)]
pub struct Reaper {
    pub board: Arc<dyn JobBoard>,
    pub settler: Settler,
}

impl Reaper {
    pub async fn reap(&self) {
        match self.board.reap().await {
            Ok(ended) => {
                for job in &ended {
                    self.settler.settle(job).await;
                }
            }
            Err(e) => tracing::debug!(error = %e, "reaping jobs"),
        }
    }
}
