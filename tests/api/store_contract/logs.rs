//! Refusals and the audit trail, per user and across users.

use lucent::store::{AuditEntry, RefusalRecord, Store, StoreError, Suspension};

use super::{next_millisecond, profile, uid};

pub fn refusal_of(uid: &str, prompt: &str) -> RefusalRecord {
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

pub fn suspension_since(since: i64) -> Suspension {
    Suspension {
        since,
        reason: "5 refused requests in 24 hours".into(),
        upheld_at: None,
    }
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
        next_millisecond().await;
    }

    let trail = store.list_audit(&id).await.unwrap();

    let reasons: Vec<_> = trail.iter().map(|e| e.reason.as_str()).collect();
    assert_eq!(reasons, ["refund", "goodwill"]);
}

pub async fn refusals_are_kept_in_order_and_a_suspension_is_set_and_lifted(store: &dyn Store) {
    let id = uid("rita");
    store
        .upsert_profile(&id, &profile("Rita", false))
        .await
        .unwrap();
    let refusal = |prompt: &str| refusal_of(&id, prompt);

    let first = store.add_refusal(&refusal("one")).await.unwrap();
    next_millisecond().await;
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
        next_millisecond().await;
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
