//! The Realtime Database adapter's failure modes and credentials, against local servers.

use std::sync::Arc;
use std::time::{Duration, Instant};

use lucent::store::rtdb::{Credentials, RtdbStore};
use lucent::store::{AccountRecords, ProfileUpdate, StoreError};
use serde_json::{Value, json};
use wiremock::matchers::{body_string_contains, header, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::fake_rtdb::{FakeRtdb, etag};
use crate::helpers::TestApp;
use crate::store_contract::{NAMESPACE, rtdb_client};
use crate::test_keys::{KEY_A, token_for};

/// The gateway keeping its records in the database at `uri` (as the emulator is addressed).
async fn app_on_database(uri: &str) -> TestApp {
    let host = uri.trim_start_matches("http://");
    TestApp::builder()
        .database("https://demo-lucent-default-rtdb.firebaseio.com", host)
        // A database that hangs is given up on after 2 s, not the default 5.
        .store_timeout(Duration::from_secs(2))
        .spawn()
        .await
}

fn store_at(server: &MockServer) -> RtdbStore {
    RtdbStore::new(rtdb_client(&server.uri(), Credentials::EmulatorOwner))
}

#[tokio::test]
async fn requests_use_the_rest_wire_format() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/users/alice.json"))
        .and(query_param("ns", NAMESPACE))
        .and(header("authorization", "Bearer owner"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"uid": "alice", "username": "A"})),
        )
        .expect(1)
        .mount(&server)
        .await;

    let user = store_at(&server).get_user("alice").await.unwrap().unwrap();

    assert_eq!(user.username, "A");
}

#[tokio::test]
async fn queries_are_json_quoted() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/users.json"))
        .and(query_param("orderBy", "\"email\""))
        .and(query_param("startAt", "\"a@b.co\""))
        .and(query_param("endAt", "\"a@b.co\u{f8ff}\""))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"u1": {"uid": "u1", "email": "a@b.co"}})),
        )
        .expect(1)
        .mount(&server)
        .await;

    let users = store_at(&server)
        .find_users_by_email_prefix("a@b.co", 2)
        .await
        .unwrap();

    assert_eq!(users[0].uid, "u1");
}

#[tokio::test]
async fn a_server_error_keeps_the_databases_message() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(
            ResponseTemplate::new(503)
                .set_body_json(json!({"error": "Service Unavailable: try later"})),
        )
        .mount(&server)
        .await;

    let err = store_at(&server).get_user("alice").await.unwrap_err();

    assert!(
        matches!(&err, StoreError::Unavailable(m) if m.contains("503") && m.contains("try later")),
        "{err:?}"
    );
}

#[tokio::test]
async fn a_permission_error_is_a_rejection_with_its_status() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(
            ResponseTemplate::new(401).set_body_json(json!({"error": "Permission denied"})),
        )
        .mount(&server)
        .await;

    let err = store_at(&server).get_user("alice").await.unwrap_err();

    assert!(
        matches!(&err, StoreError::Rejected { status: 401, message } if message == "Permission denied"),
        "{err:?}"
    );
}

#[tokio::test]
async fn a_hung_database_times_out_within_the_deadline() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(30)))
        .mount(&server)
        .await;
    let started = Instant::now();

    let err = store_at(&server).get_user("alice").await.unwrap_err();

    assert!(matches!(err, StoreError::Timeout), "{err:?}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[tokio::test]
async fn a_write_that_keeps_losing_gives_up_with_contention() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header("etag", "v1")
                .set_body_json(Value::Null),
        )
        .mount(&server)
        .await;
    Mock::given(method("PUT"))
        .respond_with(
            ResponseTemplate::new(412)
                .insert_header("etag", "v2")
                .set_body_json(Value::Null),
        )
        .mount(&server)
        .await;
    let update = ProfileUpdate {
        email: "a@b.co".into(),
        username: "A".into(),
        age_confirmed: false,
    };

    let err = store_at(&server)
        .upsert_profile("alice", &update)
        .await
        .unwrap_err();

    assert!(matches!(err, StoreError::Contention(_)), "{err:?}");
}

