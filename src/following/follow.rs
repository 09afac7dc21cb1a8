//! Following a job to its end, from any instance: its events (resumable after a cursor), its
//! place in line while it waits, and the result or the error at the end, read from the
//! instance's shared reader of that job ([`super::feed`]).

use tokio::sync::watch;

use super::feed::{Feed, Feeds, cursor_key};
use super::stage::{End, Stage};
use crate::generation::view::GenerationView;
use crate::generation::{GenerateError, Progress};
use crate::jobs::{BoardEvent, EventKind, Place};

#[derive(Debug, Clone, PartialEq)]
pub enum Update {
    /// Still waiting; sent when the place changes, never replayed.
    Queued(Place),
    Progress(Progress),
    Ended(End),
}

enum Read {
    Update(Update),
    Silent,
    NotYet,
}

pub struct Follow {
    feed: watch::Receiver<Feed>,
    /// Events up to here were given (or skipped by the caller's cursor).
    after: Option<(u64, u64)>,
    last_position: Option<u32>,
    over: bool,
}

impl Follow {
    pub fn new(feeds: &Feeds, id: &str, cursor: Option<String>) -> Self {
        Self {
            feed: feeds.subscribe(id),
            after: cursor.as_deref().and_then(cursor_key),
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
            let feed = self.feed.borrow_and_update().clone();
            let unseen = feed
                .events
                .iter()
                .find(|e| cursor_key(&e.cursor).is_some_and(|key| Some(key) > self.after));
            if let Some(event) = unseen {
                match self.update(event, &feed) {
                    Read::Update(update) => {
                        return Ok(Some((Some(event.cursor.clone()), update)));
                    }
                    Read::Silent => continue,
                    // The end, not settled yet: its reader says when it is.
                    Read::NotYet => {}
                }
            } else if let Some(failure) = &feed.failure {
                self.over = true;
                return Err(failure.clone().into());
            } else if let Some(place) = feed.place
                && self.last_position != Some(place.position)
            {
                self.last_position = Some(place.position);
                return Ok(Some((None, Update::Queued(place))));
            }
            if self.feed.changed().await.is_err() {
                // The reader stopped and everything it left was read (a caller whose cursor
                // was past the end already, or an end that could not be read).
                self.over = true;
                return match (feed.failure, feed.end) {
                    (Some(failure), _) => Err(failure.into()),
                    (None, Some(_)) => Ok(None),
                    (None, None) => Err(GenerateError::Internal("a job's reader stopped".into())),
                };
            }
        }
    }

    /// What `event` says, moving past it unless it is an end not settled yet.
    fn update(&mut self, event: &BoardEvent, feed: &Feed) -> Read {
        let read = match &event.kind {
            EventKind::Progress(json) => serde_json::from_str(json)
                .map(|p| Read::Update(Update::Progress(p)))
                .unwrap_or(Read::Silent),
            EventKind::State(state) if state.is_over() => match feed.end.as_ref().map(Stage::of) {
                Some(Stage::Ended(end)) => {
                    self.over = true;
                    Read::Update(Update::Ended(end))
                }
                _ => return Read::NotYet,
            },
            // Queued: the place comes from the snapshot. Running: silent.
            EventKind::State(_) => Read::Silent,
        };
        self.after = cursor_key(&event.cursor);
        read
    }

    /// Follows to the end: the images, or why there are none.
    pub async fn outcome(mut self) -> Result<Vec<GenerationView>, GenerateError> {
        while let Some((_, update)) = self.next().await? {
            match update {
                Update::Ended(End::Done(views)) => return Ok(views),
                Update::Ended(End::Failed(error)) => return Err(GenerateError::Failed(error)),
                Update::Ended(End::Canceled) => return Err(GenerateError::Canceled),
                Update::Queued(_) | Update::Progress(_) => {}
            }
        }
        Err(GenerateError::Internal(
            "a job ended without an outcome".into(),
        ))
    }
}
