//! What staff do to an account, each with a reason in the audit trail: its plan, bonus
//! credits, a reported image (`src/http/staff/actions.rs`).

use super::*;

#[tokio::test]
async fn staff_set_a_plan_with_a_reason_and_the_trail_says_who_and_why() {
    let c = console(None).await;
    c.register("alice").await;
    c.account_has("sam", json!({"support": true})).await;
    let sam = token("sam", json!({"support": true}));
    let alice = token("alice", json!({}));
    assert_eq!(
        c.get(Some(&alice), "/api/v1/me")
            .await
            .json::<Value>()
            .await
            .unwrap()["plan"],
        "free"
    );

    let until = chrono::Utc::now().date_naive() + chrono::Days::new(31);
    let body =
        json!({"plan": "pro", "until": until.to_string(), "reason": "refund of a double charge"});
    let response = c.set_plan(&sam, "alice", body).await;

    assert_eq!(response.status(), 200);
    let card: Value = response.json().await.unwrap();
    assert_eq!(
        card["why"],
        format!("Pro: set by support until {}", until.format("%b %-d, %Y"))
    );
    assert_eq!(
        card["audit"][0],
        json!({"at": card["audit"][0]["at"], "actor": "sam@example.com (sam)",
               "action": format!("set-plan pro until {until}"), "reason": "refund of a double charge"})
    );
    let me: Value = c
        .get(Some(&alice), "/api/v1/me")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(me["plan"], "pro", "the user sees it at once");
}

#[tokio::test]
async fn a_plan_change_needs_a_reason_a_real_date_a_user_and_someone_else() {
    let c = console(None).await;
    c.register("alice").await;
    c.register("sam").await;
    c.account_has("sam", json!({"support": true})).await;
    let sam = token("sam", json!({"support": true}));

    let blank = c
        .set_plan(&sam, "alice", json!({"plan": "pro", "reason": "  "}))
        .await;
    let bad_date = c
        .set_plan(
            &sam,
            "alice",
            json!({"plan": "pro", "until": "31/01/2999", "reason": "x"}),
        )
        .await;
    let past = c
        .set_plan(
            &sam,
            "alice",
            json!({"plan": "pro", "until": "2001-01-01", "reason": "x"}),
        )
        .await;
    let nobody = c
        .set_plan(&sam, "bob", json!({"plan": "free", "reason": "x"}))
        .await;
    let own = c
        .set_plan(&sam, "sam", json!({"plan": "free", "reason": "x"}))
        .await;

    for response in [blank, bad_date, past] {
        assert_eq!(
            status_and_code(response).await,
            (422, "invalid_field".to_owned())
        );
    }
    assert_eq!(status_and_code(nobody).await, (404, "not_found".to_owned()));
    assert_eq!(status_and_code(own).await, (403, "own_record".to_owned()));
    let trail = c.trail("alice").await;
    assert!(trail.is_empty(), "nothing refused is written: {trail:?}");
}

#[tokio::test]
async fn more_than_a_month_of_pro_or_twenty_credits_at_once_needs_an_admin() {
    let c = console(None).await;
    c.register("alice").await;
    c.account_has("sam", json!({"support": true})).await;
    c.account_has("ada", json!({"admin": true})).await;
    let sam = token("sam", json!({"support": true}));
    let ada = token("ada", json!({"admin": true}));
    let in_days = |days| (chrono::Utc::now().date_naive() + chrono::Days::new(days)).to_string();
    let pro = |until: Option<String>| json!({"plan": "pro", "until": until, "reason": "goodwill"});
    let credits = |n: u32| json!({"credits": n, "reason": "goodwill"});

    let beyond_support = [
        c.set_plan(&sam, "alice", pro(Some(in_days(32)))).await,
        c.set_plan(&sam, "alice", pro(None)).await,
        c.add_credits(&sam, "alice", credits(21)).await,
    ];
    for response in beyond_support {
        assert_eq!(
            status_and_code(response).await,
            (403, "admin_required".to_owned())
        );
    }
    assert!(
        c.trail("alice").await.is_empty(),
        "nothing refused is written"
    );
    assert_eq!(quota_of(&c, "alice").await["bonus"], 0);

    let within_support = [
        c.set_plan(&sam, "alice", pro(Some(in_days(31)))).await,
        c.add_credits(&sam, "alice", credits(20)).await,
    ];
    let by_admin = [
        c.set_plan(&ada, "alice", pro(None)).await,
        c.add_credits(&ada, "alice", credits(100)).await,
    ];
    for response in within_support.into_iter().chain(by_admin) {
        assert_eq!(response.status(), 200);
    }
    let actions: Vec<_> = c
        .trail("alice")
        .await
        .into_iter()
        .map(|e| e.actor)
        .collect();
    assert_eq!(
        actions,
        [
            "sam@example.com (sam)",
            "sam@example.com (sam)",
            "ada@example.com (ada)",
            "ada@example.com (ada)"
        ]
    );
    // A bonus belongs to the period it was given in: the 20 to the month ending with sam's
    // plan, the 100 to the calendar month ada's plan without an end is counted in.
    assert_eq!(quota_of(&c, "alice").await["bonus"], 100);
}

