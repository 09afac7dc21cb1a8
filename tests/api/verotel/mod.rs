//! Premium through Verotel FlexPay, against a local server speaking its wire format
//! (`tests/api/fake_verotel.rs`): the signed subscription URL, postbacks that alone grant,
//! their replays and reorderings, the success page, cancelling and deleting. The shared steps
//! are here; the tests, by what they are about, in the files beside.

mod account;
mod checkout;
mod instances;
mod postbacks;

use lucent::billing::verotel::signature::Params;
use serde_json::Value;

use crate::fake_verotel::{FakeVerotel, KEY, event, signed_query};
use crate::helpers::TestApp;

const PUBLIC: &str = "https://lucent.example";

async fn verotel_app() -> (TestApp, FakeVerotel) {
    let verotel = FakeVerotel::start().await;
    let app = TestApp::builder()
        .verotel(&verotel.server.uri())
        .public_url(PUBLIC)
        .spawn()
        .await;
    (app, verotel)
}

async fn deliver(app: &TestApp, query: &str) -> reqwest::Response {
    app.get(&format!("/api/v1/billing/verotel/postback?{query}"))
        .await
}

/// Delivers `params` signed with the website's key; the gateway must answer `OK`.
async fn delivered(app: &TestApp, params: &Params) {
    let response = deliver(app, &signed_query(params, KEY)).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.text().await.unwrap(), "OK");
}

fn with(mut params: Params, extra: &[(&str, &str)]) -> Params {
    for (k, v) in extra {
        params.insert((*k).to_owned(), (*v).to_owned());
    }
    params
}

fn initial(sale: &str, reference: &str, next: &str) -> Params {
    with(
        event("initial", sale, reference),
        &[("transactionID", "9001"), ("nextChargeOn", next)],
    )
}

/// The checkout URL and its parameters, after the gateway's `POST /api/v1/checkout`.
async fn checkout(app: &TestApp, token: &str) -> (String, Params) {
    let url = app.checkout_url(token).await;
    let params = url::Url::parse(&url)
        .unwrap()
        .query_pairs()
        .into_owned()
        .collect();
    (url, params)
}

async fn record(app: &TestApp, uid: &str) -> Value {
    let user = app.state.store.get_user(uid).await.unwrap().unwrap();
    serde_json::to_value(user).unwrap()
}

async fn plan(app: &TestApp, token: &str) -> String {
    let me: Value = app.get_me(token).await.json().await.unwrap();
    me["plan"].as_str().unwrap().to_owned()
}

/// Milliseconds at the end of `date` (UTC).
fn end_of(date: &str) -> i64 {
    let day = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").unwrap();
    (day + chrono::TimeDelta::days(1))
        .and_hms_opt(0, 0, 0)
        .unwrap()
        .and_utc()
        .timestamp_millis()
}

fn webhooks_counted(app: &TestApp, outcome: &str) -> u64 {
    let text = app.state.metrics.render(0);
    let line = format!("lucent_webhooks_total{{outcome=\"{outcome}\"}} ");
    text.lines()
        .find_map(|l| l.strip_prefix(line.as_str()))
        .map_or(0, |n| n.parse().unwrap())
}
