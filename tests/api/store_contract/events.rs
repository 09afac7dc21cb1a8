//! A processor's events: each claimed by exactly one caller, finished, or given back for the
//! processor's retry.

use lucent::store::Store;

use super::uid;

pub async fn an_event_is_claimed_once_however_many_deliveries_race(store: &dyn Store) {
    let event = uid("evt");
    let claims =
        futures_util::future::join_all((0..8).map(|_| store.claim_event(&event, "invoice.paid")))
            .await;

    let won = claims.into_iter().filter(|c| *c.as_ref().unwrap()).count();
    assert_eq!(won, 1, "one delivery processes the event");
    store.finish_event(&event, "u1: pro").await.unwrap();
    assert!(!store.claim_event(&event, "invoice.paid").await.unwrap());
}

pub async fn a_released_claim_is_claimed_again_by_the_retry(store: &dyn Store) {
    let event = uid("evt");
    assert!(store.claim_event(&event, "invoice.paid").await.unwrap());

    store.release_event(&event).await.unwrap();

    assert!(store.claim_event(&event, "invoice.paid").await.unwrap());
    store.release_event(&uid("never-claimed")).await.unwrap();
}
