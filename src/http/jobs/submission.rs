//! The one way into the generation service, whatever the route (`POST /v1/jobs`, `POST
//! /v1/generations`, `GET /generate-image`): the caller's request rate, then the body, then who
//! the caller is now (plan, age, suspension), then the service's admission (the content rules,
//! a place in line, the credits). The routes list the codes it can send as
//! `error_docs::SUBMISSION`.

use crate::admission::body::GenerationBody;
use crate::admission::{Route, Submitted};
use crate::auth::Identity;
use crate::http::{ApiError, AppState};
use crate::limits::Class;

/// Puts `user`'s request in line; `body` is read after the rate check, so that a flood of bad
/// requests is slowed like any other.
pub async fn take(
    state: &AppState,
    user: &Identity,
    route: Route,
    body: impl FnOnce() -> Result<GenerationBody, ApiError>,
) -> Result<Submitted, ApiError> {
    state.limits.user(Class::Generate, &user.uid).await?;
    let body = body()?;
    let caller = state.users.caller(user).await?;
    Ok(state.admission.submit(&caller, &body, route).await?)
}
