//! Stripe's objects as the port reads them.

use serde_json::Value;

use crate::billing::processor::SubscriptionInfo;
use crate::billing::session::SessionInfo;

/// A field that Stripe sends as an id or, when expanded, as the object.
fn id_of(v: &Value) -> Option<String> {
    v.as_str()
        .map(str::to_owned)
        .or_else(|| v["id"].as_str().map(str::to_owned))
}

pub(super) fn session_from_json(v: &Value) -> Option<SessionInfo> {
    Some(SessionInfo {
        id: v["id"].as_str()?.to_owned(),
        status: v["status"].as_str().unwrap_or("open").to_owned(),
        payment_status: v["payment_status"].as_str().unwrap_or("unpaid").to_owned(),
        client_reference_id: v["client_reference_id"].as_str().map(str::to_owned),
        customer: id_of(&v["customer"]),
        subscription: id_of(&v["subscription"]),
    })
}

pub(super) fn subscription_from_json(v: &Value) -> Option<SubscriptionInfo> {
    // API versions since 2025-03-31 carry the period on the items, older ones on the object.
    let period_end = v["current_period_end"]
        .as_i64()
        .or_else(|| v["items"]["data"][0]["current_period_end"].as_i64());
    Some(SubscriptionInfo {
        id: v["id"].as_str()?.to_owned(),
        customer: id_of(&v["customer"])?,
        status: v["status"].as_str()?.to_owned(),
        current_period_end: period_end,
        uid: v["metadata"]["uid"].as_str().map(str::to_owned),
    })
}
