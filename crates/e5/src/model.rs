//! The BERT-style encoder of multilingual-e5-small.
//!
//! Layer weights are expanded from Q4_0 to f32 once at load and stored
//! transposed (`in x out`, row-major): sgemm then packs them from contiguous
//! rows, and the query/key/value projections share one matrix so each layer
//! starts with a single wide product. Activations stay f32 throughout; the C
//! engine's int8 activation rounding is a speed trick, not part of the model.

use crate::error::LoadError;
use crate::file::Packed;
use crate::ops::{self, Mat};
use crate::quant::{self, BLOCK, Q4Matrix};

struct Norm {
    weight: Vec<f32>,
    bias: Vec<f32>,
}

/// A linear layer: `y = x * weight + bias` with `weight` stored `in x out`.
struct Linear {
    weight: Vec<f32>,
    bias: Vec<f32>,
    inputs: usize,
}

impl Linear {
    /// Stacks the named `out x in` Q4_0 matrices side by side (`in x sum(out)`).
    fn load(
        file: &Packed<'_>,
        names: &[&str],
        outputs: usize,
        inputs: usize,
    ) -> Result<Self, LoadError> {
        // Validate every part before allocating, so a corrupt header cannot
        // ask for an absurd buffer.
        let mut parts = Vec::with_capacity(names.len());
        let mut bias = Vec::new();
        for name in names {
            parts.push(file.q4(&format!("{name}.w"), outputs, inputs)?);
            bias.extend(file.f32s(&format!("{name}.b"), outputs)?);
        }
        let width = bias.len();
        let mut weight = vec![0.0; inputs * width];
        let mut row = vec![0.0; inputs];
        for (part, packed) in parts.iter().enumerate() {
            for (o, src) in packed.chunks_exact(packed.len() / outputs).enumerate() {
                quant::dequantize(src, &mut row);
                let column = part * outputs + o;
                for (i, &w) in row.iter().enumerate() {
                    weight[i * width + column] = w;
                }
            }
        }
        Ok(Linear {
            weight,
            bias,
            inputs,
        })
    }

    fn outputs(&self) -> usize {
        self.bias.len()
    }

    /// `out = x * weight + bias` for `rows` rows of `x`, on `threads` threads.
    fn apply(&self, x: &[f32], rows: usize, out: &mut [f32], threads: usize) {
        let out = &mut out[..rows * self.outputs()];
        ops::fill_rows(out, &self.bias);
        let w = Mat::rows(&self.weight, self.inputs, self.outputs());
        ops::gemm_columns(Mat::rows(x, rows, self.inputs), w, out, threads);
    }
}

struct Layer {
    qkv: Linear,
    attn_out: Linear,
    attn_norm: Norm,
    ffn_up: Linear,
    ffn_down: Linear,
    ffn_norm: Norm,
}

pub(crate) struct Model {
    hidden: usize,
    heads: usize,
    ffn: usize,
    eps: f32,
    max_positions: usize,
    words: Q4Matrix,
    positions: Vec<f32>,
    /// Row 0 of the token-type table: every token is of type 0.
    token_type: Vec<f32>,
    embed_norm: Norm,
    layers: Vec<Layer>,
}

/// Per-call working memory, sized for the longest window of the call.
pub(crate) struct Scratch {
    x: Vec<f32>,
    qkv: Vec<f32>,
    context: Vec<f32>,
    projected: Vec<f32>,
    ffn: Vec<f32>,
    scores: Vec<f32>,
}

impl Model {
    pub fn load(file: &Packed<'_>) -> Result<Self, LoadError> {
        let h = file.header;
        let bad = |msg: String| Err(LoadError::BadHeader(msg));
        if h.block != BLOCK {
            return bad(format!(
                "quantisation block of {}, expected {BLOCK}",
                h.block
            ));
        }
        if h.hidden != crate::DIM {
            return bad(format!("hidden size {}, expected {}", h.hidden, crate::DIM));
        }
        if !h.hidden.is_multiple_of(h.heads) {
            return bad(format!(
                "{} heads do not divide hidden size {}",
                h.heads, h.hidden
            ));
        }
        if h.ffn == 0 || !h.ffn.is_multiple_of(BLOCK) {
            return bad(format!(
                "feed-forward size {} is not a multiple of {BLOCK}",
                h.ffn
            ));
        }
        if h.max_positions < 3 || h.type_vocab == 0 || h.vocab == 0 {
            return bad("position, token-type and vocabulary counts must be positive".into());
        }
        if !(h.eps > 0.0 && h.eps.is_finite()) {
            return bad(format!("layer-norm epsilon {} is not positive", h.eps));
        }
        let d = h.hidden;
        let norm = |prefix: &str| -> Result<Norm, LoadError> {
            Ok(Norm {
                weight: file.f32s(&format!("{prefix}.w"), d)?,
                bias: file.f32s(&format!("{prefix}.b"), d)?,
            })
        };
        let mut token_type = file.f32s("emb.type", h.type_vocab * d)?;
        token_type.truncate(d);

        let layers = (0..h.layers)
            .map(|l| {
                let name = |part: &str| format!("l{l}.{part}");
                Ok(Layer {
                    qkv: Linear::load(file, &[&name("q"), &name("k"), &name("v")], d, d)?,
                    attn_out: Linear::load(file, &[&name("ao")], d, d)?,
                    attn_norm: norm(&name("aln"))?,
                    ffn_up: Linear::load(file, &[&name("fi")], h.ffn, d)?,
                    ffn_down: Linear::load(file, &[&name("fo")], d, h.ffn)?,
                    ffn_norm: norm(&name("oln"))?,
                })
            })
            .collect::<Result<_, LoadError>>()?;

        Ok(Model {
            hidden: d,
            heads: h.heads,
            ffn: h.ffn,
            eps: h.eps,
            max_positions: h.max_positions,
            words: Q4Matrix::new(file.q4("emb.word", h.vocab, d)?, d),
            positions: file.f32s("emb.pos", h.max_positions * d)?,
            token_type,
            embed_norm: norm("emb.ln")?,
            layers,
        })
    }

