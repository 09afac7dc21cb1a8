//! Billing endpoints: checkout, the success page's confirmation, the processor's page to manage
//! the subscription, Stripe's webhook and Verotel's postbacks.

pub(super) mod test_checkout;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::Identity;
use crate::billing::WebhookOutcome;
use crate::http::account::me::Plan;
use crate::http::error::docs::op_errors;
use crate::http::{ApiError, ApiJson, AppState, ErrorCode};
use crate::limits::Class;
use crate::store::now_ms;

/// Where to send the browser next.
#[derive(Debug, Serialize, ToSchema)]
pub struct Redirect {
    url: String,
}

op_errors!(CheckoutErrors: AUTH + STORE + [ProfileMissing, AlreadySubscribed, AccountSuspended,
    RateLimited, StripeError, StripeUnavailable, StripeTimeout]);

#[utoipa::path(post, path = "/v1/checkout", tag = "billing", security(("bearer" = [])),
    summary = "A checkout session for the monthly plan",
    responses((status = 200, description = "The payment page", body = Redirect), CheckoutErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn checkout(
    State(state): State<AppState>,
    user: Identity,
) -> Result<Json<Redirect>, ApiError> {
    state.limits.user(Class::Billing, &user.uid).await?;
    let caller = state.users.caller(&user).await?;
    let url = state.billing.checkout(&caller).await?;
    Ok(Json(Redirect { url }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentSuccess {
    session_id: String,
    /// Must be the signed-in user's uid.
    firebase_id: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentOutcome {
    message: &'static str,
    plan: Plan,
}

op_errors!(PaymentSuccessErrors: AUTH + STORE + JSON_BODY + [UidMismatch, SessionNotYours,
    NotFound, ProfileMissing, PaymentIncomplete, RateLimited, StripeError, StripeUnavailable,
    StripeTimeout]);

#[utoipa::path(post, path = "/v1/payment-success", tag = "billing", security(("bearer" = [])),
    summary = "Confirms a checkout with the payment provider and records the plan",
    request_body = PaymentSuccess,
    responses((status = 200, description = "The plan now", body = PaymentOutcome), PaymentSuccessErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn payment_success(
    State(state): State<AppState>,
    user: Identity,
    ApiJson(body): ApiJson<PaymentSuccess>,
) -> Result<Json<PaymentOutcome>, ApiError> {
    state.limits.user(Class::Billing, &user.uid).await?;
    let record = state
        .billing
        .confirm(&user.uid, &body.session_id, &body.firebase_id)
        .await?;
    let pro = record.is_pro(now_ms());
    let message = if pro {
        "Payment confirmed: you are now Premium."
    } else {
        "Payment recorded, but the subscription is not active."
    };
    Ok(Json(PaymentOutcome {
        message,
        plan: Plan::of(pro),
    }))
}

op_errors!(PortalErrors: AUTH + STORE + [ProfileMissing, ProRequired, RateLimited, StripeError,
    StripeUnavailable, StripeTimeout]);

#[utoipa::path(post, path = "/v1/billing/portal", tag = "billing", security(("bearer" = [])),
    summary = "The customer portal (cancel, change card)",
    responses((status = 200, description = "The portal page", body = Redirect), PortalErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn portal(
    State(state): State<AppState>,
    user: Identity,
) -> Result<Json<Redirect>, ApiError> {
    // Each call opens a session at Stripe.
    state.limits.user(Class::Billing, &user.uid).await?;
    let url = state.billing.portal(&user.uid).await?;
    Ok(Json(Redirect { url }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookReceipt {
    received: bool,
    /// `applied: pro|free`, `duplicate` or `ignored: why`.
    outcome: String,
}

op_errors!(WebhookErrors: STORE + [NotFound, SignatureInvalid, MalformedEvent, PayloadTooLarge,
    StripeError, StripeUnavailable, StripeTimeout]);

#[utoipa::path(post, path = "/v1/stripe/webhook", tag = "billing",
    summary = "Stripe's events, signed (404 when no webhook secret is configured)",
    params(("Stripe-Signature" = String, Header, description = "Stripe's signature of the body")),
    request_body(content = String, content_type = "application/json", description = "A Stripe event"),
    responses((status = 200, description = "Processed, or a duplicate", body = WebhookReceipt), WebhookErrors))]
#[tracing::instrument(skip_all)]
pub async fn webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<WebhookReceipt>, ApiError> {
    // axum's own rejection is plain text; Stripe's dashboard shows ours.
    let body = body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => crate::http::edge::json::too_large(),
        _ => ApiError::new(ErrorCode::MalformedEvent, rejection.body_text()),
    })?;
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok());
    let outcome = state
        .billing
        .webhook(signature, &body)
        .await
        .map_err(ApiError::from)
        .inspect_err(|e| state.metrics.webhook(e.code.as_str()))?;
    tracing::info!(?outcome, "webhook handled");
    Ok(Json(WebhookReceipt {
        received: true,
        outcome: counted(&state, outcome),
    }))
}

/// The outcome of a processor's event, counted by kind and said in words.
fn counted(state: &AppState, outcome: WebhookOutcome) -> String {
    let (label, said) = match outcome {
        WebhookOutcome::Applied { plan, .. } => ("applied", format!("applied: {plan}")),
        WebhookOutcome::Duplicate => ("duplicate", "duplicate".to_owned()),
        WebhookOutcome::Ignored(why) => ("ignored", format!("ignored: {why}")),
    };
    state.metrics.webhook(label);
    said
}

op_errors!(PostbackErrors: STORE + [NotFound, SignatureInvalid, MalformedEvent,
    DependencyUnavailable]);

/// FlexPay calls its postback URL with GET and expects exactly `OK` back; anything else is a
/// failure it delivers again (and, for a first payment, refunds).
#[utoipa::path(get, path = "/v1/billing/verotel/postback", tag = "billing",
    summary = "Verotel FlexPay's postbacks, signed over their query (404 unless LUCENT_BILLING=verotel)",
    params(
        ("event" = Option<String>, Query, description = "initial, rebill, cancel, expiry, chargeback, credit; others are recorded and ignored"),
        ("saleID" = Option<String>, Query, description = "Verotel's sale"),
        ("referenceID" = Option<String>, Query, description = "The checkout's reference: the uid, a dot, a token"),
        ("signature" = Option<String>, Query, description = "FlexPay's signature of every other parameter received"),
    ),
    responses((status = 200, description = "Processed, a duplicate, or recorded and ignored", body = String, content_type = "text/plain", example = "OK"), PostbackErrors))]
#[tracing::instrument(skip_all)]
pub async fn verotel_postback(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
) -> Result<&'static str, ApiError> {
    let outcome = state
        .billing
        .postback(query.as_deref())
        .await
        .map_err(ApiError::from)
        .inspect_err(|e| state.metrics.webhook(e.code.as_str()))?;
    tracing::info!(?outcome, "Verotel postback handled");
    counted(&state, outcome);
    Ok("OK")
}
