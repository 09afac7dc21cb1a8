//! What can go wrong with the state instances share. Every part of it answers with this error,
//! in memory as on Redis, so callers handle one shape whichever the deployment chose; only
//! Redis produces it today (the in-memory parts never fail).

#[derive(Debug, thiserror::Error)]
pub enum CoordinationError {
    #[error("redis did not answer in time")]
    Timeout,
    #[error("redis: {0}")]
    Unavailable(String),
    /// The server answered with an error (a forbidden or unknown command, a script's error).
    #[error("redis refused: {0}")]
    Refused(String),
}

impl From<redis::RedisError> for CoordinationError {
    fn from(e: redis::RedisError) -> Self {
        if e.is_timeout() {
            Self::Timeout
        } else if matches!(
            e.kind(),
            redis::ErrorKind::Server(_) | redis::ErrorKind::Extension
        ) {
            Self::Refused(e.to_string())
        } else {
            Self::Unavailable(e.to_string())
        }
    }
}