#[tokio::test]
async fn premium_a_subscriber_pays_for_and_a_colleagues_account_are_an_admins_to_change() {
    let c = console(None).await;
    c.register("payer").await;
    c.register("kim").await;
    c.account_has("sam", json!({"support": true})).await;
    c.account_has("kim", json!({"support": true})).await;
    c.account_has("ada", json!({"admin": true})).await;
    let sam = token("sam", json!({"support": true}));
    let ada = token("ada", json!({"admin": true}));
    c.app.pays_for_premium("payer").await;
    let in_days = |days| (chrono::Utc::now().date_naive() + chrono::Days::new(days)).to_string();
    let free = json!({"plan": "free", "reason": "asked for a refund"});
    let goodwill = json!({"plan": "pro", "until": in_days(7), "reason": "goodwill"});
    let credits = json!({"credits": 5, "reason": "goodwill"});

    let beyond_support = [
        c.set_plan(&sam, "payer", free.clone()).await,
        c.set_plan(&sam, "kim", goodwill.clone()).await,
        c.add_credits(&sam, "kim", credits.clone()).await,
    ];
    for response in beyond_support {
        assert_eq!(
            status_and_code(response).await,
            (403, "admin_required".to_owned())
        );
    }
    assert!(c.trail("payer").await.is_empty() && c.trail("kim").await.is_empty());
    let payer = c.app.state.store.get_user("payer").await.unwrap().unwrap();
    assert!(payer.is_pro(lucent::store::now_ms()));

    let by_admin = [
        c.set_plan(&ada, "payer", free).await,
        c.set_plan(&ada, "kim", goodwill).await,
        c.add_credits(&ada, "kim", credits).await,
    ];
    for response in by_admin {
        assert_eq!(response.status(), 200);
    }
}

#[tokio::test]
async fn the_card_says_which_accounts_only_an_admin_may_change() {
    let c = console(None).await;
    c.register("payer").await;
    c.register("kim").await;
    c.register("alice").await;
    c.account_has("sam", json!({"support": true})).await;
    c.account_has("kim", json!({"support": true})).await;
    let sam = token("sam", json!({"support": true}));
    c.app.pays_for_premium("payer").await;

    for (uid, staff_account, pays_for_premium) in [
        ("payer", false, true),
        ("kim", true, false),
        ("alice", false, false),
    ] {
        let card = c.json(&sam, &format!("/api/v1/support/users/{uid}")).await;
        assert_eq!(
            card["adminOnly"],
            json!({"staffAccount": staff_account, "paysForPremium": pays_for_premium}),
            "{uid}"
        );
    }
}

async fn remove(c: &Console, staff: &str, uid: &str, id: &str, reason: &str) -> reqwest::Response {
    c.app
        .client
        .delete(
            c.app
                .url(&format!("/api/v1/support/users/{uid}/generations/{id}")),
        )
        .bearer_auth(staff)
        .json(&json!({ "reason": reason }))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn staff_delete_a_reported_image_of_a_free_user_and_the_trail_says_why() {
    let c = console(None).await;
    c.register("alice").await;
    let id = image_of(&c, "alice").await;
    c.account_has("sam", json!({"support": true})).await;
    let sam = token("sam", json!({"support": true}));

    let response = remove(&c, &sam, "alice", &id, "abuse report #12").await;

    assert_eq!(response.status(), 204);
    let left = c
        .app
        .state
        .store
        .get_generation("alice", &id)
        .await
        .unwrap();
    assert!(left.is_none(), "the record is gone");
    let card: Value = c
        .get(Some(&sam), "/api/v1/support/users/alice")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        card["audit"][0]["action"],
        format!("delete generation {id}")
    );
    assert_eq!(card["audit"][0]["reason"], "abuse report #12");
    assert_eq!(card["audit"][0]["actor"], "sam@example.com (sam)");
}

