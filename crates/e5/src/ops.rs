//! Numeric kernels for the encoder: strided matrix products and the
//! row-wise layer norm, GELU and softmax.

use ndarray::{ArrayView2, ArrayViewMut2, Axis, ShapeBuilder};

/// A read-only matrix inside a flat buffer; strides are in elements, which
/// lets attention address one head's columns of a wider matrix in place.
#[derive(Clone, Copy)]
pub(crate) struct Mat<'a> {
    pub data: &'a [f32],
    pub rows: usize,
    pub cols: usize,
    pub row_stride: usize,
    pub col_stride: usize,
}

impl<'a> Mat<'a> {
    /// Dense row-major.
    pub fn rows(data: &'a [f32], rows: usize, cols: usize) -> Self {
        Mat {
            data,
            rows,
            cols,
            row_stride: cols,
            col_stride: 1,
        }
    }

    /// Columns `first..first + cols` of a row-major matrix `width` wide.
    pub fn columns(data: &'a [f32], rows: usize, width: usize, first: usize, cols: usize) -> Self {
        Mat {
            data: &data[first..],
            rows,
            cols,
            row_stride: width,
            col_stride: 1,
        }
    }

    pub fn t(self) -> Self {
        Mat {
            rows: self.cols,
            cols: self.rows,
            row_stride: self.col_stride,
            col_stride: self.row_stride,
            ..self
        }
    }

    fn view(&self) -> ArrayView2<'a, f32> {
        let shape = (self.rows, self.cols).strides((self.row_stride, self.col_stride));
        ArrayView2::from_shape(shape, self.data).expect("matrix view exceeds its buffer")
    }
}

/// `out = alpha * a * b + beta * out`, where `out` is the row-major
/// `a.rows x b.cols` matrix starting at `out[first_col]` with rows `width` apart.
pub(crate) fn gemm(
    alpha: f32,
    a: Mat<'_>,
    b: Mat<'_>,
    beta: f32,
    out: &mut [f32],
    width: usize,
    first_col: usize,
) {
    let shape = (a.rows, b.cols).strides((width, 1));
    let mut c = ArrayViewMut2::from_shape(shape, &mut out[first_col..])
        .expect("output view exceeds its buffer");
    ndarray::linalg::general_mat_mul(alpha, &a.view(), &b.view(), beta, &mut c);
}

/// `out = a * b + out` for the row-major `a.rows x b.cols` matrix `out`, its columns cut
/// into `threads` blocks computed at once. Each thread packs only its own block of `b`, so
/// two threads do no more work than one (cutting `a`'s rows instead would pack all of `b`
/// twice); the blocks are multiples of 16 columns, the widest sgemm kernel's.
pub(crate) fn gemm_columns(a: Mat<'_>, b: Mat<'_>, out: &mut [f32], threads: usize) {
    let shape = (a.rows, b.cols).strides((b.cols, 1));
    let c = ArrayViewMut2::from_shape(shape, out).expect("output view exceeds its buffer");
    let block = b.cols.div_ceil(threads.max(1)).next_multiple_of(16);
    if block >= b.cols {
        let mut c = c;
        return ndarray::linalg::general_mat_mul(1.0, &a.view(), &b.view(), 1.0, &mut c);
    }
    let (a, b) = (a.view(), b.view());
    let mut blocks = Vec::with_capacity(threads);
    let (mut rest, mut first) = (c, 0);
    while first < b.ncols() {
        let cols = block.min(b.ncols() - first);
        let (mine, others) = rest.split_at(Axis(1), cols);
        blocks.push((b.slice_axis(Axis(1), (first..first + cols).into()), mine));
        (rest, first) = (others, first + cols);
    }
    let product = |(b, mut c): (ArrayView2<'_, f32>, ArrayViewMut2<'_, f32>)| {
        ndarray::linalg::general_mat_mul(1.0, &a, &b, 1.0, &mut c);
    };
    std::thread::scope(|scope| {
        // The last block runs on the calling thread, which would otherwise only wait.
        let last = blocks.pop().expect("at least one block");
        for block in blocks {
            scope.spawn(|| product(block));
        }
        product(last);
    });
}

/// Every row of `out` (row length `bias.len()`) set to `bias`, so a
/// following `gemm` with `beta = 1` adds the bias for free.
pub(crate) fn fill_rows(out: &mut [f32], bias: &[f32]) {
    for row in out.chunks_exact_mut(bias.len()) {
        row.copy_from_slice(bias);
    }
}

/// `x = layer_norm(x + residual)` row by row; `residual` may be absent.
pub(crate) fn add_layer_norm(
    x: &mut [f32],
    residual: Option<&[f32]>,
    weight: &[f32],
    bias: &[f32],
    eps: f32,
) {
    let width = weight.len();
    for (i, row) in x.chunks_exact_mut(width).enumerate() {
        if let Some(r) = residual {
            for (v, &r) in row.iter_mut().zip(&r[i * width..(i + 1) * width]) {
                *v += r;
            }
        }
        let mean = sum(row) / width as f32;
        row.iter_mut().for_each(|v| *v -= mean);
        let var = sum_map(row, |v| v * v) / width as f32;
        let inv = 1.0 / (var + eps).sqrt();
        for ((v, &w), &b) in row.iter_mut().zip(weight).zip(bias) {
            *v = *v * inv * w + b;
        }
    }
}

/// Sum over `f(x)` kept in eight running totals: a single float accumulator
/// cannot be vectorised (the compiler may not reorder it) and stalls on add
/// latency.
fn sum_map(xs: &[f32], f: impl Fn(f32) -> f32) -> f32 {
    let mut acc = [0.0f32; 8];
    let chunks = xs.chunks_exact(8);
    let tail: f32 = chunks.remainder().iter().map(|&v| f(v)).sum();
    for chunk in chunks {
        for (a, &v) in acc.iter_mut().zip(chunk) {
            *a += f(v);
        }
    }
    acc.iter().sum::<f32>() + tail
}

