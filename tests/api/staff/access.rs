//! Who gets in: the staff extractor of every route (`src/http/staff/mod.rs`).

use super::*;

#[tokio::test]
async fn guests_users_and_revoked_staff_meet_a_path_that_does_not_exist() {
    let c = console(None).await;
    c.register("alice").await;
    c.account_has("alice", json!({})).await;
    c.account_has("rex", json!({"beta": true})).await;
    let unknown_path = status_and_code(c.get(None, "/api/v1/nothing-here").await).await;

    let guest = c.get(None, FIND).await;
    let user = c.get(Some(&token("alice", json!({}))), FIND).await;
    let self_made = c
        .get(Some(&token("alice", json!({"support": "true"}))), FIND)
        .await;
    // The token still says support; the account no longer does.
    let revoked = c
        .get(Some(&token("rex", json!({"support": true}))), FIND)
        .await;

    for response in [guest, user, self_made, revoked] {
        assert_eq!(status_and_code(response).await, unknown_path);
    }
    assert_eq!(unknown_path.0, 404);
}

#[tokio::test]
async fn a_disabled_staff_account_gets_404_at_once() {
    let c = console(None).await;
    let mut record = account("sam", json!({"support": true}));
    record["disabled"] = json!(true);
    c.account_is("sam", record).await;
    // A fresh token: it still says support, and the account is what counts.
    let sam = token("sam", json!({"support": true}));

    let response = c.get(Some(&sam), FIND).await;

    assert_eq!(
        status_and_code(response).await,
        (404, "not_found".to_owned())
    );
}

#[tokio::test]
async fn a_session_from_before_the_accounts_revocation_loses_the_console() {
    let c = console(None).await;
    let revoked_at = chrono::Utc::now().timestamp() - 60;
    let mut record = account("sam", json!({"support": true}));
    record["validSince"] = json!(revoked_at.to_string());
    c.account_is("sam", record).await;
    let session = |auth_time: i64| {
        let mut claims = claims("sam");
        claims["support"] = json!(true);
        claims["auth_time"] = json!(auth_time);
        unsigned(&claims)
    };

    let before = c.get(Some(&session(revoked_at - 1)), FIND).await;
    let after = c.get(Some(&session(revoked_at)), FIND).await;

    assert_eq!(status_and_code(before).await, (404, "not_found".to_owned()));
    assert_eq!(after.status(), 200, "a sign-in since then is a new session");
}

#[tokio::test]
async fn a_role_on_an_unverified_email_counts_for_nothing_and_is_never_granted() {
    let c = console_with(TestApp::builder()).await;
    let mut record = account("sam", json!({"support": true}));
    record["emailVerified"] = json!(false);
    c.account_is("sam", record).await;
    c.account_has("ada", json!({"admin": true})).await;
    Mock::given(method("POST"))
        .and(path(format!("{ACCOUNTS}:lookup")))
        .and(body_partial_json(json!({ "email": ["tess@example.com"] })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"users": [
            {"localId": "tess", "email": "tess@example.com", "emailVerified": false}
        ]})))
        .mount(&c.accounts)
        .await;
    let grant = json!({"email": "tess@example.com", "role": "support", "granted": true,
                       "reason": "joined the team"});

    let unverified = c
        .get(Some(&token("sam", json!({"support": true}))), FIND)
        .await;
    let granted = c
        .set_role(&token("ada", json!({"admin": true})), grant)
        .await;

    assert_eq!(
        status_and_code(unverified).await,
        (404, "not_found".to_owned())
    );
    assert_eq!(
        status_and_code(granted).await,
        (422, "invalid_field".to_owned())
    );
    assert!(claims_written(&c).await.is_empty());
    assert!(
        c.trail("tess").await.is_empty(),
        "nothing refused is written"
    );
}

#[tokio::test]
async fn an_unsigned_token_claiming_support_outside_emulator_mode_gets_nowhere() {
    let app = spawn_app().await;
    let forged = token("mallory", json!({"support": true, "admin": true}));

    let response = app
        .client
        .get(app.url(FIND))
        .bearer_auth(&forged)
        .send()
        .await
        .unwrap();

    assert_eq!(
        status_and_code(response).await,
        (404, "not_found".to_owned())
    );
}

#[tokio::test]
async fn with_the_accounts_service_down_staff_are_told_to_retry() {
    let c = console(None).await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(503)
                .set_body_json(json!({"error": {"code": 503, "message": "UNAVAILABLE"}})),
        )
        .mount(&c.accounts)
        .await;

    let response = c
        .get(Some(&token("sam", json!({"support": true}))), FIND)
        .await;

    assert_eq!(
        status_and_code(response).await,
        (503, "dependency_unavailable".to_owned())
    );
}
