//! Billing against a local server speaking Stripe's wire format: form-encoded requests with a
//! bearer key, JSON objects back, `{"error":{"type","message"}}` failures.

use std::time::Duration;

use lucent::billing::signature;
use serde_json::{Value, json};
use wiremock::matchers::{body_string_contains, header, header_exists, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{TestApp, error_code};

const WEBHOOK_SECRET: &str = "whsec_lucent_test_c2f3a1e0b7d94b6a8f5e";

async fn stripe_app() -> (TestApp, MockServer) {
    let stripe = MockServer::start().await;
    let app = TestApp::builder()
        .stripe(&stripe.uri(), WEBHOOK_SECRET)
        .public_url("https://lucent.example")
        .spawn()
        .await;
    (app, stripe)
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

pub fn subscription(id: &str, uid: &str, status: &str, period_end: i64) -> Value {
    json!({
        "id": id, "object": "subscription", "customer": "cus_1", "status": status,
        "cancel_at_period_end": false, "metadata": {"uid": uid},
        "items": {"object": "list", "data": [{"id": "si_1", "current_period_end": period_end}]},
    })
}

pub async fn mount_subscription(stripe: &MockServer, body: Value) {
    let id = body["id"].as_str().unwrap().to_owned();
    Mock::given(method("GET"))
        .and(path(format!("/v1/subscriptions/{id}")))
        .and(header(
            "authorization",
            "Bearer sk_test_lucent_4eC39HqLyjWDarjtT1zdp7dc",
        ))
        .respond_with(ResponseTemplate::new(200).set_body_json(body))
        .mount(stripe)
        .await;
}

async fn mount_session(
    stripe: &MockServer,
    id: &str,
    uid: &str,
    status: &str,
    payment_status: &str,
) {
    Mock::given(method("GET"))
        .and(path(format!("/v1/checkout/sessions/{id}")))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": id, "object": "checkout.session", "status": status, "payment_status": payment_status,
            "client_reference_id": uid, "customer": "cus_1", "subscription": "sub_1", "mode": "subscription",
        })))
        .mount(stripe)
        .await;
}

async fn plan(app: &TestApp, token: &str) -> String {
    let me: Value = app.get_me(token).await.json().await.unwrap();
    me["plan"].as_str().unwrap().to_owned()
}

async fn deliver(app: &TestApp, event: &Value, header_value: Option<String>) -> reqwest::Response {
    let body = event.to_string();
    let mut request = app
        .client
        .post(app.url("/api/v1/stripe/webhook"))
        .body(body.clone());
    if let Some(h) = header_value {
        request = request.header("stripe-signature", h);
    }
    request.send().await.unwrap()
}

fn signed(event: &Value) -> Option<String> {
    Some(signature::sign(
        event.to_string().as_bytes(),
        WEBHOOK_SECRET,
        now(),
    ))
}

fn event(id: &str, kind: &str, object: Value) -> Value {
    json!({"id": id, "object": "event", "type": kind, "data": {"object": object}})
}

#[tokio::test]
async fn checkout_creates_a_stripe_session_for_the_monthly_price() {
    let (app, stripe) = stripe_app().await;
    let token = app.register("alice").await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .and(header("authorization", "Bearer sk_test_lucent_4eC39HqLyjWDarjtT1zdp7dc"))
        .and(header("content-type", "application/x-www-form-urlencoded"))
        .and(header_exists("idempotency-key"))
        .and(body_string_contains("mode=subscription"))
        .and(body_string_contains("line_items%5B0%5D%5Bprice%5D=price_premium_monthly"))
        .and(body_string_contains("line_items%5B0%5D%5Bquantity%5D=1"))
        .and(body_string_contains("client_reference_id=alice"))
        .and(body_string_contains("subscription_data%5Bmetadata%5D%5Buid%5D=alice"))
        .and(body_string_contains("customer_email=alice%40example.com"))
        .and(body_string_contains("success_url=https%3A%2F%2Flucent.example%2Fsuccess%3Fsession_id%3D%7BCHECKOUT_SESSION_ID%7D"))
        .and(body_string_contains("cancel_url=https%3A%2F%2Flucent.example%2Fcancel"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "cs_test_1", "object": "checkout.session", "url": "https://checkout.stripe.com/c/pay/cs_test_1"
        })))
        .expect(1)
        .mount(&stripe)
        .await;

    let response = app.post_checkout(&token).await;

    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["url"], "https://checkout.stripe.com/c/pay/cs_test_1");
    let me: Value = app.get_me(&token).await.json().await.unwrap();
    assert_eq!(me["subscription"]["sessionId"], "cs_test_1");
    assert_eq!(me["plan"], "free", "nothing is granted before payment");
}

