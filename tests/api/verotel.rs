//! Premium through Verotel FlexPay, against a local server speaking its wire format
//! (`tests/api/fake_verotel.rs`): the signed subscription URL, postbacks that alone grant,
//! their replays and reorderings, the success page, cancelling and deleting.

use futures_util::future::join_all;
use lucent::billing::verotel::signature::Params;
use serde_json::{Value, json};
use sha1::{Digest, Sha1};

use crate::fake_verotel::{FakeVerotel, KEY, SHOP_ID, event, signed_query};
use crate::helpers::{TestApp, error_code, spawn_app, spawn_app_with};
use crate::scale_out::Deployment;
use crate::staff::{Console, console_for_sam};

const PUBLIC: &str = "https://lucent.example";

async fn verotel_app() -> (TestApp, FakeVerotel) {
    let verotel = FakeVerotel::start().await;
    let mut args = verotel.flags();
    args.extend(["--public-url".to_owned(), PUBLIC.to_owned()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    (spawn_app_with(&args).await, verotel)
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

#[tokio::test]
async fn checkout_answers_a_signed_flexpay_subscription_url_for_the_monthly_plan() {
    let (app, verotel) = verotel_app().await;
    let alice = app.register("alice").await;

    let (url, params) = checkout(&app, &alice).await;

    assert!(url.starts_with(&format!("{}/startorder?", verotel.server.uri())));
    let reference = params["referenceID"].clone();
    assert!(reference.starts_with("alice."), "{reference}");
    for (key, value) in [
        ("type", "subscription"),
        ("version", "4"),
        ("shopID", SHOP_ID),
        ("subscriptionType", "recurring"),
        ("period", "P1M"),
        ("priceAmount", "9.99"),
        ("priceCurrency", "USD"),
        ("declineURL", "https://lucent.example/cancel"),
        ("email", "alice@example.com"),
    ] {
        assert_eq!(params[key], value, "{key}");
    }
    assert_eq!(
        params["successURL"],
        format!("{PUBLIC}/success?session_id={reference}")
    );
    assert!(params["name"].contains("Lucent Premium"));
    // The order page opens only for a URL signed as FlexPay checks it.
    assert_eq!(reqwest::get(&url).await.unwrap().status(), 200);
    let tampered = url.replace("priceAmount=9.99", "priceAmount=0.99");
    assert_eq!(reqwest::get(&tampered).await.unwrap().status(), 400);
    assert_eq!(plan(&app, &alice).await, "free");
}

#[tokio::test]
async fn the_initial_postback_grants_pro_until_the_next_charge_and_keeps_no_card_data() {
    let (app, _verotel) = verotel_app().await;
    let alice = app.register("alice").await;
    let (_, params) = checkout(&app, &alice).await;

    delivered(&app, &initial("7001", &params["referenceID"], "2099-01-15")).await;

    assert_eq!(plan(&app, &alice).await, "pro");
    let stored = record(&app, "alice").await;
    let subscription = &stored["subscription"];
    assert_eq!(subscription["subscriptionId"], "7001");
    assert_eq!(subscription["status"], "active");
    assert_eq!(subscription["currentPeriodEnd"], end_of("2099-01-15"));
    let text = stored.to_string();
    assert!(!text.contains("4242") && !text.contains("VISA"), "{text}");
}

#[tokio::test]
async fn a_success_return_without_a_postback_grants_nothing() {
    let (app, _verotel) = verotel_app().await;
    let alice = app.register("alice").await;
    let (_, params) = checkout(&app, &alice).await;
    let reference = &params["referenceID"];

    // The browser came back to the success URL, with whatever Verotel appended.
    let early = app.post_payment_success(&alice, "alice", reference).await;
    assert_eq!(error_code(early, 409).await, "payment_incomplete");
    let made_up = app
        .post_payment_success(&alice, "alice", "alice.0000000000000000")
        .await;
    assert_eq!(error_code(made_up, 404).await, "not_found");
    let bob = app.register("bob").await;
    let stolen = app.post_payment_success(&bob, "bob", reference).await;
    assert_eq!(error_code(stolen, 403).await, "session_not_yours");
    assert_eq!(plan(&app, &alice).await, "free");
    assert_eq!(plan(&app, &bob).await, "free");

    delivered(&app, &initial("7002", reference, "2099-01-15")).await;
    let with_verotels_data = format!("{reference}?saleID=7002&shopID={SHOP_ID}");
    let confirmed = app
        .post_payment_success(&alice, "alice", &with_verotels_data)
        .await;
    assert_eq!(confirmed.status(), 200);
    let body: Value = confirmed.json().await.unwrap();
    assert_eq!(body["plan"], "pro");
}

#[tokio::test]
async fn a_lapsed_subscriber_subscribes_again_under_a_new_reference() {
    let (app, _verotel) = verotel_app().await;
    let alice = app.register("alice").await;
    let (_, first) = checkout(&app, &alice).await;
    let old = &first["referenceID"];
    delivered(&app, &initial("7010", old, "2099-01-15")).await;
    delivered(
        &app,
        &with(event("expiry", "7010", old), &[("transactionID", "1")]),
    )
    .await;
    assert_eq!(plan(&app, &alice).await, "free");

    // FlexPay wants a new referenceID per order, even within the minute.
    let (_, second) = checkout(&app, &alice).await;
    let new = &second["referenceID"];
    assert_ne!(new, old);
    let early = app.post_payment_success(&alice, "alice", new).await;
    assert_eq!(error_code(early, 409).await, "payment_incomplete");
    delivered(&app, &initial("7011", new, "2099-03-15")).await;

    let confirmed = app.post_payment_success(&alice, "alice", new).await;
    assert_eq!(confirmed.status(), 200);
    assert_eq!(
        record(&app, "alice").await["subscription"]["subscriptionId"],
        "7011"
    );
    assert_eq!(plan(&app, &alice).await, "pro");
}

#[tokio::test]
async fn a_bad_or_missing_signature_is_refused_and_changes_nothing() {
    let (app, _verotel) = verotel_app().await;
    let alice = app.register("alice").await;
    let paid = initial("7003", "alice.t", "2099-01-15");

    let wrong_key = deliver(&app, &signed_query(&paid, "not-the-key")).await;
    assert_eq!(error_code(wrong_key, 400).await, "signature_invalid");
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    query.extend_pairs(&paid);
    let unsigned = deliver(&app, &query.finish()).await;
    assert_eq!(error_code(unsigned, 400).await, "signature_invalid");
    // A parameter added after signing is part of what is checked.
    let added = format!("{}&priceAmount2=0", signed_query(&paid, KEY));
    assert_eq!(
        error_code(deliver(&app, &added).await, 400).await,
        "signature_invalid"
    );
    let repeated = format!("{}&saleID=7003", signed_query(&paid, KEY));
    assert_eq!(
        error_code(deliver(&app, &repeated).await, 400).await,
        "malformed_event"
    );

    assert_eq!(plan(&app, &alice).await, "free");
}

#[tokio::test]
async fn a_legacy_sha1_signature_is_accepted_on_postbacks() {
    let (app, _verotel) = verotel_app().await;
    let alice = app.register("alice").await;
    let paid = initial("7004", "alice.t", "2099-01-15");
    let base = std::iter::once(KEY.to_owned())
        .chain(paid.iter().map(|(k, v)| format!("{k}={v}")))
        .collect::<Vec<_>>()
        .join(":");
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    query.extend_pairs(&paid);
    query.append_pair("signature", &hex::encode(Sha1::digest(base.as_bytes())));

    let response = deliver(&app, &query.finish()).await;

    assert_eq!(response.status(), 200);
    assert_eq!(plan(&app, &alice).await, "pro");
}

#[tokio::test]
async fn fifty_duplicate_postbacks_make_one_grant() {
    let (app, _verotel) = verotel_app().await;
    let alice = app.register("alice").await;
    let query = signed_query(&initial("7005", "alice.t", "2099-01-15"), KEY);

    let answers = join_all((0..50).map(|_| deliver(&app, &query))).await;

    for answer in answers {
        assert_eq!(answer.status(), 200);
        assert_eq!(answer.text().await.unwrap(), "OK");
    }
    assert_eq!(webhooks_counted(&app, "applied"), 1);
    assert_eq!(webhooks_counted(&app, "duplicate"), 49);
    assert_eq!(plan(&app, &alice).await, "pro");
}

#[tokio::test]
async fn rebills_extend_cancel_keeps_the_period_and_ends_end_it_at_once() {
    let (app, _verotel) = verotel_app().await;
    let uids = ["expiry", "chargeback", "credit"];
    let mut tokens = Vec::new();
    for (n, uid) in uids.iter().enumerate() {
        let token = app.register(uid).await;
        let sale = format!("71{n}");
        let reference = format!("{uid}.t");
        delivered(&app, &initial(&sale, &reference, "2099-01-15")).await;
        let rebill = with(
            event("rebill", &sale, &reference),
            &[("transactionID", "9002"), ("nextChargeOn", "2099-02-15")],
        );
        delivered(&app, &rebill).await;
        let after_rebill = record(&app, uid).await;
        assert_eq!(
            after_rebill["subscription"]["currentPeriodEnd"],
            end_of("2099-02-15")
        );
        delivered(&app, &event("cancel", &sale, &reference)).await;
        let after_cancel = record(&app, uid).await;
        assert_eq!(after_cancel["subscription"]["status"], "cancelled");
        assert_eq!(
            plan(&app, &token).await,
            "pro",
            "{uid} keeps the paid month"
        );
        tokens.push((uid, sale, reference, token));
    }
    for (uid, sale, reference, token) in tokens {
        let mut ending = with(event(uid, &sale, &reference), &[("transactionID", "9003")]);
        if *uid != "expiry" {
            ending.insert("parentID".into(), "9002".into());
            ending.insert("subscriptionPhase".into(), "terminated".into());
        }
        delivered(&app, &ending).await;
        assert_eq!(plan(&app, &token).await, "free", "{uid} ends at once");
        // A rebill delivered late cannot bring an ended sale back.
        let late = with(
            event("rebill", &sale, &reference),
            &[("transactionID", "9004"), ("nextChargeOn", "2099-03-15")],
        );
        delivered(&app, &late).await;
        assert_eq!(plan(&app, &token).await, "free", "{uid} stays ended");
    }
}

#[tokio::test]
async fn events_delivered_out_of_order_end_where_the_ordered_ones_do() {
    let (app, _verotel) = verotel_app().await;
    let ordered = app.register("ordered").await;
    let shuffled = app.register("shuffled").await;
    let events = |uid: &str, sale: &str| {
        let reference = format!("{uid}.t");
        [
            initial(sale, &reference, "2099-01-15"),
            with(
                event("rebill", sale, &reference),
                &[("transactionID", "9002"), ("nextChargeOn", "2099-02-15")],
            ),
            event("cancel", sale, &reference),
        ]
    };
    for params in events("ordered", "7201") {
        delivered(&app, &params).await;
    }
    let [first, second, third] = events("shuffled", "7202");
    for params in [third, second, first] {
        delivered(&app, &params).await;
    }

    let (a, b) = (
        record(&app, "ordered").await,
        record(&app, "shuffled").await,
    );
    for field in ["planType", "status", "currentPeriodEnd"] {
        assert_eq!(
            a["subscription"][field], b["subscription"][field],
            "{field}"
        );
    }
    assert_eq!(plan(&app, &ordered).await, "pro");
    assert_eq!(plan(&app, &shuffled).await, "pro");
}

#[tokio::test]
async fn an_unknown_event_is_recorded_and_ignored() {
    let (app, _verotel) = verotel_app().await;
    let alice = app.register("alice").await;
    delivered(&app, &initial("7301", "alice.t", "2099-01-15")).await;
    let before = record(&app, "alice").await;

    delivered(&app, &event("downgrade", "7301", "alice.t")).await;
    delivered(&app, &event("somethingnew", "7301", "alice.t")).await;
    // A purchase postback (no event) is not a subscription.
    let mut purchase = event("initial", "7302", "alice.u");
    purchase.remove("event");
    delivered(&app, &purchase).await;

    assert_eq!(
        record(&app, "alice").await["subscription"],
        before["subscription"]
    );
    assert_eq!(webhooks_counted(&app, "ignored"), 3);
    assert_eq!(plan(&app, &alice).await, "pro");
}

#[tokio::test]
async fn the_profiles_manage_link_is_flexpays_signed_cancel_page() {
    let (app, verotel) = verotel_app().await;
    let alice = app.register("alice").await;
    let none = app.post_portal(&alice).await;
    assert_eq!(error_code(none, 403).await, "pro_required");
    delivered(&app, &initial("7401", "alice.t", "2099-01-15")).await;

    let response = app.post_portal(&alice).await;

    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    let url = body["url"].as_str().unwrap();
    assert_eq!(
        url.split('?').next().unwrap(),
        format!("{}/cancel-subscription", verotel.server.uri())
    );
    assert!(url.contains("saleID=7401"));
    assert_eq!(reqwest::get(url).await.unwrap().status(), 200);
}

#[tokio::test]
async fn deleting_the_account_cancels_the_sale_through_the_control_center() {
    let verotel = FakeVerotel::start().await;
    let flags = verotel.flags();
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let (c, _sam) = console_for_sam(&flags).await;
    c.register("alice").await;
    let alice = crate::staff::token("alice", json!({}));
    delivered(&c.app, &initial("7501", "alice.t", "2099-01-15")).await;
    c.deleting_answers("alice", 200).await;

    let response = delete(&c, &alice).await;

    assert_eq!(response.status(), 200);
    assert_eq!(verotel.cancel_calls().await, ["7501"]);
    assert!(c.app.state.store.get_user("alice").await.unwrap().is_none());
    // Verotel's own cancel postback for the deleted account is answered and ignored.
    delivered(&c.app, &event("cancel", "7501", "alice.t")).await;
}

async fn delete(c: &Console, token: &str) -> reqwest::Response {
    c.app
        .client
        .delete(c.app.url("/api/v1/me"))
        .bearer_auth(token)
        .json(&json!({"email": "alice@example.com"}))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn support_sees_the_sale_and_verotels_status_of_it_on_the_card() {
    let verotel = FakeVerotel::start().await;
    let flags = verotel.flags();
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let (c, sam) = console_for_sam(&flags).await;
    c.register("alice").await;
    delivered(&c.app, &initial("7601", "alice.t", "2099-01-15")).await;
    verotel.sale_status(
        "7601",
        "---\nresponse: FOUND\nsaleID: 7601\nreferenceID: alice.t\nsaleResult: APPROVED\ncancelled: 0\nexpired: 0\nnextChargeOn: 2099-01-15\n",
    );

    let card = c.json(&sam, "/api/v1/support/users/alice").await;

    assert_eq!(card["profile"]["subscription"]["subscriptionId"], "7601");
    assert_eq!(card["provider"]["processor"], "verotel");
    assert_eq!(card["provider"]["state"], "found");
    assert_eq!(card["provider"]["status"], "active");
    assert_eq!(card["provider"]["matchesRecord"], true);
    assert!(!card.to_string().contains("4242"));
}

#[tokio::test]
async fn a_postback_waits_for_another_change_of_the_account_and_is_taken_again_later() {
    let (app, _verotel) = verotel_app().await;
    let alice = app.register("alice").await;
    let leases = &app.state.staff.leases;
    let held = std::time::Duration::from_secs(60);
    assert!(
        leases
            .hold("billing:alice", "another instance", held)
            .await
            .unwrap()
    );
    let query = signed_query(&initial("7701", "alice.t", "2099-01-15"), KEY);

    let busy = deliver(&app, &query).await;

    assert_eq!(error_code(busy, 503).await, "dependency_unavailable");
    assert_eq!(plan(&app, &alice).await, "free");
    leases
        .release("billing:alice", "another instance")
        .await
        .unwrap();
    let again = deliver(&app, &query).await;
    assert_eq!(again.text().await.unwrap(), "OK");
    assert_eq!(plan(&app, &alice).await, "pro");
}

#[tokio::test]
async fn the_postback_route_is_not_found_unless_verotel_is_the_processor() {
    let app = spawn_app().await;
    let query = signed_query(&initial("1", "alice.t", "2099-01-15"), KEY);

    assert_eq!(
        error_code(deliver(&app, &query).await, 404).await,
        "not_found"
    );
}

/// Two `lucent serve` on one Redis and one data directory, Verotel delivering each postback of
/// one sale to both, all at once: the claims and the account's lease are shared, so the end
/// state is the one the events name, and each event was applied once.
#[tokio::test]
async fn postbacks_racing_through_two_instances_apply_each_event_once() {
    let verotel = FakeVerotel::start().await;
    let flags = verotel.flags();
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let deployment = Deployment::start_with(100, &flags).await;
    let ann = deployment.register("ann").await;
    let reference = "ann.t";
    let events = [
        initial("7801", reference, "2099-01-15"),
        with(
            event("rebill", "7801", reference),
            &[("transactionID", "9002"), ("nextChargeOn", "2099-02-15")],
        ),
        event("cancel", "7801", reference),
    ];

    let deployment = &deployment;
    let deliveries = (0..10).flat_map(|round| {
        events.iter().map(move |params| {
            let gateway = &deployment.gateways[round % 2];
            let url = gateway.url(&format!(
                "/api/v1/billing/verotel/postback?{}",
                signed_query(params, KEY)
            ));
            deployment.client.get(url).send()
        })
    });
    for answer in join_all(deliveries).await {
        let answer = answer.unwrap();
        assert_eq!(answer.status(), 200);
        assert_eq!(answer.text().await.unwrap(), "OK");
    }

    let me = deployment.get(1, &ann, "/api/v1/me").await;
    assert_eq!(me["plan"], "pro");
    let mut applied = 0;
    for gateway in &deployment.gateways {
        let metrics = deployment.metrics(gateway).await;
        applied += metrics
            .lines()
            .find_map(|l| l.strip_prefix("lucent_webhooks_total{outcome=\"applied\"} "))
            .map_or(0, |n| n.parse::<u64>().unwrap());
    }
    assert_eq!(applied, 3, "one initial, one rebill, one cancel");
}
