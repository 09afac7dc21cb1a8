//! What a deleted account leaves, and what its successor inherits.

use lucent::store::{AgeCheck, AgeStatus, RefusalRecord, Store, Tombstone};

use super::logs::refusal_of;
use super::logs::suspension_since;
use super::{profile, uid};

pub async fn a_tombstone_is_written_once_and_found_when_due(store: &dyn Store) {
    let (a, b) = (uid("gone"), uid("left"));
    let tombstone = |keep_until: i64| Tombstone {
        deleted_at: 1,
        keep_until,
        period: "d2026-11-26".into(),
        used: 3,
        bonus: 0,
        refusals: [("r1".to_owned(), refusal_of(&a, "nude 15 year old"))].into(),
        refusals_reviewed_at: None,
        suspension: Some(suspension_since(1)),
        email_key: None,
        age_check: None,
        inherited: None,
    };
    assert_eq!(store.get_tombstone(&a).await.unwrap(), None);
    // Far in the past and future, so a shared emulator's other records do not interfere.
    assert!(store.put_tombstone(&a, &tombstone(5)).await.unwrap());
    assert!(
        !store.put_tombstone(&a, &tombstone(9)).await.unwrap(),
        "a deletion asked again keeps the first tombstone"
    );
    store
        .put_tombstone(&b, &tombstone(3_000_000_000_000))
        .await
        .unwrap();

    assert_eq!(store.get_tombstone(&a).await.unwrap(), Some(tombstone(5)));
    assert_eq!(
        store.tombstones_due(10, 100).await.unwrap(),
        vec![a.clone()]
    );
    store.delete_tombstone(&a).await.unwrap();
    store.delete_tombstone(&a).await.unwrap();
    assert_eq!(store.get_tombstone(&a).await.unwrap(), None);
    assert!(store.tombstones_due(10, 100).await.unwrap().is_empty());
    assert!(store.get_tombstone(&b).await.unwrap().is_some());
}

pub async fn a_verified_emails_tombstone_is_found_and_its_standing_carried_once(store: &dyn Store) {
    let (old, older, new) = (uid("old"), uid("older"), uid("new"));
    let key = uid("emailkey");
    let minor = AgeCheck {
        status: AgeStatus::Minor,
        provider: "persona".into(),
        reference: "inq_1".into(),
        checked_at: 1,
        read_at: 1,
    };
    let left = |deleted_at: i64, keep_until: i64| Tombstone {
        deleted_at,
        keep_until,
        period: "m2026-11".into(),
        used: 7,
        bonus: 2,
        refusals: [(
            "r1".to_owned(),
            RefusalRecord {
                at: 3_000_000_000_000,
                ..refusal_of(&old, "nude 15 year old")
            },
        )]
        .into(),
        refusals_reviewed_at: None,
        suspension: Some(suspension_since(deleted_at)),
        email_key: Some(key.clone()),
        age_check: Some(minor.clone()),
        inherited: None,
    };
    assert_eq!(store.tombstone_by_email(&key, 10).await.unwrap(), None);
    store
        .put_tombstone(&older, &left(4, 3_000_000_000_000))
        .await
        .unwrap();
    store
        .put_tombstone(&old, &left(5, 3_000_000_000_000))
        .await
        .unwrap();
    store
        .put_tombstone(&uid("gone"), &left(6, 8))
        .await
        .unwrap();

    let found = store.tombstone_by_email(&key, 10).await.unwrap();
    assert_eq!(
        found,
        Some(left(5, 3_000_000_000_000)),
        "the latest still kept"
    );
    assert_eq!(store.tombstone_by_email("another", 10).await.unwrap(), None);

    store
        .upsert_profile(&new, &profile("Nova", true))
        .await
        .unwrap();
    let carried = store.inherit(&new, &key, found.as_ref()).await.unwrap();
    let again = store.inherit(&new, &key, found.as_ref()).await.unwrap();

    assert_eq!(carried, again, "carried once");
    assert_eq!(carried.email_key.as_deref(), Some(key.as_str()));
    assert_eq!(carried.suspension, Some(suspension_since(5)));
    assert_eq!(carried.age_check, Some(minor));
    assert_eq!(
        carried.inherited_used("m2026-11"),
        5,
        "used beyond the bonus"
    );
    assert_eq!(carried.inherited_used("m2026-12"), 0);
    assert_eq!(carried.inherited_strikes(0), 1);
    assert_eq!(store.get_user(&new).await.unwrap(), Some(carried));
}
