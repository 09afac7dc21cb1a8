//! What each plan's credits are, as the catalog states them and `GET /me` counts them.

use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::helpers::{TestApp, spawn_app};
use crate::test_checkout::subscribe_alice;

#[tokio::test]
async fn the_catalog_states_each_plans_credits_as_configured() {
    let app = TestApp::builder()
        .free_daily(7)
        .pro_monthly(900)
        .spawn()
        .await;

    let catalog: Value = app.get("/api/v1/catalog").await.json().await.unwrap();

    assert_eq!(catalog["plans"]["freeDaily"], 7);
    assert_eq!(catalog["plans"]["proMonthly"], 900);
}

#[tokio::test]
async fn a_premium_month_buys_more_than_three_free_months_by_default() {
    let app = spawn_app().await;

    let catalog: Value = app.get("/api/v1/catalog").await.json().await.unwrap();

    let free_month = catalog["plans"]["freeDaily"].as_u64().unwrap() * 31;
    assert!(catalog["plans"]["proMonthly"].as_u64().unwrap() >= 3 * free_month);
}

#[tokio::test]
async fn a_subscribers_credits_renew_when_their_billing_period_does() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    subscribe_alice(&app, &token).await;

    let me: Value = app.get_me(&token).await.json().await.unwrap();

    assert_eq!(me["plan"], "pro");
    assert_eq!(me["quota"]["limit"], 1000);
    let period_end = me["subscription"]["currentPeriodEnd"].as_i64().unwrap();
    let resets_at: DateTime<Utc> = me["quota"]["resetsAt"].as_str().unwrap().parse().unwrap();
    assert_eq!(resets_at.timestamp_millis(), period_end);
}

#[tokio::test]
async fn credits_used_before_subscribing_stay_with_the_free_day() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    app.generate_ok(&token, &serde_json::json!({"prompt": "a fox"}))
        .await;
    assert_eq!(app.credits_used(&token).await, 1);

    subscribe_alice(&app, &token).await;

    assert_eq!(app.credits_used(&token).await, 0);
}
