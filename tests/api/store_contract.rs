//! One contract, two adapters: the embedded SQLite store and the Realtime Database client
//! (through a local server speaking the REST wire format) must behave the same. With
//! `FIREBASE_DATABASE_EMULATOR_HOST` set, the ignored `rtdb_emulator` tests run it against a
//! real Database emulator too (`cargo test -- --ignored rtdb_emulator`).

use std::sync::Arc;
use std::time::Duration;

use lucent::store::embedded::EmbeddedStore;
use lucent::store::rtdb::{Credentials, RtdbClient, RtdbStore};
use lucent::store::{
    AgeCheck, AgeStatus, AuditEntry, GenerationRecord, ManualPlan, ProfileUpdate, QuotaExceeded,
    RefusalRecord, SourceMode, SourceRef, StaffGrants, Store, StoreError, Subscription, Suspension,
    Tombstone,
};

use crate::fake_rtdb::FakeRtdb;

pub const NAMESPACE: &str = "demo-lucent-default-rtdb";

pub struct Harness {
    pub store: Arc<dyn Store>,
    _keep: Box<dyn std::any::Any + Send>,
}

pub async fn embedded() -> Harness {
    let dir = tempfile::tempdir().unwrap();
    Harness {
        store: Arc::new(EmbeddedStore::open(dir.path()).unwrap()),
        _keep: Box::new(dir),
    }
}

pub fn rtdb_client(base: &str, credentials: Credentials) -> RtdbClient {
    RtdbClient::new(
        lucent::upstream::http_client().unwrap(),
        url::Url::parse(&format!("{base}/")).unwrap(),
        Some(NAMESPACE.to_owned()),
        credentials,
        Duration::from_secs(2),
    )
}

pub async fn rtdb() -> Harness {
    let server = FakeRtdb::start(NAMESPACE, "owner").await;
    Harness {
        store: Arc::new(RtdbStore::new(rtdb_client(
            &server.uri,
            Credentials::EmulatorOwner,
        ))),
        _keep: Box::new(server),
    }
}

/// A real Database emulator, when one is running (it needs Java, so CI has none).
pub async fn rtdb_emulator() -> Harness {
    let host = std::env::var("FIREBASE_DATABASE_EMULATOR_HOST")
        .expect("set FIREBASE_DATABASE_EMULATOR_HOST to run these");
    let client = rtdb_client(&format!("http://{host}"), Credentials::EmulatorOwner);
    Harness {
        store: Arc::new(RtdbStore::new(client)),
        _keep: Box::new(()),
    }
}

fn profile(name: &str, age: bool) -> ProfileUpdate {
    ProfileUpdate {
        email: format!("{}@example.com", name.to_lowercase()),
        username: name.to_owned(),
        age_confirmed: age,
    }
}

/// Unique per run, so a shared emulator does not see earlier runs' records.
fn uid(name: &str) -> String {
    format!(
        "{name}-{}",
        lucent::store::push_id::next().replace(['-', '_'], "x")
    )
}

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

pub async fn audit_entries_are_kept_in_order(store: &dyn Store) {
    let id = uid("erin");
    for (i, reason) in ["refund", "goodwill"].iter().enumerate() {
        let entry = AuditEntry {
            at: 1_000 + i as i64,
            actor: "support@lucent".into(),
            action: "set-plan pro".into(),
            reason: (*reason).into(),
        };
        store.add_audit(&id, &entry).await.unwrap();
        tokio::time::sleep(Duration::from_millis(2)).await;
    }

    let trail = store.list_audit(&id).await.unwrap();

    let reasons: Vec<_> = trail.iter().map(|e| e.reason.as_str()).collect();
    assert_eq!(reasons, ["refund", "goodwill"]);
}

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

