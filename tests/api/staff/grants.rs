//! What a support member may still give today (`src/http/staff/grants.rs`).

use super::*;

#[tokio::test]
async fn a_support_member_grants_up_to_a_daily_total_and_an_admin_beyond_it() {
    let (c, sam) = console_for_sam(
        TestApp::builder()
            .support_daily_credits(30)
            .support_daily_pro(1),
    )
    .await;
    for uid in ["alice", "bob"] {
        c.register(uid).await;
    }
    c.account_has("ada", json!({"admin": true})).await;
    let ada = token("ada", json!({"admin": true}));
    let credits = |n: u32| json!({"credits": n, "reason": "goodwill"});
    let pro = json!({"plan": "pro", "until": (chrono::Utc::now().date_naive() + chrono::Days::new(7)).to_string(), "reason": "goodwill"});
    let left = async |who: &str| c.json(who, "/api/v1/support/grants").await;
    assert_eq!(left(&sam).await["creditsLeft"], 30);

    // Across users: the day is the support member's, not the user's.
    for (uid, n) in [("alice", 20), ("bob", 10)] {
        assert_eq!(c.add_credits(&sam, uid, credits(n)).await.status(), 200);
    }
    assert_eq!(c.set_plan(&sam, "alice", pro.clone()).await.status(), 200);
    let past_credits = c.add_credits(&sam, "bob", credits(1)).await;
    let past_pro = c.set_plan(&sam, "bob", pro.clone()).await;

    assert_eq!(
        status_and_code(past_credits).await,
        (403, "admin_required".to_owned())
    );
    assert_eq!(
        status_and_code(past_pro).await,
        (403, "admin_required".to_owned())
    );
    let today = left(&sam).await;
    assert_eq!(
        (&today["creditsLeft"], &today["proLeft"]),
        (&json!(0), &json!(0))
    );
    assert_eq!(today["creditsPerDay"], 30);
    assert_eq!(
        quota_of(&c, "bob").await["bonus"],
        10,
        "the refused grant gave nothing"
    );
    let bobs_trail = c.trail("bob").await;
    assert_eq!(
        bobs_trail.len(),
        1,
        "nothing refused is written: {bobs_trail:?}"
    );
    assert_eq!(c.add_credits(&ada, "bob", credits(50)).await.status(), 200);
    assert_eq!(c.set_plan(&ada, "bob", pro).await.status(), 200);
    assert_eq!(
        left(&ada).await["creditsLeft"],
        Value::Null,
        "an admin's are not counted"
    );
}
