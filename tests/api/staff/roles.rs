//! Granting and revoking staff roles, from the command line and the console
//! (`src/http/staff/roles.rs`).

use super::*;

/// `lucent staff …` against the accounts API; what it printed.
fn staff_command(c: &Console, args: &[&str]) -> String {
    let host = c.accounts.uri().trim_start_matches("http://").to_owned();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lucent"))
        .env_clear()
        .args(["staff", "--auth-emulator-host", &host])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[tokio::test]
async fn granting_and_revoking_a_role_keeps_the_accounts_other_claims() {
    let c = console(None).await;
    Mock::given(method("POST"))
        .and(path(format!("{ACCOUNTS}:lookup")))
        .and(body_partial_json(json!({ "email": ["sam@example.com"] })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "users": [account("sam", json!({"beta": true, "admin": true}))],
        })))
        .mount(&c.accounts)
        .await;
    c.account_has("sam", json!({"beta": true, "admin": true}))
        .await;
    Mock::given(method("POST"))
        .and(path(format!("{ACCOUNTS}:update")))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"localId": "sam"})))
        .mount(&c.accounts)
        .await;

    let granted = staff_command(&c, &["grant", "sam@example.com", "--role", "support"]);
    let revoked = staff_command(&c, &["revoke", "sam@example.com", "--role", "admin"]);

    assert_eq!(granted, "sam@example.com (sam) now has the support role\n");
    assert_eq!(
        revoked,
        "sam@example.com (sam) no longer has the admin role\n"
    );
    assert_eq!(
        claims_written(&c).await,
        [
            (
                "sam".to_owned(),
                json!({"beta": true, "admin": true, "support": true})
            ),
            ("sam".to_owned(), json!({"beta": true})),
        ]
    );
}

impl Console {
    /// The accounts API finds `uid` by its email, with these custom claims, and takes updates.
    pub async fn email_finds(&self, uid: &str, custom: Value) {
        Mock::given(method("POST"))
            .and(path(format!("{ACCOUNTS}:lookup")))
            .and(body_partial_json(
                json!({ "email": [format!("{uid}@example.com")] }),
            ))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(json!({"users": [account(uid, custom.clone())]})),
            )
            .mount(&self.accounts)
            .await;
        self.account_has(uid, custom).await;
        Mock::given(method("POST"))
            .and(path(format!("{ACCOUNTS}:update")))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({"localId": uid})))
            .mount(&self.accounts)
            .await;
    }

    /// The accounts API keeps `uid`'s claims as written, as the Auth emulator does, and each
    /// lookup answers what was there when it arrived, after `slow`: two changes made at once
    /// both read before either writes.
    pub async fn live_account(
        &self,
        uid: &str,
        custom: Value,
        slow: Duration,
    ) -> Arc<Mutex<Value>> {
        let claims = Arc::new(Mutex::new(custom));
        for by in [
            json!({ "email": [format!("{uid}@example.com")] }),
            json!({ "localId": [uid] }),
        ] {
            let (uid, claims) = (uid.to_owned(), Arc::clone(&claims));
            Mock::given(method("POST"))
                .and(path(format!("{ACCOUNTS}:lookup")))
                .and(body_partial_json(by))
                .respond_with(move |_: &wiremock::Request| {
                    let now = claims.lock().unwrap().clone();
                    ResponseTemplate::new(200)
                        .set_body_json(json!({"users": [account(&uid, now)]}))
                        .set_delay(slow)
                })
                .mount(&self.accounts)
                .await;
        }
        let written = Arc::clone(&claims);
        Mock::given(method("POST"))
            .and(path(format!("{ACCOUNTS}:update")))
            .respond_with(move |request: &wiremock::Request| {
                let body: Value = serde_json::from_slice(&request.body).unwrap();
                let custom = body["customAttributes"].as_str().unwrap();
                *written.lock().unwrap() = serde_json::from_str(custom).unwrap();
                ResponseTemplate::new(200).set_body_json(json!({"localId": body["localId"]}))
            })
            .mount(&self.accounts)
            .await;
        claims
    }

    pub async fn set_role(&self, token: &str, body: Value) -> reqwest::Response {
        self.app
            .client
            .post(self.app.url("/api/v1/support/staff"))
            .bearer_auth(token)
            .json(&body)
            .send()
            .await
            .unwrap()
    }
}