#[tokio::test]
async fn a_pro_user_cannot_check_out_again() {
    let (app, _stripe) = stripe_app().await;
    let token = app.register("alice").await;
    app.make_pro("alice").await;

    assert_eq!(
        error_code(app.post_checkout(&token).await, 409).await,
        "already_subscribed"
    );
}

#[tokio::test]
async fn a_suspended_account_cannot_start_a_checkout() {
    let (app, stripe) = stripe_app().await;
    let token = app.register("alice").await;
    app.suspend("alice").await;

    assert_eq!(
        error_code(app.post_checkout(&token).await, 403).await,
        "account_suspended"
    );
    assert!(
        stripe.received_requests().await.unwrap().is_empty(),
        "Stripe is not asked"
    );
}

#[tokio::test]
async fn a_stripe_refusal_is_a_502_that_keeps_stripes_message_out_of_the_answer() {
    let (app, stripe) = stripe_app().await;
    let token = app.register("alice").await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(400).set_body_json(json!({
            "error": {"type": "invalid_request_error", "message": "No such price: 'price_premium_monthly'"}
        })))
        .mount(&stripe)
        .await;

    let response = app.post_checkout(&token).await;

    assert_eq!(response.status(), 502);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "stripe_error");
    assert_eq!(
        body["error"]["message"],
        "the payment provider refused the request"
    );
}

#[tokio::test]
async fn stripe_down_during_checkout_is_a_503_and_records_nothing() {
    let (app, stripe) = stripe_app().await;
    let token = app.register("alice").await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(500)
                .set_body_json(json!({"error": {"type": "api_error", "message": "boom"}})),
        )
        .mount(&stripe)
        .await;

    assert_eq!(
        error_code(app.post_checkout(&token).await, 503).await,
        "stripe_unavailable"
    );
    let me: Value = app.get_me(&token).await.json().await.unwrap();
    assert_eq!(me["subscription"], Value::Null);
}

#[tokio::test]
async fn stripe_hanging_during_payment_success_is_a_504() {
    let stripe = MockServer::start().await;
    let app = TestApp::builder()
        .stripe(&stripe.uri(), WEBHOOK_SECRET)
        .payments_timeout(Duration::from_secs(2))
        .spawn()
        .await;
    let token = app.register("alice").await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(15)))
        .mount(&stripe)
        .await;

    let response = app.post_payment_success(&token, "alice", "cs_test_1").await;

    assert_eq!(error_code(response, 504).await, "stripe_timeout");
    assert_eq!(plan(&app, &token).await, "free");
}

#[tokio::test]
async fn a_paid_session_makes_the_user_pro() {
    let (app, stripe) = stripe_app().await;
    let token = app.register("alice").await;
    mount_session(&stripe, "cs_test_1", "alice", "complete", "paid").await;
    let period_end = now() + 30 * 86_400;
    mount_subscription(
        &stripe,
        subscription("sub_1", "alice", "active", period_end),
    )
    .await;

    let response = app.post_payment_success(&token, "alice", "cs_test_1").await;

    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["plan"], "pro");
    assert!(body["message"].as_str().unwrap().contains("Premium"));
    let me: Value = app.get_me(&token).await.json().await.unwrap();
    assert_eq!(me["plan"], "pro");
    assert_eq!(me["quota"]["limit"], 1000);
    let sub = &me["subscription"];
    assert_eq!(
        (sub["planType"].as_str(), sub["status"].as_str()),
        (Some("pro"), Some("active"))
    );
    assert_eq!(
        (sub["customerId"].as_str(), sub["subscriptionId"].as_str()),
        (Some("cus_1"), Some("sub_1"))
    );
    assert_eq!(sub["currentPeriodEnd"], period_end * 1000);

    let again = app.post_payment_success(&token, "alice", "cs_test_1").await;
    assert_eq!(again.status(), 200, "confirming twice is harmless");
}

#[tokio::test]
async fn an_unpaid_session_grants_nothing() {
    let (app, stripe) = stripe_app().await;
    let token = app.register("alice").await;
    mount_session(&stripe, "cs_test_1", "alice", "open", "unpaid").await;

    let response = app.post_payment_success(&token, "alice", "cs_test_1").await;

    assert_eq!(error_code(response, 409).await, "payment_incomplete");
    assert_eq!(plan(&app, &token).await, "free");
}

