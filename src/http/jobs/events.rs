//! A job's events as Server-Sent Events: what `POST /v1/generations` (with
//! `Accept: text/event-stream`) and `GET /v1/jobs/{id}/events` send, and the schema the OpenAPI
//! document gives them.

use std::convert::Infallible;
use std::time::Duration;

use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use futures_util::Stream;
use serde::Serialize;
use utoipa::ToSchema;

use crate::admission::CancelOnDrop;
use crate::following::follow::{Follow, Update};
use crate::following::stage::End;
use crate::generation::GenerateError;
use crate::http::ApiError;
use crate::http::generations::image_lists::Generations;
use crate::jobs::Place;
use crate::limits::streams::Slot;
use crate::worker::backend::Progress;

/// The `queued` event, and a queued job's place.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueuedEvent {
    /// 1: starts next.
    position: u32,
    /// Seconds until it starts, from recent run times and the live workers.
    eta_seconds: f32,
}

impl From<Place> for QueuedEvent {
    fn from(place: Place) -> Self {
        Self {
            position: place.position,
            eta_seconds: place.eta.as_secs_f32(),
        }
    }
}

/// The `progress` event.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProgressEvent {
    /// 0 to 1.
    fraction: f32,
    eta_seconds: Option<f32>,
}

impl From<Progress> for ProgressEvent {
    fn from(p: Progress) -> Self {
        Self {
            fraction: p.fraction,
            eta_seconds: p.eta_seconds,
        }
    }
}

/// One event of a job's stream, as an SSE parser hands it over: OpenAPI 3.1 describes a
/// `text/event-stream` body one event at a time.
#[derive(Debug, ToSchema)]
pub struct StreamEvent {
    event: StreamEventName,
    /// The payload's JSON: `QueuedEvent` for `queued`, `ProgressEvent` for `progress`,
    /// `Generations` for `done`, `ErrorDetail` for `error`, `{}` for `canceled` and `idle`.
    data: String,
    /// The resume cursor, to send back as `Last-Event-ID`; a place in line has none (it is
    /// never replayed).
    #[schema(nullable = false)]
    id: Option<String>,
}

#[derive(Debug, Clone, Copy, ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum StreamEventName {
    Queued,
    Progress,
    Done,
    Error,
    Canceled,
    /// Only on `GET /v1/jobs/{id}/events`: nothing happened for `LUCENT_STREAM_IDLE`; open the
    /// stream again.
    Idle,
}

impl StreamEventName {
    fn as_str(self) -> &'static str {
        match self {
            Self::Queued => "queued",
            Self::Progress => "progress",
            Self::Done => "done",
            Self::Error => "error",
            Self::Canceled => "canceled",
            Self::Idle => "idle",
        }
    }
}

impl StreamEvent {
    fn new(event: StreamEventName, payload: &impl Serialize) -> Self {
        Self {
            event,
            // Our payloads are structs with string keys: serialising them cannot fail.
            data: serde_json::to_string(payload).unwrap_or_else(|_| "{}".into()),
            id: None,
        }
    }

    fn empty(event: StreamEventName) -> Self {
        Self::new(event, &serde_json::Map::new())
    }

    fn error(e: ApiError) -> Self {
        Self::new(StreamEventName::Error, &e.detail_for_client())
    }
}

impl From<StreamEvent> for SseEvent {
    fn from(e: StreamEvent) -> Self {
        let event = SseEvent::default().event(e.event.as_str()).data(e.data);
        match e.id {
            Some(id) => event.id(id),
            None => event,
        }
    }
}

/// What an event stream holds while it is open.
pub enum Hold {
    /// `POST /v1/generations`: its job, canceled if the stream is dropped while it waits.
    Job(CancelOnDrop),
    /// `GET /v1/jobs/{id}/events`: one of its user's stream slots, given back when it ends;
    /// it ends with `idle` after `idle` without an event (the client opens it again).
    Slot { _slot: Slot, idle: Duration },
}

/// A job's events as Server-Sent Events, each with its cursor as `id:`.
pub fn event_stream(
    follow: Follow,
    hold: Hold,
) -> Sse<impl Stream<Item = Result<SseEvent, Infallible>>> {
    let events = futures_util::stream::unfold(Some((follow, hold)), |pending| async move {
        let (mut follow, hold) = pending?;
        let next = match &hold {
            Hold::Slot { idle, .. } => match tokio::time::timeout(*idle, follow.next()).await {
                Ok(next) => next,
                Err(_) => {
                    return Some((Ok(StreamEvent::empty(StreamEventName::Idle).into()), None));
                }
            },
            Hold::Job(_) => follow.next().await,
        };
        let (cursor, update) = match next {
            Ok(Some(next)) => next,
            Ok(None) => {
                if let Hold::Job(leaving) = hold {
                    leaving.disarm();
                }
                return None;
            }
            Err(e) => {
                let error = ApiError::from(e);
                error.log();
                return Some((Ok(StreamEvent::error(error).into()), None));
            }
        };
        let event = match update {
            Update::Queued(place) => {
                StreamEvent::new(StreamEventName::Queued, &QueuedEvent::from(place))
            }
            Update::Progress(p) => {
                StreamEvent::new(StreamEventName::Progress, &ProgressEvent::from(p))
            }
            Update::Ended(End::Done(generations)) => {
                StreamEvent::new(StreamEventName::Done, &Generations { generations })
            }
            Update::Ended(End::Failed(e)) => StreamEvent::error(GenerateError::Failed(e).into()),
            Update::Ended(End::Canceled) => StreamEvent::empty(StreamEventName::Canceled),
        };
        let event = StreamEvent {
            id: cursor,
            ..event
        };
        Some((Ok(event.into()), Some((follow, hold))))
    });
    Sse::new(events).keep_alive(KeepAlive::default())
}
