//! A user's images as staff see them: metadata, and previews that are always blurred.

use axum::Json;
use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::response::Response;

use super::SupportStaff;
use crate::http::edge::png::{Png, png_headers};
use crate::http::error::docs::op_errors;
use crate::http::generations::image_lists::{HistoryPage, PageQuery, bad_query};
use crate::http::{ApiError, AppState};
use crate::limits::Class;

op_errors!(UserImagesErrors: STORE + [BadQuery, NotFound, DependencyUnavailable, InvalidField]);

#[utoipa::path(get, path = "/v1/support/users/{uid}/generations", tag = "support", security(("bearer" = [])),
    summary = "A user's images, newest first, as metadata and blurred previews (support staff only)",
    params(("uid" = String, Path, description = "The user's uid"), PageQuery),
    responses((status = 200, description = "One page; every `imageUrl` is a blurred preview", body = HistoryPage),
        UserImagesErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid, uid = %uid))]
pub async fn user_images(
    State(state): State<AppState>,
    staff: SupportStaff,
    Path(uid): Path<String>,
    query: Result<Query<PageQuery>, QueryRejection>,
) -> Result<Json<HistoryPage>, ApiError> {
    let Query(page) = query.map_err(bad_query)?;
    if state.store.get_user(&uid).await?.is_none() {
        return Err(ApiError::not_found("user"));
    }
    let page = state
        .gallery
        .history_for_staff(&uid, page.cursor.as_deref(), page.limit)
        .await?;
    Ok(Json(page.into()))
}

op_errors!(PreviewErrors: STORE + [NotFound, DependencyUnavailable, RateLimited,
    StorageUnavailable]);

#[utoipa::path(get, path = "/v1/support/users/{uid}/generations/{id}/preview", tag = "support", security(("bearer" = [])),
    summary = "One of a user's images, blurred whatever their plan (support staff only)",
    params(("uid" = String, Path, description = "The user's uid"),
        ("id" = String, Path, description = "A generation id")),
    responses(
        (status = 200, description = "The blurred PNG", body = inline(Png), content_type = "image/png"),
        PreviewErrors))]
#[tracing::instrument(skip_all, fields(staff = %staff.0.uid, uid = %uid, id = %id))]
pub async fn preview(
    State(state): State<AppState>,
    staff: SupportStaff,
    Path((uid, id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    state.limits.user(Class::Images, &staff.0.uid).await?;
    let mut response = Response::new(Body::from(state.gallery.preview(&uid, &id).await?));
    png_headers(&mut response);
    Ok(response)
}