#[tokio::test]
async fn a_paid_session_of_another_user_cannot_make_the_caller_pro() {
    let (app, stripe) = stripe_app().await;
    let token = app.register("mallory").await;
    mount_session(&stripe, "cs_test_1", "alice", "complete", "paid").await;
    mount_subscription(
        &stripe,
        subscription("sub_1", "alice", "active", now() + 86_400),
    )
    .await;

    let response = app
        .post_payment_success(&token, "mallory", "cs_test_1")
        .await;

    assert_eq!(error_code(response, 403).await, "session_not_yours");
    assert_eq!(plan(&app, &token).await, "free");
}

#[tokio::test]
async fn firebase_id_must_be_the_caller() {
    let (app, _stripe) = stripe_app().await;
    let token = app.register("mallory").await;

    let response = app.post_payment_success(&token, "alice", "cs_test_1").await;

    assert_eq!(error_code(response, 403).await, "uid_mismatch");
}

#[tokio::test]
async fn an_unknown_or_malformed_session_is_not_found() {
    let (app, stripe) = stripe_app().await;
    let token = app.register("alice").await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(404).set_body_json(json!({
            "error": {"type": "invalid_request_error", "code": "resource_missing", "message": "No such checkout.session"}
        })))
        .mount(&stripe)
        .await;

    assert_eq!(
        app.post_payment_success(&token, "alice", "cs_missing")
            .await
            .status(),
        404
    );
    assert_eq!(
        app.post_payment_success(&token, "alice", "../v1/customers")
            .await
            .status(),
        404
    );
    let asked: Vec<_> = stripe
        .received_requests()
        .await
        .unwrap()
        .iter()
        .map(|r| r.url.path().to_owned())
        .collect();
    assert_eq!(asked, ["/v1/checkout/sessions/cs_missing"]);
}

#[tokio::test]
async fn the_portal_opens_for_a_customer() {
    let (app, stripe) = stripe_app().await;
    let token = app.register("alice").await;
    mount_session(&stripe, "cs_test_1", "alice", "complete", "paid").await;
    mount_subscription(
        &stripe,
        subscription("sub_1", "alice", "active", now() + 86_400),
    )
    .await;
    app.post_payment_success(&token, "alice", "cs_test_1").await;
    Mock::given(method("POST"))
        .and(path("/v1/billing_portal/sessions"))
        .and(body_string_contains("customer=cus_1"))
        .and(body_string_contains(
            "return_url=https%3A%2F%2Flucent.example%2Fprofile",
        ))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"url": "https://billing.stripe.com/p/session/x"})),
        )
        .expect(1)
        .mount(&stripe)
        .await;

    let response = app.post_portal(&token).await;

    let body: Value = response.json().await.unwrap();
    assert_eq!(body["url"], "https://billing.stripe.com/p/session/x");
}

mod webhooks {
    use super::*;

    #[tokio::test]
    async fn two_live_subscriptions_are_both_kept_and_both_canceled_with_the_account() {
        let stripe = MockServer::start().await;
        let c =
            crate::staff::console_with(TestApp::builder().stripe(&stripe.uri(), WEBHOOK_SECRET))
                .await;
        c.register("alice").await;
        let alice = crate::staff::token("alice", json!({}));
        // Two checkouts paid minutes apart: Stripe tells of two subscriptions, both billing.
        for (n, id) in [(1, "sub_1"), (2, "sub_2")] {
            mount_subscription(&stripe, subscription(id, "alice", "active", now() + 86_400)).await;
            Mock::given(method("DELETE"))
                .and(path(format!("/v1/subscriptions/{id}")))
                .respond_with(ResponseTemplate::new(200).set_body_json(subscription(
                    id,
                    "alice",
                    "canceled",
                    now(),
                )))
                .expect(1)
                .mount(&stripe)
                .await;
            let e = event(
                &format!("evt_{n}"),
                "customer.subscription.created",
                json!({"id": id, "object": "subscription"}),
            );
            assert_eq!(deliver(&c.app, &e, signed(&e)).await.status(), 200);
        }
        c.deleting_answers("alice", 200).await;

        let deleted = crate::account::delete_me(&c.app, &alice, "alice@example.com").await;

        assert_eq!(deleted.status(), 200);
        // Each subscription was canceled once (the mocks' expectations, checked on drop).
        stripe.verify().await;
    }

