//! The credit ledger: reservations, settlements, bonus credits and staff grants.

use lucent::store::{QuotaExceeded, StaffGrants, Store};

use super::uid;

pub async fn usage_is_zero_before_any_generation(store: &dyn Store) {
    assert_eq!(
        store.get_usage(&uid("frank"), "d2026-11-22").await.unwrap(),
        0
    );
}

pub async fn credits_are_reserved_up_to_the_limit_and_settled_per_job(store: &dyn Store) {
    let id = uid("ivy");
    let period = "d2026-11-22";

    assert_eq!(
        store
            .reserve_credits(&id, period, "job-a", 1, 3)
            .await
            .unwrap(),
        Ok(1)
    );
    assert_eq!(
        store
            .reserve_credits(&id, period, "job-b", 2, 3)
            .await
            .unwrap(),
        Ok(3)
    );
    assert_eq!(
        store
            .reserve_credits(&id, period, "job-c", 1, 3)
            .await
            .unwrap(),
        Err(QuotaExceeded { used: 3 })
    );
    assert_eq!(
        store.settle_credits(&id, period, "job-b", 0).await.unwrap(),
        Some(2)
    );

    assert_eq!(store.get_usage(&id, period).await.unwrap(), 1);
    assert_eq!(store.get_usage(&id, "d2026-11-23").await.unwrap(), 0);
}

pub async fn a_job_keeps_what_its_images_used_and_gets_the_rest_back(store: &dyn Store) {
    let id = uid("kai");
    let period = "m2026-11";
    store
        .reserve_credits(&id, period, "job-a", 4, 10)
        .await
        .unwrap()
        .unwrap();

    assert_eq!(
        store.settle_credits(&id, period, "job-a", 2).await.unwrap(),
        Some(2)
    );

    assert_eq!(store.get_usage(&id, period).await.unwrap(), 2);
}

pub async fn a_refund_is_paid_once_however_often_it_is_asked(store: &dyn Store) {
    let id = uid("kim");
    let period = "d2026-11-22";
    store
        .reserve_credits(&id, period, "job-a", 2, 3)
        .await
        .unwrap()
        .unwrap();
    store
        .reserve_credits(&id, period, "job-b", 1, 3)
        .await
        .unwrap()
        .unwrap();

    let refunds = (0..6).map(|_| store.settle_credits(&id, period, "job-a", 0));
    let refunds = futures_util::future::join_all(refunds).await;

    let paid: Vec<u32> = refunds.into_iter().filter_map(|r| r.unwrap()).collect();
    assert_eq!(
        paid,
        [2],
        "one settlement gives back, the rest find nothing"
    );
    assert_eq!(store.get_usage(&id, period).await.unwrap(), 1);
}

pub async fn nothing_comes_back_for_a_job_that_never_reserved(store: &dyn Store) {
    let id = uid("lou");
    let period = "d2026-11-22";
    store
        .reserve_credits(&id, period, "job-a", 1, 3)
        .await
        .unwrap()
        .unwrap();

    assert_eq!(
        store
            .settle_credits(&id, period, "job-never", 0)
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        store
            .settle_credits(&id, "d2026-11-23", "job-a", 0)
            .await
            .unwrap(),
        None,
        "a holding lives in its own period"
    );

    assert_eq!(store.get_usage(&id, period).await.unwrap(), 1);
    assert_eq!(
        store
            .reserve_credits(&id, period, "job-b", 3, 3)
            .await
            .unwrap(),
        Err(QuotaExceeded { used: 1 }),
        "no credit was minted"
    );
}

pub async fn a_retried_reservation_takes_nothing_more(store: &dyn Store) {
    let id = uid("max");
    let period = "d2026-11-22";

    let first = store
        .reserve_credits(&id, period, "job-a", 2, 3)
        .await
        .unwrap();
    let again = store
        .reserve_credits(&id, period, "job-a", 2, 3)
        .await
        .unwrap();

    assert_eq!((first, again), (Ok(2), Ok(2)));
    assert_eq!(
        store.settle_credits(&id, period, "job-a", 0).await.unwrap(),
        Some(2)
    );
    assert_eq!(store.get_usage(&id, period).await.unwrap(), 0);
}

pub async fn concurrent_reservations_never_pass_the_limit(store: &dyn Store) {
    let id = uid("jack");
    let period = "m2026-11";

    let jobs: Vec<String> = (0..12).map(|i| format!("job-{i}")).collect();
    let attempts = jobs
        .iter()
        .map(|job| store.reserve_credits(&id, period, job, 1, 5));
    let results = futures_util::future::join_all(attempts).await;

    let granted = results.iter().filter(|r| matches!(r, Ok(Ok(_)))).count();
    assert_eq!(granted, 5, "{results:?}");
    assert_eq!(store.get_usage(&id, period).await.unwrap(), 5);
}

pub async fn bonus_credits_add_up_in_their_own_period(store: &dyn Store) {
    let id = uid("lena");
    assert_eq!(store.get_bonus(&id, "d2026-11-22").await.unwrap(), 0);

    assert_eq!(store.add_bonus(&id, "d2026-11-22", 5).await.unwrap(), 5);
    assert_eq!(store.add_bonus(&id, "d2026-11-22", 3).await.unwrap(), 8);

    assert_eq!(store.get_bonus(&id, "d2026-11-22").await.unwrap(), 8);
    assert_eq!(store.get_bonus(&id, "d2026-11-23").await.unwrap(), 0);
    assert_eq!(
        store.get_usage(&id, "d2026-11-22").await.unwrap(),
        0,
        "a bonus is not a negative count of credits used"
    );
}

pub async fn concurrent_bonus_grants_all_count(store: &dyn Store) {
    let id = uid("mo");
    let grants = (0..6).map(|_| store.add_bonus(&id, "m2026-11", 2));
    for granted in futures_util::future::join_all(grants).await {
        granted.unwrap();
    }
    assert_eq!(store.get_bonus(&id, "m2026-11").await.unwrap(), 12);
}

pub async fn a_support_members_day_of_grants_never_passes_its_caps(store: &dyn Store) {
    let staff = uid("sam");
    let caps = StaffGrants {
        credits: 30,
        pro: 1,
    };
    let credits = |n| StaffGrants { credits: n, pro: 0 };
    let day = "2026-11-26";
    assert_eq!(
        store.get_staff_grants(&staff, day).await.unwrap(),
        StaffGrants::default()
    );

    let grants = (0..5).map(|_| store.count_staff_grant(&staff, day, credits(10), caps));
    let counted = futures_util::future::join_all(grants).await;
    let passed = counted.iter().filter(|c| matches!(c, Ok(Ok(_)))).count();
    assert_eq!(passed, 3, "three grants of 10 fit a cap of 30: {counted:?}");
    assert_eq!(
        store
            .count_staff_grant(&staff, day, StaffGrants { credits: 0, pro: 1 }, caps)
            .await
            .unwrap(),
        Ok(StaffGrants {
            credits: 30,
            pro: 1
        })
    );
    assert_eq!(
        store
            .count_staff_grant(&staff, day, StaffGrants { credits: 0, pro: 1 }, caps)
            .await
            .unwrap(),
        Err(StaffGrants {
            credits: 30,
            pro: 1
        }),
        "refused, with what was given"
    );
    assert_eq!(
        store.get_staff_grants(&staff, day).await.unwrap(),
        StaffGrants {
            credits: 30,
            pro: 1
        }
    );
    assert_eq!(
        store.get_staff_grants(&staff, "2026-11-27").await.unwrap(),
        StaffGrants::default(),
        "a new day starts afresh"
    );
}
