//! Age assurance: explicit imagery, made or already stored, only for accounts whose age a
//! provider verified; Persona's inquiries and signed webhooks (against a local server speaking
//! its wire format), and test mode's offline page on the same webhook code.

use serde_json::{Value, json};

use crate::fake_persona::{self, FakePersona, PREVIOUS_SECRET, SECRET, event};
use crate::helpers::{TestApp, error_code};
use lucent::age::Mode;
use lucent::billing::signature::sign;
use lucent::store::now_ms;

const NSFW: &str = "nsfw-v1.1";

async fn test_mode() -> TestApp {
    TestApp::builder().age_check(Mode::Test).spawn().await
}

async fn persona_app(persona: &FakePersona) -> TestApp {
    TestApp::builder().persona(&persona.base()).spawn().await
}

/// alice, registered on a gateway on `persona`, with her check started (inquiry `inq_a`).
async fn alice_checking(persona: &FakePersona) -> (TestApp, String) {
    persona.creates("inq_a").await;
    let app = persona_app(persona).await;
    let alice = app.register("alice").await;
    assert_eq!(start(&app, &alice, &json!({})).await.status(), 201);
    (app, alice)
}

async fn age_check(app: &TestApp, token: &str) -> Value {
    let me: Value = app.get_me(token).await.json().await.unwrap();
    me["ageCheck"].clone()
}

pub(crate) async fn start(app: &TestApp, token: &str, body: &Value) -> reqwest::Response {
    app.client
        .post(app.url("/api/v1/me/age-check"))
        .bearer_auth(token)
        .json(body)
        .send()
        .await
        .unwrap()
}

async fn deliver(app: &TestApp, body: &[u8], signature: Option<&str>) -> reqwest::Response {
    let mut request = app
        .client
        .post(app.url("/api/v1/age-check/persona"))
        .header("content-type", "application/json")
        .body(body.to_vec());
    if let Some(signature) = signature {
        request = request.header("persona-signature", signature);
    }
    request.send().await.unwrap()
}

fn now() -> i64 {
    now_ms() / 1000
}

/// `POST /api/v1/support/users/alice/age-check/reset` by `token`, saying `reason`.
async fn reset_alices_age_check(app: &TestApp, token: &str, reason: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/v1/support/users/alice/age-check/reset"))
        .bearer_auth(token)
        .json(&json!({ "reason": reason }))
        .send()
        .await
        .unwrap()
}

/// An explicit request by `token` is refused for want of a verified age.
async fn explicit_is_refused_for_age(app: &TestApp, token: &str) {
    let refused = app
        .generate(token, &json!({"prompt": "a portrait", "style": NSFW}))
        .await;
    assert_eq!(error_code(refused, 403).await, "age_check_required");
}

/// Starts a test-mode check for `token` and answers it on the page; the page's redirect.
pub(crate) async fn answer_in_test_mode(app: &TestApp, token: &str, answer: &str) -> String {
    let link: Value = start(
        app,
        token,
        &json!({"returnTo": "/generate?style=nsfw-v1.1"}),
    )
    .await
    .json()
    .await
    .unwrap();
    let url = link["url"].as_str().unwrap();
    let path = url.split_once("/age-check/").map(|(_, p)| p).unwrap();
    let page = app
        .client
        .get(app.url(&format!("/age-check/{path}")))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("TEST MODE"));
    let answered = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .post(app.url(&format!("/age-check/{path}")))
        .form(&[("answer", answer)])
        .send()
        .await
        .unwrap();
    assert_eq!(answered.status(), 303);
    answered.headers()["location"].to_str().unwrap().to_owned()
}

#[tokio::test]
async fn an_unverified_user_is_refused_explicit_generation_before_a_credit_on_every_route() {
    let app = test_mode().await;
    let alice = app.register("alice").await;

    let nsfw = json!({"prompt": "a portrait", "style": NSFW});
    let created = app.generate(&alice, &nsfw).await;
    let submitted = app
        .client
        .post(app.url("/api/v1/jobs"))
        .bearer_auth(&alice)
        .json(&nsfw)
        .send()
        .await
        .unwrap();
    let legacy = app
        .client
        .get(app.url("/generate-image"))
        .bearer_auth(&alice)
        .query(&[("prompt", "nude woman on a bed")])
        .send()
        .await
        .unwrap();
    let words = app
        .generate(&alice, &json!({"prompt": "nude woman on a bed"}))
        .await;

    for response in [created, submitted, legacy, words] {
        assert_eq!(error_code(response, 403).await, "age_check_required");
    }
    assert_eq!(app.credits_used(&alice).await, 0, "no credit taken");
    assert_eq!(app.jobs_waiting().await, 0, "no place in line");
    app.generate_ok(&alice, &json!({"prompt": "a red fox in snow"}))
        .await;
    let status = age_check(&app, &alice).await;
    assert_eq!(
        status,
        json!({"status": "unverified", "checkedAt": null, "required": true})
    );
}

