//! The learned evaluation's network and its forward pass: a value network
//! `INPUTS → H → H2 → 1` with clipped ReLUs (clamp to `[0, 1]`) and a
//! sigmoid output, the side to move's win probability.
//!
//! Weights are read from a safetensors file (the trainer's output) with the
//! `safetensors` crate ([`Network::from_safetensors`]), or, for the weights
//! built in, from the layout `build.rs` converts them to
//! ([`Network::from_layout`]: no JSON to parse, so the page's worker links no
//! safetensors reader). The tensor names and shapes follow PyTorch's and
//! candle's `Linear` (weight = `[out, in]`):
//!
//! | tensor | shape |
//! |---|---|
//! | `l1.weight` | `[H, INPUTS]` |
//! | `l1.bias` | `[H]` |
//! | `l2.weight` | `[H2, H]` |
//! | `l2.bias` | `[H2]` |
//! | `out.weight` | `[1, H2]` |
//! | `out.bias` | `[1]` |
//! | `policy.weight` | `[POLICY_OUTPUTS, H]` (optional) |
//! | `policy.bias` | `[POLICY_OUTPUTS]` (optional) |
//!
//! The two `policy` tensors are the policy head ([`crate::policy_head`]): one
//! logit per move index ([`crate::move_index`]) from the first hidden
//! layer's clipped activations. A file without them (a value network, as
//! `weights/value.safetensors` is today) loads all the same and
//! [`Network::has_policy`] is false; a file with one of them but not the
//! other is refused.
//!
//! each `F32` or `F16` (the shipped weights are F16: half the bytes, each
//! weight within a relative 2⁻¹¹ of the trainer's; computed in `f32` all
//! the same); `H` and `H2` are read from the shapes (at most [`MAX_HIDDEN`]).
//! Both hidden layers are stored transposed. The first — per input, a
//! contiguous row of `H` weights — so, the inputs being one-hot, it is the
//! bias plus the rows of the active inputs (no multiplication). The second —
//! per first-layer unit, a contiguous column of `H2` weights — so it is the
//! bias plus each unit's column scaled by the unit's activation, without a
//! horizontal sum per output, and a unit that the clipped ReLU turned off
//! (exactly 0) is skipped.

use super::dot_product::dot;
use super::features::{active_features, ActiveFeatures, INPUTS};
use super::max_hidden::MAX_HIDDEN;
use super::move_index::{move_index, POLICY_OUTPUTS};
use super::policy_head::PolicyHead;
use quoridor_rules::{Move, Player, Position};
use safetensors::tensor::TensorView;
use safetensors::{Dtype, SafeTensors};
use std::fmt;

/// A value network: the side to move's win probability from its
/// [`ActiveFeatures`].
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    hidden: usize,
    hidden2: usize,
    /// `l1.weight` transposed: `INPUTS` rows of `hidden` weights.
    l1_rows: Vec<f32>,
    l1_bias: Vec<f32>,
    /// `l2.weight` transposed: `hidden` columns of `hidden2` weights.
    l2_columns: Vec<f32>,
    l2_bias: Vec<f32>,
    out: Vec<f32>,
    out_bias: f32,
    /// The policy head, if the weights have one.
    policy: Option<PolicyHead>,
}

/// What one forward pass says of a position: its value and, when the
/// network has a policy head, a prior for each legal move.
#[derive(Clone, Debug, PartialEq)]
pub struct Prediction {
    /// The side to move's win probability, in `(0, 1)`.
    pub value: f32,
    /// Each legal move (in [`Position::legal_moves`]'s order) with its
    /// prior; the priors sum to 1. Empty when the network has no policy head.
    pub priors: Vec<(Move, f32)>,
}

/// Why a weight file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// Not a safetensors file, or a truncated or inconsistent one (the
    /// reader's own words).
    Format(String),
    /// A tensor the network needs is not in the file.
    MissingTensor(&'static str),
    /// A tensor is stored in a type other than F32 or F16.
    WrongDtype {
        /// The tensor.
        name: &'static str,
        /// Its type in the file.
        dtype: String,
    },
    /// A tensor's shape does not fit the network.
    WrongShape {
        /// The tensor.
        name: &'static str,
        /// The shape it needs.
        expected: String,
        /// Its shape in the file.
        found: Vec<usize>,
    },
    /// A weight is infinite or not a number.
    NotFinite(&'static str),
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Format(why) => write!(f, "not a readable safetensors file: {why}"),
            WeightsError::MissingTensor(name) => write!(f, "tensor {name} is missing"),
            WeightsError::WrongDtype { name, dtype } => {
                write!(f, "tensor {name} is {dtype}, expected F32 or F16")
            }
            WeightsError::WrongShape {
                name,
                expected,
                found,
            } => write!(f, "tensor {name} has shape {found:?}, expected {expected}"),
            WeightsError::NotFinite(name) => {
                write!(f, "tensor {name} holds an infinite or NaN weight")
            }
        }
    }
}

impl std::error::Error for WeightsError {}

/// One tensor as a file stores it: its type's name (`F32`, `F16`, …), its
/// shape and its little-endian bytes.
struct StoredTensor<'a> {
    dtype: String,
    shape: Vec<usize>,
    data: &'a [u8],
}

