//! Postbacks: their signature, each event, and their replays and reorderings.

use futures_util::future::join_all;
use sha1::{Digest, Sha1};

use super::{
    checkout, deliver, delivered, end_of, initial, plan, record, verotel_app, webhooks_counted,
    with,
};
use crate::fake_verotel::{KEY, event, signed_query};
use crate::helpers::{error_code, spawn_app};

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
async fn the_postback_route_is_not_found_unless_verotel_is_the_processor() {
    let app = spawn_app().await;
    let query = signed_query(&initial("1", "alice.t", "2099-01-15"), KEY);

    assert_eq!(
        error_code(deliver(&app, &query).await, 404).await,
        "not_found"
    );
}

#[tokio::test]
async fn when_the_plans_sale_ends_a_second_sale_still_paid_keeps_premium() {
    let (app, _verotel) = verotel_app().await;
    let token = app.register("alice").await;
    delivered(&app, &initial("7701", "alice.t", "2099-01-15")).await;
    delivered(&app, &initial("7702", "alice.u", "2099-01-20")).await;
    assert_eq!(
        record(&app, "alice").await["subscription"]["subscriptionId"],
        "7701"
    );

    let chargeback = with(
        event("chargeback", "7701", "alice.t"),
        &[("transactionID", "9003"), ("parentID", "9001")],
    );
    delivered(&app, &chargeback).await;

    let after = record(&app, "alice").await;
    assert_eq!(
        plan(&app, &token).await,
        "pro",
        "the second sale is paid: {after}"
    );
    assert_eq!(after["subscription"]["subscriptionId"], "7702");
    assert_eq!(
        after["subscription"]["currentPeriodEnd"],
        end_of("2099-01-20")
    );
    assert_eq!(
        after["subscription"]["sales"]["7701"]["status"],
        "chargeback"
    );

    let expiry = with(
        event("expiry", "7702", "alice.u"),
        &[("transactionID", "9005")],
    );
    delivered(&app, &expiry).await;
    assert_eq!(plan(&app, &token).await, "free", "no sale is paid any more");
}
