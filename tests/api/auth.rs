//! ID-token verification through the real router: `GET /api/v1/me` needs a signed-in caller.

use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, ResponseTemplate};

use crate::helpers::{TestApp, error_code, spawn_app};
use crate::test_keys::{
    self, CERT_A, CERT_B, KEY_B, KID_A, KID_B, claims, now, sign, sign_with, unsigned,
};

async fn me_with_claims(change: impl FnOnce(&mut Value)) -> (u16, String) {
    let app = spawn_app().await;
    app.register("alice").await;
    let mut c = claims("alice");
    change(&mut c);
    let response = app.get_me(&sign(&c)).await;
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap();
    (
        status,
        body["error"]["code"].as_str().unwrap_or("").to_owned(),
    )
}

#[tokio::test]
async fn a_valid_token_reaches_the_profile() {
    let app = spawn_app().await;
    let token = app.register("alice").await;

    let response = app.get_me(&token).await;

    assert_eq!(response.status(), 200);
    let me: Value = response.json().await.unwrap();
    assert_eq!(me["uid"], "alice");
}

#[tokio::test]
async fn a_missing_authorization_header_is_refused() {
    let app = spawn_app().await;

    let response = app.client.get(app.url("/api/v1/me")).send().await.unwrap();

    assert_eq!(error_code(response, 401).await, "token_missing");
}

#[tokio::test]
async fn a_non_bearer_scheme_is_refused() {
    let app = spawn_app().await;

    let response = app
        .client
        .get(app.url("/api/v1/me"))
        .header("authorization", "Basic YWxpY2U6cHc=")
        .send()
        .await
        .unwrap();

    assert_eq!(error_code(response, 401).await, "token_missing");
}

#[tokio::test]
async fn garbage_is_an_invalid_token() {
    let app = spawn_app().await;

    let code = error_code(app.get_me("not.a.token").await, 401).await;

    assert_eq!(code, "token_invalid");
}

#[tokio::test]
async fn an_expired_token_is_refused() {
    let (status, code) = me_with_claims(|c| c["exp"] = json!(now() - 301)).await;
    assert_eq!((status, code.as_str()), (401, "token_expired"));
}

#[tokio::test]
async fn a_token_expired_within_the_clock_skew_is_accepted() {
    let (status, _) = me_with_claims(|c| c["exp"] = json!(now() - 200)).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_token_issued_in_the_future_is_refused() {
    let (status, code) = me_with_claims(|c| c["iat"] = json!(now() + 600)).await;
    assert_eq!((status, code.as_str()), (401, "token_not_yet_valid"));
}

#[tokio::test]
async fn a_sign_in_in_the_future_is_refused() {
    let (status, code) = me_with_claims(|c| c["auth_time"] = json!(now() + 600)).await;
    assert_eq!((status, code.as_str()), (401, "token_not_yet_valid"));
}

#[tokio::test]
async fn a_token_for_another_project_is_refused() {
    let (status, code) = me_with_claims(|c| c["aud"] = json!("someone-elses-project")).await;
    assert_eq!((status, code.as_str()), (401, "token_wrong_project"));
}

#[tokio::test]
async fn a_token_without_an_audience_is_refused() {
    let (status, code) = me_with_claims(|c| {
        c.as_object_mut().unwrap().remove("aud");
    })
    .await;
    assert_eq!((status, code.as_str()), (401, "token_wrong_project"));
}

#[tokio::test]
async fn a_token_from_another_issuer_is_refused() {
    let (status, code) =
        me_with_claims(|c| c["iss"] = json!("https://securetoken.google.com/other")).await;
    assert_eq!((status, code.as_str()), (401, "token_wrong_project"));
}

#[tokio::test]
async fn an_empty_subject_is_refused() {
    let (status, code) = me_with_claims(|c| c["sub"] = json!("")).await;
    assert_eq!((status, code.as_str()), (401, "token_bad_subject"));
}

#[tokio::test]
async fn a_subject_of_129_characters_is_refused() {
    let (status, code) = me_with_claims(|c| c["sub"] = json!("u".repeat(129))).await;
    assert_eq!((status, code.as_str()), (401, "token_bad_subject"));
}

#[tokio::test]
async fn an_unsigned_token_is_refused_in_production() {
    let app = spawn_app().await;

    let code = error_code(app.get_me(&unsigned(&claims("alice"))).await, 401).await;

    assert_eq!(code, "token_invalid");
}

#[tokio::test]
async fn an_hs256_token_keyed_with_the_public_certificate_is_refused() {
    let app = spawn_app().await;
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256);
    header.kid = Some(KID_A.into());
    let key = jsonwebtoken::EncodingKey::from_secret(CERT_A.as_bytes());
    let forged = jsonwebtoken::encode(&header, &claims("alice"), &key).unwrap();

    let code = error_code(app.get_me(&forged).await, 401).await;

    assert_eq!(code, "token_invalid");
}