fn sum(xs: &[f32]) -> f32 {
    sum_map(xs, |v| v)
}

fn max(xs: &[f32]) -> f32 {
    let mut acc = [f32::NEG_INFINITY; 8];
    let chunks = xs.chunks_exact(8);
    let tail = chunks
        .remainder()
        .iter()
        .copied()
        .fold(f32::NEG_INFINITY, f32::max);
    for chunk in chunks {
        for (a, &v) in acc.iter_mut().zip(chunk) {
            *a = if v > *a { v } else { *a };
        }
    }
    acc.iter().copied().fold(tail, f32::max)
}

/// Exact (erf-based) GELU, as BERT-family checkpoints are trained with.
pub(crate) fn gelu(x: &mut [f32]) {
    for v in x {
        *v = 0.5 * *v * (1.0 + erf(*v * std::f32::consts::FRAC_1_SQRT_2));
    }
}

/// erf as a rational function of x, within 5e-7 of the true value. The
/// coefficients are the single-precision fit used by XLA and Eigen. It is
/// branch-free so `gelu` vectorises, unlike a libm call per element.
fn erf(x: f32) -> f32 {
    // erf(4) rounds to 1 in f32, and the fit diverges beyond.
    let x = x.clamp(-4.0, 4.0);
    let x2 = x * x;
    let mut p = -2.726_142_3e-10_f32;
    for c in [
        2.770_681_4e-8,
        -2.101_024e-6,
        -5.692_506_4e-5,
        -7.349_906_3e-4,
        -2.954_600_1e-3,
        -1.609_603_3e-2,
    ] {
        p = p * x2 + c;
    }
    let mut q = -1.456_607_2e-5_f32;
    for c in [-2.133_740_6e-4, -1.682_827e-3, -7.373_329e-3, -1.426_474e-2] {
        q = q * x2 + c;
    }
    x * p / q
}

/// In-place softmax of each `width`-long row.
pub(crate) fn softmax_rows(x: &mut [f32], width: usize) {
    for row in x.chunks_exact_mut(width) {
        let max = max(row);
        row.iter_mut().for_each(|v| *v = exp_nonpositive(*v - max));
        let inv = 1.0 / sum(row);
        row.iter_mut().for_each(|v| *v *= inv);
    }
}

/// e^x for x <= 0, branch-free so softmax vectorises (libm's expf is a call
/// per element); relative error about 2e-7. Splits x = n ln2 + r with
/// |r| <= ln2/2 and sums the Taylor series of e^r to r^6 (truncation error
/// under 1.3e-7).
fn exp_nonpositive(x: f32) -> f32 {
    // Rounds to an integer and leaves it in the low mantissa bits.
    const SHIFT: f32 = 12_582_912.0; // 1.5 * 2^23
    // ln 2 in two parts (Cody-Waite) so n * LN2_HI is exact.
    const LN2_HI: f32 = 355.0 / 512.0;
    const LN2_LO: f32 = -2.121_944_4e-4;
    // Below this e^x is no longer a normal f32.
    let x = x.max(-87.0);
    let shifted = x * std::f32::consts::LOG2_E + SHIFT;
    let n = shifted - SHIFT;
    let r = x - n * LN2_HI - n * LN2_LO;
    let mut p = 1.0 / 720.0;
    for c in [1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 0.5, 1.0, 1.0] {
        p = p * r + c;
    }
    let exponent = (shifted.to_bits() as i32 - SHIFT.to_bits() as i32 + 127) as u32;
    p * f32::from_bits(exponent << 23)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erf_matches_reference_points() {
        // erf values from tables, to 7 places.
        for (x, want) in [
            (0.0, 0.0),
            (0.1, 0.1124629),
            (0.5, 0.5204999),
            (1.0, 0.8427008),
            (2.0, 0.9953223),
            (3.0, 0.9999779),
            (5.0, 1.0),
        ] {
            assert!((erf(x) - want).abs() < 1e-6, "erf({x}) = {}", erf(x));
            assert!((erf(-x) + want).abs() < 1e-6);
        }
    }

    #[test]
    fn exp_is_accurate_on_softmax_range() {
        for i in 0..=17_400 {
            let x = -(i as f32) * 0.005;
            let (got, want) = (exp_nonpositive(x), f64::from(x).exp());
            assert!(
                ((f64::from(got) - want) / want).abs() < 4e-7,
                "exp({x}) = {got}, want {want}"
            );
        }
        assert!(exp_nonpositive(-1000.0) < 1e-37);
    }

    #[test]
    fn reductions_cover_tails() {
        let xs: Vec<f32> = (0..21).map(|i| i as f32 - 3.0).collect();
        assert_eq!(sum(&xs), xs.iter().sum::<f32>());
        assert_eq!(max(&xs), 17.0);
        assert_eq!(max(&xs[..5]), 1.0);
    }

    #[test]
    fn gemm_honours_strides_and_offsets() {
        // a = [[1,2],[3,4]] taken as columns 1..3 of a 2x3 buffer; b = a^T.
        let buf = [9.0, 1.0, 2.0, 9.0, 3.0, 4.0];
        let a = Mat::columns(&buf, 2, 3, 1, 2);
        let mut out = [1.0; 6];
        gemm(1.0, a, a.t(), 1.0, &mut out, 3, 1);
        assert_eq!(out, [1.0, 6.0, 12.0, 1.0, 12.0, 26.0]);
    }
}
