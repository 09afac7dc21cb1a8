//! The built web app with single-page fallback: a path that is not a file gets `index.html`
//! (the React router decides what it shows). Vite's hashed files under `/assets/` never
//! change, so they are cached for a year; everything else is revalidated on each visit so a
//! deploy is seen at once. Responses are gzipped for browsers that accept it (the entry
//! script shrinks to a quarter), which matters most on a phone's connection.

use std::path::Path;

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};

pub fn service(dir: &Path) -> Router {
    let files = ServeDir::new(dir)
        .append_index_html_on_directories(true)
        .fallback(ServeFile::new(dir.join("index.html")));
    Router::new()
        .fallback_service(files)
        .layer(middleware::from_fn(cache_headers))
        .layer(CompressionLayer::new().gzip(true))
}

async fn cache_headers(req: Request, next: Next) -> Response {
    let immutable = req.uri().path().starts_with("/assets/");
    let mut response = next.run(req).await;
    if response.status().is_success() {
        let value = if immutable {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    }
    response
}
