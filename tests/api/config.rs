use std::process::Command;

fn lucent() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_lucent"));
    // Only what a test sets reaches the binary.
    cmd.env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default());
    cmd
}

// Secrets as long as their issuers make them: a shorter one is refused before anything else.
const STRIPE_KEY: &str = "sk_test_51Hx0000000000000000000000";
const PERSONA_KEY: &str = "persona_sandbox_00000000-0000-4000-8000-000000000000";
const VEROTEL_KEY: &str = "s5QJ0000000000000000000000000a";
const EMAIL_KEY: &str = "0123456789abcdef0123456789abcdef";

/// Starts the binary with one variable set to `value` and expects it to refuse, naming it.
fn assert_start_refuses(variable: &str, value: &str) {
    assert_start_refuses_with(&[], variable, value);
}

#[test]
fn a_bad_listen_address_stops_the_start_naming_the_variable() {
    assert_start_refuses("LUCENT_ADDR", "not-an-address");
}

#[test]
fn a_c2pa_certificate_without_its_key_stops_the_start() {
    assert_start_refuses("LUCENT_C2PA_CERT", "/etc/lucent/c2pa-chain.pem");
}

#[test]
fn a_bad_generator_stops_the_start_naming_the_variable() {
    assert_start_refuses("LUCENT_GENERATOR", "gpu://somewhere");
}

#[test]
fn an_emulator_host_must_be_host_and_port_and_nothing_more() {
    assert_start_refuses(
        "FIREBASE_AUTH_EMULATOR_HOST",
        "127.0.0.1:9099; script-src *",
    );
    assert_start_refuses("FIREBASE_AUTH_EMULATOR_HOST", "http://127.0.0.1:9099");
    assert_start_refuses("FIREBASE_DATABASE_EMULATOR_HOST", "127.0.0.1");
}

#[test]
fn a_real_project_without_stripe_refuses_silent_test_billing() {
    let out = lucent()
        .env("FIREBASE_PROJECT_ID", "lucent-prod")
        .output()
        .unwrap();

    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("LUCENT_BILLING"), "{stderr}");
}

#[test]
fn stripe_billing_without_its_secrets_names_the_missing_variable() {
    let out = lucent()
        .env("LUCENT_BILLING", "stripe")
        .env("STRIPE_SECRET_KEY", STRIPE_KEY)
        .output()
        .unwrap();

    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("STRIPE_PRICE_ID"), "{stderr}");
}

#[test]
fn verotel_billing_names_each_missing_variable_in_turn() {
    let given = [
        ("VEROTEL_SHOP_ID", "123456"),
        ("VEROTEL_SIGNATURE_KEY", VEROTEL_KEY),
        ("VEROTEL_API_USER", "user"),
        ("VEROTEL_API_PASSWORD", "password"),
    ];
    for missing in 0..given.len() {
        let mut cmd = lucent();
        cmd.env("LUCENT_BILLING", "verotel");
        for (variable, value) in &given[..missing] {
            cmd.env(variable, value);
        }
        let out = cmd.output().unwrap();

        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(given[missing].0), "{stderr}");
    }
    let mut all_but_the_shop = given[1..].to_vec();
    all_but_the_shop.push(("LUCENT_BILLING", "verotel"));
    assert_start_refuses_with(&all_but_the_shop, "VEROTEL_SHOP_ID", "12ab");
}

/// Starts the binary with `env` and `variable` set to `value`; it must refuse, naming it.
fn assert_start_refuses_with(env: &[(&str, &str)], variable: &str, value: &str) {
    let out = lucent()
        .envs(env.iter().copied())
        .env(variable, value)
        .output()
        .unwrap();

    assert!(!out.status.success(), "{variable}={value:?} was accepted");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(variable), "{stderr}");
}

#[test]
fn every_variable_is_also_a_serve_flag() {
    let out = lucent().args(["serve", "--help"]).output().unwrap();

    let help = String::from_utf8_lossy(&out.stdout);
    for var in [
        "LUCENT_ADDR",
        "FIREBASE_PROJECT_ID",
        "FIREBASE_AUTH_EMULATOR_HOST",
        "LUCENT_GOOGLE_KEYS_URL",
        "FIREBASE_DATABASE_URL",
        "FIREBASE_DATABASE_EMULATOR_HOST",
        "GOOGLE_APPLICATION_CREDENTIALS",
        "LUCENT_DATA_DIR",
        "LUCENT_IMAGE_STORE",
        "LUCENT_GENERATOR",
        "STRIPE_SECRET_KEY",
        "STRIPE_WEBHOOK_SECRET",
        "STRIPE_PRICE_ID",
        "LUCENT_BILLING",
        "LUCENT_STRIPE_API_BASE",
        "VEROTEL_SHOP_ID",
        "VEROTEL_SIGNATURE_KEY",
        "VEROTEL_BASE_URL",
        "VEROTEL_CONTROL_CENTER_URL",
        "VEROTEL_API_USER",
        "VEROTEL_API_PASSWORD",
        "LUCENT_PUBLIC_URL",
        "LUCENT_FREE_DAILY",
        "LUCENT_PRO_MONTHLY",
        "LUCENT_FREE_RETENTION_DAYS",
        "LUCENT_SUPPORT_DAILY_CREDITS",
        "LUCENT_SUPPORT_DAILY_PRO",
    ] {
        assert!(
            help.contains(var),
            "{var} missing from `lucent serve --help`"
        );
    }
}