    #[tokio::test]
    async fn when_the_plans_subscription_ends_a_second_one_still_paid_keeps_premium() {
        let (app, stripe) = stripe_app().await;
        let token = app.register("alice").await;
        let tells = |n: u32, kind: &str, id: &str| {
            event(
                &format!("evt_{n}"),
                kind,
                json!({"id": id, "object": "subscription"}),
            )
        };
        let until = now() + 86_400;
        mount_subscription(&stripe, subscription("sub_1", "alice", "active", until)).await;
        mount_subscription(
            &stripe,
            subscription("sub_2", "alice", "active", until + 600),
        )
        .await;
        // Stripe's events come in any order: the second subscription's creation, then an update
        // of the first, which sets the plan again.
        for (n, kind, id) in [
            (1, "customer.subscription.created", "sub_1"),
            (2, "customer.subscription.created", "sub_2"),
            (3, "customer.subscription.updated", "sub_1"),
        ] {
            let e = tells(n, kind, id);
            assert_eq!(deliver(&app, &e, signed(&e)).await.status(), 200);
        }
        stripe.reset().await;
        mount_subscription(&stripe, subscription("sub_1", "alice", "canceled", now())).await;
        mount_subscription(
            &stripe,
            subscription("sub_2", "alice", "active", until + 600),
        )
        .await;

        let e = tells(4, "customer.subscription.deleted", "sub_1");
        assert_eq!(deliver(&app, &e, signed(&e)).await.status(), 200);

        assert_eq!(
            plan(&app, &token).await,
            "pro",
            "the second subscription is paid"
        );
        let record = app.state.store.get_user("alice").await.unwrap().unwrap();
        let subscription = record.subscription.unwrap();
        assert_eq!(subscription.subscription_id.as_deref(), Some("sub_2"));
        assert_eq!(subscription.sales["sub_1"].status, "canceled");
    }

    #[tokio::test]
    async fn a_signed_subscription_event_makes_the_user_pro() {
        let (app, stripe) = stripe_app().await;
        let token = app.register("alice").await;
        mount_subscription(
            &stripe,
            subscription("sub_1", "alice", "active", now() + 86_400),
        )
        .await;
        let e = event(
            "evt_1",
            "customer.subscription.created",
            json!({"id": "sub_1", "object": "subscription"}),
        );

        let response = deliver(&app, &e, signed(&e)).await;

        assert_eq!(response.status(), 200);
        assert_eq!(plan(&app, &token).await, "pro");
    }

