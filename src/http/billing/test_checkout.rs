//! The offline checkout and portal pages of test mode, served by the gateway (HTML, not the
//! React app): they stand where Stripe's hosted pages stand in production.

use axum::Form;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde::Deserialize;

use crate::billing::ProviderError;
use crate::billing::test_mode::CardOutcome;
use crate::http::error::ErrorBody;
use crate::http::{ApiError, AppState};

/// The pages' only style sheet, inline; the Content-Security-Policy allows exactly it by hash.
pub(in crate::http) const STYLE: &str = "body{margin:0;font-family:system-ui,sans-serif;background:#0f1115;color:#e8e8ef;display:grid;place-items:center;min-height:100vh}
main{box-sizing:border-box;background:#1a1d24;border-radius:14px;padding:28px;width:min(420px,92vw);box-shadow:0 10px 40px #0008}
.test{background:#ffb020;color:#1a1200;font-weight:700;text-align:center;padding:6px;border-radius:6px;letter-spacing:.08em}
h1{font-size:1.3rem;margin:18px 0 4px}.price{font-size:2rem;font-weight:700;margin:4px 0 18px}
label{display:block;margin:12px 0 4px;font-size:.9rem;color:#b8bccb}input{width:100%;box-sizing:border-box;padding:11px;border-radius:8px;border:1px solid #3a3f4c;background:#0f1115;color:inherit;font-size:1rem}
button{margin-top:18px;width:100%;padding:12px;border:0;border-radius:8px;background:#6f4cff;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
.error{background:#4a1620;color:#ffb3c0;padding:10px;border-radius:8px;margin-top:14px}.hint{font-size:.85rem;color:#8d92a3}a{color:#a996ff}";

pub(in crate::http) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

pub(in crate::http) fn page(title: &str, body: &str) -> Html<String> {
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>{title}</title><style>{STYLE}</style></head><body><main><div class=\"test\" role=\"note\">TEST MODE</div>{body}</main></body></html>"
    ))
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        page(
            "Not found",
            "<h1>This checkout does not exist</h1><p><a href=\"/\">Back to Lucent</a></p>",
        ),
    )
        .into_response()
}

/// Test mode's ledger is shared through Redis when instances share state, and may be down.
fn unavailable(e: &ProviderError) -> Response {
    tracing::warn!(error = %e, "test-mode ledger");
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::RETRY_AFTER, "1")],
        page(
            "Try again",
            "<h1>Test checkout is unavailable</h1><p>Nothing was charged. Reload the page in a moment.</p>",
        ),
    )
        .into_response()
}

fn checkout_page(
    session_id: &str,
    email: Option<&str>,
    cancel_url: &str,
    error: Option<&str>,
) -> Html<String> {
    let email = email
        .map(|e| format!("<p class=\"hint\">Paying as {}</p>", escape(e)))
        .unwrap_or_default();
    let error = error
        .map(|e| format!("<p class=\"error\" role=\"alert\">{}</p>", escape(e)))
        .unwrap_or_default();
    page(
        "Lucent Premium checkout (test mode)",
        &format!(
            "<h1>Lucent Premium</h1><p class=\"price\">$9.99 <small>/ month</small></p>{email}
<form method=\"post\" action=\"/checkout/test/{id}\">
<label for=\"card\">Card number</label><input id=\"card\" name=\"card\" inputmode=\"numeric\" autocomplete=\"cc-number\" placeholder=\"4242 4242 4242 4242\" required>
<label for=\"exp\">Expiry</label><input id=\"exp\" name=\"exp\" placeholder=\"12 / 34\">
<label for=\"cvc\">CVC</label><input id=\"cvc\" name=\"cvc\" placeholder=\"123\">
<button type=\"submit\">Pay $9.99</button></form>{error}
<p class=\"hint\">No real payment is taken. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.</p>
<p><a href=\"{cancel}\">Cancel and go back</a></p>",
            id = escape(session_id),
            cancel = escape(cancel_url),
        ),
    )
}

#[utoipa::path(get, path = "/checkout/test/{session}", tag = "test mode", operation_id = "test_checkout_page",
    summary = "The offline checkout page (test mode only)",
    params(("session" = String, Path, description = "A test-mode checkout session id")),
    responses(
        (status = 200, description = "The card form", content_type = "text/html", body = String),
        (status = 303, description = "Already paid: on to the success page"),
        (status = 404, description = "No such session, or not in test mode", content_type = "text/html", body = String),
        (status = 503, description = "The shared test-mode ledger (Redis) is unavailable", content_type = "text/html", body = String)))]
