//! `GET /generate-image`: the first API's call and query, kept for old clients. It takes the
//! same path as `POST /api/v1/generations` (credits, queue, storage) and answers with the PNG,
//! blurred unless the caller is pro.

use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderValue, header};
use axum::response::Response;
use serde::Deserialize;

use crate::admission::Route;
use crate::admission::body::{GenerationBody, Loose};
use crate::auth::Identity;
use crate::generation::GenerateError;
use crate::generation::catalog::Catalog;
use crate::http::edge::png::Png;
use crate::http::error::docs::op_errors;
use crate::http::generations::image_lists::bad_query;
use crate::http::jobs::submission;
use crate::http::{ApiError, AppState};

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct LegacyQuery {
    prompt: Option<String>,
    input_value: Option<String>,
    negative_prompt: Option<String>,
    /// A checkpoint title (what the old web app sent) or a style id.
    #[serde(rename = "selected_model_type")]
    selected_model_type: Option<String>,
    seed: Option<String>,
    step: Option<String>,
    /// Ignored: the style's extra prompt comes from the catalog, not the caller.
    #[serde(rename = "Prompt_Plus")]
    _prompt_plus: Option<String>,
    /// The look's preset text (what the old web app sent) or a look id.
    #[serde(rename = "model_type")]
    model_type: Option<String>,
}

impl LegacyQuery {
    fn into_body(self, catalog: &Catalog) -> Result<GenerationBody, ApiError> {
        let style = match self.selected_model_type.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(given) => Some(
                catalog
                    .styles
                    .iter()
                    .find(|s| {
                        s.id == given || s.checkpoint == given || s.checkpoint.starts_with(given)
                    })
                    .map(|s| s.id.clone())
                    .ok_or_else(|| {
                        ApiError::invalid("selected_model_type", format!("unknown model {given:?}"))
                    })?,
            ),
        };
        let look = match self.model_type.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(given) => Some(
                catalog
                    .looks
                    .iter()
                    .find(|l| l.id == given || l.text == given)
                    .map(|l| l.id.clone())
                    .ok_or_else(|| {
                        ApiError::invalid("model_type", format!("unknown look {given:?}"))
                    })?,
            ),
        };
        Ok(GenerationBody {
            prompt: self.prompt.or(self.input_value).unwrap_or_default(),
            negative_prompt: self.negative_prompt,
            style,
            look,
            seed: self.seed.map(Loose::Text),
            steps: self.step.map(Loose::Text),
            enhance: Some(false),
            count: Some(1),
            size: None,
            cfg: None,
            sampler: None,
            source: None,
        })
    }
}

op_errors!(LegacyErrors: AUTH + STORE + SUBMISSION + [BadQuery, BackendFailed, BackendBadImage,
    BackendTooLarge, BackendTimeout, StorageUnavailable]);

#[utoipa::path(get, path = "/generate-image", tag = "generation", security(("bearer" = [])),
    summary = "The first API's generation call, kept for old clients",
    description = "Takes the original query and answers with the PNG, blurred unless the caller is pro; \
        the new generation's id is in `X-Generation-Id`.",
    params(LegacyQuery),
    responses(
        (status = 200, description = "The PNG", body = inline(Png), content_type = "image/png",
            headers(("X-Generation-Id" = String, description = "The generation's id"))),
        LegacyErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn generate_image(
    State(state): State<AppState>,
    user: Identity,
    query: Result<Query<LegacyQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let job = submission::take(&state, &user, Route::Legacy, || {
        let Query(query) = query.map_err(bad_query)?;
        query.into_body(state.admission.catalog())
    })
    .await?;
    let leaving = state.admission.cancel_on_drop(&user.uid, &job.id);
    let outcome = state.following.follow(&job.id, None).outcome().await;
    leaving.disarm();
    let made = outcome?;
    let id = made
        .first()
        .map(|view| view.id.clone())
        .ok_or_else(|| ApiError::internal("a generation made no image"))?;
    // The image was made a moment ago: not finding it is our failure, not the caller's.
    let gallery = &state.gallery;
    let served = async { gallery.stored(&gallery.image(&user.uid, &id).await?).await };
    let bytes = served.await.map_err(|e| match e {
        GenerateError::NotFound(what) => ApiError::internal(format!("the new {what} is gone")),
        e => e.into(),
    })?;
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    headers.insert(
        "x-generation-id",
        HeaderValue::from_str(&id).map_err(ApiError::internal)?,
    );
    Ok(response)
}