#[tokio::test]
async fn an_adult_verified_in_test_mode_comes_back_and_generates_explicit_images() {
    let app = test_mode().await;
    let alice = app.register("alice").await;

    let back = answer_in_test_mode(&app, &alice, "adult").await;

    assert!(
        back.ends_with("/verify-age?returnTo=%2Fgenerate%3Fstyle%3Dnsfw-v1.1"),
        "{back}"
    );
    let status = age_check(&app, &alice).await;
    assert_eq!(status["status"], "verified");
    assert!(status["checkedAt"].as_i64().unwrap() > 0);
    app.generate_ok(&alice, &json!({"prompt": "a portrait", "style": NSFW}))
        .await;
    let again = start(&app, &alice, &json!({})).await;
    assert_eq!(error_code(again, 409).await, "age_already_verified");
}

#[tokio::test]
async fn a_seventeen_year_olds_result_is_not_a_decline_and_only_staff_open_a_new_check() {
    let c = crate::staff::console_with(TestApp::builder().age_check(Mode::Test)).await;
    let app = &c.app;
    c.register("alice").await;
    c.register("declined").await;
    let alice = crate::staff::token("alice", json!({}));
    let declined = crate::staff::token("declined", json!({}));

    answer_in_test_mode(app, &alice, "minor").await;
    answer_in_test_mode(app, &declined, "decline").await;

    assert_eq!(age_check(app, &alice).await["status"], "minor");
    assert_eq!(age_check(app, &declined).await["status"], "declined");
    for token in [&alice, &declined] {
        explicit_is_refused_for_age(app, token).await;
    }
    // A decline may be tried again; a minor's result only after staff reset it, with a reason.
    assert_eq!(start(app, &declined, &json!({})).await.status(), 201);
    let again = start(app, &alice, &json!({})).await;
    assert_eq!(error_code(again, 403).await, "age_check_locked");
    c.account_has("ada", json!({"admin": true})).await;
    let ada = crate::staff::token("ada", json!({"admin": true}));
    let reset = reset_alices_age_check(app, &ada, "her 18th birthday was yesterday").await;
    assert_eq!(reset.status(), 200);
    assert_eq!(start(app, &alice, &json!({})).await.status(), 201);
}

#[tokio::test]
async fn stored_explicit_images_are_served_downloaded_varied_and_exported_only_to_adults() {
    let app = test_mode().await;
    let alice = app.register("alice").await;
    app.make_pro("alice").await;
    answer_in_test_mode(&app, &alice, "adult").await;
    let explicit = app
        .generate_ok(&alice, &json!({"prompt": "a portrait", "style": NSFW}))
        .await;
    let fox = app
        .generate_ok(&alice, &json!({"prompt": "a red fox in snow"}))
        .await;
    let (explicit, fox) = (
        explicit["id"].as_str().unwrap(),
        fox["id"].as_str().unwrap(),
    );
    assert_eq!(app.get_image(&alice, explicit, false).await.status(), 200);

    // An admin's reset (or a record from before): the account is unverified again.
    app.state
        .age
        .reset(
            "alice",
            "admin",
            "a chargeback says the card was a parent's",
        )
        .await
        .unwrap();

    for download in [false, true] {
        let served = app.get_image(&alice, explicit, download).await;
        assert_eq!(error_code(served, 403).await, "age_check_required");
    }
    assert_eq!(app.get_image(&alice, fox, true).await.status(), 200);
    for mode in ["vary-subtle", "upscale"] {
        let varied = app
            .generate(
                &alice,
                &json!({"prompt": "a portrait", "source": {"generation": explicit, "mode": mode}}),
            )
            .await;
        assert_eq!(
            error_code(varied, 403).await,
            "age_check_required",
            "{mode}"
        );
    }
    let listed: Value = app.list_generations(&alice, "").await.json().await.unwrap();
    let flags: Vec<(&str, bool)> = listed["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["id"].as_str().unwrap(), i["explicit"].as_bool().unwrap()))
        .collect();
    assert_eq!(flags, [(fox, false), (explicit, true)]);

    let archive = app
        .client
        .get(app.url("/api/v1/me/export"))
        .bearer_auth(&alice)
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(archive)).unwrap();
    let names: Vec<String> = zip.file_names().map(str::to_owned).collect();
    assert!(names.contains(&format!("images/{fox}.png")), "{names:?}");
    assert!(
        !names.contains(&format!("images/{explicit}.png")),
        "{names:?}"
    );
    let listed: Value = serde_json::from_reader(zip.by_name("generations.json").unwrap()).unwrap();
    let withheld = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == explicit)
        .unwrap();
    assert_eq!(
        (&withheld["file"], &withheld["withheld"]),
        (&Value::Null, &json!("age_check_required"))
    );
    let profile: Value = serde_json::from_reader(zip.by_name("profile.json").unwrap()).unwrap();
    assert_eq!(
        profile["profile"]["ageCheck"]["status"], "unverified",
        "the export carries the age check"
    );
}

