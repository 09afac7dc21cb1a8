//! Embeds texts for the content gate's training (safety-model/train.py) with the same encoder
//! the gateway runs, so the head is trained on the embeddings it will read.
//!
//!     cargo run --release -p lucent-e5 --example embed < jobs
//!
//! Each line of stdin is `<path>\t<text as a JSON string>`; each text is embedded as a query
//! and written to its path as a NumPy `.npy` file of 384 little-endian f32. Two threads.
//! Reads the model from LUCENT_E5_MODEL or ../../models/e5-small-q4.bin.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use lucent_e5::{DIM, Encoder, Kind};

fn npy(values: &[f32; DIM]) -> Vec<u8> {
    let dict = format!("{{'descr': '<f4', 'fortran_order': False, 'shape': ({DIM},), }}");
    // Magic, version 1.0, a little-endian u16 header length; the header ends in a newline and
    // is padded with spaces so that the data starts at a multiple of 64 bytes.
    let unpadded = 10 + dict.len() + 1;
    let header_len = dict.len() + 1 + (64 - unpadded % 64) % 64;
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(
        &u16::try_from(header_len)
            .expect("a short header")
            .to_le_bytes(),
    );
    out.extend_from_slice(dict.as_bytes());
    out.resize(10 + header_len - 1, b' ');
    out.push(b'\n');
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

fn main() {
    let path = std::env::var_os("LUCENT_E5_MODEL").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../models/e5-small-q4.bin"),
        PathBuf::from,
    );
    let encoder = Arc::new(Encoder::open(&path).unwrap_or_else(|e| panic!("{e}")));
    let jobs: Vec<(PathBuf, String)> = std::io::stdin()
        .lock()
        .lines()
        .map(|line| {
            let line = line.expect("stdin is readable");
            let (out, text) = line.split_once('\t').expect("<path>\\t<json text>");
            let text: String = serde_json::from_str(text).expect("the text is a JSON string");
            (PathBuf::from(out), text)
        })
        .collect();
    let jobs = Arc::new(Mutex::new(jobs));
    let workers: Vec<_> = (0..2)
        .map(|_| {
            let jobs = Arc::clone(&jobs);
            let encoder = Arc::clone(&encoder);
            std::thread::spawn(move || {
                loop {
                    let Some((out, text)) = jobs.lock().expect("no worker panicked").pop() else {
                        return;
                    };
                    let embedding = encoder.embed(&text, Kind::Query);
                    std::fs::write(&out, npy(&embedding))
                        .unwrap_or_else(|e| panic!("{}: {e}", out.display()));
                }
            })
        })
        .collect();
    for worker in workers {
        worker.join().expect("a worker embedded its texts");
    }
    std::io::stdout().flush().ok();
}