    #[tokio::test]
    async fn bad_signatures_are_refused_and_change_nothing() {
        let (app, stripe) = stripe_app().await;
        let token = app.register("alice").await;
        mount_subscription(
            &stripe,
            subscription("sub_1", "alice", "active", now() + 86_400),
        )
        .await;
        let e = event(
            "evt_1",
            "customer.subscription.created",
            json!({"id": "sub_1"}),
        );
        let body = e.to_string();
        let cases = [
            None,
            Some("garbage".to_owned()),
            Some(signature::sign(body.as_bytes(), "whsec_forged", now())),
            Some(signature::sign(
                body.as_bytes(),
                WEBHOOK_SECRET,
                now() - 301,
            )),
            Some(signature::sign(
                b"{\"id\":\"evt_other\"}",
                WEBHOOK_SECRET,
                now(),
            )),
        ];

        for header_value in cases {
            let response = deliver(&app, &e, header_value.clone()).await;
            assert_eq!(
                error_code(response, 400).await,
                "signature_invalid",
                "{header_value:?}"
            );
        }
        assert_eq!(plan(&app, &token).await, "free");
        assert!(stripe.received_requests().await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_hundred_concurrent_deliveries_of_one_event_change_state_once() {
        let (app, stripe) = stripe_app().await;
        let token = app.register("alice").await;
        mount_subscription(
            &stripe,
            subscription("sub_1", "alice", "active", now() + 86_400),
        )
        .await;
        let e = event(
            "evt_dup",
            "invoice.paid",
            json!({"id": "in_1", "object": "invoice", "subscription": "sub_1"}),
        );

        let deliveries = (0..100).map(|_| deliver(&app, &e, signed(&e)));
        let responses = futures_util::future::join_all(deliveries).await;

        assert!(responses.iter().all(|r| r.status() == 200));
        let processed = stripe.received_requests().await.unwrap().len();
        assert_eq!(processed, 1, "the event was processed {processed} times");
        assert_eq!(plan(&app, &token).await, "pro");
    }

    #[tokio::test]
    async fn an_update_arriving_after_the_deletion_leaves_the_user_free() {
        let (app, stripe) = stripe_app().await;
        let token = app.register("alice").await;
        // Stripe's current state: cancelled. The events arrive out of order.
        mount_subscription(
            &stripe,
            subscription("sub_1", "alice", "canceled", now() - 60),
        )
        .await;
        let deleted = event(
            "evt_2",
            "customer.subscription.deleted",
            json!({"id": "sub_1", "status": "canceled"}),
        );
        let late_update = event(
            "evt_1",
            "customer.subscription.updated",
            json!({"id": "sub_1", "status": "active"}),
        );

        deliver(&app, &deleted, signed(&deleted)).await;
        deliver(&app, &late_update, signed(&late_update)).await;

        assert_eq!(plan(&app, &token).await, "free");
        let me: Value = app.get_me(&token).await.json().await.unwrap();
        assert_eq!(me["subscription"]["status"], "canceled");
    }

    #[tokio::test]
    async fn cancelling_at_period_end_keeps_pro_until_the_period_ends() {
        let (app, stripe) = stripe_app().await;
        let token = app.register("alice").await;
        let mut sub = subscription("sub_1", "alice", "active", now() + 3_600);
        sub["cancel_at_period_end"] = json!(true);
        mount_subscription(&stripe, sub).await;
        let e = event(
            "evt_1",
            "customer.subscription.updated",
            json!({"id": "sub_1"}),
        );

        deliver(&app, &e, signed(&e)).await;
        assert_eq!(plan(&app, &token).await, "pro");

        // The period runs out: pro ends without any further event.
        let mut record = app
            .state
            .store
            .get_user("alice")
            .await
            .unwrap()
            .unwrap()
            .subscription
            .unwrap();
        record.current_period_end = Some(lucent::store::now_ms() - 1_000);
        app.state
            .users
            .merge_subscription("alice", &record)
            .await
            .unwrap();
        assert_eq!(plan(&app, &token).await, "free");
    }

    #[tokio::test]
    async fn a_failed_payment_in_dunning_keeps_access_and_unpaid_ends_it() {
        let (app, stripe) = stripe_app().await;
        let token = app.register("alice").await;
        mount_subscription(
            &stripe,
            subscription("sub_1", "alice", "past_due", now() + 86_400),
        )
        .await;
        let failed = event(
            "evt_1",
            "invoice.payment_failed",
            json!({"id": "in_1", "subscription": "sub_1"}),
        );
        deliver(&app, &failed, signed(&failed)).await;
        assert_eq!(plan(&app, &token).await, "pro");

        stripe.reset().await;
        mount_subscription(
            &stripe,
            subscription("sub_1", "alice", "unpaid", now() + 86_400),
        )
        .await;
        let updated = event(
            "evt_2",
            "customer.subscription.updated",
            json!({"id": "sub_1"}),
        );
        deliver(&app, &updated, signed(&updated)).await;
        assert_eq!(plan(&app, &token).await, "free");
    }

    #[tokio::test]
    async fn unknown_events_are_acknowledged_and_ignored() {
        let (app, stripe) = stripe_app().await;
        let e = event("evt_1", "customer.created", json!({"id": "cus_1"}));

        let response = deliver(&app, &e, signed(&e)).await;

        assert_eq!(response.status(), 200);
        assert!(stripe.received_requests().await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_failure_while_processing_lets_stripes_retry_through() {
        let (app, stripe) = stripe_app().await;
        let token = app.register("alice").await;
        Mock::given(method("GET"))
            .respond_with(
                ResponseTemplate::new(500)
                    .set_body_json(json!({"error": {"type": "api_error", "message": "x"}})),
            )
            .up_to_n_times(1)
            .mount(&stripe)
            .await;
        mount_subscription(
            &stripe,
            subscription("sub_1", "alice", "active", now() + 86_400),
        )
        .await;
        let e = event(
            "evt_1",
            "customer.subscription.created",
            json!({"id": "sub_1"}),
        );

        let first = deliver(&app, &e, signed(&e)).await;
        let retry = deliver(&app, &e, signed(&e)).await;

        assert!(first.status().is_server_error());
        assert_eq!(retry.status(), 200);
        assert_eq!(plan(&app, &token).await, "pro");
    }
}
