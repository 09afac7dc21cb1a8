//! One reader of the board per followed job in this instance, shared by everyone following it:
//! ten thousand listeners on a hundred jobs cost the board a hundred readers, not ten
//! thousand. The reader keeps what the board holds of the job's events (the board caps them),
//! its place while it waits, and its end once settled, in a `watch` channel that each listener
//! reads from its own cursor. It stops when its last listener goes, or at the job's end.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{broadcast, watch};

use crate::coordination::CoordinationError;
use crate::generation::GenerateError;
use crate::jobs::{BoardEvent, EventKind, JobBoard, JobState, Place, Snapshot};

/// Looks again this often without a ring.
const LOOK_AGAIN: Duration = Duration::from_secs(2);
/// How long an ended job's reader waits for its settlement.
const SETTLE_WAIT: Duration = Duration::from_secs(3);
/// At most this often while queued (every start anywhere moves the line).
const PLACE_EVERY: Duration = Duration::from_millis(250);

/// A job as its reader has seen it so far.
#[derive(Debug, Clone, Default)]
pub struct Feed {
    /// In the board's order; only ever appended to.
    pub events: Arc<Vec<BoardEvent>>,
    pub place: Option<Place>,
    /// The ended job, once settled (or after [`SETTLE_WAIT`]).
    pub end: Option<Snapshot>,
    /// Why the reader stopped before the end.
    pub failure: Option<Failure>,
}

#[derive(Debug, Clone)]
pub enum Failure {
    Missing,
    Board(String),
}

impl From<Failure> for GenerateError {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::Missing => GenerateError::NotFound("job"),
            Failure::Board(e) => GenerateError::Unavailable(CoordinationError::Unavailable(e)),
        }
    }
}

type Live = Arc<Mutex<HashMap<String, Arc<watch::Sender<Feed>>>>>;

/// The readers of this instance, by job id.
#[derive(Clone)]
pub struct Feeds {
    board: Arc<dyn JobBoard>,
    live: Live,
}

impl Feeds {
    pub fn new(board: Arc<dyn JobBoard>) -> Self {
        Self {
            board,
            live: Live::default(),
        }
    }

    /// Joins the job's reader, starting one if it has none.
    pub fn subscribe(&self, id: &str) -> watch::Receiver<Feed> {
        let mut live = self.live.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(feed) = live.get(id) {
            return feed.subscribe();
        }
        let (feed, listener) = watch::channel(Feed::default());
        let feed = Arc::new(feed);
        live.insert(id.to_owned(), Arc::clone(&feed));
        let reader = Reader {
            // Listening before the first read, so a change in between is not missed.
            changes: self.board.changes(),
            board: Arc::clone(&self.board),
            id: id.to_owned(),
            cursor: None,
            feed,
            live: Arc::clone(&self.live),
        };
        tokio::spawn(reader.run());
        listener
    }

    /// Jobs with a reader in this instance.
    pub fn readers(&self) -> usize {
        self.live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

struct Reader {
    board: Arc<dyn JobBoard>,
    id: String,
    cursor: Option<String>,
    changes: broadcast::Receiver<String>,
    feed: Arc<watch::Sender<Feed>>,
    live: Live,
}

enum Step {
    /// Nothing new: wait for a ring (queued: the line moves with every start anywhere).
    Wait {
        queued: bool,
    },
    Ended,
}

impl Reader {
    async fn run(mut self) {
        loop {
            let step = match self.look().await {
                Ok(step) => step,
                Err(failure) => {
                    self.feed.send_modify(|f| f.failure = Some(failure));
                    break;
                }
            };
            let Step::Wait { queued } = step else { break };
            let feed = Arc::clone(&self.feed);
            let abandoned = tokio::select! {
                () = feed.closed() => true,
                () = self.wait(queued) => false,
            };
            if abandoned && self.retire() {
                return;
            }
        }
        self.retire_at_end();
    }

    /// Reads what is new: events, then the place while it waits, then the end.
    async fn look(&mut self) -> Result<Step, Failure> {
        let events = self
            .board
            .events_after(&self.id, self.cursor.as_deref())
            .await
            .map_err(|e| Failure::Board(e.to_string()))?;
        let over = events
            .iter()
            .any(|e| matches!(e.kind, EventKind::State(state) if state.is_over()));
        if let Some(last) = events.last() {
            self.cursor = Some(last.cursor.clone());
            self.feed.send_modify(|f| {
                let mut all = Vec::clone(&f.events);
                all.extend(events);
                f.events = Arc::new(all);
            });
        }
        if over {
            let end = self.until_settled().await?;
            self.feed.send_modify(|f| {
                f.place = None;
                f.end = Some(end);
            });
            return Ok(Step::Ended);
        }
        let snapshot = self.snapshot().await?;
        self.feed.send_if_modified(|f| {
            let changed = f.place != snapshot.place;
            f.place = snapshot.place;
            changed
        });
        Ok(Step::Wait {
            queued: snapshot.state == JobState::Queued,
        })
    }

    async fn snapshot(&self) -> Result<Snapshot, Failure> {
        self.board
            .snapshot(&self.id)
            .await
            .map_err(|e| Failure::Board(e.to_string()))?
            .ok_or(Failure::Missing)
    }

    /// The ended job once its credits are settled, so that a client told of a failure reads
    /// its credits back; after [`SETTLE_WAIT`] as it is (its settler died; settlement settles it).
    async fn until_settled(&mut self) -> Result<Snapshot, Failure> {
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

    /// Every listener left: the reader goes, unless one joined meanwhile (joining holds the
    /// same lock, so none can join a reader that is going).
    fn retire(&self) -> bool {
        let mut live = self.live.lock().unwrap_or_else(PoisonError::into_inner);
        if self.feed.receiver_count() > 0 {
            return false;
        }
        live.remove(&self.id);
        true
    }

    /// The end is in the feed for those who hold it; a later listener starts a new reader,
    /// which finds the end on the board.
    fn retire_at_end(&self) {
        let mut live = self.live.lock().unwrap_or_else(PoisonError::into_inner);
        if live
            .get(&self.id)
            .is_some_and(|f| Arc::ptr_eq(f, &self.feed))
        {
            live.remove(&self.id);
        }
    }
}

/// Board cursors in order: the memory board's counters and Redis stream ids (`ms-seq`).
pub fn cursor_key(cursor: &str) -> Option<(u64, u64)> {
    let (ms, seq) = cursor.split_once('-').unwrap_or((cursor, "0"));
    Some((ms.parse().ok()?, seq.parse().ok()?))
}
