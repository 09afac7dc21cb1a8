//! A user's record: profile, plan, email look-ups, suspensions, age checks, deletion.

use lucent::store::{AgeCheck, AgeStatus, AuditEntry, ManualPlan, Store, StoreError, Subscription};

use super::logs::refusal_of;
use super::logs::suspension_since;
use super::{profile, uid};

pub async fn an_unknown_user_reads_as_none(store: &dyn Store) {
    assert_eq!(store.get_user(&uid("nobody")).await.unwrap(), None);
}

pub async fn a_profile_is_created_then_updated_in_place(store: &dyn Store) {
    let id = uid("alice");
    let created = store
        .upsert_profile(&id, &profile("Alice", false))
        .await
        .unwrap();
    assert_eq!(created.uid, id);
    assert_eq!(created.username, "Alice");
    assert!(created.created_at > 0);

    store
        .merge_subscription(
            &id,
            &Subscription {
                plan_type: Some("pro".into()),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let updated = store
        .upsert_profile(&id, &profile("Alice B", true))
        .await
        .unwrap();

    assert_eq!(updated.username, "Alice B");
    assert_eq!(updated.created_at, created.created_at);
    assert!(updated.age_confirmed);
    assert_eq!(
        updated.subscription.unwrap().plan_type.as_deref(),
        Some("pro")
    );
    assert_eq!(
        store.get_user(&id).await.unwrap().unwrap().username,
        "Alice B"
    );
}

pub async fn an_age_confirmation_once_given_stays(store: &dyn Store) {
    let id = uid("bob");
    store
        .upsert_profile(&id, &profile("Bob", true))
        .await
        .unwrap();

    let after = store
        .upsert_profile(&id, &profile("Bob", false))
        .await
        .unwrap();

    assert!(after.age_confirmed);
}

pub async fn a_subscription_is_merged_field_by_field(store: &dyn Store) {
    let id = uid("carol");
    store
        .upsert_profile(&id, &profile("Carol", false))
        .await
        .unwrap();
    store
        .merge_subscription(
            &id,
            &Subscription {
                session_id: Some("cs_1".into()),
                ..Default::default()
            },
        )
        .await
        .unwrap();

    let user = store
        .merge_subscription(
            &id,
            &Subscription {
                plan_type: Some("pro".into()),
                current_period_end: Some(4_000_000_000_000),
                ..Default::default()
            },
        )
        .await
        .unwrap();

    let sub = user.subscription.unwrap();
    assert_eq!(sub.session_id.as_deref(), Some("cs_1"));
    assert_eq!(sub.plan_type.as_deref(), Some("pro"));
    assert_eq!(
        store.get_user(&id).await.unwrap().unwrap().subscription,
        Some(sub)
    );
}

pub async fn a_subscription_for_an_unknown_user_creates_nothing(store: &dyn Store) {
    let id = uid("ghost");
    let result = store
        .merge_subscription(
            &id,
            &Subscription {
                plan_type: Some("pro".into()),
                ..Default::default()
            },
        )
        .await;

    assert!(matches!(result, Err(StoreError::Missing(_))), "{result:?}");
    assert_eq!(store.get_user(&id).await.unwrap(), None);
}

pub async fn a_plan_set_by_hand_clears_a_lapsed_end_and_keeps_the_payment_ids(store: &dyn Store) {
    let id = uid("hank");
    store
        .upsert_profile(&id, &profile("Hank", false))
        .await
        .unwrap();
    let lapsed = Subscription {
        plan_type: Some("pro".into()),
        customer_id: Some("cus_1".into()),
        subscription_id: Some("sub_1".into()),
        current_period_end: Some(1),
        ..Default::default()
    };
    store.merge_subscription(&id, &lapsed).await.unwrap();

    let manual = ManualPlan {
        plan_type: "pro".into(),
        current_period_end: None,
        updated_at: 7,
    };
    let user = store.set_plan_by_hand(&id, &manual).await.unwrap();

    let expected = Subscription {
        plan_type: Some("pro".into()),
        status: Some("manual".into()),
        customer_id: Some("cus_1".into()),
        subscription_id: Some("sub_1".into()),
        current_period_end: None,
        updated_at: Some(7),
        ..Default::default()
    };
    assert_eq!(user.subscription.as_ref(), Some(&expected));
    assert!(
        store
            .get_user(&id)
            .await
            .unwrap()
            .unwrap()
            .is_pro(lucent::store::now_ms())
    );
    let ghost = store.set_plan_by_hand(&uid("ghost"), &manual).await;
    assert!(matches!(ghost, Err(StoreError::Missing(_))), "{ghost:?}");
}

pub async fn a_user_is_found_by_email(store: &dyn Store) {
    let id = uid("dave");
    let mut p = profile("Dave", false);
    p.email = format!("{id}@example.com");
    store.upsert_profile(&id, &p).await.unwrap();

    let found = store
        .find_users_by_email_prefix(&p.email, 10)
        .await
        .unwrap();

    assert_eq!(found.into_iter().map(|u| u.uid).collect::<Vec<_>>(), [id]);
    assert!(
        store
            .find_users_by_email_prefix("nobody@example.com", 10)
            .await
            .unwrap()
            .is_empty()
    );
}

pub async fn every_account_sharing_an_email_is_found(store: &dyn Store) {
    let (a, b) = (uid("erin-a"), uid("erin-b"));
    let mut p = profile("Erin", false);
    p.email = format!("{a}@example.com");
    store.upsert_profile(&a, &p).await.unwrap();
    store.upsert_profile(&b, &p).await.unwrap();

    let found = store
        .find_users_by_email_prefix(&p.email, 10)
        .await
        .unwrap();

    let mut expected = [a, b];
    expected.sort();
    assert_eq!(
        found.into_iter().map(|u| u.uid).collect::<Vec<_>>(),
        expected
    );
}

pub async fn users_are_found_by_the_start_of_their_email_in_email_order(store: &dyn Store) {
    let tag = uid("pre").to_lowercase();
    for (name, email) in [
        ("z", format!("{tag}-bea@example.com")),
        ("y", format!("{tag}-al@example.com")),
        ("x", format!("{tag}-alma@example.org")),
        ("w", format!("other-{tag}@example.com")),
    ] {
        let mut p = profile("Someone", false);
        p.email = email;
        store
            .upsert_profile(&format!("{tag}-{name}"), &p)
            .await
            .unwrap();
    }
    let emails = |found: Vec<lucent::store::UserRecord>| {
        found.into_iter().map(|u| u.email).collect::<Vec<_>>()
    };

    let al = store
        .find_users_by_email_prefix(&format!("{tag}-al"), 10)
        .await
        .unwrap();
    let all = store.find_users_by_email_prefix(&tag, 2).await.unwrap();

    assert_eq!(
        emails(al),
        [
            format!("{tag}-al@example.com"),
            format!("{tag}-alma@example.org")
        ]
    );
    assert_eq!(
        emails(all),
        [
            format!("{tag}-al@example.com"),
            format!("{tag}-alma@example.org")
        ],
        "the limit keeps the first in email order"
    );
}

pub async fn suspended_users_are_listed_latest_first_and_an_upheld_one_stays(store: &dyn Store) {
    let (ann, bea, cid) = (uid("ann"), uid("bea"), uid("cid"));
    for (id, name) in [(&ann, "Ann"), (&bea, "Bea"), (&cid, "Cid")] {
        store
            .upsert_profile(id, &profile(name, false))
            .await
            .unwrap();
    }
    store
        .set_suspension(&ann, &suspension_since(10))
        .await
        .unwrap();
    store
        .set_suspension(&bea, &suspension_since(20))
        .await
        .unwrap();

    let upheld = store.uphold_suspension(&ann, 30).await.unwrap();
    let listed: Vec<(String, Option<i64>)> = store
        .suspended_users(50)
        .await
        .unwrap()
        .into_iter()
        .filter(|u| [&ann, &bea, &cid].contains(&&u.uid))
        .map(|u| (u.uid, u.suspension.and_then(|s| s.upheld_at)))
        .collect();

    assert_eq!(upheld.suspension.and_then(|s| s.upheld_at), Some(30));
    assert_eq!(listed, [(bea.clone(), None), (ann.clone(), Some(30))]);
    let not_suspended = store.uphold_suspension(&cid, 30).await.unwrap();
    assert_eq!(not_suspended.suspension, None, "upholding suspends no one");
    store.lift_suspension(&bea, 40).await.unwrap();
    let still: Vec<String> = store
        .suspended_users(50)
        .await
        .unwrap()
        .into_iter()
        .map(|u| u.uid)
        .filter(|u| [&ann, &bea, &cid].contains(&u))
        .collect();
    assert_eq!(still, [ann]);
}

pub async fn concurrent_writers_lose_no_update(store: &dyn Store) {
    let id = uid("gina");
    store
        .upsert_profile(&id, &profile("Gina", false))
        .await
        .unwrap();

    let session = Subscription {
        session_id: Some("cs_9".into()),
        ..Default::default()
    };
    let customer = Subscription {
        customer_id: Some("cus_9".into()),
        ..Default::default()
    };
    let rename = profile("Gina R", true);
    let (a, b, c) = tokio::join!(
        store.merge_subscription(&id, &session),
        store.merge_subscription(&id, &customer),
        store.upsert_profile(&id, &rename),
    );
    a.unwrap();
    b.unwrap();
    c.unwrap();

    let user = store.get_user(&id).await.unwrap().unwrap();
    let sub = user.subscription.unwrap();
    assert_eq!(sub.session_id.as_deref(), Some("cs_9"));
    assert_eq!(sub.customer_id.as_deref(), Some("cus_9"));
    assert_eq!(user.username, "Gina R");
}

pub async fn an_accounts_records_are_deleted_but_what_a_hold_keeps(store: &dyn Store) {
    let (gone, held, other) = (uid("gus"), uid("hal"), uid("ida"));
    for id in [&gone, &held, &other] {
        store.upsert_profile(id, &profile("x", true)).await.unwrap();
        store
            .reserve_credits(id, "d2026-11-22", "job-a", 1, 3)
            .await
            .unwrap()
            .unwrap();
        store.add_bonus(id, "d2026-11-22", 2).await.unwrap();
        store.add_refusal(&refusal_of(id, "a")).await.unwrap();
        store
            .add_audit(
                id,
                &AuditEntry {
                    at: 1,
                    actor: "x".into(),
                    action: "a".into(),
                    reason: "r".into(),
                },
            )
            .await
            .unwrap();
    }

    store.delete_account_records(&gone, false).await.unwrap();
    store.delete_account_records(&gone, false).await.unwrap();
    store.delete_account_records(&held, true).await.unwrap();

    let left = |id: String| async move {
        (
            store.get_user(&id).await.unwrap().is_some(),
            store.get_usage(&id, "d2026-11-22").await.unwrap(),
            store.get_bonus(&id, "d2026-11-22").await.unwrap(),
            store.list_refusals(&id).await.unwrap().len(),
            store.list_audit(&id).await.unwrap().len(),
        )
    };
    assert_eq!(
        left(gone).await,
        (false, 0, 0, 0, 1),
        "the audit trail stays"
    );
    assert_eq!(left(held).await, (true, 0, 0, 1, 1));
    assert_eq!(left(other).await, (true, 1, 2, 1, 1));
}

pub async fn an_age_check_read_later_is_never_replaced_by_one_read_earlier(store: &dyn Store) {
    let id = uid("age");
    store
        .upsert_profile(&id, &profile("Ada", true))
        .await
        .unwrap();
    let check = |status: AgeStatus, read_at: i64| AgeCheck {
        status,
        provider: "persona".into(),
        reference: "inq_1".into(),
        checked_at: 5,
        read_at,
    };

    store
        .set_age_check(&id, &check(AgeStatus::Verified, 20))
        .await
        .unwrap();
    let late = store
        .set_age_check(&id, &check(AgeStatus::Pending, 10))
        .await
        .unwrap();

    assert_eq!(late.age_check, Some(check(AgeStatus::Verified, 20)));
    let reset = store
        .set_age_check(&id, &check(AgeStatus::Unverified, 30))
        .await
        .unwrap();
    assert_eq!(reset.age_status(), AgeStatus::Unverified);
    assert_eq!(
        store.get_user(&id).await.unwrap().unwrap().age_check,
        Some(check(AgeStatus::Unverified, 30))
    );
    let nobody = store
        .set_age_check(&uid("nobody"), &check(AgeStatus::Verified, 1))
        .await;
    assert!(nobody.is_err(), "no profile is made for an age check");
}