fn generation(id: &str, created_at: i64) -> GenerationRecord {
    GenerationRecord {
        id: id.to_owned(),
        prompt: "a lighthouse at dusk".into(),
        negative_prompt: String::new(),
        style: "real-v1.1".into(),
        checkpoint: "Realistic_Vision_V4.0.safetensors [29a7afaa]".into(),
        look: Some("korean".into()),
        seed: 42,
        steps: 30,
        enhance: true,
        width: 1024,
        height: 1024,
        size: Some("square".into()),
        cfg: Some(6.5),
        sampler: Some("euler-a".into()),
        favorite: false,
        source: None,
        created_at,
        explicit: Some(false),
        blob_key: format!("u/{id}/original.png"),
        preview_key: format!("u/{id}/preview.png"),
    }
}

pub async fn generations_are_stored_listed_newest_first_and_deleted(store: &dyn Store) {
    let id = uid("kim");
    let other = uid("lee");
    let ids: Vec<String> = (0..5)
        .map(|i| format!("g{i}-{}", lucent::store::push_id::next()))
        .collect();
    for (i, g) in ids.iter().enumerate() {
        store
            .put_generation(&id, &generation(g, 1_000 + i as i64))
            .await
            .unwrap();
    }
    store
        .put_generation(&other, &generation("g9-other", 1_000))
        .await
        .unwrap();

    let first = store.list_generations(&id, None, 2).await.unwrap();
    let next = store
        .list_generations(&id, Some(&first[1].id), 2)
        .await
        .unwrap();
    let last = store
        .list_generations(&id, Some(&next[1].id), 2)
        .await
        .unwrap();

    let seen: Vec<_> = [first, next, last]
        .concat()
        .into_iter()
        .map(|g| g.id)
        .collect();
    let mut expected = ids.clone();
    expected.reverse();
    assert_eq!(seen, expected);
    assert_eq!(
        store.get_generation(&id, &ids[0]).await.unwrap(),
        Some(generation(&ids[0], 1_000))
    );
    assert_eq!(store.get_generation(&id, "g9-other").await.unwrap(), None);

    assert!(store.delete_generation(&id, &ids[0]).await.unwrap());
    assert!(!store.delete_generation(&id, &ids[0]).await.unwrap());
    assert_eq!(store.get_generation(&id, &ids[0]).await.unwrap(), None);
    assert_eq!(
        store.list_generations(&id, None, 10).await.unwrap().len(),
        4
    );
    assert_eq!(store.count_generations(&id).await.unwrap(), 4);
    assert_eq!(store.count_generations(&other).await.unwrap(), 1);
    assert_eq!(store.count_generations(&uid("nobody")).await.unwrap(), 0);
}

