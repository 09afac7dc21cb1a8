//! Test mode's stand-in for Persona's hosted flow: a page served by the gateway, marked TEST
//! MODE, where a tester answers as an adult, as a 17-year-old, or declined. The answer is
//! delivered as a signed webhook to the same code that takes Persona's (src/age/test_mode.rs).

use axum::Form;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

use crate::age::ProviderError;
use crate::age::test_mode::Answer;
use crate::http::billing::test_checkout::{escape, page};
use crate::http::{ApiError, AppState};

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        page(
            "Not found",
            "<h1>This age check does not exist</h1><p>Start again from Lucent.</p><p><a href=\"/\">Back to Lucent</a></p>",
        ),
    )
        .into_response()
}

fn unavailable(e: &ProviderError) -> Response {
    tracing::warn!(error = %e, "test-mode age checks");
    (
        StatusCode::SERVICE_UNAVAILABLE,
        page(
            "Try again",
            "<h1>Test age check is unavailable</h1><p>Reload the page in a moment.</p>",
        ),
    )
        .into_response()
}

#[utoipa::path(get, path = "/age-check/test/{inquiry}", tag = "test mode", operation_id = "test_age_check_show",
    summary = "The offline stand-in for the age-check provider's hosted flow (test mode only)",
    params(("inquiry" = String, Path, description = "A test-mode inquiry id")),
    responses(
        (status = 200, description = "The three answers", content_type = "text/html", body = String),
        (status = 404, description = "No such inquiry, or not in test mode", content_type = "text/html", body = String),
        (status = 503, description = "The shared test-mode ledger (Redis) is unavailable", content_type = "text/html", body = String)))]
pub async fn show(State(state): State<AppState>, Path(inquiry): Path<String>) -> Response {
    let Some(test) = &state.age.test else {
        return not_found();
    };
    match test.open(&inquiry).await {
        Err(e) => unavailable(&e),
        Ok(None) => not_found(),
        Ok(Some(false)) => page(
            "Already answered (test mode)",
            "<h1>This check is finished</h1><p><a href=\"/verify-age\">Back to Lucent</a></p>",
        )
        .into_response(),
        Ok(Some(true)) => page(
            "Verify your age (test mode)",
            &format!(
                "<h1>Verify your age</h1><p class=\"hint\">In production this is the identity provider's page (a government ID and a selfie). Here, pick what it would find.</p>
<form method=\"post\" action=\"/age-check/test/{id}\"><input type=\"hidden\" name=\"answer\" value=\"adult\"><button type=\"submit\">Approve: an adult (born 30 years ago)</button></form>
<form method=\"post\" action=\"/age-check/test/{id}\"><input type=\"hidden\" name=\"answer\" value=\"minor\"><button type=\"submit\">Approve: a 17-year-old</button></form>
<form method=\"post\" action=\"/age-check/test/{id}\"><input type=\"hidden\" name=\"answer\" value=\"decline\"><button type=\"submit\">Decline</button></form>",
                id = escape(&inquiry)
            ),
        )
        .into_response(),
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AnswerForm {
    /// `adult`, `minor` or `decline`.
    answer: Answer,
}

#[utoipa::path(post, path = "/age-check/test/{inquiry}", tag = "test mode", operation_id = "test_age_check_answer",
    summary = "Answers a test-mode age check; its webhook is delivered, then back to the app",
    params(("inquiry" = String, Path, description = "A test-mode inquiry id")),
    request_body(content = AnswerForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 303, description = "Answered: back to the app's verification page"),
        (status = 404, description = "No such inquiry, or not in test mode", content_type = "text/html", body = String),
        (status = 503, description = "The user database, or the shared test-mode ledger (Redis), is unavailable", content_type = "text/html", body = String)))]
pub async fn answer(
    State(state): State<AppState>,
    Path(inquiry): Path<String>,
    Form(form): Form<AnswerForm>,
) -> Response {
    let Some(test) = &state.age.test else {
        return not_found();
    };
    let (body, signature, back) = match test.answer(&inquiry, form.answer).await {
        Err(e) => return unavailable(&e),
        Ok(None) => return not_found(),
        Ok(Some(delivery)) => delivery,
    };
    // The webhook Persona would send, taken by the code that takes Persona's.
    if let Err(e) = state.age.receive(Some(&signature), &body).await {
        return ApiError::from(e).into_response();
    }
    Redirect::to(&back).into_response()
}
