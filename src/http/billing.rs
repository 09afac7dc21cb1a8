//! Billing endpoints: checkout, the success page's confirmation, the customer portal, and
//! Stripe's webhook.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Deserialize;
use serde_json::{Value, json};

use super::limits::Class;
use super::{ApiError, ApiJson};
use crate::AppState;
use crate::auth::AuthUser;
use crate::billing::WebhookOutcome;
use crate::store::now_ms;

#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn checkout(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Value>, ApiError> {
    state.limits.user(Class::Billing, &user.uid)?;
    let url = state.billing.checkout(&state.users, &user).await?;
    Ok(Json(json!({ "url": url })))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentSuccess {
    session_id: String,
    firebase_id: String,
}

#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn payment_success(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<PaymentSuccess>,
) -> Result<Json<Value>, ApiError> {
    state.limits.user(Class::Billing, &user.uid)?;
    let record = state
        .billing
        .confirm(&state.users, &user, &body.session_id, &body.firebase_id)
        .await?;
    let pro = record.is_pro(now_ms());
    let message = if pro {
        "Payment confirmed: you are now Premium."
    } else {
        "Payment recorded, but the subscription is not active."
    };
    Ok(Json(
        json!({ "message": message, "plan": if pro { "pro" } else { "free" } }),
    ))
}

#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn portal(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Value>, ApiError> {
    let url = state.billing.portal(&state.users, &user).await?;
    Ok(Json(json!({ "url": url })))
}

#[tracing::instrument(skip_all)]
pub async fn webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok());
    let outcome = state
        .billing
        .webhook(&state.users, state.store.as_ref(), signature, &body)
        .await
        .inspect_err(|e| state.metrics.webhook(e.code()))?;
    tracing::info!(?outcome, "webhook handled");
    let note = match outcome {
        WebhookOutcome::Applied { plan, .. } => format!("applied: {plan}"),
        WebhookOutcome::Duplicate => "duplicate".to_owned(),
        WebhookOutcome::Ignored(why) => format!("ignored: {why}"),
    };
    state
        .metrics
        .webhook(note.split(':').next().unwrap_or("applied"));
    Ok(Json(json!({ "received": true, "outcome": note })))
}