#[test]
fn an_emulator_variable_on_a_real_project_stops_the_start() {
    for variable in [
        "FIREBASE_AUTH_EMULATOR_HOST",
        "FIREBASE_DATABASE_EMULATOR_HOST",
    ] {
        let out = lucent()
            .env("FIREBASE_PROJECT_ID", "lucent-prod")
            .env("LUCENT_BILLING", "test")
            .env(
                "FIREBASE_DATABASE_URL",
                "https://lucent-prod-default-rtdb.firebaseio.com",
            )
            .env(variable, "127.0.0.1:9")
            .output()
            .unwrap();

        assert!(
            !out.status.success(),
            "{variable} on a real project was accepted"
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(variable)
                && stderr.contains("LUCENT_DANGEROUSLY_ALLOW_EMULATORS_ON_A_REAL_PROJECT"),
            "{stderr}"
        );
    }
}

#[test]
fn the_loud_override_lets_an_emulator_stand_on_a_real_project() {
    let dir = tempfile::tempdir().unwrap();
    let out = lucent()
        .env("FIREBASE_PROJECT_ID", "lucent-prod")
        .env("LUCENT_BILLING", "test")
        .env("LUCENT_EMAIL_KEY", EMAIL_KEY)
        .env("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9")
        .env(
            "LUCENT_DANGEROUSLY_ALLOW_EMULATORS_ON_A_REAL_PROJECT",
            "true",
        )
        .env("LUCENT_DATA_DIR", dir.path())
        .args(["users", "show", "nobody"])
        .output()
        .unwrap();

    // Past the configuration check: the command itself runs (and finds no such user).
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no user with uid"), "{stderr}");
}

/// What a start with `env` (beyond a data directory and a free port) says on its way out: it
/// must not start.
fn refused_start(env: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = lucent();
    cmd.env("LUCENT_DATA_DIR", dir.path())
        .env("LUCENT_ADDR", "127.0.0.1:0");
    for (name, value) in env {
        cmd.env(name, value);
    }
    let out = cmd.output().unwrap();
    assert!(!out.status.success());
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_real_project_with_explicit_styles_and_no_age_check_does_not_start() {
    let stderr = refused_start(&[
        ("FIREBASE_PROJECT_ID", "lucent-prod"),
        ("LUCENT_BILLING", "test"),
        ("LUCENT_EMAIL_KEY", EMAIL_KEY),
    ]);
    assert!(
        stderr.contains("LUCENT_AGE_CHECK") && stderr.contains("explicit styles"),
        "{stderr}"
    );
}

#[test]
fn test_mode_age_checks_stay_on_demo_projects() {
    let out = lucent()
        .env("FIREBASE_PROJECT_ID", "lucent-prod")
        .env("LUCENT_BILLING", "test")
        .env("LUCENT_AGE_CHECK", "test")
        .output()
        .unwrap();

    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("LUCENT_AGE_CHECK"), "{stderr}");
}

#[test]
fn persona_age_checks_without_their_secrets_name_the_missing_variable() {
    let out = lucent()
        .env("LUCENT_AGE_CHECK", "persona")
        .env("PERSONA_API_KEY", PERSONA_KEY)
        .output()
        .unwrap();

    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("PERSONA_TEMPLATE_ID"), "{stderr}");
}

#[test]
fn a_real_project_with_explicit_styles_and_no_reader_of_meaning_does_not_start() {
    let stderr = refused_start(&[
        ("FIREBASE_PROJECT_ID", "lucent-prod"),
        ("LUCENT_BILLING", "test"),
        ("LUCENT_EMAIL_KEY", EMAIL_KEY),
        ("LUCENT_AGE_CHECK", "off"),
        ("LUCENT_MEANING", "off"),
    ]);
    assert!(
        stderr.contains("LUCENT_MEANING") && stderr.contains("explicit styles"),
        "{stderr}"
    );
}

#[test]
fn a_missing_model_file_stops_the_start_naming_the_variable() {
    let stderr = refused_start(&[("LUCENT_MEANING_MODEL", "/nonexistent/e5-small-q4.bin")]);
    assert!(
        stderr.contains("LUCENT_MEANING_MODEL") && stderr.contains("fetch-model"),
        "{stderr}"
    );
}

#[test]
fn a_real_project_without_an_email_key_does_not_start() {
    let stderr = refused_start(&[
        ("FIREBASE_PROJECT_ID", "lucent-prod"),
        ("LUCENT_BILLING", "test"),
    ]);
    assert!(
        stderr.contains("LUCENT_EMAIL_KEY") && stderr.contains("verified email"),
        "{stderr}"
    );
}

#[test]
fn every_secret_the_gateway_signs_or_checks_with_is_refused_empty_or_short() {
    for (variable, short) in [
        ("STRIPE_SECRET_KEY", "sk_live_123"),
        ("STRIPE_WEBHOOK_SECRET", "whsec_123"),
        ("VEROTEL_SIGNATURE_KEY", "abc"),
        ("VEROTEL_API_PASSWORD", "pass"),
        ("PERSONA_API_KEY", "persona_sandbox_x"),
        (
            "PERSONA_WEBHOOK_SECRET",
            "wbhsec_00000000-0000-4000-8000-000000000000,wbhsec_1",
        ),
        ("LUCENT_METRICS_TOKEN", "metrics"),
        ("LUCENT_EMAIL_KEY", "short"),
        ("LUCENT_MODERATION_KEY", "sk-1"),
    ] {
        for value in ["", short] {
            let stderr = refused_start(&[(variable, value)]);
            assert!(
                stderr.contains(variable) && stderr.contains("a real one has"),
                "{variable}={value:?}: {stderr}"
            );
        }
    }
}