#[tokio::test]
async fn a_token_signed_by_an_unpublished_key_is_refused() {
    let app = spawn_app().await;

    let forged = sign_with(&claims("alice"), KID_A, KEY_B);

    assert_eq!(
        error_code(app.get_me(&forged).await, 401).await,
        "token_invalid"
    );
}

#[tokio::test]
async fn a_rotated_key_is_picked_up_after_an_unknown_kid() {
    let app = spawn_app().await;
    let token_b = sign_with(&claims("alice"), KID_B, KEY_B);
    // Warm the cache with key A only: B is unknown.
    app.register("alice").await;
    let first = app.get_me(&token_b).await;
    assert_eq!(error_code(first, 401).await, "token_invalid");

    test_keys::serve_keys(&app.keys, &[(KID_A, CERT_A), (KID_B, CERT_B)]).await;
    // The 5 s cooldown runs on the verifier's clock (tokio's): moved past it, not waited out.
    app.move_clock_on(std::time::Duration::from_millis(5_100))
        .await;
    let after_rotation = app.get_me(&token_b).await;

    assert_eq!(after_rotation.status(), 200);
}

#[tokio::test]
async fn forged_kids_cause_at_most_one_refetch_per_cooldown() {
    let app = spawn_app().await;
    app.register("alice").await;

    for i in 0..20 {
        let forged = sign_with(&claims("alice"), &format!("forged-{i}"), KEY_B);
        assert_eq!(
            error_code(app.get_me(&forged).await, 401).await,
            "token_invalid"
        );
    }

    let fetches = app.keys.received_requests().await.unwrap().len();
    assert!(fetches <= 2, "{fetches} key fetches for 20 forged kids");
}

#[tokio::test]
async fn cached_keys_keep_working_when_the_key_endpoint_goes_down() {
    let app = spawn_app().await;
    let token = app.register("alice").await;
    app.keys.reset().await;
    Mock::given(method("GET"))
        .and(path("/keys"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&app.keys)
        .await;

    let response = app.get_me(&token).await;

    assert_eq!(response.status(), 200);
}

#[tokio::test]
async fn a_key_endpoint_down_with_nothing_cached_is_a_503() {
    let app = spawn_app().await;
    app.keys.reset().await;
    Mock::given(method("GET"))
        .and(path("/keys"))
        .respond_with(ResponseTemplate::new(500))
        .mount(&app.keys)
        .await;

    let response = app.get_me(&test_keys::token_for("alice")).await;

    assert_eq!(error_code(response, 503).await, "auth_keys_unavailable");
}

#[tokio::test]
async fn a_slow_key_endpoint_with_nothing_cached_is_a_503_not_a_hang() {
    let app = spawn_app().await;
    app.keys.reset().await;
    Mock::given(method("GET"))
        .and(path("/keys"))
        .respond_with(ResponseTemplate::new(200).set_delay(std::time::Duration::from_secs(30)))
        .mount(&app.keys)
        .await;

    let response = app.get_me(&test_keys::token_for("alice")).await;

    assert_eq!(error_code(response, 503).await, "auth_keys_unavailable");
}

#[tokio::test]
async fn readiness_reports_the_keys() {
    let app = spawn_app().await;

    let body: Value = app.get_readyz().await.json().await.unwrap();

    assert_eq!(body["checks"]["keys"]["ok"], true);
    assert_eq!(body["checks"]["keys"]["kind"], "google");
}

mod emulator {
    use super::*;

    async fn emulator_app() -> TestApp {
        TestApp::builder()
            .auth_emulator("127.0.0.1:9099")
            .spawn()
            .await
    }

    #[tokio::test]
    async fn an_unsigned_emulator_token_is_accepted_in_emulator_mode() {
        let app = emulator_app().await;
        let token = unsigned(&claims("alice"));

        let response = app.post_me(&token, &json!({ "username": "Alice" })).await;

        assert_eq!(response.status(), 200);
    }

    #[tokio::test]
    async fn emulator_tokens_still_have_their_claims_checked() {
        let app = emulator_app().await;
        let cases: [(&str, Value, &str); 4] = [
            ("exp", json!(now() - 301), "token_expired"),
            ("aud", json!("other-project"), "token_wrong_project"),
            (
                "iss",
                json!("https://securetoken.google.com/other"),
                "token_wrong_project",
            ),
            ("sub", json!(""), "token_bad_subject"),
        ];
        for (claim, value, expected) in cases {
            let mut c = claims("alice");
            c[claim] = value;
            let code = error_code(app.get_me(&unsigned(&c)).await, 401).await;
            assert_eq!(code, expected, "{claim}");
        }
    }

    #[tokio::test]
    async fn an_emulator_token_claiming_a_signature_algorithm_is_refused() {
        let app = emulator_app().await;
        use base64::Engine;
        let b64 =
            |v: &Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string());
        let token = format!(
            "{}.{}.",
            b64(&json!({"alg": "RS256", "kid": KID_A})),
            b64(&claims("alice"))
        );

        let code = error_code(app.get_me(&token).await, 401).await;

        assert_eq!(code, "token_invalid");
    }
}
