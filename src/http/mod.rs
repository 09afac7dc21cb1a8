//! The router: API routes, health, the web app, and the layers every request passes.

mod billing;
mod catalog;
pub mod error;
mod generations;
mod health;
pub mod json;
mod legacy;
pub mod limits;
mod me;
mod security_headers;
mod spa;
mod test_checkout;

use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::handler::Handler;
use axum::http::{HeaderName, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::AppState;
pub use error::ApiError;
pub use json::ApiJson;
use limits::Class;
use security_headers::SecurityHeaders;

/// Largest JSON body the API reads; prompts are 500 characters, so this is generous.
const BODY_LIMIT: usize = 64 * 1024;
/// Stripe events with many invoice lines outgrow the JSON limit.
const WEBHOOK_BODY_LIMIT: usize = 1024 * 1024;
/// No plain API call may take longer; generation streams set their own deadlines.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The per-address rate limit of `class`, as a route layer.
macro_rules! limited {
    ($state:expr, $class:expr) => {
        middleware::from_fn_with_state(($state.clone(), $class), limits::per_address)
    };
}

pub fn build_app(state: AppState) -> Router {
    let request_id = HeaderName::from_static("x-request-id");
    let quick = Router::new()
        .route(
            "/v1/me",
            get(me::get_me).post(me::post_me.layer(limited!(state, Class::ProfileWrite))),
        )
        .route("/v1/catalog", get(catalog::get_catalog))
        .route("/v1/openapi.json", get(openapi))
        .route("/v1/generations", get(generations::list))
        .route(
            "/v1/generations/{id}",
            axum::routing::delete(generations::delete),
        )
        .route("/v1/generations/{id}/image", get(generations::image))
        .route(
            "/v1/checkout",
            post(billing::checkout).layer(limited!(state, Class::Billing)),
        )
        .route(
            "/v1/payment-success",
            post(billing::payment_success).layer(limited!(state, Class::Billing)),
        )
        .route("/v1/billing/portal", post(billing::portal))
        .route(
            "/v1/stripe/webhook",
            post(billing::webhook).layer(DefaultBodyLimit::max(WEBHOOK_BODY_LIMIT)),
        )
        .fallback(api_not_found)
        .layer(TimeoutLayer::with_status_code(
            StatusCode::GATEWAY_TIMEOUT,
            REQUEST_TIMEOUT,
        ));
    // Generation waits in line and on the backend: its deadline is the generator's, per image.
    let api = Router::new()
        .route(
            "/v1/generations",
            post(generations::create).layer(limited!(state, Class::Generate)),
        )
        .merge(quick);
    Router::new()
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/metrics", get(metrics))
        .route(
            "/generate-image",
            get(legacy::generate_image).layer(limited!(state, Class::Generate)),
        )
        .route(
            "/checkout/test/{session}",
            get(test_checkout::show).post(test_checkout::pay),
        )
        .route(
            "/checkout/test/portal/{customer}",
            get(test_checkout::portal).post(test_checkout::cancel),
        )
        .nest("/api", api)
        .fallback_service(spa::service(&state.config.static_dir))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn_with_state(
            SecurityHeaders::new(&state.config),
            security_headers::add,
        ))
        .layer(middleware::from_fn_with_state(state.clone(), track))
        .layer(
            TraceLayer::new_for_http().make_span_with(|req: &Request| {
                let route = req
                    .extensions()
                    .get::<MatchedPath>()
                    .map_or("-", MatchedPath::as_str);
                let id = req
                    .headers()
                    .get("x-request-id")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("-");
                tracing::info_span!("request", method = %req.method(), route, uri = %req.uri().path(), request_id = id)
            }),
        )
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
        .with_state(state)
}

/// Counts and times every request by its route template (never the raw path, whose ids
/// would make a series per image).
async fn track(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |p| p.as_str().to_owned());
    let method = req.method().to_string();
    let started = Instant::now();
    let response = next.run(req).await;
    state.metrics.request(
        &route,
        &method,
        response.status().as_u16(),
        started.elapsed(),
    );
    response
}

async fn metrics(State(state): State<AppState>) -> Response {
    let text = state
        .metrics
        .render(state.generator.queue.waiting(), state.users.store_reads());
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

/// This API's OpenAPI document, kept beside the handlers and checked by schemathesis.
async fn openapi() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        include_str!("openapi.json"),
    )
        .into_response()
}

async fn api_not_found() -> ApiError {
    ApiError::NotFound { what: "route" }
}
