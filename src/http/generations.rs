//! Generations over HTTP: create (JSON or a Server-Sent Events stream), list, fetch the image
//! (blurred unless pro), download (pro), delete (pro).

use std::convert::Infallible;

use axum::Json;
use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::Stream;
use serde::Deserialize;
use serde_json::json;
use tokio::sync::mpsc;

use super::limits::Class;
use super::{ApiError, ApiJson};
use crate::AppState;
use crate::auth::AuthUser;
use crate::generate::request::GenerationBody;
use crate::generate::view::GenerationView;
use crate::generate::{Event, Prepared};
use crate::images::{download_name, png_meta};
use crate::store::{GenerationRecord, now_ms, push_id};

const PAGE_DEFAULT: usize = 20;
const PAGE_MAX: usize = 100;

fn wants_stream(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/event-stream"))
}

#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn create(
    State(state): State<AppState>,
    user: AuthUser,
    headers: HeaderMap,
    ApiJson(body): ApiJson<GenerationBody>,
) -> Result<Response, ApiError> {
    state.limits.user(Class::Generate, &user.uid)?;
    let prepared = state
        .generator
        .prepare(&state.config, &state.users, &user, &body)
        .await?;
    if wants_stream(&headers) {
        return Ok(stream(state, prepared).into_response());
    }
    let (events, _) = mpsc::channel(1);
    let made = state.generator.run(&state.store, prepared, &events).await?;
    Ok((StatusCode::CREATED, created_body(made)).into_response())
}

/// One image: the generation; several: a list.
fn created_body(mut made: Vec<GenerationView>) -> Json<serde_json::Value> {
    if made.len() == 1 {
        Json(json!(made.remove(0)))
    } else {
        Json(json!(made))
    }
}

/// Aborts the generation task when the stream is dropped (the client went away), which
/// releases its queue place and its credits.
struct AbortOnDrop(tokio::task::JoinHandle<Result<Vec<GenerationView>, ApiError>>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

fn stream(
    state: AppState,
    prepared: Prepared,
) -> Sse<impl Stream<Item = Result<SseEvent, Infallible>>> {
    let (tx, rx) = mpsc::channel(64);
    let task = tokio::spawn(async move {
        let state = state;
        state.generator.run(&state.store, prepared, &tx).await
    });
    let events =
        futures_util::stream::unfold(Some((rx, AbortOnDrop(task))), |pending| async move {
            let (mut rx, mut task) = pending?;
            if let Some(event) = rx.recv().await {
                let sse = match event {
                    Event::Queued { position } => SseEvent::default()
                        .event("queued")
                        .json_data(json!({ "position": position })),
                    Event::Progress(p) => SseEvent::default()
                        .event("progress")
                        .json_data(json!({ "fraction": p.fraction, "etaSeconds": p.eta_seconds })),
                };
                return Some((Ok(sse.unwrap_or_default()), Some((rx, task))));
            }
            // The sender went with the task: the outcome is ready.
            let last = match (&mut task.0).await {
                Ok(Ok(made)) => SseEvent::default()
                    .event("done")
                    .json_data(json!({ "generations": made })),
                Ok(Err(e)) => {
                    let (code, message) = (e.code(), public_message(&e));
                    SseEvent::default()
                        .event("error")
                        .json_data(json!({ "code": code, "message": message }))
                }
                Err(join) => {
                    tracing::error!(error = %join, "generation task failed");
                    SseEvent::default()
                        .event("error")
                        .json_data(json!({ "code": "internal", "message": "internal error" }))
                }
            };
            Some((Ok(last.unwrap_or_default()), None))
        });
    Sse::new(events).keep_alive(KeepAlive::default())
}

/// What a client may read of an error: 5xx details stay in the log.
fn public_message(e: &ApiError) -> String {
    match e {
        ApiError::Internal(inner) => {
            tracing::error!(error = ?inner, "internal error in a generation stream");
            "internal error".into()
        }
        other => other.to_string(),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    cursor: Option<String>,
    limit: Option<usize>,
}

#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn list(
    State(state): State<AppState>,
    user: AuthUser,
    query: Result<Query<Page>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let Query(page) = query.map_err(|e| ApiError::bad_request("bad_query", e.body_text()))?;
    let limit = page.limit.unwrap_or(PAGE_DEFAULT);
    if !(1..=PAGE_MAX).contains(&limit) {
        return Err(ApiError::invalid(
            "limit",
            format!("limit must be 1 to {PAGE_MAX}"),
        ));
    }
    if let Some(cursor) = &page.cursor
        && !push_id::is_generation_id(cursor)
    {
        return Err(ApiError::invalid(
            "cursor",
            "cursor is not one this API gave out",
        ));
    }
    let pro = is_pro(&state, &user).await?;
    let records = state
        .store
        .list_generations(&user.uid, page.cursor.as_deref(), limit)
        .await?;
    let next = (records.len() == limit)
        .then(|| records.last().map(|r| r.id.clone()))
        .flatten();
    let items: Vec<_> = records
        .iter()
        .map(|r| GenerationView::new(r, pro))
        .collect();
    Ok(Json(json!({ "items": items, "nextCursor": next })))
}

async fn is_pro(state: &AppState, user: &AuthUser) -> Result<bool, ApiError> {
    Ok(state
        .users
        .get(&user.uid)
        .await?
        .is_some_and(|u| u.is_pro(now_ms())))
}

/// The caller's own generation, or 404 (someone else's is indistinguishable from none).
async fn own(state: &AppState, user: &AuthUser, id: &str) -> Result<GenerationRecord, ApiError> {
    if !push_id::is_generation_id(id) {
        return Err(ApiError::NotFound { what: "generation" });
    }
    state
        .store
        .get_generation(&user.uid, id)
        .await?
        .ok_or(ApiError::NotFound { what: "generation" })
}

#[derive(Debug, Deserialize)]
pub struct ImageQuery {
    download: Option<String>,
}

#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn image(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    Query(query): Query<ImageQuery>,
) -> Result<Response, ApiError> {
    let record = own(&state, &user, &id).await?;
    let pro = is_pro(&state, &user).await?;
    let download = query
        .download
        .as_deref()
        .is_some_and(|d| d == "1" || d == "true");
    if download && !pro {
        return Err(ApiError::forbidden(
            "pro_required",
            "downloading is a Premium feature",
        ));
    }
    let bytes = image_bytes(&state, &record, pro).await?;
    let mut response = if download {
        let tagged = png_meta::with_text(&bytes, "parameters", &parameters(&record, &state))
            .ok_or_else(|| {
                ApiError::Internal(anyhow::anyhow!(
                    "stored original {} is not a PNG",
                    record.id
                ))
            })?;
        let mut r = Response::new(Body::from(tagged));
        let disposition = format!("attachment; filename=\"{}\"", download_name());
        r.headers_mut().insert(
            header::CONTENT_DISPOSITION,
            HeaderValue::from_str(&disposition).map_err(|e| ApiError::Internal(e.into()))?,
        );
        r
    } else {
        Response::new(Body::from(bytes))
    };
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
    // What this URL serves changes when the plan does: never reuse it without asking.
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-cache"),
    );
    headers.insert(header::VARY, HeaderValue::from_static("Authorization"));
    Ok(response)
}