/// Reads tensor `name` (found by `find`) as F32 values, checking its shape
/// with `fits` (`expected` says what it wants, for the error).
fn read_tensor<'a>(
    find: &impl Fn(&'static str) -> Option<StoredTensor<'a>>,
    name: &'static str,
    expected: &str,
    fits: impl Fn(&[usize]) -> bool,
) -> Result<(Vec<usize>, Vec<f32>), WeightsError> {
    let view = find(name).ok_or(WeightsError::MissingTensor(name))?;
    if view.dtype == COMPACT_ROWS {
        return read_compact_rows(name, expected, view, fits);
    }
    // Bytes per value, and how to read one.
    let (width, decode): (usize, fn(&[u8]) -> f32) = match view.dtype.as_str() {
        "F32" => (4, |b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        "F16" | F16_PLANES => (2, |b| half::f16::from_le_bytes([b[0], b[1]]).to_f32()),
        _ => {
            return Err(WeightsError::WrongDtype {
                name,
                dtype: view.dtype.clone(),
            })
        }
    };
    let shape = view.shape;
    if !fits(&shape) || view.data.len() != shape.iter().product::<usize>() * width {
        return Err(WeightsError::WrongShape {
            name,
            expected: expected.to_string(),
            found: shape,
        });
    }
    let values: Vec<f32> = if view.dtype == F16_PLANES {
        // Each value's low byte is in the first plane, its high byte in the second.
        let (low, high) = view.data.split_at(view.data.len() / 2);
        low.iter()
            .zip(high)
            .map(|(&l, &h)| decode(&[l, h]))
            .collect()
    } else {
        view.data.chunks_exact(width).map(decode).collect()
    };
    if values.iter().any(|x| !x.is_finite()) {
        return Err(WeightsError::NotFinite(name));
    }
    Ok((shape, values))
}

/// The type name of a tensor that `build.rs` wrote as int8 rows with an F16
/// scale each (the policy head, in the page's build).
const COMPACT_ROWS: &str = "I8 rows";

/// The type name of an F16 tensor that `build.rs` wrote as two byte
/// planes (every low byte, then every high byte), in the page's build.
const F16_PLANES: &str = "F16 planes";

/// [`read_tensor`] for a tensor of [`COMPACT_ROWS`]: a two-dimensional
/// shape, the rows' F16 scales, then one signed byte per value; a value is
/// its byte times its row's scale.
fn read_compact_rows(
    name: &'static str,
    expected: &str,
    view: StoredTensor<'_>,
    fits: impl Fn(&[usize]) -> bool,
) -> Result<(Vec<usize>, Vec<f32>), WeightsError> {
    let wrong = |shape: Vec<usize>| WeightsError::WrongShape {
        name,
        expected: expected.to_string(),
        found: shape,
    };
    let &[rows, cols] = view.shape.as_slice() else {
        return Err(wrong(view.shape));
    };
    if !fits(&view.shape) || view.data.len() != rows * 2 + rows * cols {
        return Err(wrong(view.shape));
    }
    let (scales, bytes) = view.data.split_at(rows * 2);
    let mut values = Vec::with_capacity(rows * cols);
    for (scale, row) in scales.chunks_exact(2).zip(bytes.chunks_exact(cols)) {
        let scale = half::f16::from_le_bytes([scale[0], scale[1]]).to_f32();
        values.extend(row.iter().map(|&q| f32::from(q as i8) * scale));
    }
    if values.iter().any(|x| !x.is_finite()) {
        return Err(WeightsError::NotFinite(name));
    }
    Ok((view.shape, values))
}

/// The logistic function.
#[inline]
fn sigmoid(z: f32) -> f32 {
    1.0 / (1.0 + (-z).exp())
}

/// `matrix` (`rows` rows of `cols` values) transposed: `cols` rows of `rows`.
fn transpose(matrix: &[f32], rows: usize, cols: usize) -> Vec<f32> {
    let mut out = vec![0.0; matrix.len()];
    for (r, row) in matrix.chunks_exact(cols).take(rows).enumerate() {
        for (c, &w) in row.iter().enumerate() {
            out[c * rows + r] = w;
        }
    }
    out
}

/// The layout of the weights built in, as `build.rs` writes it: per tensor,
/// a byte of name length and the name, a byte of type (0 F32, 1 F16, 2 int8
/// rows with an F16 scale each, see [`read_compact_rows`], 3 F16 in two byte
/// planes), a
/// byte of dimensions and each as a `u32`, a `u32` of data length and the
/// data, all little-endian. `None` if `bytes` is not that.
fn layout_tensors(mut bytes: &[u8]) -> Option<Vec<(&str, StoredTensor<'_>)>> {
    fn take<'a>(bytes: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
        let (head, rest) = bytes.split_at_checked(n)?;
        *bytes = rest;
        Some(head)
    }
    fn word(bytes: &mut &[u8]) -> Option<usize> {
        let b = take(bytes, 4)?;
        usize::try_from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])).ok()
    }
    let mut tensors = Vec::new();
    while !bytes.is_empty() {
        let len = usize::from(take(&mut bytes, 1)?[0]);
        let name = std::str::from_utf8(take(&mut bytes, len)?).ok()?;
        let dtype = match take(&mut bytes, 1)?[0] {
            0 => "F32",
            1 => "F16",
            2 => COMPACT_ROWS,
            3 => F16_PLANES,
            _ => return None,
        };
        let dims = usize::from(take(&mut bytes, 1)?[0]);
        let shape = (0..dims)
            .map(|_| word(&mut bytes))
            .collect::<Option<Vec<usize>>>()?;
        let len = word(&mut bytes)?;
        let data = take(&mut bytes, len)?;
        let dtype = dtype.to_string();
        tensors.push((name, StoredTensor { dtype, shape, data }));
    }
    Some(tensors)
}

/// The policy output of each of `moves` (seen from `turn`), `None` off the
/// standard board.
fn move_indices(moves: &[Move], turn: Player) -> impl Iterator<Item = Option<usize>> + '_ {
    moves
        .iter()
        .map(move |&mv| move_index(mv, super::features::SIZE, turn))
}

impl Network {
    /// Reads a network from the bytes of a safetensors file (see the module
    /// documentation for the tensors it needs), with the `safetensors` crate.
    pub fn from_safetensors(bytes: &[u8]) -> Result<Network, WeightsError> {
        let file =
            SafeTensors::deserialize(bytes).map_err(|e| WeightsError::Format(e.to_string()))?;
        Network::from_tensors(|name| {
            let view = file.tensor(name).ok()?;
            Some(StoredTensor {
                dtype: format!("{:?}", view.dtype()),
                shape: view.shape().to_vec(),
                data: view.data(),
            })
        })
    }

