//! What users feel and what costs money: token verification, the non-pro preview, and the
//! embedded store's hot operations. `cargo bench --bench gateway`; figures in BENCHMARKS.md.

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use lucent::auth::{GoogleKeys, TokenVerifier};
use lucent::images::encode_png;
use lucent::images::preview;
use lucent::store::embedded::EmbeddedStore;
use lucent::store::{ProfileUpdate, Store};
use serde_json::json;
use tokio::runtime::Runtime;
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

const KEY: &str = include_str!("../tests/api/keys/key-a.pem");
const CERT: &str = include_str!("../tests/api/keys/cert-a.pem");

fn token() -> String {
    let now = chrono::Utc::now().timestamp();
    let claims = json!({
        "iss": "https://securetoken.google.com/demo-lucent", "aud": "demo-lucent",
        "sub": "bench-user", "iat": now, "auth_time": now, "exp": now + 3600,
    });
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some("k1".into());
    jsonwebtoken::encode(
        &header,
        &claims,
        &EncodingKey::from_rsa_pem(KEY.as_bytes()).unwrap(),
    )
    .unwrap()
}

fn tokens(c: &mut Criterion) {
    let rt = Runtime::new().unwrap();
    let server = rt.block_on(async {
        let server = MockServer::start().await;
        Mock::given(method("GET"))
            .respond_with(
                ResponseTemplate::new(200)
                    .insert_header("cache-control", "public, max-age=3600")
                    .set_body_json(json!({ "k1": CERT })),
            )
            .mount(&server)
            .await;
        server
    });
    let url = url::Url::parse(&server.uri()).unwrap();
    let http = reqwest::Client::new();
    let token = token();
    let verifier = TokenVerifier::google("demo-lucent", GoogleKeys::new(http.clone(), url.clone()));
    let now = chrono::Utc::now().timestamp();
    rt.block_on(verifier.verify(&token)).unwrap();

    let mut group = c.benchmark_group("id_token");
    group.bench_function("rs256_verify_cached_key", |b| {
        b.to_async(&rt)
            .iter(|| async { black_box(verifier.verify_uncached(&token, now).await.unwrap()) })
    });
    group.bench_function("verified_token_cache_hit", |b| {
        b.to_async(&rt)
            .iter(|| async { black_box(verifier.verify(&token).await.unwrap()) })
    });
    group.bench_function("first_use_fetch_parse_verify", |b| {
        b.to_async(&rt).iter(|| async {
            let fresh =
                TokenVerifier::google("demo-lucent", GoogleKeys::new(http.clone(), url.clone()));
            black_box(fresh.verify_uncached(&token, now).await.unwrap())
        })
    });
    group.finish();
}

/// A picture with photo-like detail (smooth shapes plus grain), as a backend returns it.
fn original_png(side: u32) -> Vec<u8> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let img = image::RgbaImage::from_fn(side, side, |x, y| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let grain = (state & 0x1F) as u8;
        let (fx, fy) = (x as f32 / side as f32, y as f32 / side as f32);
        let r = (200.0 * fx) as u8;
        let g = (180.0 * (1.0 - fy)) as u8;
        let b = (255.0 * ((fx * 9.0).sin() * 0.5 + 0.5)) as u8;
        image::Rgba([r.saturating_add(grain), g.saturating_add(grain), b, 255])
    });
    encode_png(&img).unwrap()
}

fn previews(c: &mut Criterion) {
    let mut group = c.benchmark_group("preview");
    group.measurement_time(Duration::from_secs(8));
    for side in [512u32, 1024] {
        let png = original_png(side);
        std::fs::create_dir_all("target/bench-images").unwrap();
        std::fs::write(format!("target/bench-images/original-{side}.png"), &png).unwrap();
        group.bench_with_input(
            BenchmarkId::new("decode_blur_watermark_encode", side),
            &png,
            |b, png| {
                b.iter(|| {
                    let img =
                        image::load_from_memory_with_format(png, image::ImageFormat::Png).unwrap();
                    black_box(encode_png(&preview::blurred(&img)).unwrap())
                })
            },
        );
    }
    group.finish();
}

fn store(c: &mut Criterion) {
    let rt = Runtime::new().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(EmbeddedStore::open(dir.path()).unwrap());
    let update = ProfileUpdate {
        email: "b@example.com".into(),
        username: "Bench".into(),
        age_confirmed: true,
    };
    rt.block_on(store.upsert_profile("bench-user", &update))
        .unwrap();

    let mut group = c.benchmark_group("embedded_store");
    group.bench_function("read_user", |b| {
        b.to_async(&rt)
            .iter(|| async { black_box(store.get_user("bench-user").await.unwrap()) })
    });
    group.bench_function("reserve_and_settle_credit", |b| {
        b.to_async(&rt).iter(|| async {
            store
                .reserve_credits("bench-user", "d2026-11-22", "bench-job", 1, u32::MAX)
                .await
                .unwrap()
                .unwrap();
            store
                .settle_credits("bench-user", "d2026-11-22", "bench-job", 0)
                .await
                .unwrap();
        })
    });
    group.finish();
}

criterion_group!(benches, tokens, previews, store);
criterion_main!(benches);
