//! The verified caller as a handler argument: an [`Identity`] extractor that answers 401 (with
//! the failed check as its code) when the bearer token is missing or does not verify.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use crate::auth::{Identity, TokenError};
use crate::http::{ApiError, AppState};

fn bearer(parts: &Parts) -> Result<&str, TokenError> {
    let value = parts
        .headers
        .get(AUTHORIZATION)
        .ok_or(TokenError::Missing)?
        .to_str()
        .map_err(|_| TokenError::Malformed("the Authorization header is not text".into()))?;
    match value.split_once(' ') {
        Some((scheme, token))
            if scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty() =>
        {
            Ok(token.trim())
        }
        _ => Err(TokenError::Missing),
    }
}

impl FromRequestParts<AppState> for Identity {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let claims = state.auth.verify(bearer(parts)?).await?;
        Ok(Identity::from(claims.as_ref()))
    }
}