pub async fn show(State(state): State<AppState>, Path(session_id): Path<String>) -> Response {
    let Some(test) = &state.billing.test else {
        return not_found();
    };
    match test.page(&session_id).await {
        Err(e) => unavailable(&e),
        Ok(None) => not_found(),
        Ok(Some(p)) if p.complete => Redirect::to(&p.success_url).into_response(),
        Ok(Some(p)) => {
            checkout_page(&session_id, p.email.as_deref(), &p.cancel_url, None).into_response()
        }
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CardForm {
    card: String,
}

#[utoipa::path(post, path = "/checkout/test/{session}", tag = "test mode", operation_id = "test_checkout_pay",
    summary = "Pays a test-mode session with one of Stripe's test cards",
    params(("session" = String, Path, description = "A test-mode checkout session id")),
    request_body(content = CardForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 303, description = "Paid: on to the success page"),
        (status = 402, description = "The card was declined", content_type = "text/html", body = String),
        (status = 404, description = "No such session, or not in test mode", content_type = "text/html", body = String),
        (status = 503, description = "The shared test-mode ledger (Redis) is unavailable", content_type = "text/html", body = String)))]
pub async fn pay(
    State(state): State<AppState>,
    Path(session_id): Path<String>,
    Form(form): Form<CardForm>,
) -> Response {
    let Some(test) = &state.billing.test else {
        return not_found();
    };
    let (outcome, p) = match (
        test.pay(&session_id, &form.card).await,
        test.page(&session_id).await,
    ) {
        (Err(e), _) | (_, Err(e)) => return unavailable(&e),
        (Ok(Some(outcome)), Ok(Some(p))) => (outcome, p),
        _ => return not_found(),
    };
    match outcome {
        CardOutcome::Paid(success_url) => Redirect::to(&success_url).into_response(),
        CardOutcome::Declined(message) => (
            StatusCode::PAYMENT_REQUIRED,
            checkout_page(
                &session_id,
                p.email.as_deref(),
                &p.cancel_url,
                Some(message),
            ),
        )
            .into_response(),
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PortalQuery {
    return_url: Option<String>,
}

/// Only our own pages may be returned to.
fn same_site(url: Option<String>, state: &AppState) -> String {
    let base = state.billing.public_url();
    url.filter(|u| u.starts_with(&format!("{base}/")))
        .unwrap_or(format!("{base}/profile"))
}

#[utoipa::path(get, path = "/checkout/test/portal/{customer}", tag = "test mode", operation_id = "test_checkout_portal",
    summary = "The offline customer portal (test mode only)",
    params(("customer" = String, Path, description = "A test-mode customer id"), PortalQuery),
    responses(
        (status = 200, description = "The portal page", content_type = "text/html", body = String),
        (status = 404, description = "No such customer, or not in test mode", content_type = "text/html", body = String),
        (status = 503, description = "The shared test-mode ledger (Redis) is unavailable", content_type = "text/html", body = String)))]
pub async fn portal(
    State(state): State<AppState>,
    Path(customer): Path<String>,
    Query(q): Query<PortalQuery>,
) -> Response {
    let Some(test) = &state.billing.test else {
        return not_found();
    };
    match test.has_customer(&customer).await {
        Err(e) => return unavailable(&e),
        Ok(false) => return not_found(),
        Ok(true) => {}
    }
    let back = same_site(q.return_url, &state);
    page(
        "Manage your subscription (test mode)",
        &format!(
            "<h1>Your subscription</h1><p class=\"price\">Lucent Premium · $9.99 / month</p>
<form method=\"post\"><input type=\"hidden\" name=\"return_url\" value=\"{back}\"><button type=\"submit\">Cancel subscription</button></form>
<p><a href=\"{back}\">Return to Lucent</a></p>",
            back = escape(&back)
        ),
    )
    .into_response()
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CancelForm {
    return_url: Option<String>,
}

#[utoipa::path(post, path = "/checkout/test/portal/{customer}", tag = "test mode", operation_id = "test_checkout_cancel",
    summary = "Cancels a test-mode subscription at once",
    params(("customer" = String, Path, description = "A test-mode customer id")),
    request_body(content = CancelForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 303, description = "Canceled: back to the app"),
        (status = 404, description = "No such customer, or not in test mode", content_type = "text/html", body = String),
        (status = 503, description = "The user database, or the shared test-mode ledger (Redis), is unavailable", body = ErrorBody)))]
pub async fn cancel(
    State(state): State<AppState>,
    Path(customer): Path<String>,
    Form(form): Form<CancelForm>,
) -> Response {
    let Some(test) = &state.billing.test else {
        return not_found();
    };
    let subscription = match test.cancel_customer(&customer).await {
        Err(e) => return ApiError::from(e).into_response(),
        Ok(None) => return not_found(),
        Ok(Some(subscription)) => subscription,
    };
    // Test mode has no webhooks: apply the change as the webhook would.
    if let Some(uid) = &subscription.uid
        && let Err(e) = state.billing.apply(uid, &subscription, None).await
    {
        return ApiError::from(e).into_response();
    }
    Redirect::to(&same_site(form.return_url, &state)).into_response()
}
