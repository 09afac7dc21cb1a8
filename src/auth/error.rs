//! Why a token was refused. Every case is a 401 with its own code, except keys that cannot be
//! had at all, which is the gateway's problem (503), not the caller's.

use crate::http::ApiError;

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

impl TokenError {
    pub fn code(&self) -> &'static str {
        match self {
            Self::Missing => "token_missing",
            Self::Malformed(_) | Self::WrongAlgorithm | Self::UnknownKey | Self::BadSignature => {
                "token_invalid"
            }
            Self::Expired => "token_expired",
            Self::WrongProject(_) => "token_wrong_project",
            Self::NotYetValid(_) => "token_not_yet_valid",
            Self::BadSubject => "token_bad_subject",
            Self::KeysUnavailable => "auth_keys_unavailable",
        }
    }
}

impl From<TokenError> for ApiError {
    fn from(e: TokenError) -> Self {
        let code = e.code();
        match e {
            TokenError::KeysUnavailable => ApiError::Unavailable {
                code,
                message: e.to_string(),
            },
            other => ApiError::Unauthorized {
                code,
                message: other.to_string(),
            },
        }
    }
}