#[tokio::test]
async fn a_deletion_needs_a_reason_an_image_and_someone_elses_record() {
    let c = console(None).await;
    c.register("sam").await;
    let own = image_of(&c, "sam").await;
    c.register("alice").await;
    let id = image_of(&c, "alice").await;
    c.account_has("sam", json!({"support": true})).await;
    let sam = token("sam", json!({"support": true}));

    let blank = remove(&c, &sam, "alice", &id, " ").await;
    let unknown = remove(&c, &sam, "alice", &own, "x").await;
    let theirs = remove(&c, &sam, "sam", &own, "x").await;

    assert_eq!(
        status_and_code(blank).await,
        (422, "invalid_field".to_owned())
    );
    assert_eq!(
        status_and_code(unknown).await,
        (404, "not_found".to_owned())
    );
    assert_eq!(
        status_and_code(theirs).await,
        (403, "own_record".to_owned())
    );
    assert!(
        c.app
            .state
            .store
            .get_generation("alice", &id)
            .await
            .unwrap()
            .is_some()
    );
    assert!(c.trail("alice").await.is_empty());
}

#[tokio::test]
async fn bonus_credits_from_support_show_on_the_users_profile_and_can_be_spent() {
    let (c, sam) = console_for_sam(TestApp::builder().free_daily(1)).await;
    c.register("alice").await;
    image_of(&c, "alice").await;
    let alice = token("alice", json!({}));
    let spent = c.app.generate(&alice, &json!({"prompt": "a fox"})).await;
    assert_eq!(
        status_and_code(spent).await,
        (429, "quota_exhausted".to_owned())
    );

    let response = c
        .add_credits(
            &sam,
            "alice",
            json!({"credits": 2, "reason": "two renders failed"}),
        )
        .await;

    assert_eq!(response.status(), 200);
    let card: Value = response.json().await.unwrap();
    let today = chrono::Utc::now().format("d%Y-%m-%d").to_string();
    assert_eq!(
        card["audit"][0]["action"],
        format!("add-credits 2 to {today}")
    );
    assert_eq!(card["audit"][0]["reason"], "two renders failed");
    assert_eq!(card["audit"][0]["actor"], "sam@example.com (sam)");
    assert_eq!(card["profile"]["quota"], quota_of(&c, "alice").await);
    let quota = quota_of(&c, "alice").await;
    assert_eq!(
        (&quota["used"], &quota["limit"], &quota["bonus"]),
        (&json!(1), &json!(3), &json!(2))
    );
    image_of(&c, "alice").await;
    image_of(&c, "alice").await;
    let over = c.app.generate(&alice, &json!({"prompt": "a fox"})).await;
    assert_eq!(
        status_and_code(over).await,
        (429, "quota_exhausted".to_owned())
    );
}

#[tokio::test]
async fn a_grant_needs_a_reason_a_sensible_number_a_user_and_someone_else() {
    let (c, sam) = console_for_sam(TestApp::builder()).await;
    c.register("alice").await;
    c.register("sam").await;

    let refused = [
        c.add_credits(&sam, "alice", json!({"credits": 5, "reason": " "}))
            .await,
        c.add_credits(&sam, "alice", json!({"credits": 0, "reason": "x"}))
            .await,
        c.add_credits(&sam, "alice", json!({"credits": 501, "reason": "x"}))
            .await,
    ];
    let nobody = c
        .add_credits(&sam, "bob", json!({"credits": 5, "reason": "x"}))
        .await;
    let own = c
        .add_credits(&sam, "sam", json!({"credits": 5, "reason": "x"}))
        .await;

    for (response, field) in refused.into_iter().zip(["reason", "credits", "credits"]) {
        assert_eq!(response.status(), 422);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"]["code"], "invalid_field");
        assert_eq!(
            body["error"]["field"], field,
            "the field at fault is named: {body}"
        );
    }
    assert_eq!(status_and_code(nobody).await, (404, "not_found".to_owned()));
    assert_eq!(status_and_code(own).await, (403, "own_record".to_owned()));
    assert_eq!(quota_of(&c, "alice").await["bonus"], 0);
    assert_eq!(quota_of(&c, "sam").await["bonus"], 0);
    assert!(c.trail("alice").await.is_empty());
}
