//! Every request counted and timed by its route template (never the raw path, whose ids would
//! make a series per image), as a layer of its own: `middleware::from_fn` clones the routes
//! below it and boxes two futures on every request, which `/me` felt (BENCHMARKS.md).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};
use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::http::Method;
use axum::response::Response;
use tower::{Layer, Service};

use crate::metrics::Metrics;

/// Wraps a service in [`Track`].
#[derive(Clone)]
pub struct TrackLayer(pub Arc<Metrics>);

impl<S> Layer<S> for TrackLayer {
    type Service = Track<S>;

    fn layer(&self, inner: S) -> Track<S> {
        Track {
            inner,
            metrics: self.0.clone(),
        }
    }
}

#[derive(Clone)]
pub struct Track<S> {
    inner: S,
    metrics: Arc<Metrics>,
}

impl<S> Service<Request> for Track<S>
where
    S: Service<Request, Response = Response>,
{
    type Response = Response;
    type Error = S::Error;
    type Future = Tracked<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Tracked<S::Future> {
        // Clones that share (the template is an `Arc<str>`; a standard method is inline).
        let route = req.extensions().get::<MatchedPath>().cloned();
        let method = req.method().clone();
        Tracked {
            inner: self.inner.call(req),
            route,
            method,
            started: Instant::now(),
            metrics: self.metrics.clone(),
        }
    }
}

pin_project_lite::pin_project! {
    /// The inner answer's future; when it is ready, the request is counted.
    pub struct Tracked<F> {
        #[pin]
        inner: F,
        route: Option<MatchedPath>,
        method: Method,
        started: Instant,
        metrics: Arc<Metrics>,
    }
}

impl<F, E> Future for Tracked<F>
where
    F: Future<Output = Result<Response, E>>,
{
    type Output = Result<Response, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let response = ready!(this.inner.poll(cx))?;
        this.metrics.request(
            this.route.as_ref().map_or("unmatched", MatchedPath::as_str),
            this.method.as_str(),
            response.status().as_u16(),
            this.started.elapsed(),
        );
        Poll::Ready(Ok(response))
    }
}