pub async fn a_variation_keeps_its_source(store: &dyn Store) {
    let id = uid("val");
    let mut varied = generation("varied", 2_000);
    varied.source = Some(SourceRef {
        generation: "source-id".into(),
        mode: SourceMode::VaryStrong,
    });
    store.put_generation(&id, &varied).await.unwrap();

    assert_eq!(
        store.get_generation(&id, "varied").await.unwrap(),
        Some(varied.clone())
    );
    assert_eq!(
        store.list_generations(&id, None, 1).await.unwrap(),
        [varied]
    );
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

pub async fn a_favourite_is_marked_and_unmarked_and_never_made_up(store: &dyn Store) {
    let id = uid("fay");
    store
        .put_generation(&id, &generation("fav-a", 1_000))
        .await
        .unwrap();

    assert!(store.set_favorite(&id, "fav-a", true).await.unwrap());
    assert!(
        store
            .get_generation(&id, "fav-a")
            .await
            .unwrap()
            .unwrap()
            .favorite
    );
    assert!(store.set_favorite(&id, "fav-a", false).await.unwrap());
    let unmarked = store.get_generation(&id, "fav-a").await.unwrap().unwrap();
    assert_eq!(unmarked, generation("fav-a", 1_000), "nothing else changed");

    assert!(!store.set_favorite(&id, "fav-none", true).await.unwrap());
    assert_eq!(
        store.get_generation(&id, "fav-none").await.unwrap(),
        None,
        "no record is made for a favourite"
    );
}

pub async fn old_generations_are_found_for_the_retention_sweep(store: &dyn Store) {
    let (a, b) = (uid("mia"), uid("ned"));
    // Far in the past, so a shared emulator's other records do not interfere.
    store
        .put_generation(&a, &generation("old-a", 5))
        .await
        .unwrap();
    store
        .put_generation(&b, &generation("old-b", 7))
        .await
        .unwrap();
    store
        .put_generation(&a, &generation("new-a", 2_000_000_000_000))
        .await
        .unwrap();

    let ids = |found: Vec<GenerationRecord>| found.into_iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(
        ids(store.generations_created_before(&a, 10, 100).await.unwrap()),
        ["old-a"]
    );
    assert_eq!(
        ids(store.generations_created_before(&b, 10, 100).await.unwrap()),
        ["old-b"]
    );
    assert_eq!(
        ids(store
            .generations_created_before(&a, 3_000_000_000_000, 1)
            .await
            .unwrap()),
        ["old-a"],
        "oldest first, up to the limit"
    );
    let owners = store.generation_owners().await.unwrap();
    assert!(owners.contains(&a) && owners.contains(&b), "{owners:?}");
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

fn refusal_of(uid: &str, prompt: &str) -> RefusalRecord {
    RefusalRecord {
        uid: uid.to_owned(),
        at: 1,
        route: "jobs".into(),
        style: "nsfw-v1.1".into(),
        category: "minor".into(),
        words: vec!["15 year old".into()],
        prompt: prompt.into(),
        negative_prompt: String::new(),
        flagged: Vec::new(),
        false_positive: false,
        strike: true,
    }
}

fn suspension_since(since: i64) -> Suspension {
    Suspension {
        since,
        reason: "5 refused requests in 24 hours".into(),
        upheld_at: None,
    }
}

pub async fn refusals_are_kept_in_order_and_a_suspension_is_set_and_lifted(store: &dyn Store) {
    let id = uid("rita");
    store
        .upsert_profile(&id, &profile("Rita", false))
        .await
        .unwrap();
    let refusal = |prompt: &str| refusal_of(&id, prompt);

    let first = store.add_refusal(&refusal("one")).await.unwrap();
    // Push ids order by the millisecond, as the database's own do.
    tokio::time::sleep(Duration::from_millis(2)).await;
    store.add_refusal(&refusal("two")).await.unwrap();
    let suspension = suspension_since(5);
    let suspended = store.set_suspension(&id, &suspension).await.unwrap();

    let kept = store.list_refusals(&id).await.unwrap();
    let prompts: Vec<_> = kept.iter().map(|(_, r)| r.prompt.as_str()).collect();
    assert_eq!(prompts, ["one", "two"]);
    assert_eq!(kept[0], (first.clone(), refusal("one")));
    assert_eq!(suspended.suspension.as_ref(), Some(&suspension));
    let read = store.get_user(&id).await.unwrap().unwrap();
    assert_eq!(read.suspension, Some(suspension));
    assert_eq!(read.username, "Rita", "the rest of the record stays");
    assert!(store.mark_false_positive(&id, &first).await.unwrap());
    assert!(!store.mark_false_positive(&id, "nothing").await.unwrap());
    let marked = store.list_refusals(&id).await.unwrap();
    assert!(marked[0].1.false_positive && !marked[1].1.false_positive);
    let lifted = store.lift_suspension(&id, 9).await.unwrap();
    assert_eq!(lifted.suspension, None);
    assert_eq!(lifted.refusals_reviewed_at, Some(9));
    assert_eq!(store.get_user(&id).await.unwrap().unwrap(), lifted);
    let ghost = store.lift_suspension(&uid("ghost"), 9).await;
    assert!(matches!(ghost, Err(StoreError::Missing(_))), "{ghost:?}");
}

pub async fn a_users_refusals_are_theirs_alone(store: &dyn Store) {
    let (rita, sid) = (uid("rita"), uid("sid"));
    let ritas = store.add_refusal(&refusal_of(&rita, "hers")).await.unwrap();
    store.add_refusal(&refusal_of(&sid, "his")).await.unwrap();

    let listed = store.list_refusals(&rita).await.unwrap();

    assert_eq!(listed, [(ritas.clone(), refusal_of(&rita, "hers"))]);
    assert!(
        !store.mark_false_positive(&sid, &ritas).await.unwrap(),
        "a refusal is marked only as its own user's"
    );
    assert!(
        !store.list_refusals(&rita).await.unwrap()[0]
            .1
            .false_positive
    );
}

pub async fn every_users_refusals_read_newest_first_in_pages(store: &dyn Store) {
    let ours = [uid("rita"), uid("sid")];
    let mut keys = Vec::new();
    for n in 0..5 {
        let refusal = refusal_of(&ours[n % 2], &format!("prompt {n}"));
        keys.push(store.add_refusal(&refusal).await.unwrap());
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let page = |before: Option<String>| async move {
        let found = store.recent_refusals(before.as_deref(), 3).await.unwrap();
        let prompts: Vec<String> = found.iter().map(|(_, r)| r.prompt.clone()).collect();
        (prompts, found.last().map(|(k, _)| k.clone()))
    };

    let (first, cursor) = page(None).await;
    let (second, _) = page(cursor).await;

    assert_eq!(first, ["prompt 4", "prompt 3", "prompt 2"]);
    assert_eq!(second, ["prompt 1", "prompt 0"]);
    let before_the_first = store.recent_refusals(Some(&keys[0]), 3).await.unwrap();
    assert!(before_the_first.iter().all(|(k, _)| k < &keys[0]));
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

pub async fn the_store_answers_a_ping(store: &dyn Store) {
    store.ping().await.unwrap();
}

/// One test per contract function for `$adapter`; `$attr` goes on each (`cfg(all())` is none).
macro_rules! contract {
    ($adapter:ident, #[$attr:meta]) => {
        mod $adapter {
            contract!(@tests $adapter, $attr;
                an_unknown_user_reads_as_none,
                a_profile_is_created_then_updated_in_place,
                an_age_confirmation_once_given_stays,
                a_subscription_is_merged_field_by_field,
                a_subscription_for_an_unknown_user_creates_nothing,
                a_plan_set_by_hand_clears_a_lapsed_end_and_keeps_the_payment_ids,
                a_user_is_found_by_email,
                every_account_sharing_an_email_is_found,
                users_are_found_by_the_start_of_their_email_in_email_order,
                audit_entries_are_kept_in_order,
                refusals_are_kept_in_order_and_a_suspension_is_set_and_lifted,
                a_users_refusals_are_theirs_alone,
                every_users_refusals_read_newest_first_in_pages,
                suspended_users_are_listed_latest_first_and_an_upheld_one_stays,
                usage_is_zero_before_any_generation,
                concurrent_writers_lose_no_update,
                credits_are_reserved_up_to_the_limit_and_settled_per_job,
                a_job_keeps_what_its_images_used_and_gets_the_rest_back,
                a_refund_is_paid_once_however_often_it_is_asked,
                nothing_comes_back_for_a_job_that_never_reserved,
                a_retried_reservation_takes_nothing_more,
                concurrent_reservations_never_pass_the_limit,
                bonus_credits_add_up_in_their_own_period,
                concurrent_bonus_grants_all_count,
                a_support_members_day_of_grants_never_passes_its_caps,
                generations_are_stored_listed_newest_first_and_deleted,
                a_favourite_is_marked_and_unmarked_and_never_made_up,
                a_variation_keeps_its_source,
                an_accounts_records_are_deleted_but_what_a_hold_keeps,
                old_generations_are_found_for_the_retention_sweep,
                a_tombstone_is_written_once_and_found_when_due,
                a_verified_emails_tombstone_is_found_and_its_standing_carried_once,
                an_age_check_read_later_is_never_replaced_by_one_read_earlier,
                the_store_answers_a_ping,
            );
        }
    };
    (@tests $adapter:ident, $attr:meta; $($name:ident),* $(,)?) => {
        $(
            #[tokio::test]
            #[$attr]
            async fn $name() {
                let harness = super::$adapter().await;
                super::$name(&*harness.store).await;
            }
        )*
    };
}

contract!(embedded, #[cfg(all())]);
contract!(rtdb, #[cfg(all())]);
contract!(rtdb_emulator, #[ignore = "needs a Database emulator: set FIREBASE_DATABASE_EMULATOR_HOST and run with --ignored"]);
