//! `GET /api/v1/styles/{id}/sample`: the picture on a style's tile. Public and the same for
//! everyone, so browsers and proxies keep it; the ETag lets them ask again for nothing.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::http::error::ApiError;
use crate::http::error::docs::op_errors;
use crate::http::{AppState, edge::etag};

op_errors!(StyleSampleErrors: [NotFound]);

/// A day: the sample changes only with the catalog or the renderer, that is with a deploy.
const CACHE_CONTROL: &str = "public, max-age=86400";

#[utoipa::path(get, path = "/v1/styles/{id}/sample", tag = "generation",
    summary = "A style's sample picture, drawn once by the configured renderer",
    params(("id" = String, Path, description = "The style's id, as the catalog lists it")),
    responses(
        (status = 200, description = "A PNG", content_type = "image/png"),
        (status = 304, description = "The copy the client holds is current"),
        StyleSampleErrors,
    ))]
pub async fn get_style_sample(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let png = state.samples.of(&id).await?;
    let tag = etag::of(&png);
    let mut response = if etag::fresh(&headers, &tag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        ([(header::CONTENT_TYPE, "image/png")], png).into_response()
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_CONTROL),
    );
    headers.insert(header::ETAG, tag);
    Ok(response)
}
