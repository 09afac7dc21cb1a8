//! The baseline of `bench/load.sh`: a bare `axum::serve` with one handler on `GET /api/v1/me`
//! that answers a constant body of the size a real profile has. What `/me` costs above this is
//! all the gateway adds: its listener's header timeout, token, records, middleware,
//! serialisation. Listens on the address given, or `127.0.0.1:18081`.

use axum::Router;
use axum::http::header;
use axum::routing::get;

/// A profile as `GET /api/v1/me` answers it for the load user (381 bytes).
const BODY: &str = r#"{"uid":"load-user","email":"load-user@example.com","username":"Load","ageConfirmed":true,"createdAt":1795702109341,"plan":"free","subscription":null,"quota":{"used":0,"limit":100000000,"bonus":0,"resetsAt":"2026-11-27T00:00:00Z"},"standing":{"strikes":0,"warnAt":3,"suspendAt":5,"warning":null,"suspension":null},"ageCheck":{"status":"unverified","checkedAt":null,"required":true}}"#;

#[tokio::main]
async fn main() {
    let address = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:18081".to_owned());
    let app = Router::new().route(
        "/api/v1/me",
        get(|| async { ([(header::CONTENT_TYPE, "application/json")], BODY) }),
    );
    let listener = tokio::net::TcpListener::bind(&address)
        .await
        .expect("the bench address is free");
    axum::serve(listener, app).await.expect("the bench serves");
}
