use crate::helpers::{TestApp, spawn_app};

/// The directive `name` of the page's Content-Security-Policy, without its name.
fn directive(response: &reqwest::Response, name: &str) -> String {
    let policy = response.headers()["content-security-policy"]
        .to_str()
        .unwrap();
    policy
        .split(';')
        .map(str::trim)
        .find_map(|part| part.strip_prefix(name))
        .unwrap_or_else(|| panic!("no {name} in {policy}"))
        .trim()
        .to_owned()
}

#[tokio::test]
async fn the_web_app_may_run_only_its_own_scripts() {
    let app = spawn_app().await;

    let page = app.get("/").await;

    assert_eq!(directive(&page, "script-src"), "'self'");
    assert!(
        directive(&page, "style-src").starts_with("'self' 'sha256-"),
        "only our own style sheets and the TEST MODE pages' inline one"
    );
    assert_eq!(directive(&page, "object-src"), "'none'");
    assert_eq!(directive(&page, "base-uri"), "'self'");
}

#[tokio::test]
async fn the_web_app_may_talk_only_to_the_gateway_and_firebase_auth() {
    let app = spawn_app().await;

    let page = app.get("/Generate").await;

    assert_eq!(
        directive(&page, "connect-src"),
        "'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com"
    );
    assert_eq!(directive(&page, "form-action"), "'self'");
}

#[tokio::test]
async fn with_the_auth_emulator_the_web_app_may_also_reach_it() {
    let app = TestApp::builder()
        .auth_emulator("127.0.0.1:9099")
        .spawn()
        .await;

    let page = app.get("/").await;

    assert!(directive(&page, "connect-src").ends_with(" http://127.0.0.1:9099"));
}

#[tokio::test]
async fn no_page_can_be_framed_by_another_site() {
    let app = spawn_app().await;

    for path in ["/", "/Subscribe", "/checkout/test/cs_test_unknown"] {
        let page = app.get(path).await;

        assert_eq!(directive(&page, "frame-ancestors"), "'none'", "{path}");
        assert_eq!(page.headers()["x-frame-options"], "DENY", "{path}");
    }
}

#[tokio::test]
async fn api_answers_and_assets_are_never_sniffed_and_leak_no_referrer() {
    let app = spawn_app().await;

    for path in [
        "/api/v1/catalog",
        "/api/nope",
        "/assets/index-abc123.js",
        "/healthz",
    ] {
        let response = app.get(path).await;

        assert_eq!(
            response.headers()["x-content-type-options"],
            "nosniff",
            "{path}"
        );
        assert_eq!(
            response.headers()["referrer-policy"],
            "same-origin",
            "{path}"
        );
    }
}

#[tokio::test]
async fn firebase_hosting_sends_the_web_app_the_same_headers_as_the_gateway() {
    let app = spawn_app().await;
    let page = app.get("/").await;
    let hosting: serde_json::Value =
        serde_json::from_str(include_str!("../../firebase.json")).unwrap();
    let rule = hosting["hosting"]["headers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|rule| rule["source"] == "**")
        .expect("a header rule for every path in firebase.json");

    let mut names = vec![];
    for header in rule["headers"].as_array().unwrap() {
        let name = header["key"].as_str().unwrap();
        assert_eq!(
            page.headers()[name],
            header["value"].as_str().unwrap(),
            "{name}"
        );
        names.push(name.to_ascii_lowercase());
    }
    names.sort();
    assert_eq!(
        names,
        [
            "content-security-policy",
            "referrer-policy",
            "x-content-type-options",
            "x-frame-options"
        ]
    );
}
