//! What users feel and what costs money: token verification, the non-pro preview, the
//! embedded store's hot operations, and the content gate. `cargo bench --bench gateway`; figures in BENCHMARKS.md.

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use lucent::auth::{GoogleKeys, TokenVerifier};
use lucent::images::content_credentials::ContentCredentials;
use lucent::images::encode_png;
use lucent::images::{png_meta, preview};
use lucent::safety::meaning::head::Head;
use lucent::safety::{Gate, Request as SafetyRequest};
use lucent::store::embedded::EmbeddedStore;
use lucent::store::{AccountRecords, CreditLedger, ProfileUpdate};
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

/// A 500-character prompt as users write them: A1111 weights, a LoRA, tags, an adult
/// explicit request that passes (so every reading and every list is searched to the end).
fn long_prompt() -> String {
    let mut prompt = String::from(
        "(masterpiece:1.2), best quality, 1girl, solo, nude, 25 year old woman, long hair, \
         <lora:detail_tweaker:0.6>, [smile:grin:0.4], looking at viewer, soft lighting, \
         bedroom, BREAK cinematic, depth of field, ",
    );
    while prompt.len() < 500 {
        prompt.push_str("sharp focus, highly detailed skin, ");
    }
    prompt.truncate(500);
    prompt
}

fn safety(c: &mut Criterion) {
    let gate = Gate::load(None).unwrap();
    let prompt = long_prompt();
    let request = SafetyRequest {
        prompt: &prompt,
        source_len: 0,
        negative_prompt: "child, teen, (worst quality:1.4), lowres, bad anatomy, watermark",
        nsfw_style: true,
        nudity: true,
    };
    assert!(gate.check(&request).is_ok());
    let mut group = c.benchmark_group("safety");
    group.bench_function("gate_500_chars_passes", |b| {
        b.iter(|| black_box(gate.check(black_box(&request))))
    });
    group.finish();

    p99_of("safety/gate_500_chars_passes", &gate, &request);

    // Beyond ASCII, every reading the tokenizer's cleaning may make is read too.
    let mut accented = String::new();
    while accented.chars().count() < 500 {
        accented.push_str("portrait d'une femme élégante, 東京の夜景, café crème, ");
    }
    let accented: String = accented.chars().take(500).collect();
    let request = SafetyRequest {
        prompt: &accented,
        ..request
    };
    assert!(gate.check(&request).is_ok());
    p99_of("safety/gate_500_chars_beyond_ascii_passes", &gate, &request);

    // The head over the embeddings of a whole text and its twelve phrases, the most one
    // request asks of it (src/safety/meaning/parts.rs).
    let head = Head::built_in();
    let embeddings: Vec<[f32; lucent_e5::DIM]> = (0..13u16)
        .map(|n| std::array::from_fn(|i| ((i * 7 + usize::from(n)) % 13) as f32 / 64.0 - 0.1))
        .collect();
    let mut group = c.benchmark_group("safety");
    group.bench_function("meaning_head_13_texts", |b| {
        b.iter(|| {
            for e in &embeddings {
                black_box(head.scores(black_box(e)));
            }
        })
    });
    group.finish();
}

/// Criterion reports means; the goal is a p99, read from single timed runs.
fn p99_of(name: &str, gate: &Gate, request: &SafetyRequest<'_>) {
    let mut times: Vec<Duration> = (0..20_000)
        .map(|_| {
            let start = std::time::Instant::now();
            black_box(gate.check(black_box(request))).ok();
            start.elapsed()
        })
        .collect();
    times.sort();
    let at = |p: usize| times[times.len() * p / 100];
    println!(
        "{name} single runs: p50 {:?}, p99 {:?}, max {:?}",
        at(50),
        at(99),
        times[times.len() - 1]
    );
}

/// What serving one image adds: the XMP mark (a copy of the PNG's chunks), and the C2PA
/// signature when a deployer configured one (hashing the whole file, one ES256 signature).
fn marks(c: &mut Criterion) {
    let keys = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/api/keys/c2pa");
    let credentials = ContentCredentials::load(
        &keys.join("chain.pem"),
        &keys.join("signer-key.pem"),
        "es256",
    )
    .unwrap();
    let mut group = c.benchmark_group("marks");
    group.measurement_time(Duration::from_secs(8));
    for side in [512u32, 1024] {
        let png = original_png(side);
        let provenance = || png_meta::Provenance {
            creator_tool: "Lucent, Realistic_Vision_V4.0.safetensors",
            parameters: None,
        };
        group.bench_with_input(BenchmarkId::new("xmp", side), &png, |b, png| {
            b.iter(|| black_box(png_meta::with_provenance(png, provenance()).unwrap()))
        });
        let marked = png_meta::with_provenance(&png, provenance()).unwrap();
        group.bench_with_input(BenchmarkId::new("c2pa_sign", side), &marked, |b, png| {
            b.iter(|| {
                black_box(
                    credentials
                        .sign(png, "Lucent, Realistic_Vision_V4.0")
                        .unwrap(),
                )
            })
        });
    }
    group.finish();
}

criterion_group!(benches, tokens, previews, store, safety, marks);
criterion_main!(benches);