#[tokio::test]
async fn an_admin_grants_the_support_role_from_the_browser_and_the_trail_says_who_and_why() {
    let c = console_with(TestApp::builder()).await;
    c.account_has("ada", json!({"admin": true})).await;
    c.email_finds("tess", json!({"beta": true})).await;
    let ada = token("ada", json!({"admin": true}));

    let response = c
        .set_role(
            &ada,
            json!({"email": "tess@example.com", "role": "support", "granted": true,
                               "reason": "joined the support team"}),
        )
        .await;

    assert_eq!(response.status(), 200);
    let account: Value = response.json().await.unwrap();
    assert_eq!(
        account,
        json!({"uid": "tess", "email": "tess@example.com", "support": true, "admin": false})
    );
    assert_eq!(
        claims_written(&c).await,
        [("tess".to_owned(), json!({"beta": true, "support": true}))]
    );
    let trail = c.trail("tess").await;
    assert_eq!(trail.len(), 1);
    assert_eq!(
        (
            trail[0].actor.as_str(),
            trail[0].action.as_str(),
            trail[0].reason.as_str()
        ),
        (
            "ada@example.com (ada)",
            "grant role support",
            "joined the support team"
        )
    );
}

#[tokio::test]
async fn two_admins_changing_one_accounts_roles_at_once_both_count() {
    let c = console_with(TestApp::builder()).await;
    c.account_has("ada", json!({"admin": true})).await;
    c.account_has("abe", json!({"admin": true})).await;
    let claims = c
        .live_account("tess", json!({"beta": true}), Duration::from_millis(300))
        .await;
    let change = |role: &str| {
        json!({"email": "tess@example.com", "role": role, "granted": true,
               "reason": "joined the team"})
    };

    let (ada, abe) = (
        token("ada", json!({"admin": true})),
        token("abe", json!({"admin": true})),
    );
    let (first, second) = tokio::join!(
        c.set_role(&ada, change("support")),
        c.set_role(&abe, change("admin")),
    );

    assert_eq!(
        (first.status().as_u16(), second.status().as_u16()),
        (200, 200)
    );
    assert_eq!(
        *claims.lock().unwrap(),
        json!({"beta": true, "support": true, "admin": true})
    );
}

#[tokio::test]
async fn support_staff_grant_nothing_and_nobody_changes_their_own_role() {
    let c = console_with(TestApp::builder()).await;
    c.account_has("sam", json!({"support": true})).await;
    c.account_has("ada", json!({"admin": true})).await;
    c.email_finds("ada", json!({"admin": true})).await;
    let sam = token("sam", json!({"support": true}));
    // A token that still says admin: the account decides.
    let sam_claiming_admin = token("sam", json!({"support": true, "admin": true}));
    let ada = token("ada", json!({"admin": true}));
    let body =
        |email: &str| json!({"email": email, "role": "admin", "granted": true, "reason": "x"});

    let by_support = c.set_role(&sam, body("tess@example.com")).await;
    let by_stale_token = c
        .set_role(&sam_claiming_admin, body("tess@example.com"))
        .await;
    let own = c
        .set_role(
            &ada,
            json!({"email": "ada@example.com", "role": "admin", "granted": false, "reason": "x"}),
        )
        .await;
    let guest = c
        .app
        .client
        .post(c.app.url("/api/v1/support/staff"))
        .json(&body("a@b.c"))
        .send()
        .await
        .unwrap();

    assert_eq!(
        status_and_code(by_support).await,
        (403, "admin_required".to_owned())
    );
    assert_eq!(
        status_and_code(by_stale_token).await,
        (403, "admin_required".to_owned())
    );
    assert_eq!(status_and_code(own).await, (403, "own_record".to_owned()));
    assert_eq!(status_and_code(guest).await, (404, "not_found".to_owned()));
    assert!(claims_written(&c).await.is_empty());
    assert!(c.trail("ada").await.is_empty());
}