#[tokio::test]
async fn a_write_that_lost_once_is_retried_on_the_new_value() {
    let db = FakeRtdb::start(NAMESPACE, "owner").await;
    let store = RtdbStore::new(rtdb_client(&db.uri, Credentials::EmulatorOwner));
    let update = ProfileUpdate {
        email: "a@b.co".into(),
        username: "A".into(),
        age_confirmed: false,
    };
    store.upsert_profile("alice", &update).await.unwrap();
    let before = db.value("users/alice");

    // Another writer changes the record between our read and our write.
    let racer = RtdbStore::new(rtdb_client(&db.uri, Credentials::EmulatorOwner));
    let rename = ProfileUpdate {
        username: "A2".into(),
        ..update.clone()
    };
    let pro = lucent::store::Subscription {
        plan_type: Some("pro".into()),
        ..Default::default()
    };
    let (a, b) = tokio::join!(
        store.upsert_profile("alice", &rename),
        racer.merge_subscription("alice", &pro),
    );
    a.unwrap();
    b.unwrap();

    let after = db.value("users/alice");
    assert_ne!(etag(&before), etag(&after));
    assert_eq!(after["username"], "A2");
    assert_eq!(after["subscription"]["planType"], "pro");
}

#[tokio::test]
async fn uids_that_would_address_another_path_are_refused() {
    let server = MockServer::start().await;

    for bad in [
        "../users", "a/b", "a.b", "$x", "a#b", "[a]", "", "%2e%2e", "a%2Fb", "a\\b", "a?b", "a b",
        "é",
    ] {
        let err = store_at(&server).get_user(bad).await.unwrap_err();
        assert!(matches!(err, StoreError::InvalidKey(_)), "{bad}: {err:?}");
    }
    assert!(server.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_service_account_token_is_sent_as_the_bearer() {
    let google = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/token"))
        .and(body_string_contains(
            "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer",
        ))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "access_token": "ya29.test-access-token", "expires_in": 3599, "token_type": "Bearer"
        })))
        .expect(1)
        .mount(&google)
        .await;
    let database = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/users/alice.json"))
        .and(header("authorization", "Bearer ya29.test-access-token"))
        .respond_with(ResponseTemplate::new(200).set_body_json(Value::Null))
        .expect(2)
        .mount(&database)
        .await;
    let account = json!({
        "type": "service_account",
        "project_id": "lucent-test",
        "private_key_id": "k1",
        "private_key": KEY_A,
        "client_email": "lucent@lucent-test.iam.gserviceaccount.com",
        "client_id": "1",
        "token_uri": format!("{}/token", google.uri()),
    });
    let provider = gcp_auth::CustomServiceAccount::from_json(&account.to_string()).unwrap();
    let store = RtdbStore::new(rtdb_client(
        &database.uri(),
        Credentials::Google(Arc::new(provider)),
    ));

    // The second read reuses the cached access token.
    assert_eq!(store.get_user("alice").await.unwrap(), None);
    assert_eq!(store.get_user("alice").await.unwrap(), None);
}

#[tokio::test]
async fn the_gateway_keeps_profiles_in_the_realtime_database_when_configured() {
    let db = FakeRtdb::start(NAMESPACE, "owner").await;
    let app = app_on_database(&db.uri).await;

    let response = app
        .post_me(&token_for("alice"), &json!({"username": "Alice"}))
        .await;

    assert_eq!(response.status(), 200);
    assert_eq!(db.value("users/alice/username"), "Alice");
    assert_eq!(db.value("users/alice/email"), "alice@example.com");
    let ready: Value = app.get_readyz().await.json().await.unwrap();
    assert_eq!(ready["checks"]["store"]["kind"], "rtdb");
}

#[tokio::test]
async fn a_database_that_is_down_gives_a_503_not_a_500() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(503).set_body_json(json!({"error": "down"})))
        .mount(&server)
        .await;
    let app = app_on_database(&server.uri()).await;

    let response = app.get_me(&token_for("alice")).await;

    assert_eq!(
        crate::helpers::error_code(response, 503).await,
        "store_unavailable"
    );
    assert_eq!(app.get_readyz().await.status(), 503);
}

#[tokio::test]
async fn a_database_that_hangs_gives_a_504_within_its_deadline() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(60)))
        .mount(&server)
        .await;
    let app = app_on_database(&server.uri()).await;
    let started = Instant::now();

    let response = app.get_me(&token_for("alice")).await;

    assert_eq!(
        crate::helpers::error_code(response, 504).await,
        "store_timeout"
    );
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(
        app.get_healthz().await.status(),
        200,
        "the gateway keeps serving"
    );
}