#[tokio::test]
async fn with_age_checks_off_nothing_is_required_and_readiness_says_so() {
    let app = TestApp::builder().age_check(Mode::Off).spawn().await;
    let alice = app.register("alice").await;

    app.generate_ok(&alice, &json!({"prompt": "a portrait", "style": NSFW}))
        .await;

    assert_eq!(age_check(&app, &alice).await["required"], false);
    let ready: Value = app.get_readyz().await.json().await.unwrap();
    assert_eq!(ready["checks"]["ageCheck"]["provider"], "off");
    assert!(
        ready["checks"]["ageCheck"]["warning"]
            .as_str()
            .unwrap()
            .contains("without any age check")
    );
    let started = start(&app, &alice, &json!({})).await;
    assert_eq!(error_code(started, 404).await, "not_found");
}

#[tokio::test]
async fn persona_gets_an_inquiry_for_the_uid_and_the_same_one_is_resumed_while_pending() {
    let persona = FakePersona::start().await;
    persona.creates("inq_alice1").await;
    persona.reads("inq_alice1", "alice", "pending", None).await;
    let app = persona_app(&persona).await;
    let alice = app.register("alice").await;

    let first = start(&app, &alice, &json!({"returnTo": "/gallery"})).await;
    assert_eq!(first.status(), 201);
    let first: Value = first.json().await.unwrap();
    let again: Value = start(&app, &alice, &json!({})).await.json().await.unwrap();

    let link = "https://withpersona.com/verify?code=inq_alice1-otl";
    assert_eq!(
        (first["url"].as_str(), again["url"].as_str()),
        (Some(link), Some(link))
    );
    assert_eq!(
        persona.calls("POST", "/api/v1/inquiries").await,
        1,
        "resumed"
    );
    let created: Value = persona
        .server
        .received_requests()
        .await
        .unwrap()
        .iter()
        .find(|r| r.url.path() == "/api/v1/inquiries")
        .map(|r| serde_json::from_slice(&r.body).unwrap())
        .unwrap();
    let asked = &created["data"]["attributes"];
    assert_eq!(asked["inquiry-template-id"], fake_persona::TEMPLATE);
    assert_eq!(asked["reference-id"], "alice");
    assert!(
        asked["redirect-uri"]
            .as_str()
            .unwrap()
            .ends_with("/verify-age?returnTo=%2Fgallery")
    );
    assert_eq!(age_check(&app, &alice).await["status"], "pending");
    let elsewhere = start(&app, &alice, &json!({"returnTo": "https://evil.example"})).await;
    assert_eq!(error_code(elsewhere, 422).await, "invalid_field");
}

#[tokio::test]
async fn an_approved_inquiry_of_an_adult_verifies_the_account_it_was_made_for() {
    let persona = FakePersona::start().await;
    persona
        .reads("inq_a", "alice", "approved", Some("1990-04-12"))
        .await;
    let (app, alice) = alice_checking(&persona).await;

    let body = event("evt_1", "inquiry.approved", "inq_a", "alice");
    let delivered = deliver(&app, &body, Some(&sign(&body, SECRET, now()))).await;

    assert_eq!(delivered.status(), 200);
    let receipt: Value = delivered.json().await.unwrap();
    assert_eq!(receipt["outcome"], "applied: verified");
    assert_eq!(age_check(&app, &alice).await["status"], "verified");
    let replayed = deliver(&app, &body, Some(&sign(&body, SECRET, now()))).await;
    let replayed: Value = replayed.json().await.unwrap();
    assert_eq!(replayed["outcome"], "duplicate");
    assert_eq!(
        persona.calls("GET", "/api/v1/inquiries/inq_a").await,
        1,
        "a replay reads nothing again"
    );
    assert_eq!(
        persona.calls("DELETE", "/api/v1/inquiries/inq_a").await,
        0,
        "no redaction unless PERSONA_REDACT"
    );
}

