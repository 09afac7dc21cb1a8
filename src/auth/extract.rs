//! `AuthUser`: the verified caller, or a 401. `MaybeAuthUser`: the same for routes open to
//! guests, where no token means a guest but a bad token is still refused.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use crate::AppState;
use crate::http::ApiError;

use super::TokenError;

#[derive(Debug, Clone)]
pub struct AuthUser {
    pub uid: String,
    /// The email the identity provider vouches for (never taken from a request body).
    pub email: Option<String>,
}

#[derive(Debug, Clone)]
pub struct MaybeAuthUser(pub Option<AuthUser>);

fn bearer(parts: &Parts) -> Result<Option<&str>, TokenError> {
    let Some(value) = parts.headers.get(AUTHORIZATION) else {
        return Ok(None);
    };
    let value = value
        .to_str()
        .map_err(|_| TokenError::Malformed("the Authorization header is not text".into()))?;
    match value.split_once(' ') {
        Some((scheme, token))
            if scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty() =>
        {
            Ok(Some(token.trim()))
        }
        _ => Err(TokenError::Missing),
    }
}

async fn verify(parts: &Parts, state: &AppState) -> Result<Option<AuthUser>, ApiError> {
    let Some(token) = bearer(parts)? else {
        return Ok(None);
    };
    let claims = state.auth.verify(token).await?;
    Ok(Some(AuthUser {
        uid: claims.sub.clone(),
        email: claims.email.clone(),
    }))
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        verify(parts, state)
            .await?
            .ok_or_else(|| TokenError::Missing.into())
    }
}

impl FromRequestParts<AppState> for MaybeAuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        verify(parts, state).await.map(MaybeAuthUser)
    }
}
