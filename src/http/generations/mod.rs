//! Generations over HTTP: create (JSON or a Server-Sent Events stream), list, fetch the image
//! (blurred unless pro), download (pro), delete (pro).

pub(super) mod favorites;
pub(super) mod image_lists;

use axum::Json;
use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::admission::Route;
use crate::admission::body::GenerationBody;
use crate::auth::Identity;
use crate::gallery::Filter;
use crate::http::edge::png::{Png, png_headers};
use crate::http::error::docs::op_errors;
use crate::http::generations::image_lists::{Generations, HistoryPage, bad_query};
use crate::http::jobs::events::{Hold, StreamEvent, event_stream};
use crate::http::jobs::submission;
use crate::http::{ApiError, ApiJson, AppState, edge::etag};
use crate::images::download_name;
use crate::limits::Class;

fn wants_stream(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/event-stream"))
}

// A body's source that is not one of the caller's images is not found.
op_errors!(CreateErrors: AUTH + STORE + JSON_BODY + SUBMISSION + [NotFound, BackendFailed,
    BackendBadImage, BackendTooLarge, BackendTimeout, StorageUnavailable]);

#[utoipa::path(post, path = "/v1/generations", tag = "generation", security(("bearer" = [])),
    summary = "Makes images from a prompt, and waits for them",
    description = "A job (see `/v1/jobs`) followed to its end. With `Accept: text/event-stream` \
        the answer is a stream of `queued` (`QueuedEvent`), `progress` (`ProgressEvent`), \
        then `done` (`Generations`) or `error` (`ErrorDetail`) events; refusals \
        before the work starts are plain HTTP errors. A client that leaves while the job is \
        still queued cancels it (its credits come back); once it runs, it runs to its end.",
    request_body = GenerationBody,
    responses(
        (status = 201, description = "The images, blurred unless the caller is pro", body = Generations),
        (status = 200, description = "The event stream (with `Accept: text/event-stream`)", content_type = "text/event-stream", body = StreamEvent),
        CreateErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn create(
    State(state): State<AppState>,
    user: Identity,
    headers: HeaderMap,
    ApiJson(body): ApiJson<GenerationBody>,
) -> Result<Response, ApiError> {
    let job = submission::take(&state, &user, Route::Generations, || Ok(body)).await?;
    let leaving = state.admission.cancel_on_drop(&user.uid, &job.id);
    let follow = state.following.follow(&job.id, None);
    if wants_stream(&headers) {
        return Ok(event_stream(follow, Hold::Job(leaving)).into_response());
    }
    let outcome = follow.outcome().await;
    leaving.disarm();
    let generations = outcome?;
    Ok((StatusCode::CREATED, Json(Generations { generations })).into_response())
}

op_errors!(ListErrors: AUTH + STORE + [BadQuery, InvalidField, RateLimited]);

/// A page of the caller's history, and what it keeps.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// The `nextCursor` of the previous page.
    cursor: Option<String>,
    /// 1 to 100; 20 by default.
    limit: Option<usize>,
    /// `true`: favourites only.
    favorite: Option<bool>,
    /// Images of this style only.
    style: Option<String>,
    /// Images whose prompt holds this text, whatever the case (at most 500 characters).
    q: Option<String>,
}

#[utoipa::path(get, path = "/v1/generations", tag = "generation", security(("bearer" = [])),
    summary = "The caller's images, newest first",
    description = "With `favorite`, `style` or `q`, a page holds the images that match all of \
        them; one page reads at most 1,000 images, so a page may hold fewer than `limit` and \
        still have a `nextCursor` to read on from.",
    params(HistoryQuery),
    responses((status = 200, description = "One page", body = HistoryPage), ListErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn list(
    State(state): State<AppState>,
    user: Identity,
    query: Result<Query<HistoryQuery>, QueryRejection>,
) -> Result<Json<HistoryPage>, ApiError> {
    let Query(query) = query.map_err(bad_query)?;
    let filter = Filter {
        favorite: query.favorite.unwrap_or(false),
        style: query.style.filter(|s| !s.is_empty()),
        text: query.q.filter(|q| !q.trim().is_empty()),
    };
    if filter.text.is_some() {
        state.limits.user(Class::Search, &user.uid).await?;
    }
    let page = state
        .gallery
        .history(&user.uid, query.cursor.as_deref(), query.limit, &filter)
        .await?;
    Ok(Json(page.into()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImageQuery {
    /// `1` or `true`: the original as an attachment, with its parameters (pro only).
    download: Option<String>,
}

op_errors!(ImageErrors: AUTH + STORE + [BadQuery, NotFound, ProRequired, AgeCheckRequired,
    RateLimited, StorageUnavailable]);

#[utoipa::path(get, path = "/v1/generations/{id}/image", tag = "generation", security(("bearer" = [])),
    summary = "The image: the original for pro callers, the blurred preview for everyone else",
    params(("id" = String, Path, description = "A generation id"), ImageQuery),
    responses(
        (status = 200, description = "The PNG, as stored (marked when it was made). `ETag` names \
            the bytes; the browser keeps them and asks again each time (`no-cache`), so a plan \
            change shows the other variant at once.",
            body = inline(Png), content_type = "image/png",
            headers(("ETag" = String, description = "The bytes' strong entity tag"))),
        (status = 304, description = "`If-None-Match` names the bytes the caller would be sent"),
        ImageErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn image(
    State(state): State<AppState>,
    user: Identity,
    Path(id): Path<String>,
    query: Result<Query<ImageQuery>, QueryRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(bad_query)?;
    state.limits.user(Class::Images, &user.uid).await?;
    let download = query
        .download
        .as_deref()
        .is_some_and(|d| d == "1" || d == "true");
    let served = if download {
        state.gallery.download(&user.uid, &id).await?
    } else {
        state.gallery.image(&user.uid, &id).await?
    };
    let tag = HeaderValue::from_str(&served.tag()).map_err(ApiError::internal)?;
    let mut response = if etag::fresh(&headers, &tag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        Response::new(Body::from(state.gallery.stored(&served).await?))
    };
    png_headers(&mut response);
    let headers = response.headers_mut();
    headers.insert(header::ETAG, tag);
    if download {
        let disposition = format!("attachment; filename=\"{}\"", download_name());
        headers.insert(
            header::CONTENT_DISPOSITION,
            HeaderValue::from_str(&disposition).map_err(ApiError::internal)?,
        );
    }
    Ok(response)
}

op_errors!(DeleteErrors: AUTH + STORE + [NotFound, AccountSuspended]);

#[utoipa::path(delete, path = "/v1/generations/{id}", tag = "generation", security(("bearer" = [])),
    summary = "Deletes one of the caller's images, on any plan",
    params(("id" = String, Path, description = "A generation id")),
    responses((status = 204, description = "Deleted"), DeleteErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn delete(
    State(state): State<AppState>,
    user: Identity,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    state.gallery.delete(&user.uid, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}