#[tokio::test]
async fn bad_missing_stale_and_foreign_signatures_are_refused_and_a_rotated_one_passes() {
    let persona = FakePersona::start().await;
    persona
        .reads("inq_a", "alice", "approved", Some("1990-04-12"))
        .await;
    let (app, alice) = alice_checking(&persona).await;
    let body = event("evt_2", "inquiry.approved", "inq_a", "alice");

    let refused = [
        None,
        Some("t=1,v1=00".to_owned()),
        Some(sign(&body, SECRET, now() - 3600)),
        Some(sign(&body, "wbhsec_someone_else", now())),
        Some(sign(b"{}", SECRET, now())),
    ];
    for signature in refused {
        let response = deliver(&app, &body, signature.as_deref()).await;
        assert_eq!(error_code(response, 400).await, "signature_invalid");
    }
    assert_eq!(age_check(&app, &alice).await["status"], "pending");

    // During a rotation Persona signs with the new secret and the previous one.
    let rotated = format!(
        "{} {}",
        sign(&body, "wbhsec_next", now()),
        sign(&body, PREVIOUS_SECRET, now())
    );
    let response = deliver(&app, &body, Some(&rotated)).await;
    assert_eq!(response.status(), 200);
    assert_eq!(age_check(&app, &alice).await["status"], "verified");
}

#[tokio::test]
async fn an_event_is_bound_by_the_inquiry_read_back_not_by_what_its_payload_says() {
    let persona = FakePersona::start().await;
    persona.creates("inq_bob").await;
    // The inquiry is bob's, and he is 16; the payload claims it is alice's.
    persona
        .reads("inq_bob", "bob", "approved", Some("2010-06-01"))
        .await;
    let app = persona_app(&persona).await;
    let (alice, bob) = (app.register("alice").await, app.register("bob").await);
    start(&app, &bob, &json!({})).await;

    let body = event("evt_3", "inquiry.approved", "inq_bob", "alice");
    let response = deliver(&app, &body, Some(&sign(&body, SECRET, now()))).await;

    assert_eq!(response.status(), 200);
    assert_eq!(age_check(&app, &alice).await["status"], "unverified");
    assert_eq!(
        age_check(&app, &bob).await["status"],
        "minor",
        "approved, but the verified birth date is under 18"
    );
}

#[tokio::test]
async fn an_approval_without_a_verified_birth_date_proves_nothing() {
    let persona = FakePersona::start().await;
    // Only the inquiry's own field has a birth date: something the user may type.
    persona.reads("inq_a", "alice", "approved", None).await;
    let (app, alice) = alice_checking(&persona).await;

    let body = event("evt_4", "inquiry.approved", "inq_a", "alice");
    deliver(&app, &body, Some(&sign(&body, SECRET, now()))).await;

    assert_eq!(age_check(&app, &alice).await["status"], "declined");
}

#[tokio::test]
async fn while_persona_is_down_the_status_stays_pending_and_a_later_event_finishes_it() {
    let persona = FakePersona::start().await;
    let (app, alice) = alice_checking(&persona).await;
    let body = event("evt_5", "inquiry.approved", "inq_a", "alice");

    persona.server.reset().await;
    persona.down().await;
    let response = deliver(&app, &body, Some(&sign(&body, SECRET, now()))).await;

    assert_eq!(error_code(response, 503).await, "dependency_unavailable");
    assert_eq!(age_check(&app, &alice).await["status"], "pending");
    explicit_is_refused_for_age(&app, &alice).await;

    persona.server.reset().await;
    persona
        .reads("inq_a", "alice", "approved", Some("1990-04-12"))
        .await;
    // Persona's retry of the same event is processed: the failure gave it back.
    let retried = deliver(&app, &body, Some(&sign(&body, SECRET, now()))).await;
    assert_eq!(retried.status(), 200);
    assert_eq!(age_check(&app, &alice).await["status"], "verified");
}

