//! The HTTP layer: the router, extractors, handlers, the error mapping, static files. It
//! depends on the services (`users`, `admission`, `following`, `gallery`, `billing`, `limits`) and never the other way.
//!
//! Every route is registered through `utoipa_axum`'s `routes!`, so the router and the OpenAPI
//! document come from the same place; `openapi.rs` holds the document's frame.

mod account;
mod billing;
mod catalog;
mod edge;
pub mod error;
mod generations;
mod health;
mod jobs;
mod openapi;
pub mod server;
mod staff;
mod state;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, MatchedPath, Request};
use axum::http::{HeaderName, StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Router};
use tower::ServiceBuilder;
use tower::util::MapResponseLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

pub use edge::json::ApiJson;
pub use edge::rate_limit::client_ip;
pub use edge::security_headers::SecurityHeaders;
pub use error::{ApiError, ErrorCode};
pub use health::Readiness;
pub use state::{App, AppState, HttpSettings};

use crate::limits::Class;

/// Largest JSON body the API reads; prompts are 500 characters, so this is generous.
const BODY_LIMIT: usize = 64 * 1024;
/// Stripe events with many invoice lines outgrow the JSON limit.
const WEBHOOK_BODY_LIMIT: usize = 1024 * 1024;
/// No plain API call may take longer; generation streams set their own deadlines.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// `route` behind the per-address rate limit of `class`, on its own methods only: a method the
/// route does not have still answers 405 and spends nothing.
fn limited(
    state: &AppState,
    class: Class,
    (schemas, paths, route): UtoipaMethodRouter<AppState>,
) -> UtoipaMethodRouter<AppState> {
    let limit =
        middleware::from_fn_with_state((state.clone(), class), edge::rate_limit::per_address);
    (schemas, paths, route.route_layer(limit))
}

/// Every route, documented.
fn routes(state: &AppState) -> OpenApiRouter<AppState> {
    let quick = OpenApiRouter::new()
        .routes(routes!(account::me::get_me))
        .routes(limited(
            state,
            Class::ProfileWrite,
            routes!(account::me::post_me),
        ))
        .routes(routes!(catalog::get_catalog))
        .routes(routes!(catalog::style_sample::get_style_sample))
        .routes(routes!(openapi::document))
        .routes(routes!(generations::list))
        .routes(routes!(
            generations::favorites::mark,
            generations::favorites::unmark
        ))
        .routes(routes!(generations::delete))
        .routes(routes!(generations::image))
        .routes(limited(state, Class::Generate, routes!(jobs::submit)))
        .routes(routes!(jobs::get, jobs::cancel))
        .routes(limited(state, Class::Billing, routes!(billing::checkout)))
        .routes(limited(
            state,
            Class::Billing,
            routes!(billing::payment_success),
        ))
        .routes(limited(state, Class::Billing, routes!(billing::portal)))
        .routes(routes!(billing::verotel_postback))
        .routes(routes!(staff::card::find_users))
        .routes(routes!(staff::card::user))
        .routes(routes!(staff::deleted::deleted_account))
        .routes(routes!(staff::grants::grants_today))
        .routes(routes!(staff::age::reset_age_check))
        .routes(routes!(staff::actions::set_user_plan))
        .routes(routes!(staff::actions::add_user_credits))
        .routes(routes!(staff::images::user_images))
        .routes(routes!(staff::images::preview))
        .routes(routes!(staff::roles::set_role))
        .routes(routes!(staff::actions::remove_image))
        .routes(routes!(staff::review::moderation_queue))
        .routes(routes!(staff::review::decide_suspension))
        .routes(routes!(staff::review::false_positive))
        .routes(routes!(billing::webhook).layer(DefaultBodyLimit::max(WEBHOOK_BODY_LIMIT)))
        .routes(limited(
            state,
            Class::AgeCheck,
            routes!(account::age_check::start),
        ))
        .routes(
            routes!(account::age_check::persona_webhook)
                .layer(DefaultBodyLimit::max(WEBHOOK_BODY_LIMIT)),
        )
        .fallback(api_not_found)
        .layer(TimeoutLayer::with_status_code(
            StatusCode::GATEWAY_TIMEOUT,
            REQUEST_TIMEOUT,
        ));
    // Generation waits in line and on the backend: its deadline is the generator's, per image.
    // Deleting an account and exporting one take as long as its images do.
    let api = OpenApiRouter::new()
        .routes(limited(
            state,
            Class::Generate,
            routes!(generations::create),
        ))
        .routes(limited(
            state,
            Class::ProfileWrite,
            routes!(account::delete_me),
        ))
        .routes(limited(state, Class::Export, routes!(account::export)))
        .routes(routes!(staff::account_deletion::delete_user))
        .routes(routes!(jobs::events))
        .merge(quick);
    OpenApiRouter::with_openapi(openapi::frame())
        .routes(routes!(health::healthz))
        .routes(routes!(health::readyz))
        .routes(routes!(health::metrics))
        .routes(limited(
            state,
            Class::Generate,
            routes!(jobs::legacy::generate_image),
        ))
        .routes(routes!(
            billing::test_checkout::show,
            billing::test_checkout::pay
        ))
        .routes(routes!(
            billing::test_checkout::portal,
            billing::test_checkout::cancel
        ))
        .routes(routes!(
            account::test_age_check::show,
            account::test_age_check::answer
        ))
        .nest("/api", api)
}

/// The OpenAPI document of this API, as `GET /api/v1/openapi.json` serves it.
pub fn openapi_document(state: &AppState) -> utoipa::openapi::OpenApi {
    routes(state).into_openapi()
}

pub fn build_app(state: AppState) -> Router {
    let (router, document) = routes(&state).split_for_parts();
    let document: Arc<str> = document
        .to_json()
        .expect("the OpenAPI document serialises")
        .into();
    let request_id = HeaderName::from_static("x-request-id");
    let headers = state.security_headers.clone();
    // One composed stack, applied once: `Router::layer` boxes each layer it is given around
    // every route, and a boxed service is cloned and its future allocated per request and layer
    // (ten of them here, a tenth of `/me`'s time). Outermost first.
    let stack = ServiceBuilder::new()
        .layer(SetRequestIdLayer::new(request_id.clone(), MakeRequestUuid))
        .layer(PropagateRequestIdLayer::new(request_id))
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
        .layer(edge::track::TrackLayer(state.metrics.clone()))
        .layer(MapResponseLayer::new(move |mut response: Response| {
            headers.add_to(&mut response);
            response
        }))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(Extension(openapi::Document(document)));
    router
        .fallback_service(edge::spa::service(&state.settings.static_dir))
        .layer(stack)
        .with_state(state)
}

/// What `lucent worker` serves: its liveness, readiness and its own metrics (backend calls,
/// credits it settled) beside the global queue. Orchestrators need a port to probe (Cloud Run
/// with GPU requires one), and Prometheus scrapes each worker.
pub fn build_worker_app(state: AppState) -> Router {
    Router::new()
        .route("/healthz", axum::routing::get(health::healthz))
        .route("/readyz", axum::routing::get(health::readyz))
        .route("/metrics", axum::routing::get(health::metrics))
        .with_state(state)
}

async fn api_not_found() -> ApiError {
    ApiError::not_found("route")
}

impl IntoResponse for openapi::Document {
    fn into_response(self) -> Response {
        (
            [(header::CONTENT_TYPE, "application/json")],
            self.0.to_string(),
        )
            .into_response()
    }
}
