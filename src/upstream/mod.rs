//! How this process talks to the services it depends on: one HTTP client with its time limits,
//! shared by every upstream's typed client, and reading an answer without trusting it (its size is
//! capped whatever its `Content-Length` says, so a broken or hostile service cannot make us buffer
//! without end).

use std::time::Duration;

use futures_util::StreamExt;

/// Connect and per-request limits for every upstream call; a slow upstream must not hold a
/// request (and its credit) forever. Calls that legitimately take longer (generation) set
/// their own deadline per request.
pub fn http_client() -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(30))
        .pool_idle_timeout(Duration::from_secs(90))
        .user_agent(concat!("lucent/", env!("CARGO_PKG_VERSION")))
        .build()
}

#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("the answer is larger than {0} bytes")]
    TooLarge(usize),
    #[error(transparent)]
    Transport(#[from] reqwest::Error),
}

/// The body of `response`, at most `cap` bytes; past it, [`ReadError::TooLarge`] without
/// reading further.
pub async fn read_at_most(response: reqwest::Response, cap: usize) -> Result<Vec<u8>, ReadError> {
    if response.content_length().is_some_and(|n| n > cap as u64) {
        return Err(ReadError::TooLarge(cap));
    }
    let mut body = Vec::new();
    let mut stream = response.bytes_stream();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk?;
        if body.len() + chunk.len() > cap {
            return Err(ReadError::TooLarge(cap));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}
