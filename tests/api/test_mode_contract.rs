//! Test-mode checkout behaves the same on both ledgers: kept in the process, or in Redis (a
//! real `redis-server`) where every instance reads the same sessions.

use lucent::billing::processor::{CHECKOUT_PLACEHOLDER, NewSubscription, Processor};
use lucent::billing::test_mode::{
    CARD_DECLINED, CARD_OK, CardOutcome, MemoryLedger, RedisLedger, TestPayments,
};
use lucent::coordination::redis::RedisClient;

use crate::redis_server::RedisServer;

pub struct Harness {
    payments: TestPayments,
    _keep: Option<RedisServer>,
}

async fn memory() -> Harness {
    Harness {
        payments: TestPayments::new(BASE, Box::new(MemoryLedger::default())),
        _keep: None,
    }
}

async fn redis() -> Harness {
    let server = RedisServer::start().await;
    let client = RedisClient::open(&server.url).unwrap();
    Harness {
        payments: TestPayments::new(BASE, Box::new(RedisLedger::new(client))),
        _keep: Some(server),
    }
}

const BASE: &str = "http://lucent.test";

fn checkout(key: &str) -> NewSubscription {
    NewSubscription {
        uid: "u1".into(),
        email: Some("u1@example.com".into()),
        earlier: None,
        success_url: format!("{BASE}/success?session_id={CHECKOUT_PLACEHOLDER}"),
        cancel_url: format!("{BASE}/profile"),
        idempotency_key: key.into(),
    }
}

async fn a_new_session_is_open_and_unpaid(h: Harness) {
    let created = h.payments.start(&checkout("k1")).await.unwrap();
    let session = h
        .payments
        .session(&created.checkout_id)
        .await
        .unwrap()
        .unwrap();

    assert_eq!(
        created.url,
        format!("{BASE}/checkout/test/{}", created.checkout_id)
    );
    assert_eq!(
        (session.status.as_str(), session.payment_status.as_str()),
        ("open", "unpaid")
    );
    assert_eq!(session.client_reference_id.as_deref(), Some("u1"));
}

async fn a_repeated_click_gets_the_same_open_session(h: Harness) {
    let first = h.payments.start(&checkout("k1")).await.unwrap();
    let again = h.payments.start(&checkout("k1")).await.unwrap();
    let other = h.payments.start(&checkout("k2")).await.unwrap();

    assert_eq!(first, again);
    assert_ne!(first.checkout_id, other.checkout_id);
}

async fn a_declined_card_leaves_the_session_open(h: Harness) {
    let created = h.payments.start(&checkout("k1")).await.unwrap();

    let outcome = h
        .payments
        .pay(&created.checkout_id, CARD_DECLINED)
        .await
        .unwrap();

    assert_eq!(
        outcome,
        Some(CardOutcome::Declined("Your card was declined."))
    );
    let session = h
        .payments
        .session(&created.checkout_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(session.status, "open");
    assert_eq!(session.subscription, None);
}

async fn paying_completes_the_session_with_an_active_subscription(h: Harness) {
    let created = h.payments.start(&checkout("k1")).await.unwrap();

    let outcome = h
        .payments
        .pay(&created.checkout_id, "4242 4242 4242 4242")
        .await;

    let success = format!("{BASE}/success?session_id={}", created.checkout_id);
    assert_eq!(outcome.unwrap(), Some(CardOutcome::Paid(success)));
    let session = h
        .payments
        .session(&created.checkout_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (session.status.as_str(), session.payment_status.as_str()),
        ("complete", "paid")
    );
    let sub_id = session.subscription.unwrap();
    let sub = h.payments.subscription(&sub_id).await.unwrap().unwrap();
    assert_eq!(sub.status, "active");
    assert_eq!(sub.uid.as_deref(), Some("u1"));
    assert_eq!(Some(sub.customer.clone()), session.customer);
    assert!(h.payments.has_customer(&sub.customer).await.unwrap());
}

async fn paying_twice_makes_one_subscription(h: Harness) {
    let created = h.payments.start(&checkout("k1")).await.unwrap();

    let (a, b) = tokio::join!(
        h.payments.pay(&created.checkout_id, CARD_OK),
        h.payments.pay(&created.checkout_id, CARD_OK)
    );

    assert!(matches!(a.unwrap(), Some(CardOutcome::Paid(_))));
    assert!(matches!(b.unwrap(), Some(CardOutcome::Paid(_))));
    let session = h
        .payments
        .session(&created.checkout_id)
        .await
        .unwrap()
        .unwrap();
    let customer = session.customer.unwrap();
    assert!(
        h.payments
            .cancel_customer(&customer)
            .await
            .unwrap()
            .is_some()
    );
    assert!(
        h.payments
            .cancel_customer(&customer)
            .await
            .unwrap()
            .is_none(),
        "a second live subscription was made"
    );
}

async fn the_portal_cancels_the_live_subscription_once(h: Harness) {
    let created = h.payments.start(&checkout("k1")).await.unwrap();
    h.payments.pay(&created.checkout_id, CARD_OK).await.unwrap();
    let session = h
        .payments
        .session(&created.checkout_id)
        .await
        .unwrap()
        .unwrap();
    let customer = session.customer.unwrap();

    let canceled = h
        .payments
        .cancel_customer(&customer)
        .await
        .unwrap()
        .unwrap();

    assert_eq!(canceled.status, "canceled");
    let stored = h.payments.subscription(&canceled.id).await.unwrap();
    assert_eq!(stored.unwrap().status, "canceled");
    assert!(
        h.payments
            .cancel_customer(&customer)
            .await
            .unwrap()
            .is_none()
    );
}

async fn unknown_ids_are_none(h: Harness) {
    assert_eq!(h.payments.session("cs_test_nope").await.unwrap(), None);
    assert_eq!(
        h.payments.subscription("sub_test_nope").await.unwrap(),
        None
    );
    assert_eq!(h.payments.pay("cs_test_nope", CARD_OK).await.unwrap(), None);
    assert!(h.payments.page("cs_test_nope").await.unwrap().is_none());
    assert!(!h.payments.has_customer("cus_test_nope").await.unwrap());
}

adapter_contract!(memory, redis; [
    a_new_session_is_open_and_unpaid,
    a_repeated_click_gets_the_same_open_session,
    a_declined_card_leaves_the_session_open,
    paying_completes_the_session_with_an_active_subscription,
    paying_twice_makes_one_subscription,
    the_portal_cancels_the_live_subscription_once,
    unknown_ids_are_none,
]);
