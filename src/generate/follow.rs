//! Following a job to its end, from any instance: the board's events (resumable after a
//! cursor), the place in line while it waits, and the result or the error at the end. A
//! listener wakes on the board's doorbell and looks again every couple of seconds in case a
//! ring was lost (Redis reconnecting).

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::broadcast;
use tokio::sync::broadcast::error::RecvError;

use super::GenerateError;
use super::backend::Progress;
use super::error::JobError;
use super::view::GenerationView;
use crate::jobs::{BoardEvent, EventKind, JobBoard, JobState, Place, Snapshot};

/// Looks again this often without a ring.
const LOOK_AGAIN: Duration = Duration::from_secs(2);
/// How long an ended job's listener waits for its settlement.
const SETTLE_WAIT: Duration = Duration::from_secs(3);
/// At most this often while queued (every start anywhere moves the line).
const PLACE_EVERY: Duration = Duration::from_millis(250);

#[derive(Debug, Clone, PartialEq)]
pub enum Update {
    /// Still waiting; sent when the place changes, never replayed.
    Queued(Place),
    Progress(Progress),
    Done(Vec<GenerationView>),
    Failed(JobError),
    Canceled,
}

pub struct Follow {
    board: Arc<dyn JobBoard>,
    id: String,
    cursor: Option<String>,
    changes: broadcast::Receiver<String>,
    pending: VecDeque<BoardEvent>,
    last_position: Option<u32>,
    over: bool,
}

impl Follow {
    pub fn new(board: Arc<dyn JobBoard>, id: &str, cursor: Option<String>) -> Self {
        // Listening before the first read, so a change in between is not missed.
        let changes = board.changes();
        Self {
            board,
            id: id.to_owned(),
            cursor,
            changes,
            pending: VecDeque::new(),
            last_position: None,
            over: false,
        }
    }

    /// The next update with its cursor (`None` for a place in line), or `None` after the end.
    pub async fn next(&mut self) -> Result<Option<(Option<String>, Update)>, GenerateError> {
        loop {
            if self.over {
                return Ok(None);
            }
            if let Some(event) = self.pending.pop_front() {
                self.cursor = Some(event.cursor.clone());
                let update = match event.kind {
                    EventKind::Progress(json) => match serde_json::from_str(&json) {
                        Ok(progress) => Update::Progress(progress),
                        Err(_) => continue,
                    },
                    EventKind::State(state) if state.is_over() => {
                        self.over = true;
                        ending(self.settled().await?)
                    }
                    // Queued: the place comes from the snapshot below. Running: silent.
                    EventKind::State(_) => continue,
                };
                return Ok(Some((Some(event.cursor), update)));
            }
            let events = self
                .board
                .events_after(&self.id, self.cursor.as_deref())
                .await?;
            if !events.is_empty() {
                self.pending.extend(events);
                continue;
            }
            let snapshot = self.snapshot().await?;
            if let Some(place) = snapshot.place
                && self.last_position != Some(place.position)
            {
                self.last_position = Some(place.position);
                return Ok(Some((None, Update::Queued(place))));
            }
            self.wait(snapshot.state == JobState::Queued).await;
        }
    }

    /// Follows to the end: the images, or why there are none.
    pub async fn outcome(mut self) -> Result<Vec<GenerationView>, GenerateError> {
        while let Some((_, update)) = self.next().await? {
            match update {
                Update::Done(views) => return Ok(views),
                Update::Failed(error) => return Err(GenerateError::Failed(error)),
                Update::Canceled => return Err(GenerateError::Canceled),
                Update::Queued(_) | Update::Progress(_) => {}
            }
        }
        Err(GenerateError::Internal(
            "a job ended without an outcome".into(),
        ))
    }

    async fn snapshot(&self) -> Result<Snapshot, GenerateError> {
        self.board
            .snapshot(&self.id)
            .await?
            .ok_or(GenerateError::NotFound("job"))
    }

    /// The ended job once its credits are settled, so that a client told of a failure reads
    /// its credits back; after [`SETTLE_WAIT`] as it is (its settler died; the sweep settles).
    async fn settled(&mut self) -> Result<Snapshot, GenerateError> {
        let give_up = tokio::time::Instant::now() + SETTLE_WAIT;
        loop {
            let snapshot = self.snapshot().await?;
            if snapshot.settled || tokio::time::Instant::now() >= give_up {
                return Ok(snapshot);
            }
            let _ = tokio::time::timeout(Duration::from_millis(100), async {
                while !matches!(self.changes.recv().await, Ok(id) if id == self.id) {}
            })
            .await;
        }
    }

    /// Until a ring that may concern this job, or [`LOOK_AGAIN`].
    async fn wait(&mut self, queued: bool) {
        if queued {
            tokio::time::sleep(PLACE_EVERY).await;
        }
        let _ = tokio::time::timeout(LOOK_AGAIN, async {
            loop {
                match self.changes.recv().await {
                    Ok(id) if queued || id == self.id || id == crate::jobs::EVERYTHING => return,
                    Ok(_) => {}
                    Err(RecvError::Lagged(_)) => return,
                    Err(RecvError::Closed) => std::future::pending().await,
                }
            }
        })
        .await;
    }
}

fn ending(snapshot: Snapshot) -> Update {
    match snapshot.state {
        JobState::Succeeded => {
            match serde_json::from_str(snapshot.result.as_deref().unwrap_or("")) {
                Ok(views) => Update::Done(views),
                Err(e) => Update::Failed(JobError::from_board(&format!("unreadable result: {e}"))),
            }
        }
        JobState::Canceled => Update::Canceled,
        _ => Update::Failed(JobError::from_board(
            snapshot.error.as_deref().unwrap_or(""),
        )),
    }
}
