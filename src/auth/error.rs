//! Why a token was refused: the caller's fault in every case but one (keys that cannot be
//! had at all, which is the gateway's problem).

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("no bearer token in the Authorization header")]
    Missing,
    #[error("the token is malformed: {0}")]
    Malformed(String),
    #[error("the token must be signed with RS256")]
    WrongAlgorithm,
    #[error("the token was signed by an unknown key")]
    UnknownKey,
    #[error("the token's signature does not verify")]
    BadSignature,
    #[error("the token has expired")]
    Expired,
    #[error("the token was issued for another project ({0})")]
    WrongProject(&'static str),
    #[error("the token's {0} is in the future")]
    NotYetValid(&'static str),
    #[error("the token's subject must be 1 to 128 characters")]
    BadSubject,
    #[error("the token-signing keys cannot be fetched")]
    KeysUnavailable,
}
