//! `POST /api/v1/me/age-check` (start or resume the caller's age check) and
//! `POST /api/v1/age-check/persona` (Persona's webhook). src/age/mod.rs has the rules.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::age::Delivery;
use crate::auth::Identity;
use crate::http::error::docs::op_errors;
use crate::http::{ApiError, ApiJson, AppState, ErrorCode};
use crate::limits::Class;

/// Where in the web app the user is sent back to; the verification page by default.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AgeCheckBody {
    /// A path of the web app (`/generate?style=nsfw-v1.1`), kept through the provider's flow.
    #[serde(default)]
    return_to: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AgeCheckLink {
    /// The provider's hosted flow for this inquiry (the test page in test mode).
    url: String,
}

/// A path of this app only: never another site (`//evil.example`, `/\evil.example`).
fn app_path(return_to: Option<&str>) -> Result<&str, ApiError> {
    let Some(path) = return_to else {
        return Ok("/generate");
    };
    let fine = path.starts_with('/')
        && !path.starts_with("//")
        && !path.contains('\\')
        // Room for the form's prompt (500 characters) written into the address.
        && path.len() <= 4096
        && !path.chars().any(char::is_control);
    if fine {
        Ok(path)
    } else {
        Err(ApiError::new(
            ErrorCode::InvalidField,
            "returnTo must be a path of this app, such as /generate",
        ))
    }
}

op_errors!(StartAgeCheckErrors: AUTH + STORE + JSON_BODY + [NotFound, ProfileMissing,
    AgeAlreadyVerified, AgeCheckLocked, InvalidField, RateLimited, DependencyUnavailable]);

#[utoipa::path(post, path = "/v1/me/age-check", tag = "profile", security(("bearer" = [])),
    summary = "Starts the caller's age check, or resumes the one pending: the provider's link",
    description = "The same inquiry is resumed while it is pending. The provider's flow sends \
        the user back to `/verify-age?returnTo=…`, where the web app follows the status on \
        `GET /api/v1/me` (`ageCheck`). 404 when age checks are off on this server.",
    request_body(content = AgeCheckBody, description = "`{}` for the default way back"),
    responses((status = 201, description = "Open this link", body = AgeCheckLink),
        StartAgeCheckErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn start(
    State(state): State<AppState>,
    user: Identity,
    ApiJson(body): ApiJson<AgeCheckBody>,
) -> Result<(StatusCode, Json<AgeCheckLink>), ApiError> {
    let return_to = app_path(body.return_to.as_deref())?;
    state.limits.user(Class::AgeCheck, &user.uid).await?;
    let record = state.users.record_of(&user).await?;
    let started = state.age.start(&record, return_to).await?;
    Ok((StatusCode::CREATED, Json(AgeCheckLink { url: started.url })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AgeCheckReceipt {
    received: bool,
    /// `applied: verified`, `duplicate` or `ignored: …`.
    outcome: String,
}

op_errors!(AgeWebhookErrors: STORE + [NotFound, SignatureInvalid, MalformedEvent,
    PayloadTooLarge, DependencyUnavailable]);

#[utoipa::path(post, path = "/v1/age-check/persona", tag = "profile",
    summary = "Persona's inquiry events, signed (404 when age checks are off)",
    description = "The gateway reads the inquiry back from Persona before it changes anything; \
        a 503 makes Persona deliver the event again.",
    params(("Persona-Signature" = String, Header, description = "Persona's signature of the body")),
    request_body(content = String, content_type = "application/json", description = "A Persona event"),
    responses((status = 200, description = "Processed, or a duplicate", body = AgeCheckReceipt),
        AgeWebhookErrors))]
#[tracing::instrument(skip_all)]
pub async fn persona_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<AgeCheckReceipt>, ApiError> {
    if !state.age.required() {
        return Err(ApiError::not_found("age check"));
    }
    let body = body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => crate::http::edge::json::too_large(),
        _ => ApiError::new(ErrorCode::MalformedEvent, rejection.body_text()),
    })?;
    let signature = headers
        .get("persona-signature")
        .and_then(|v| v.to_str().ok());
    receipt(state.age.receive(signature, &body).await?)
}

pub(in crate::http) fn receipt(delivery: Delivery) -> Result<Json<AgeCheckReceipt>, ApiError> {
    let outcome = match delivery {
        Delivery::Applied { status, .. } => format!("applied: {}", status_word(status)),
        Delivery::Replayed => "duplicate".to_owned(),
        Delivery::Ignored(why) => format!("ignored: {why}"),
    };
    tracing::info!(%outcome, "age-check event");
    Ok(Json(AgeCheckReceipt {
        received: true,
        outcome,
    }))
}

fn status_word(status: crate::store::AgeStatus) -> String {
    serde_json::to_value(status)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_path_of_this_app_is_a_way_back() {
        // A prompt of 300 sparkles, as the form writes it into the address.
        let with_a_prompt = format!(
            "/generate?style=nsfw-v1.1&prompt={}",
            "%E2%9C%A8".repeat(300)
        );
        for fine in [None, Some("/generate"), Some(with_a_prompt.as_str())] {
            assert!(app_path(fine).is_ok(), "{fine:?}");
        }
        assert!(app_path(Some(&format!("/{}", "a".repeat(4096)))).is_err());
        for bad in [
            "https://evil.example",
            "//evil.example",
            "/\\evil.example",
            "generate",
            "/a\nb",
        ] {
            assert!(app_path(Some(bad)).is_err(), "{bad}");
        }
    }
}
