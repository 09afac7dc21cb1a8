//! Q4_0 weights: blocks of 32 four-bit integers sharing one f16 scale.
//!
//! A block is 18 bytes: the scale, then 16 bytes whose low nibbles hold
//! weights 0..16 and whose high nibbles hold weights 16..32. A nibble `q`
//! stands for `(q - 8) * scale`.

/// Weights per block.
pub(crate) const BLOCK: usize = 32;
/// Bytes per block.
pub(crate) const BLOCK_BYTES: usize = 2 + BLOCK / 2;

/// IEEE 754 binary16 to binary32; exact for every input.
pub(crate) fn f16_to_f32(bits: u16) -> f32 {
    let sign = u32::from(bits >> 15) << 31;
    let exponent = u32::from((bits >> 10) & 0x1f);
    let mantissa = u32::from(bits & 0x3ff);
    let magnitude = match exponent {
        // Subnormal (or zero): mantissa * 2^-24, exact in f32.
        0 => (mantissa as f32 * (1.0 / 16_777_216.0)).to_bits(),
        // Inf / NaN keep their payload.
        0x1f => 0x7f80_0000 | (mantissa << 13),
        // Rebias the exponent from 15 to 127.
        _ => ((exponent + 112) << 23) | (mantissa << 13),
    };
    f32::from_bits(sign | magnitude)
}

/// Expands whole blocks; `out.len()` must be `src.len() / BLOCK_BYTES * BLOCK`.
pub(crate) fn dequantize(src: &[u8], out: &mut [f32]) {
    debug_assert_eq!(src.len() / BLOCK_BYTES * BLOCK, out.len());
    for (block, out) in src
        .chunks_exact(BLOCK_BYTES)
        .zip(out.chunks_exact_mut(BLOCK))
    {
        let scale = f16_to_f32(u16::from_le_bytes([block[0], block[1]]));
        let (low, high) = out.split_at_mut(BLOCK / 2);
        for ((&byte, lo), hi) in block[2..].iter().zip(low).zip(high) {
            *lo = (i32::from(byte & 0x0f) - 8) as f32 * scale;
            *hi = (i32::from(byte >> 4) - 8) as f32 * scale;
        }
    }
}

/// A quantised matrix kept packed, for tables too big to expand (the
/// 250k-row word embeddings); rows are expanded one at a time on lookup.
pub(crate) struct Q4Matrix {
    data: Box<[u8]>,
    cols: usize,
}

impl Q4Matrix {
    /// `data` holds `rows * cols` weights row by row; `cols` is a multiple of `BLOCK`.
    pub fn new(data: &[u8], cols: usize) -> Self {
        Q4Matrix {
            data: data.into(),
            cols,
        }
    }

    pub fn rows(&self) -> usize {
        self.data.len() / self.row_bytes()
    }

    fn row_bytes(&self) -> usize {
        self.cols / BLOCK * BLOCK_BYTES
    }

    pub fn row_into(&self, row: usize, out: &mut [f32]) {
        let n = self.row_bytes();
        dequantize(&self.data[row * n..(row + 1) * n], out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f16_edge_values() {
        assert_eq!(f16_to_f32(0x0000), 0.0);
        assert_eq!(f16_to_f32(0x8000).to_bits(), (-0.0f32).to_bits());
        assert_eq!(f16_to_f32(0x3c00), 1.0);
        assert_eq!(f16_to_f32(0xc000), -2.0);
        assert_eq!(f16_to_f32(0x7bff), 65504.0);
        assert_eq!(f16_to_f32(0x0001), 2f32.powi(-24));
        assert_eq!(f16_to_f32(0x03ff), 1023.0 * 2f32.powi(-24));
        assert_eq!(f16_to_f32(0x7c00), f32::INFINITY);
        assert!(f16_to_f32(0x7e00).is_nan());
    }

    #[test]
    fn nibble_order() {
        // scale 0.5; byte j = (hi << 4) | lo with lo = j, hi = 15 - j
        let mut block = vec![0x00, 0x38];
        block.extend((0..16u8).map(|j| ((15 - j) << 4) | j));
        let mut out = [0.0; BLOCK];
        dequantize(&block, &mut out);
        for j in 0..16 {
            assert_eq!(out[j], (j as f32 - 8.0) * 0.5);
            assert_eq!(out[j + 16], (7.0 - j as f32) * 0.5);
        }
    }
}