#[tokio::test]
async fn a_late_event_for_a_decided_or_replaced_inquiry_changes_nothing() {
    let persona = FakePersona::start().await;
    persona.creates("inq_new").await;
    persona
        .reads("inq_new", "alice", "approved", Some("1990-04-12"))
        .await;
    persona.reads("inq_old", "alice", "declined", None).await;
    let (app, alice) = alice_checking(&persona).await;
    let approved = event("evt_6", "inquiry.approved", "inq_new", "alice");
    deliver(&app, &approved, Some(&sign(&approved, SECRET, now()))).await;

    let old = event("evt_7", "inquiry.declined", "inq_old", "alice");
    let response = deliver(&app, &old, Some(&sign(&old, SECRET, now()))).await;

    let receipt: Value = response.json().await.unwrap();
    assert!(
        receipt["outcome"].as_str().unwrap().starts_with("ignored"),
        "{receipt}"
    );
    assert_eq!(age_check(&app, &alice).await["status"], "verified");
}

#[tokio::test]
async fn persona_is_asked_to_redact_once_a_result_is_read_where_the_deployer_says_so() {
    let persona = FakePersona::start().await;
    persona.creates("inq_a").await;
    persona
        .reads("inq_a", "alice", "approved", Some("1990-04-12"))
        .await;
    persona.redacts("inq_a").await;
    let app = TestApp::builder()
        .persona(&persona.base())
        .persona_redact()
        .spawn()
        .await;
    let alice = app.register("alice").await;
    start(&app, &alice, &json!({})).await;

    let body = event("evt_8", "inquiry.approved", "inq_a", "alice");
    deliver(&app, &body, Some(&sign(&body, SECRET, now()))).await;

    assert_eq!(age_check(&app, &alice).await["status"], "verified");
    assert_eq!(persona.calls("DELETE", "/api/v1/inquiries/inq_a").await, 1);
}

#[tokio::test]
async fn support_sees_the_age_check_and_only_an_admin_resets_it_with_a_reason() {
    let c = crate::staff::console_with(TestApp::builder().age_check(Mode::Test)).await;
    c.register("alice").await;
    c.app.verify_age("alice").await;
    c.account_has("sam", json!({"support": true})).await;
    c.account_has("ada", json!({"admin": true})).await;
    let (sam, ada) = (
        crate::staff::token("sam", json!({"support": true})),
        crate::staff::token("ada", json!({"admin": true})),
    );

    let card: Value = c
        .get(Some(&sam), "/api/v1/support/users/alice")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(card["ageCheck"]["status"], "verified");
    assert_eq!(card["ageCheck"]["provider"], "test");
    assert_eq!(
        error_code(
            reset_alices_age_check(&c.app, &sam, "asked by the user").await,
            403
        )
        .await,
        "admin_required"
    );
    assert_eq!(
        error_code(reset_alices_age_check(&c.app, &ada, " ").await, 422).await,
        "invalid_field"
    );

    let after = reset_alices_age_check(&c.app, &ada, "the ID belonged to someone else").await;

    assert_eq!(after.status(), 200);
    let after: Value = after.json().await.unwrap();
    assert_eq!(after["ageCheck"]["status"], "unverified");
    assert_eq!(after["ageCheck"]["provider"], "staff");
    let trail = after["audit"].as_array().unwrap();
    let last = trail.last().unwrap();
    assert_eq!(
        (&last["action"], &last["reason"]),
        (
            &json!("age check reset"),
            &json!("the ID belonged to someone else")
        ),
        "{trail:?}"
    );
    assert!(last["actor"].as_str().unwrap().contains("ada"), "{last}");
    let alice = crate::staff::token("alice", json!({}));
    explicit_is_refused_for_age(&c.app, &alice).await;
}

