//! Favourites: the caller marks or unmarks one of their images; the history filters on them.

use axum::extract::{Path, State};
use axum::http::StatusCode;

use crate::auth::Identity;
use crate::http::error::docs::op_errors;
use crate::http::{ApiError, AppState};

op_errors!(FavoriteErrors: AUTH + STORE + [NotFound]);

#[utoipa::path(put, path = "/v1/generations/{id}/favorite", tag = "generation",
    security(("bearer" = [])),
    summary = "Marks one of the caller's images a favourite (again: no change)",
    params(("id" = String, Path, description = "A generation id")),
    responses((status = 204, description = "A favourite"), FavoriteErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn mark(
    State(state): State<AppState>,
    user: Identity,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    state.gallery.set_favorite(&user.uid, &id, true).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(delete, path = "/v1/generations/{id}/favorite", tag = "generation",
    security(("bearer" = [])),
    summary = "Unmarks one of the caller's images (again: no change)",
    params(("id" = String, Path, description = "A generation id")),
    responses((status = 204, description = "Not a favourite"), FavoriteErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn unmark(
    State(state): State<AppState>,
    user: Identity,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    state.gallery.set_favorite(&user.uid, &id, false).await?;
    Ok(StatusCode::NO_CONTENT)
}
