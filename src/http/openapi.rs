//! The frame of the OpenAPI document (title, security schemes, shared schemas); the paths come
//! from the handlers' `#[utoipa::path]` as the router registers them.

use std::sync::Arc;

use axum::Extension;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::error::{ErrorBody, ErrorCode, ErrorDetail};
use super::jobs::events::{ProgressEvent, QueuedEvent};

/// The serialised document, computed once at start.
#[derive(Clone)]
pub struct Document(pub Arc<str>);

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Lucent gateway API",
        version = "1.0.0",
        description = "Text-to-image generation with a premium plan. Authenticate with a Firebase ID token as a bearer token. Errors are `{\"error\":{\"code\",\"message\"}}`; every code is in the `ErrorCode` schema, and each status lists the codes an operation can send with it.",
        license(name = "UNLICENSED")
    ),
    // The payloads an event stream's `data` carries as JSON text (`StreamEvent`): `queued`,
    // `progress`; `done` is `Generations` and `error` is `ErrorDetail`. No operation refers to
    // the first two, so they are listed here.
    components(schemas(ErrorBody, ErrorDetail, ErrorCode, QueuedEvent, ProgressEvent)),
    modifiers(&Security)
)]
struct Frame;

struct Security;

impl Modify for Security {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("Firebase ID token")
                    .build(),
            ),
        );
        components.add_security_scheme(
            "metrics",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("LUCENT_METRICS_TOKEN")
                    .build(),
            ),
        );
    }
}

pub fn frame() -> utoipa::openapi::OpenApi {
    Frame::openapi()
}

#[utoipa::path(get, path = "/v1/openapi.json", tag = "operations",
    summary = "This document",
    responses((status = 200, description = "OpenAPI 3.1", content_type = "application/json", body = Object)))]
pub async fn document(Extension(document): Extension<Document>) -> Document {
    document
}