/// An approval for `inquiry` delivered to `app`, signed; the receipt's outcome.
async fn persona_says(app: &TestApp, event_id: &str, name: &str, inquiry: &str) -> String {
    let body = event(event_id, name, inquiry, "alice");
    let response = deliver(app, &body, Some(&sign(&body, SECRET, now()))).await;
    assert_eq!(response.status(), 200);
    let receipt: Value = response.json().await.unwrap();
    receipt["outcome"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn an_admins_reset_sticks_whatever_persona_says_later_about_the_inquiry_it_ended_and_redacts_it()
 {
    let persona = FakePersona::start().await;
    persona.creates("inq_a").await;
    persona
        .reads("inq_a", "alice", "approved", Some("1990-04-12"))
        .await;
    persona.lists("alice", &[&["inq_a"]]).await;
    persona.redacts("inq_a").await;
    let c = crate::staff::console_with(TestApp::builder().persona(&persona.base())).await;
    c.register("alice").await;
    let alice = crate::staff::token("alice", json!({}));
    assert_eq!(start(&c.app, &alice, &json!({})).await.status(), 201);
    persona_says(&c.app, "evt_r1", "inquiry.approved", "inq_a").await;
    assert_eq!(age_check(&c.app, &alice).await["status"], "verified");
    c.account_has("ada", json!({"admin": true})).await;
    let ada = crate::staff::token("ada", json!({"admin": true}));
    let reset = reset_alices_age_check(&c.app, &ada, "the ID belonged to her sister").await;
    assert_eq!(reset.status(), 200);
    assert_eq!(
        persona.calls("DELETE", "/api/v1/inquiries/inq_a").await,
        1,
        "the inquiry the reset ended is redacted"
    );

    for (event_id, name) in [
        ("evt_r2", "inquiry.approved"),
        ("evt_r3", "inquiry.transitioned"),
        ("evt_r4", "inquiry.completed"),
    ] {
        let outcome = persona_says(&c.app, event_id, name, "inq_a").await;
        assert!(outcome.starts_with("ignored"), "{name}: {outcome}");
    }

    assert_eq!(age_check(&c.app, &alice).await["status"], "unverified");
    explicit_is_refused_for_age(&c.app, &alice).await;
}

#[tokio::test]
async fn an_inquiry_the_gateway_did_not_start_or_made_from_another_template_proves_nothing() {
    let persona = FakePersona::start().await;
    // Started elsewhere (a template link) with alice's uid as its reference: she never asked.
    persona
        .reads("inq_elsewhere", "alice", "approved", Some("1990-04-12"))
        .await;
    // bob's own inquiry, read back as made from a weaker template of the same environment.
    persona.creates("inq_bob").await;
    persona
        .reads_from(
            "itmpl_SelfieOnly",
            "inq_bob",
            "bob",
            "approved",
            Some("1990-04-12"),
        )
        .await;
    let app = persona_app(&persona).await;
    let alice = app.register("alice").await;
    let bob = app.register("bob").await;
    assert_eq!(start(&app, &bob, &json!({})).await.status(), 201);

    let elsewhere = persona_says(&app, "evt_t1", "inquiry.approved", "inq_elsewhere").await;
    let body = event("evt_t2", "inquiry.approved", "inq_bob", "bob");
    let weaker = deliver(&app, &body, Some(&sign(&body, SECRET, now()))).await;
    let weaker: Value = weaker.json().await.unwrap();

    assert!(elsewhere.starts_with("ignored"), "{elsewhere}");
    assert!(
        weaker["outcome"].as_str().unwrap().contains("template"),
        "{weaker}"
    );
    assert_eq!(age_check(&app, &alice).await["status"], "unverified");
    assert_eq!(age_check(&app, &bob).await["status"], "pending");
}

#[tokio::test]
async fn an_approval_persona_overturns_ends_explicit_imagery_at_once_and_a_redacted_one_stands() {
    let persona = FakePersona::start().await;
    persona
        .reads("inq_a", "alice", "approved", Some("1990-04-12"))
        .await;
    let (app, alice) = alice_checking(&persona).await;
    persona_says(&app, "evt_o1", "inquiry.approved", "inq_a").await;
    app.generate_ok(&alice, &json!({"prompt": "a portrait", "style": NSFW}))
        .await;

    // Redacted, the approval is read again without its birth date: it still stands.
    persona.server.reset().await;
    persona.reads("inq_a", "alice", "approved", None).await;
    let redacted = persona_says(&app, "evt_o2", "inquiry.redacted", "inq_a").await;
    assert!(redacted.starts_with("ignored"), "{redacted}");
    assert_eq!(age_check(&app, &alice).await["status"], "verified");

    // A reviewer finds the document forged and declines the inquiry.
    persona.server.reset().await;
    persona.reads("inq_a", "alice", "declined", None).await;
    let overturned = persona_says(&app, "evt_o3", "inquiry.declined", "inq_a").await;

    assert_eq!(overturned, "applied: declined");
    assert_eq!(age_check(&app, &alice).await["status"], "declined");
    explicit_is_refused_for_age(&app, &alice).await;
}
