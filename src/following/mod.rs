//! A job as its client follows it after admission: where it stands (`stage.rs`), one reader of
//! the board per followed job per instance (`feed.rs`), and the event stream's order and
//! resumption (`follow.rs`). Everything here reads the board; nothing changes it.

pub mod feed;
pub mod follow;
pub mod stage;

use std::sync::Arc;

use feed::Feeds;
use follow::Follow;
use stage::Stage;

use crate::generation::GenerateError;
use crate::jobs::{Depth, JobBoard};
use crate::store::push_id;

/// What the job routes read: a caller's jobs, where each stands, their events.
#[derive(Clone)]
pub struct Following {
    board: Arc<dyn JobBoard>,
    feeds: Feeds,
}

impl Following {
    pub fn new(board: Arc<dyn JobBoard>) -> Self {
        Self {
            feeds: Feeds::new(Arc::clone(&board)),
            board,
        }
    }

    /// Where the caller's job `id` stands; `None` when they have no such job (someone else's
    /// job is indistinguishable from none).
    pub async fn job(&self, uid: &str, id: &str) -> Result<Option<Stage>, GenerateError> {
        if !push_id::is_generation_id(id) {
            return Ok(None);
        }
        let snapshot = self.board.snapshot(id).await?;
        Ok(snapshot.filter(|s| s.uid == uid).as_ref().map(Stage::of))
    }

    /// The ids of `uid`'s jobs that have not ended.
    pub async fn jobs_of(&self, uid: &str) -> Result<Vec<String>, GenerateError> {
        Ok(self.board.jobs_of(uid).await?)
    }

    /// Follows the caller's job from its first event (or after `cursor`).
    pub fn follow(&self, id: &str, cursor: Option<String>) -> Follow {
        Follow::new(&self.feeds, id, cursor)
    }

    /// Jobs this instance follows for their listeners now.
    pub fn followed_jobs(&self) -> usize {
        self.feeds.readers()
    }

    /// The lines' lengths and the live workers.
    pub async fn depth(&self) -> Result<Depth, GenerateError> {
        Ok(self.board.depth().await?)
    }
}