/// The original for pro callers, the blurred preview for everyone else.
pub(super) async fn image_bytes(
    state: &AppState,
    record: &GenerationRecord,
    pro: bool,
) -> Result<bytes::Bytes, ApiError> {
    let key = if pro {
        &record.blob_key
    } else {
        &record.preview_key
    };
    state
        .generator
        .blobs
        .get(key)
        .await
        .map_err(|e| ApiError::Unavailable {
            code: "storage_unavailable",
            message: e.to_string(),
        })?
        .ok_or(ApiError::NotFound { what: "image" })
}

/// AUTOMATIC1111's "parameters" text, which image tools read back.
fn parameters(record: &GenerationRecord, state: &AppState) -> String {
    let style = state.generator.catalog.style(&record.style);
    let (model, hash) = style.map_or((record.checkpoint.as_str(), ""), |s| {
        (
            s.checkpoint.split(" [").next().unwrap_or(&s.checkpoint),
            s.hash.as_str(),
        )
    });
    let model = model
        .trim_end_matches(".safetensors")
        .trim_end_matches(".ckpt");
    format!(
        "{}\nNegative prompt: {}\nSteps: {}, Sampler: DPM++ 2M, CFG scale: 7, Seed: {}, Size: {}x{}, Model hash: {hash}, Model: {model}, Lucent style: {}",
        record.prompt,
        record.negative_prompt,
        record.steps,
        record.seed,
        record.width,
        record.height,
        record.style
    )
}

#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn delete(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let record = own(&state, &user, &id).await?;
    if !is_pro(&state, &user).await? {
        return Err(ApiError::forbidden(
            "pro_required",
            "deleting images is a Premium feature",
        ));
    }
    // The record goes first: a failure after it leaves unreachable bytes, never a dangling record.
    if !state.store.delete_generation(&user.uid, &record.id).await? {
        return Err(ApiError::NotFound { what: "generation" });
    }
    for key in [&record.blob_key, &record.preview_key] {
        if let Err(e) = state.generator.blobs.delete(key).await {
            tracing::warn!(key, error = %e, "deleting an image blob failed; it is unreachable now");
        }
    }
    Ok(StatusCode::NO_CONTENT)
}
