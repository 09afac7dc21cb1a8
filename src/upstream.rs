//! Reading an upstream's answer without trusting it: its size is capped whatever its
//! `Content-Length` says, so a broken or hostile service cannot make us buffer without end.

use futures_util::StreamExt;

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
