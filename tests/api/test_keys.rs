//! Test signing keys (RSA, generated once with openssl, never used anywhere else) and a local
//! endpoint serving their certificates in Google's x509 format.

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

pub const PROJECT: &str = "demo-lucent";
pub const KID_A: &str = "test-key-a";
pub const KID_B: &str = "test-key-b";
pub const KEY_A: &str = include_str!("keys/key-a.pem");
pub const CERT_A: &str = include_str!("keys/cert-a.pem");
pub const KEY_B: &str = include_str!("keys/key-b.pem");
pub const CERT_B: &str = include_str!("keys/cert-b.pem");

pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// The claims Firebase puts in a fresh ID token for `uid`.
pub fn claims(uid: &str) -> Value {
    let now = now();
    json!({
        "iss": format!("https://securetoken.google.com/{PROJECT}"),
        "aud": PROJECT,
        "auth_time": now - 10,
        "user_id": uid,
        "sub": uid,
        "iat": now - 10,
        "exp": now + 3600,
        "email": format!("{uid}@example.com"),
        "email_verified": false,
        "firebase": { "identities": {}, "sign_in_provider": "password" }
    })
}

pub fn sign_with(claims: &Value, kid: &str, private_pem: &str) -> String {
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(kid.to_owned());
    let key = EncodingKey::from_rsa_pem(private_pem.as_bytes()).unwrap();
    jsonwebtoken::encode(&header, claims, &key).unwrap()
}

/// A token as Firebase issues it, signed with key A.
pub fn sign(claims: &Value) -> String {
    sign_with(claims, KID_A, KEY_A)
}

pub fn token_for(uid: &str) -> String {
    sign(&claims(uid))
}

/// An `alg: none` token with an empty signature, the Auth emulator's format.
pub fn unsigned(claims: &Value) -> String {
    use base64::Engine;
    let b64 = |v: &Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string());
    format!(
        "{}.{}.",
        b64(&json!({"alg": "none", "typ": "JWT"})),
        b64(claims)
    )
}

/// Serves `{kid: certificate}` with a max-age, as Google's endpoint does.
pub async fn serve_keys(server: &MockServer, keys: &[(&str, &str)]) {
    let body: serde_json::Map<String, Value> = keys
        .iter()
        .map(|(kid, cert)| ((*kid).to_owned(), json!(cert)))
        .collect();
    server.reset().await;
    Mock::given(method("GET"))
        .and(path("/keys"))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header(
                    "cache-control",
                    "public, max-age=3600, must-revalidate, no-transform",
                )
                .set_body_json(Value::Object(body)),
        )
        .mount(server)
        .await;
}
