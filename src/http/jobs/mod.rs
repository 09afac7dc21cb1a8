//! Generation jobs as a resource: create one and come back to it. Any instance serves any job;
//! the event stream resumes after the last event a client saw (`Last-Event-ID`), so a reload
//! or a dropped connection finds the same job instead of losing its credits.

pub(super) mod events;
pub(super) mod legacy;
pub(super) mod submission;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::admission::Route;
use crate::admission::body::GenerationBody;
use crate::auth::Identity;
use crate::following::stage::{End, Stage};
use crate::generation::GenerateError;
use crate::http::error::docs::op_errors;
use crate::http::jobs::events::{Hold, ProgressEvent, StreamEvent, event_stream};
use crate::http::{ApiError, ApiJson, AppState, ErrorCode};
use crate::jobs::{Cancel, JobState, Place};

/// A job as its owner reads it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobView {
    id: String,
    status: JobStatus,
    /// While queued: 1 starts next.
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<u32>,
    /// While queued: seconds until it starts.
    #[serde(skip_serializing_if = "Option::is_none")]
    eta_seconds: Option<f32>,
    /// While running: the last progress the worker reported.
    #[serde(skip_serializing_if = "Option::is_none")]
    progress: Option<ProgressEvent>,
    /// Once succeeded: the images, blurred unless the caller was pro.
    #[serde(skip_serializing_if = "Option::is_none")]
    generations: Option<Vec<crate::generation::view::GenerationView>>,
    /// Once failed: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<crate::http::error::ErrorDetail>,
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum JobStatus {
    Queued,
    Running,
    Succeeded,
    Failed,
    Canceled,
}

impl JobView {
    fn queued(id: String, place: Option<Place>) -> Self {
        Self {
            id,
            status: JobStatus::Queued,
            position: place.map(|p| p.position),
            eta_seconds: place.map(|p| p.eta.as_secs_f32()),
            progress: None,
            generations: None,
            error: None,
        }
    }

    fn new(id: String, stage: Stage) -> Self {
        let ended = |status| Self {
            status,
            ..Self::queued(id.clone(), None)
        };
        match stage {
            Stage::Queued(place) => Self::queued(id, place),
            Stage::Running(progress) => Self {
                progress: progress.map(ProgressEvent::from),
                ..ended(JobStatus::Running)
            },
            Stage::Ended(End::Done(generations)) => Self {
                generations: Some(generations),
                ..ended(JobStatus::Succeeded)
            },
            Stage::Ended(End::Failed(e)) => Self {
                error: Some(ApiError::from(GenerateError::Failed(e)).detail_for_client()),
                ..ended(JobStatus::Failed)
            },
            Stage::Ended(End::Canceled) => ended(JobStatus::Canceled),
        }
    }
}

/// Where the caller's job stands, or 404.
async fn own(state: &AppState, uid: &str, id: &str) -> Result<Stage, ApiError> {
    state
        .following
        .job(uid, id)
        .await?
        .ok_or_else(|| ApiError::not_found("job"))
}

// A body's source that is not one of the caller's images is not found.
op_errors!(SubmitErrors: AUTH + STORE + JSON_BODY + SUBMISSION + [NotFound]);

#[utoipa::path(post, path = "/v1/jobs", tag = "generation", security(("bearer" = [])),
    summary = "Queues a generation and answers at once",
    description = "The body is the one of `POST /v1/generations`. Follow the job with \
        `GET /v1/jobs/{id}` or its event stream.",
    request_body = GenerationBody,
    responses(
        (status = 202, description = "Queued", body = JobView,
            headers(("Location" = String, description = "The job's URL"))),
        SubmitErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn submit(
    State(state): State<AppState>,
    user: Identity,
    ApiJson(body): ApiJson<GenerationBody>,
) -> Result<Response, ApiError> {
    let job = submission::take(&state, &user, Route::Jobs, || Ok(body)).await?;
    let location =
        HeaderValue::from_str(&format!("/api/v1/jobs/{}", job.id)).map_err(ApiError::internal)?;
    Ok((
        StatusCode::ACCEPTED,
        [(header::LOCATION, location)],
        Json(JobView::queued(job.id, job.place)),
    )
        .into_response())
}

op_errors!(JobErrors: AUTH + [NotFound, DependencyUnavailable]);
op_errors!(EventsErrors: AUTH + [NotFound, TooManyRequests, DependencyUnavailable]);

#[utoipa::path(get, path = "/v1/jobs/{id}", tag = "generation", security(("bearer" = [])),
    summary = "A job: where it stands, and its images or error once it ended",
    params(("id" = String, Path, description = "A job id")),
    responses((status = 200, description = "The job", body = JobView), JobErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn get(
    State(state): State<AppState>,
    user: Identity,
    Path(id): Path<String>,
) -> Result<Json<JobView>, ApiError> {
    let stage = own(&state, &user.uid, &id).await?;
    Ok(Json(JobView::new(id, stage)))
}

#[utoipa::path(get, path = "/v1/jobs/{id}/events", tag = "generation", security(("bearer" = [])),
    summary = "A job's events, from any instance, resumable",
    description = "Server-Sent Events: `queued` (`QueuedEvent`), `progress` \
        (`ProgressEvent`), then `done` (`Generations`), `error` (`ErrorDetail`) or \
        `canceled` ({}). \
        Every event but `queued` has an `id`; send the last one seen as `Last-Event-ID` to \
        resume after it. Leaving the stream does not cancel the job. A stream without an \
        event for `LUCENT_STREAM_IDLE` (120 s) ends with `idle` ({}): open it again. A user \
        has at most 10 streams open across all instances; the 11th is refused with 429 \
        `too_many_requests` and `Retry-After`.",
    params(("id" = String, Path, description = "A job id"),
        ("Last-Event-ID" = Option<String>, Header, description = "Resume after this event")),
    responses(
        (status = 200, description = "The event stream", content_type = "text/event-stream", body = StreamEvent),
        EventsErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn events(
    State(state): State<AppState>,
    user: Identity,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    own(&state, &user.uid, &id).await?;
    let slot = state.streams.take(&user.uid).await?;
    let cursor = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let follow = state.following.follow(&id, cursor);
    let idle = state.settings.stream_idle;
    Ok(event_stream(follow, Hold::Slot { _slot: slot, idle }).into_response())
}

op_errors!(CancelErrors: AUTH + [NotFound, JobNotCancelable, DependencyUnavailable]);

#[utoipa::path(delete, path = "/v1/jobs/{id}", tag = "generation", security(("bearer" = [])),
    summary = "Cancels a job that is still queued; its credits come back",
    params(("id" = String, Path, description = "A job id")),
    responses((status = 204, description = "Canceled"), CancelErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn cancel(
    State(state): State<AppState>,
    user: Identity,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    match state.admission.cancel(&user.uid, &id).await? {
        Cancel::Canceled(_) | Cancel::TooLate(JobState::Canceled) => Ok(StatusCode::NO_CONTENT),
        Cancel::TooLate(state) => Err(ApiError::new(
            ErrorCode::JobNotCancelable,
            format!(
                "the job is {}; only a queued job can be canceled",
                state.as_str()
            ),
        )),
        Cancel::Missing => Err(ApiError::not_found("job")),
    }
}