    /// Reads a network from the layout `build.rs` writes the weights built
    /// in to (their tensors as the safetensors file stores them, without its
    /// JSON header): what the engines read at start.
    pub fn from_layout(bytes: &[u8]) -> Result<Network, WeightsError> {
        let tensors = layout_tensors(bytes)
            .ok_or_else(|| WeightsError::Format("not the layout build.rs writes".to_string()))?;
        Network::from_tensors(|name| {
            tensors
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, t)| StoredTensor {
                    dtype: t.dtype.clone(),
                    shape: t.shape.clone(),
                    data: t.data,
                })
        })
    }

    /// The network of the tensors `find` gives by name, their shapes checked.
    fn from_tensors<'a>(
        find: impl Fn(&'static str) -> Option<StoredTensor<'a>>,
    ) -> Result<Network, WeightsError> {
        let file = find;
        let hidden_ok = |n: usize| (1..=MAX_HIDDEN).contains(&n);
        let (l1_shape, l1) = read_tensor(
            &file,
            "l1.weight",
            &format!("[H, {INPUTS}] with H from 1 to {MAX_HIDDEN}"),
            |s| s.len() == 2 && hidden_ok(s[0]) && s[1] == INPUTS,
        )?;
        let hidden = l1_shape[0];
        let (_, l1_bias) =
            read_tensor(&file, "l1.bias", &format!("[{hidden}]"), |s| s == [hidden])?;
        let (l2_shape, l2) = read_tensor(
            &file,
            "l2.weight",
            &format!("[H2, {hidden}] with H2 from 1 to {MAX_HIDDEN}"),
            |s| s.len() == 2 && hidden_ok(s[0]) && s[1] == hidden,
        )?;
        let hidden2 = l2_shape[0];
        let (_, l2_bias) = read_tensor(&file, "l2.bias", &format!("[{hidden2}]"), |s| {
            s == [hidden2]
        })?;
        let (_, out) = read_tensor(&file, "out.weight", &format!("[1, {hidden2}]"), |s| {
            s == [1, hidden2]
        })?;
        let (_, out_bias) = read_tensor(&file, "out.bias", "[1]", |s| s == [1])?;
        let policy = match (
            file("policy.weight").is_some(),
            file("policy.bias").is_some(),
        ) {
            (false, false) => None,
            (true, false) => return Err(WeightsError::MissingTensor("policy.bias")),
            (false, true) => return Err(WeightsError::MissingTensor("policy.weight")),
            (true, true) => {
                let (_, weight) = read_tensor(
                    &file,
                    "policy.weight",
                    &format!("[{POLICY_OUTPUTS}, {hidden}]"),
                    |s| s == [POLICY_OUTPUTS, hidden],
                )?;
                let (_, bias) =
                    read_tensor(&file, "policy.bias", &format!("[{POLICY_OUTPUTS}]"), |s| {
                        s == [POLICY_OUTPUTS]
                    })?;
                Some(PolicyHead::new(weight, bias))
            }
        };
        Ok(Network {
            hidden,
            hidden2,
            l1_rows: transpose(&l1, hidden, INPUTS),
            l1_bias,
            l2_columns: transpose(&l2, hidden2, hidden),
            l2_bias,
            out,
            out_bias: out_bias[0],
            policy,
        })
    }

    /// The network as a safetensors file (F32, the tensors the reader
    /// needs): how tests and benchmarks write a network.
    pub fn to_safetensors(&self) -> Vec<u8> {
        self.to_safetensors_as(Dtype::F32)
    }

    /// The network as a safetensors file of F16 weights: half the bytes of
    /// [`to_safetensors`](Self::to_safetensors), each weight rounded to the
    /// nearest half-precision value. The shipped weights are written so.
    pub fn to_safetensors_f16(&self) -> Vec<u8> {
        self.to_safetensors_as(Dtype::F16)
    }

    fn to_safetensors_as(&self, dtype: Dtype) -> Vec<u8> {
        let (h, h2) = (self.hidden, self.hidden2);
        let l1 = transpose(&self.l1_rows, INPUTS, h);
        let l2 = transpose(&self.l2_columns, h, h2);
        let mut tensors: Vec<(&str, Vec<usize>, &[f32])> = vec![
            ("l1.weight", vec![h, INPUTS], &l1),
            ("l1.bias", vec![h], &self.l1_bias),
            ("l2.weight", vec![h2, h], &l2),
            ("l2.bias", vec![h2], &self.l2_bias),
            ("out.weight", vec![1, h2], &self.out),
            ("out.bias", vec![1], std::slice::from_ref(&self.out_bias)),
        ];
        if let Some(head) = &self.policy {
            tensors.push(("policy.weight", vec![POLICY_OUTPUTS, h], &head.rows));
            tensors.push(("policy.bias", vec![POLICY_OUTPUTS], &head.bias));
        }
        let encoded: Vec<(&str, Vec<usize>, Vec<u8>)> = tensors
            .into_iter()
            .map(|(name, shape, values)| {
                let bytes = match dtype {
                    Dtype::F16 => values
                        .iter()
                        .flat_map(|&x| half::f16::from_f32(x).to_le_bytes())
                        .collect(),
                    _ => values.iter().flat_map(|x| x.to_le_bytes()).collect(),
                };
                (name, shape, bytes)
            })
            .collect();
        let views = encoded.iter().map(|(name, shape, bytes)| {
            let view = TensorView::new(dtype, shape.clone(), bytes);
            (*name, view.expect("the shape and the bytes agree"))
        });
        safetensors::serialize(views, None).expect("in-memory tensors serialise")
    }

    /// A network of the given widths with weights drawn uniformly from
    /// ±`1/√fan_in` (PyTorch's default initialisation) from `seed`: for
    /// tests and speed measurements before trained weights exist.
    /// Widths are clamped to `1..=MAX_HIDDEN`.
    pub fn random(hidden: usize, hidden2: usize, seed: u64) -> Network {
        use rand::{Rng, SeedableRng};
        let (hidden, hidden2) = (hidden.clamp(1, MAX_HIDDEN), hidden2.clamp(1, MAX_HIDDEN));
        let mut rng = quoridor_search::EngineRng::seed_from_u64(seed);
        let mut draw = |n: usize, fan_in: usize| -> Vec<f32> {
            let bound = 1.0 / (fan_in as f32).sqrt();
            (0..n).map(|_| rng.random_range(-bound..=bound)).collect()
        };
        // Each input is one-hot and about 27 are on: scale the first layer
        // as if its fan-in were the active count.
        let l1_rows = draw(INPUTS * hidden, super::features::MAX_ACTIVE);
        let l1_bias = draw(hidden, super::features::MAX_ACTIVE);
        let l2_columns = transpose(&draw(hidden2 * hidden, hidden), hidden2, hidden);
        let l2_bias = draw(hidden2, hidden);
        let out = draw(hidden2, hidden2);
        let out_bias = draw(1, hidden2)[0];
        Network {
            hidden,
            hidden2,
            l1_rows,
            l1_bias,
            l2_columns,
            l2_bias,
            out,
            out_bias,
            policy: None,
        }
    }

    /// This network with a policy head of random weights (uniform in
    /// ±`1/√H`, from `seed`): for tests and speed measurements.
    pub fn with_random_policy(mut self, seed: u64) -> Network {
        use rand::{Rng, SeedableRng};
        let mut rng = quoridor_search::EngineRng::seed_from_u64(seed);
        let bound = 1.0 / (self.hidden as f32).sqrt();
        let mut draw =
            |n: usize| -> Vec<f32> { (0..n).map(|_| rng.random_range(-bound..=bound)).collect() };
        let weight = draw(POLICY_OUTPUTS * self.hidden);
        let bias = draw(POLICY_OUTPUTS);
        self.policy = Some(PolicyHead::new(weight, bias));
        self
    }

    /// This network with every first-layer weight and bias set by
    /// `weight(input, unit)` (the bias is input [`INPUTS`]): for tests
    /// that push the quantised sums to their limits.
    #[cfg(test)]
    pub(crate) fn with_first_layer(mut self, weight: impl Fn(usize, usize) -> f32) -> Network {
        let h = self.hidden;
        for (k, w) in self.l1_rows.iter_mut().enumerate() {
            *w = weight(k / h, k % h);
        }
        for (unit, b) in self.l1_bias.iter_mut().enumerate() {
            *b = weight(INPUTS, unit);
        }
        self
    }

    /// This network without its policy head (a value network).
    pub fn without_policy(mut self) -> Network {
        self.policy = None;
        self
    }

    /// The policy head, if the weights have one (for the quantised pass).
    pub(crate) fn policy_head(&self) -> Option<&PolicyHead> {
        self.policy.as_ref()
    }

    /// The widths of the two hidden layers, `(H, H2)`.
    pub fn shape(&self) -> (usize, usize) {
        (self.hidden, self.hidden2)
    }

    /// Whether the weights have a policy head (`policy.weight` and
    /// `policy.bias`): without one, [`Network::policy`] is `None` and
    /// [`Prediction::priors`] empty.
    pub fn has_policy(&self) -> bool {
        self.policy.is_some()
    }

    /// The weights as the forward pass stores them, for the quantised pass
    /// ([`crate::QuantizedNetwork`]): `l1_rows` (`INPUTS` rows of `H`),
    /// `l1_bias`, `l2_columns` (`H` columns of `H2`), `l2_bias`, `out` and
    /// `out_bias`.
    pub(crate) fn layers(&self) -> FloatLayers<'_> {
        FloatLayers {
            l1_rows: &self.l1_rows,
            l1_bias: &self.l1_bias,
            l2_columns: &self.l2_columns,
            l2_bias: &self.l2_bias,
            out: &self.out,
            out_bias: self.out_bias,
        }
    }

    /// The side to move's win probability, in `(0, 1)`, for the position
    /// whose active inputs are `features`.
    pub fn evaluate(&self, features: &ActiveFeatures) -> f32 {
        // Written out rather than through `first_layer` and
        // `value_of_first_layer` (which compute the same, in the same
        // order): measured, the split made this pass half as fast again.
        let (h, h2) = (self.hidden, self.hidden2);
        let mut acc = [0.0f32; MAX_HIDDEN];
        let acc = &mut acc[..h];
        acc.copy_from_slice(&self.l1_bias);
        for &i in features.indices() {
            let start = usize::from(i) * h;
            let row = &self.l1_rows[start..start + h];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
        let mut second = [0.0f32; MAX_HIDDEN];
        let second = &mut second[..h2];
        second.copy_from_slice(&self.l2_bias);
        for (&a, column) in acc.iter().zip(self.l2_columns.chunks_exact(h2)) {
            let a = a.clamp(0.0, 1.0);
            if a > 0.0 {
                for (s, w) in second.iter_mut().zip(column) {
                    *s += a * w;
                }
            }
        }
        for s in second.iter_mut() {
            *s = s.clamp(0.0, 1.0);
        }
        sigmoid(self.out_bias + dot(&self.out, second))
    }

    /// The value and, with a policy head, the priors of `moves` (the legal
    /// moves of the position whose active inputs are `features` and whose
    /// side to move is `turn`) in one forward pass: the first layer is
    /// computed once for both. `priors` receives one prior per move, in
    /// `moves`' order, summing to 1 (a move off the 9×9 board gets 0); it is
    /// left empty without a head. What a search calls once per node it
    /// expands, with its own move list and buffer.
    pub fn evaluate_with_priors(
        &self,
        features: &ActiveFeatures,
        turn: Player,
        moves: &[Move],
        priors: &mut Vec<f32>,
    ) -> f32 {
        self.value_and_priors(features, priors, |head, acc, priors| {
            let mut clipped = [0.0f32; MAX_HIDDEN];
            let clipped = &mut clipped[..acc.len()];
            for (c, &a) in clipped.iter_mut().zip(acc.iter()) {
                *c = a.clamp(0.0, 1.0);
            }
            head.priors(clipped, move_indices(moves, turn), priors);
        })
    }

    /// [`Network::evaluate_with_priors`] with the priors computed cheaply
    /// (what PUCT calls at each leaf): the same value, bit for bit, and
    /// priors from the head's weights in integers and a fast `exp`
    /// (`fast_priors.rs`), each logit within
    /// [`Network::fast_prior_logit_bound`] of the float head's, the priors
    /// still summing to 1.
    pub fn evaluate_with_fast_priors(
        &self,
        features: &ActiveFeatures,
        turn: Player,
        moves: &[Move],
        priors: &mut Vec<f32>,
    ) -> f32 {
        self.value_and_priors(features, priors, |head, acc, priors| {
            head.fast_priors(acc, move_indices(moves, turn), priors);
        })
    }

    /// The priors of [`Network::evaluate_with_fast_priors`] alone, bit for
    /// bit, without the value's layers: what PUCT asks for when a node's
    /// first child is opened, the node having been scored by
    /// [`Network::evaluate`] already. `priors` is left empty without a head.
    pub fn fast_priors(
        &self,
        features: &ActiveFeatures,
        turn: Player,
        moves: &[Move],
        priors: &mut Vec<f32>,
    ) {
        let mut acc = [0.0f32; MAX_HIDDEN];
        let acc = &mut acc[..self.hidden];
        self.first_layer_and_head(features, acc, priors, |head, acc, priors| {
            head.fast_priors(acc, move_indices(moves, turn), priors);
        });
    }

    /// One forward pass for the value, the first layer computed once (see
    /// [`Network::first_layer_and_head`]).
    fn value_and_priors(
        &self,
        features: &ActiveFeatures,
        priors: &mut Vec<f32>,
        head_pass: impl FnOnce(&PolicyHead, &[f32], &mut Vec<f32>),
    ) -> f32 {
        let mut acc = [0.0f32; MAX_HIDDEN];
        let acc = &mut acc[..self.hidden];
        self.first_layer_and_head(features, acc, priors, head_pass);
        self.value_of_first_layer(acc)
    }

    /// The first layer's sums (before the clip) into `acc`; `priors` is
    /// cleared and, with a head, filled by `head_pass` from them.
    fn first_layer_and_head(
        &self,
        features: &ActiveFeatures,
        acc: &mut [f32],
        priors: &mut Vec<f32>,
        head_pass: impl FnOnce(&PolicyHead, &[f32], &mut Vec<f32>),
    ) {
        self.first_layer(features, acc);
        priors.clear();
        if let Some(head) = &self.policy {
            head_pass(head, acc, priors);
        }
    }

    /// The most a logit behind [`Network::evaluate_with_fast_priors`] can
    /// differ from the float head's, for any position and move (`None`
    /// without a head). A prior is then within a factor `e^(±2·bound)` of
    /// the float one, times `(1 ± 10⁻⁵)²` for the fast `exp`.
    pub fn fast_prior_logit_bound(&self) -> Option<f32> {
        self.policy.as_ref().map(PolicyHead::fast_logit_bound)
    }

    /// Each legal move of `pos` with its prior (summing to 1), in
    /// [`Position::legal_moves`]'s order; `None` when the network has no
    /// policy head or the features do not encode `pos`'s variant.
    pub fn policy(&self, pos: &Position) -> Option<Vec<(Move, f32)>> {
        if !self.has_policy() {
            return None;
        }
        self.predict(pos).map(|p| p.priors)
    }

    /// The value of `pos` for the side to move and, with a policy head, its
    /// legal moves' priors, in one forward pass; `None` when the features do
    /// not encode `pos`'s variant.
    pub fn predict(&self, pos: &Position) -> Option<Prediction> {
        let features = active_features(pos)?;
        let moves = if self.has_policy() {
            pos.legal_moves()
        } else {
            Vec::new()
        };
        let mut priors = Vec::with_capacity(moves.len());
        let value = self.evaluate_with_priors(&features, pos.turn(), &moves, &mut priors);
        Some(Prediction {
            value,
            priors: moves.into_iter().zip(priors).collect(),
        })
    }

    /// The first layer before its activation for `features`: the bias plus
    /// the rows of the active inputs, into `acc` (`H` values).
    #[inline]
    fn first_layer(&self, features: &ActiveFeatures, acc: &mut [f32]) {
        let h = self.hidden;
        acc.copy_from_slice(&self.l1_bias);
        for &i in features.indices() {
            let start = usize::from(i) * h;
            let row = &self.l1_rows[start..start + h];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    /// The win probability from the first layer before its activation.
    #[inline]
    fn value_of_first_layer(&self, acc: &[f32]) -> f32 {
        let h2 = self.hidden2;
        let mut second = [0.0f32; MAX_HIDDEN];
        let second = &mut second[..h2];
        second.copy_from_slice(&self.l2_bias);
        for (&a, column) in acc.iter().zip(self.l2_columns.chunks_exact(h2)) {
            let a = a.clamp(0.0, 1.0);
            if a > 0.0 {
                for (s, w) in second.iter_mut().zip(column) {
                    *s += a * w;
                }
            }
        }
        for s in second.iter_mut() {
            *s = s.clamp(0.0, 1.0);
        }
        sigmoid(self.out_bias + dot(&self.out, second))
    }
}

/// A [`Network`]'s weights, borrowed (see [`Network::layers`]).
pub(crate) struct FloatLayers<'a> {
    pub l1_rows: &'a [f32],
    pub l1_bias: &'a [f32],
    pub l2_columns: &'a [f32],
    pub l2_bias: &'a [f32],
    pub out: &'a [f32],
    pub out_bias: f32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{active_features, MY_DISTANCE, MY_PAWN, RACE, THEIR_STOCK};
    use quoridor_rules::{Game, Player, Position, Variant};

    fn start() -> ActiveFeatures {
        active_features(&Position::new(Variant::default())).expect("9x9")
    }

    /// INPUTS → 2 → 2 → 1 with chosen weights; every weight not set is 0.
    fn tiny() -> Network {
        let mut l1_rows = vec![0.0; INPUTS * 2];
        // Unit 0 sees my pawn on e1 (+0.5) and my distance 8 (+0.25);
        // unit 1 sees their stock of 10 (+2.0, clipped to 1) and the even
        // race (-0.75).
        l1_rows[(MY_PAWN + 4) * 2] = 0.5;
        l1_rows[(MY_DISTANCE + 8) * 2] = 0.25;
        l1_rows[(THEIR_STOCK + 10) * 2 + 1] = 2.0;
        l1_rows[(RACE + 10) * 2 + 1] = -0.75;
        Network {
            hidden: 2,
            hidden2: 2,
            l1_rows,
            l1_bias: vec![0.1, -0.5],
            // h1 = [clamp(0.1 + 0.75), clamp(-0.5 + 2 - 0.75)] = [0.85, 0.75]
            // l2.weight [[1, -1], [0.5, 0.5]], stored by columns.
            l2_columns: vec![1.0, 0.5, -1.0, 0.5],
            l2_bias: vec![0.0, 0.2],
            // h2 = [clamp(0.85 - 0.75), clamp(0.2 + 0.425 + 0.375)] = [0.1, 1.0]
            out: vec![2.0, -0.5],
            out_bias: 0.3,
            // z = 0.3 + 0.2 - 0.5 = 0.0
            policy: None,
        }
    }

    #[test]
    fn the_forward_pass_matches_a_hand_computed_tiny_network() {
        let net = tiny();
        // z = 0 → sigmoid 0.5 exactly (see the weights' comments).
        assert!((net.evaluate(&start()) - 0.5).abs() < 1e-6);
        // Change the output bias by ln 3: sigmoid(ln 3) = 3/4.
        let shifted = Network {
            out_bias: 0.3 + 3f32.ln(),
            ..tiny()
        };
        assert!((shifted.evaluate(&start()) - 0.75).abs() < 1e-6);
        // Player 2 to move after e2, seen from its side: its pawn on e1 and
        // path 8 as before (unit 0 = 0.85), their stock 10 but the race 7
        // against 8 (input RACE + 9): unit 1 = clamp(-0.5 + 2) = 1. Then
        // h2 = [clamp(0.85 - 1) = 0, clamp(0.2 + 0.425 + 0.5) = 1] and
        // z = 0.3 - 0.5 = -0.2.
        let after = active_features("e2".parse::<Game>().expect("record").position()).expect("9x9");
        let expected = 1.0 / (1.0 + 0.2f32.exp());
        assert!((net.evaluate(&after) - expected).abs() < 1e-6);
    }

    #[test]
    fn a_network_survives_writing_and_reading() {
        let net = Network::random(16, 8, 3);
        let back = Network::from_safetensors(&net.to_safetensors()).expect("reads back");
        assert_eq!(back, net);
        assert_eq!(back.shape(), (16, 8));
        assert_eq!(back.evaluate(&start()), net.evaluate(&start()));
    }

    /// How far an F16 copy of a network may move a win probability: each
    /// weight moves by at most 2⁻¹¹ of itself, about 27 first-layer rows add
    /// up, and the sigmoid's slope is at most ¼. Measured: under 2·10⁻⁴ on
    /// the positions below with random weights, under 1·10⁻³ with the
    /// trained networks of docs/learned-eval.md.
    const F16_BOUND: f32 = 2e-3;

    #[test]
    fn f16_weights_evaluate_within_the_stated_bound_and_take_half_the_bytes() {
        let net = Network::random(128, 32, 5);
        let full = net.to_safetensors();
        let half = net.to_safetensors_f16();
        assert!(
            half.len() * 2 < full.len() + 512,
            "{} vs {}",
            half.len(),
            full.len()
        );
        let back = Network::from_safetensors(&half).expect("F16 reads");
        assert_eq!(back.shape(), (128, 32));
        let mut worst = 0.0f32;
        let record = "e2 e8 e3 e7 e4 e6 e3h e6h c3h c6h e5 g6h f6 f5v a3h a6h";
        for plies in 0..=record.split(' ').count() {
            let moves: Vec<&str> = record.split(' ').take(plies).collect();
            let game: Game = moves.join(" ").parse().expect("record");
            let f = active_features(game.position()).expect("9x9");
            worst = worst.max((back.evaluate(&f) - net.evaluate(&f)).abs());
        }
        assert!(worst < F16_BOUND, "{worst}");
        assert!(worst > 0.0, "F16 rounds some weight");
        // The reference reader sees F16 tensors of the same shapes.
        let st = SafeTensors::deserialize(&half).expect("reference reads it");
        let l1 = st.tensor("l1.weight").expect("l1");
        assert_eq!((l1.dtype(), l1.shape()), (Dtype::F16, &[128, INPUTS][..]));
    }

    #[test]
    fn the_reference_reader_reads_what_we_write() {
        let net = Network::random(8, 4, 3);
        let bytes = net.to_safetensors();
        let file = SafeTensors::deserialize(&bytes).expect("the reference reads it");
        let l1 = file.tensor("l1.weight").expect("l1.weight");
        assert_eq!((l1.dtype(), l1.shape()), (Dtype::F32, &[8, INPUTS][..]));
        assert_eq!(file.len(), 6);
    }

    #[test]
    fn the_default_shape_fits_in_256_kb() {
        assert!(Network::random(128, 32, 1).to_safetensors().len() <= 256 * 1024);
    }

    #[test]
    fn mirrored_positions_get_the_same_value() {
        let net = Network::random(32, 8, 5);
        let mut one = Position::new(Variant::default());
        for mv in ["e2", "e8", "e3", "c3h"] {
            one.play(mv.parse().expect("move")).expect("legal");
        }
        let mut two = Position::new(Variant::default());
        two.play("c6h".parse().expect("wall")).expect("legal");
        let index = |s: &str| {
            s.parse::<quoridor_rules::Square>()
                .expect("square")
                .index(9)
        };
        let two = two
            .with_pawns([index("e2"), index("e7")], Player::Two)
            .expect("pawns");
        let value = |pos: &Position| net.evaluate(&active_features(pos).expect("9x9"));
        assert_eq!(value(&one), value(&two));
        let other = two
            .with_pawns([index("e2"), index("e7")], Player::One)
            .expect("pawns");
        assert_ne!(value(&other), value(&two));
    }

    /// `tiny()` with a policy head whose every weight and bias is 0 but
    /// the row of e2 (index 13 for player 1): `[0, 4]`, so its logit is
    /// 4 × unit 1 (0.75 at the start) = 3 and every other move's is 0.
    fn tiny_with_head() -> Network {
        let mut rows = vec![0.0; POLICY_OUTPUTS * 2];
        rows[13 * 2 + 1] = 4.0;
        Network {
            policy: Some(PolicyHead::new(rows, vec![0.0; POLICY_OUTPUTS])),
            ..tiny()
        }
    }

    #[test]
    fn the_priors_match_a_hand_computed_head() {
        let net = tiny_with_head();
        let pos = Position::new(Variant::default());
        let priors = net.policy(&pos).expect("a head");
        assert_eq!(priors.len(), 131);
        let e3 = 3f32.exp();
        let e2 = priors
            .iter()
            .find(|(mv, _)| mv.to_string() == "e2")
            .expect("e2");
        assert!((e2.1 - e3 / (e3 + 130.0)).abs() < 1e-6, "{}", e2.1);
        for &(mv, p) in &priors {
            if mv.to_string() != "e2" {
                assert!((p - 1.0 / (e3 + 130.0)).abs() < 1e-6, "{mv} {p}");
            }
        }
        // The head does not touch the value: still exactly ½.
        let prediction = net.predict(&pos).expect("9x9");
        assert_eq!(prediction.value, tiny().evaluate(&start()));
        assert_eq!(prediction.priors, priors);
    }

    #[test]
    fn a_value_network_has_no_priors_and_the_same_value() {
        let net = Network::random(32, 8, 4);
        assert!(!net.has_policy());
        let pos: Game = "e2 e8 c3h".parse().expect("record");
        let pos = pos.position();
        assert_eq!(net.policy(pos), None);
        let prediction = net.predict(pos).expect("9x9");
        assert!(prediction.priors.is_empty());
        let features = active_features(pos).expect("9x9");
        assert_eq!(prediction.value, net.evaluate(&features));
        // Adding a head changes no value.
        let headed = net.clone().with_random_policy(7);
        assert!(headed.has_policy());
        assert_eq!(headed.predict(pos).expect("9x9").value, prediction.value);
        assert_eq!(headed.clone().without_policy(), net);
        // Other boards are not encoded.
        let small: Game = "[size 5] [walls 3]".parse().expect("record");
        assert_eq!(headed.predict(small.position()), None);
        assert_eq!(headed.policy(small.position()), None);
    }

    #[test]
    fn the_priors_cover_the_legal_moves_and_sum_to_one() {
        let net = Network::random(64, 16, 2).with_random_policy(3);
        let record = "e2 e8 e3 e7 e4 e6 e3h e6h c3h c6h e5 g6h f6 f5v a3h a6h";
        let mut buffer = Vec::new();
        for plies in 0..=record.split(' ').count() {
            let moves: Vec<&str> = record.split(' ').take(plies).collect();
            let game: Game = moves.join(" ").parse().expect("record");
            let pos = game.position();
            let priors = net.policy(pos).expect("a head");
            let legal = pos.legal_moves();
            assert_eq!(priors.iter().map(|p| p.0).collect::<Vec<_>>(), legal);
            let sum: f32 = priors.iter().map(|p| p.1).sum();
            assert!((sum - 1.0).abs() < 1e-5, "{sum}");
            assert!(priors.iter().all(|p| p.1 > 0.0));
            // The low-level call with the engine's own buffers agrees.
            let f = active_features(pos).expect("9x9");
            let value = net.evaluate_with_priors(&f, pos.turn(), &legal, &mut buffer);
            assert_eq!(value, net.evaluate(&f));
            assert_eq!(buffer, priors.iter().map(|p| p.1).collect::<Vec<_>>());
        }
    }

    #[test]
    fn mirrored_positions_get_the_same_priors_move_for_move() {
        let net = Network::random(32, 8, 5).with_random_policy(6);
        let mut one = Position::new(Variant::default());
        for mv in ["e2", "e8", "e3", "c3h"] {
            one.play(mv.parse().expect("move")).expect("legal");
        }
        let mut two = Position::new(Variant::default());
        two.play("c6h".parse().expect("wall")).expect("legal");
        let index = |s: &str| {
            s.parse::<quoridor_rules::Square>()
                .expect("square")
                .index(9)
        };
        let two = two
            .with_pawns([index("e2"), index("e7")], Player::Two)
            .expect("pawns");
        let by_index = |pos: &Position| {
            let mut v: Vec<(usize, f32)> = net
                .policy(pos)
                .expect("a head")
                .into_iter()
                .map(|(mv, p)| (move_index(mv, 9, pos.turn()).expect("index"), p))
                .collect();
            v.sort_by_key(|e| e.0);
            v
        };
        // The same logits; the softmax's sum is taken in another move order,
        // so the last bit may differ.
        let (a, b) = (by_index(&one), by_index(&two));
        assert_eq!(a.len(), one.legal_moves().len());
        assert_eq!(a.len(), b.len());
        for ((i, p), (j, q)) in a.into_iter().zip(b) {
            assert_eq!(i, j);
            assert!((p - q).abs() < 1e-6, "{i}: {p} vs {q}");
        }
    }

    #[test]
    fn a_head_survives_writing_and_reading_in_f32_and_f16() {
        let net = Network::random(16, 8, 3).with_random_policy(4);
        let back = Network::from_safetensors(&net.to_safetensors()).expect("reads back");
        assert_eq!(back, net);
        let half = Network::from_safetensors(&net.to_safetensors_f16()).expect("F16 reads");
        assert!(half.has_policy());
        let pos = Position::new(Variant::default());
        for ((m1, p1), (m2, p2)) in net
            .policy(&pos)
            .expect("head")
            .into_iter()
            .zip(half.policy(&pos).expect("head"))
        {
            assert_eq!(m1, m2);
            assert!((p1 - p2).abs() < 1e-4, "{m1}: {p1} vs {p2}");
        }
        let bytes = net.to_safetensors();
        let st = SafeTensors::deserialize(&bytes).expect("reference reads it");
        assert_eq!(st.len(), 8);
        let w = st.tensor("policy.weight").expect("policy.weight");
        assert_eq!(w.shape(), &[POLICY_OUTPUTS, 16][..]);
        assert_eq!(
            st.tensor("policy.bias").expect("bias").shape(),
            &[POLICY_OUTPUTS][..]
        );
    }

    #[test]
    fn the_loader_refuses_half_a_head_or_a_head_of_the_wrong_width() {
        let weight = || {
            let data = vec![0u8; POLICY_OUTPUTS * 4 * 4];
            ("policy.weight", Dtype::F32, vec![POLICY_OUTPUTS, 4], data)
        };
        let bias = || {
            let data = vec![0u8; POLICY_OUTPUTS * 4];
            ("policy.bias", Dtype::F32, vec![POLICY_OUTPUTS], data)
        };
        let mut t = valid(0.1);
        t.push(weight());
        assert_eq!(refusal(&t), "tensor policy.bias is missing");
        let mut t = valid(0.1);
        t.push(bias());
        assert_eq!(refusal(&t), "tensor policy.weight is missing");
        let mut t = valid(0.1);
        t.push((
            "policy.weight",
            Dtype::F32,
            vec![POLICY_OUTPUTS, 3],
            vec![0; POLICY_OUTPUTS * 12],
        ));
        t.push(bias());
        assert_eq!(
            refusal(&t),
            format!("tensor policy.weight has shape [{POLICY_OUTPUTS}, 3], expected [{POLICY_OUTPUTS}, 4]")
        );
        let mut t = valid(0.1);
        t.push(weight());
        t.push(bias());
        let net = Network::from_safetensors(&file(&t)).expect("a whole head loads");
        assert!(net.has_policy());
    }

    /// A file with `tensors` (name, dtype, shape, data bytes).
    fn file(tensors: &[(&str, Dtype, Vec<usize>, Vec<u8>)]) -> Vec<u8> {
        let views = tensors.iter().map(|(name, dtype, shape, data)| {
            (
                *name,
                TensorView::new(*dtype, shape.clone(), data).expect("consistent"),
            )
        });
        safetensors::serialize(views, None).expect("serialises")
    }

    /// The tensors of a valid INPUTS → 4 → 2 → 1 file, all weights `x`.
    fn valid(x: f32) -> Vec<(&'static str, Dtype, Vec<usize>, Vec<u8>)> {
        let f = |shape: Vec<usize>| {
            let n = shape.iter().product::<usize>();
            let data = (0..n).flat_map(|_| x.to_le_bytes()).collect();
            (Dtype::F32, shape, data)
        };
        [
            ("l1.weight", vec![4, INPUTS]),
            ("l1.bias", vec![4]),
            ("l2.weight", vec![2, 4]),
            ("l2.bias", vec![2]),
            ("out.weight", vec![1, 2]),
            ("out.bias", vec![1]),
        ]
        .into_iter()
        .map(|(name, shape)| {
            let (dtype, shape, data) = f(shape);
            (name, dtype, shape, data)
        })
        .collect()
    }

    fn refusal(tensors: &[(&str, Dtype, Vec<usize>, Vec<u8>)]) -> String {
        Network::from_safetensors(&file(tensors))
            .expect_err("refused")
            .to_string()
    }

    #[test]
    fn a_valid_file_loads_with_its_widths() {
        let net = Network::from_safetensors(&file(&valid(0.0))).expect("valid");
        assert_eq!(net.shape(), (4, 2));
        assert_eq!(net.evaluate(&start()), 0.5);
    }

    #[test]
    fn the_loader_names_a_missing_tensor() {
        let mut t = valid(0.1);
        t.retain(|(name, ..)| *name != "l2.bias");
        assert_eq!(refusal(&t), "tensor l2.bias is missing");
    }

    #[test]
    fn the_loader_names_a_wrong_shape() {
        let mut t = valid(0.1);
        t[0] = ("l1.weight", Dtype::F32, vec![4, 10], vec![0; 160]);
        assert_eq!(
            refusal(&t),
            format!(
                "tensor l1.weight has shape [4, 10], expected [H, {INPUTS}] with H from 1 to {MAX_HIDDEN}"
            )
        );
        let mut t = valid(0.1);
        t[3] = ("l2.bias", Dtype::F32, vec![3], vec![0; 12]);
        assert_eq!(refusal(&t), "tensor l2.bias has shape [3], expected [2]");
    }

    #[test]
    fn the_loader_names_a_wrong_dtype_and_bad_weights() {
        let mut t = valid(0.1);
        t[5] = ("out.bias", Dtype::F64, vec![1], vec![0; 8]);
        assert_eq!(refusal(&t), "tensor out.bias is F64, expected F32 or F16");
        let mut t = valid(0.1);
        t[4].3 = f32::NAN.to_le_bytes().repeat(2);
        assert_eq!(
            refusal(&t),
            "tensor out.weight holds an infinite or NaN weight"
        );
    }

    #[test]
    fn the_loader_refuses_a_truncated_file() {
        let bytes = file(&valid(0.1));
        for cut in [0, 5, 8, 20, bytes.len() - 1] {
            let err = Network::from_safetensors(&bytes[..cut]).expect_err("truncated");
            assert!(
                err.to_string()
                    .starts_with("not a readable safetensors file: "),
                "{cut}: {err}"
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..200)) {
            let _ = Network::from_safetensors(&bytes);
        }

        #[test]
        fn a_header_with_arbitrary_json_never_panics(json in ".{0,80}", tail in proptest::collection::vec(proptest::num::u8::ANY, 0..64)) {
            let mut bytes = (json.len() as u64).to_le_bytes().to_vec();
            bytes.extend(json.as_bytes());
            bytes.extend(tail);
            let _ = Network::from_safetensors(&bytes);
        }
    }
}