    pub fn vocab(&self) -> usize {
        self.words.rows()
    }

    /// The most tokens, `<s>` and `</s>` included, one pass can take.
    pub fn max_positions(&self) -> usize {
        self.max_positions
    }

    pub fn layers(&self) -> usize {
        self.layers.len()
    }

    /// Working memory for `tokens` tokens in all, the longest sequence `longest` of them.
    pub fn scratch(&self, tokens: usize, longest: usize) -> Scratch {
        let d = self.hidden;
        Scratch {
            x: vec![0.0; tokens * d],
            qkv: vec![0.0; tokens * 3 * d],
            context: vec![0.0; tokens * d],
            projected: vec![0.0; tokens * d],
            ffn: vec![0.0; tokens * self.ffn],
            scores: vec![0.0; longest * longest],
        }
    }

    /// Runs the encoder over each of `sequences` (each at most `max_positions` ids below
    /// `vocab`) and writes the mean of each one's final hidden states to `means`. The
    /// sequences are stacked into one matrix, so each layer's weights are packed once for all
    /// of them; attention stays within each sequence. The weight products run on `threads`
    /// threads.
    pub fn mean_hidden(
        &self,
        sequences: &[&[u32]],
        s: &mut Scratch,
        means: &mut [[f32; crate::DIM]],
        threads: usize,
    ) {
        let d = self.hidden;
        let t: usize = sequences.iter().map(|ids| ids.len()).sum();
        let x = &mut s.x[..t * d];
        let mut rows = x.chunks_exact_mut(d);
        for ids in sequences {
            assert!(
                ids.len() <= self.max_positions,
                "window longer than the position table"
            );
            // `ids` first, so that its end takes no row from the next sequence.
            for ((&id, row), pos) in ids
                .iter()
                .zip(&mut rows)
                .zip(self.positions.chunks_exact(d))
            {
                self.words.row_into(id as usize, row);
                for ((v, &p), &ty) in row.iter_mut().zip(pos).zip(&self.token_type) {
                    *v += p + ty;
                }
            }
        }
        let norm = &self.embed_norm;
        ops::add_layer_norm(x, None, &norm.weight, &norm.bias, self.eps);

        for layer in &self.layers {
            layer.qkv.apply(&s.x, t, &mut s.qkv, threads);
            let mut first = 0;
            for ids in sequences {
                self.attention(first, ids.len(), s);
                first += ids.len();
            }
            layer
                .attn_out
                .apply(&s.context, t, &mut s.projected, threads);
            let x = &mut s.x[..t * d];
            let norm = &layer.attn_norm;
            ops::add_layer_norm(x, Some(&s.projected), &norm.weight, &norm.bias, self.eps);

            layer.ffn_up.apply(x, t, &mut s.ffn, threads);
            ops::gelu(&mut s.ffn[..t * self.ffn]);
            layer.ffn_down.apply(&s.ffn, t, &mut s.projected, threads);
            let norm = &layer.ffn_norm;
            ops::add_layer_norm(x, Some(&s.projected), &norm.weight, &norm.bias, self.eps);
        }

        let mut first = 0;
        for (ids, mean) in sequences.iter().zip(means.iter_mut()) {
            mean.fill(0.0);
            for row in s.x[first * d..(first + ids.len()) * d].chunks_exact(d) {
                mean.iter_mut().zip(row).for_each(|(m, &v)| *m += v);
            }
            let inv = 1.0 / ids.len() as f32;
            mean.iter_mut().for_each(|m| *m *= inv);
            first += ids.len();
        }
    }

    /// Multi-head self-attention over the `t` tokens from row `first` of `s.qkv` (one
    /// sequence, no padding, so no mask), into the same rows of `s.context`.
    fn attention(&self, first: usize, t: usize, s: &mut Scratch) {
        let d = self.hidden;
        let head = d / self.heads;
        let qkv = &s.qkv[first * 3 * d..(first + t) * 3 * d];
        let context = &mut s.context[first * d..(first + t) * d];
        let scores = &mut s.scores[..t * t];
        let scale = 1.0 / (head as f32).sqrt();
        for h in 0..self.heads {
            let q = Mat::columns(qkv, t, 3 * d, h * head, head);
            let k = Mat::columns(qkv, t, 3 * d, d + h * head, head);
            let v = Mat::columns(qkv, t, 3 * d, 2 * d + h * head, head);
            ops::gemm(scale, q, k.t(), 0.0, scores, t, 0);
            ops::softmax_rows(scores, t);
            ops::gemm(1.0, Mat::rows(scores, t, t), v, 0.0, context, d, h * head);
        }
    }
}
