//! The network as candle tensors: inputs → `l1` → ClippedReLU → `l2`
//! → ClippedReLU → `out` → sigmoid, the side to move's win probability,
//! and optionally the policy head: `l1`'s clipped activations → `policy`,
//! one logit per move index (`POLICY_OUTPUTS`), which a softmax over the
//! legal moves turns into priors. The weights are written as safetensors
//! under the names and shapes of PyTorch's `nn.Linear` (weight `[out, in]`),
//! which the engines' forward pass reads.

use super::data::Inputs;
use candle_core::{DType, Device, Result, Tensor, Var};
use rand::{Rng, SeedableRng};
use std::path::Path;

pub use quoridor_engines::learned::{INPUTS, POLICY_OUTPUTS};

/// The tensors of the weights file, in the network's order.
pub const TENSOR_NAMES: [&str; 6] = [
    "l1.weight",
    "l1.bias",
    "l2.weight",
    "l2.bias",
    "out.weight",
    "out.bias",
];

/// The policy head's tensors, in the network's order.
pub const POLICY_TENSOR_NAMES: [&str; 2] = ["policy.weight", "policy.bias"];

/// Positions per forward pass when measuring the validation set (the value
/// and the policy alike), so a large set never makes one huge batch.
pub(super) const EVAL_CHUNK: usize = 4096;

/// The network being trained: three linear layers and optionally the
/// policy head's, all F32 on the CPU.
#[derive(Debug)]
pub struct ValueNetwork {
    /// The layers' weights and biases, in [`TENSOR_NAMES`] order.
    vars: [Var; 6],
    /// The policy head's weight and bias, if it has one.
    policy: Option<[Var; 2]>,
    hidden: usize,
    hidden2: usize,
}

impl ValueNetwork {
    /// A network with `hidden` and `hidden2` units, its weights drawn as
    /// PyTorch draws a linear layer's (uniform in ±1/√inputs) from `seed`,
    /// so that a run is repeatable.
    pub fn new(hidden: usize, hidden2: usize, seed: u64) -> Result<ValueNetwork> {
        ValueNetwork::build(hidden, hidden2, seed, false)
    }

    /// [`new`](Self::new)'s network (the same value weights from the same
    /// seed) with a policy head `hidden → POLICY_OUTPUTS`, drawn after them.
    pub fn with_policy(hidden: usize, hidden2: usize, seed: u64) -> Result<ValueNetwork> {
        ValueNetwork::build(hidden, hidden2, seed, true)
    }

    fn build(hidden: usize, hidden2: usize, seed: u64, policy: bool) -> Result<ValueNetwork> {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut layer = |outputs: usize, inputs: usize| -> Result<[Var; 2]> {
            let bound = 1.0 / (inputs as f32).sqrt();
            let mut draw = |n: usize| -> Vec<f32> {
                (0..n).map(|_| rng.random_range(-bound..bound)).collect()
            };
            let weight = Tensor::from_vec(draw(outputs * inputs), (outputs, inputs), &Device::Cpu)?;
            let bias = Tensor::from_vec(draw(outputs), outputs, &Device::Cpu)?;
            Ok([Var::from_tensor(&weight)?, Var::from_tensor(&bias)?])
        };
        let [w1, b1] = layer(hidden, INPUTS)?;
        let [w2, b2] = layer(hidden2, hidden)?;
        let [w3, b3] = layer(1, hidden2)?;
        let policy = if policy {
            Some(layer(POLICY_OUTPUTS, hidden)?)
        } else {
            None
        };
        Ok(ValueNetwork {
            vars: [w1, b1, w2, b2, w3, b3],
            policy,
            hidden,
            hidden2,
        })
    }

    /// Units of the first hidden layer.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Units of the second hidden layer.
    pub fn hidden2(&self) -> usize {
        self.hidden2
    }

    /// Whether the network has a policy head.
    pub fn has_policy(&self) -> bool {
        self.policy.is_some()
    }

    /// Every variable: the value layers' in [`TENSOR_NAMES`] order, then the
    /// policy head's.
    fn all_vars(&self) -> impl Iterator<Item = &Var> {
        self.vars.iter().chain(self.policy.iter().flatten())
    }

    /// The trainable tensors, for the optimiser.
    pub fn vars(&self) -> Vec<Var> {
        self.all_vars().cloned().collect()
    }

    /// The weights by name, as written.
    pub fn tensors(&self) -> Vec<(&'static str, Tensor)> {
        TENSOR_NAMES
            .iter()
            .chain(POLICY_TENSOR_NAMES.iter())
            .zip(self.all_vars())
            .map(|(name, var)| (*name, var.as_tensor().clone()))
            .collect()
    }

    /// A copy of the weights, in [`vars`](Self::vars)' order, for [`restore`](Self::restore).
    pub fn snapshot(&self) -> Result<Vec<Tensor>> {
        self.all_vars().map(|v| v.as_tensor().copy()).collect()
    }

    /// Puts back weights taken by [`snapshot`](Self::snapshot).
    pub fn restore(&self, weights: &[Tensor]) -> Result<()> {
        for (var, w) in self.all_vars().zip(weights) {
            var.set(w)?;
        }
        Ok(())
    }

    /// The output before the sigmoid (`[batch, 1]`) for a batch of dense
    /// inputs (`[batch, INPUTS]`).
    pub fn logits(&self, x: &Tensor) -> Result<Tensor> {
        self.forward(x).map(|(value, _)| value)
    }

    /// The value's output before the sigmoid (`[batch, 1]`) and, with a
    /// policy head, the policy's logits for every move index (`[batch,
    /// POLICY_OUTPUTS]`, before any mask or softmax), in one pass.
    pub fn forward(&self, x: &Tensor) -> Result<(Tensor, Option<Tensor>)> {
        let linear = |x: &Tensor, w: &Var, b: &Var| x.matmul(&w.as_tensor().t()?)?.broadcast_add(b);
        let [w1, b1, w2, b2, w3, b3] = &self.vars;
        let h1 = linear(x, w1, b1)?.clamp(0f32, 1f32)?;
        let h2 = linear(&h1, w2, b2)?.clamp(0f32, 1f32)?;
        let policy = match &self.policy {
            Some([wp, bp]) => Some(linear(&h1, wp, bp)?),
            None => None,
        };
        Ok((linear(&h2, w3, b3)?, policy))
    }

    /// The side to move's win probability for each position of `batch`.
    pub fn win_probabilities(&self, batch: &[Inputs]) -> Result<Vec<f32>> {
        let logits = self.logits(&dense_batch(batch)?)?;
        candle_nn::ops::sigmoid(&logits)?.flatten_all()?.to_vec1()
    }

    /// Writes the weights to `path` as safetensors (F32), readable as any
    /// file the user writes (candle's writer creates it for its owner only,
    /// so the bytes are written again as a fresh file under the umask).
    pub fn save(&self, path: &Path) -> Result<()> {
        let tensors: std::collections::HashMap<String, Tensor> = self
            .tensors()
            .into_iter()
            .map(|(name, t)| (name.to_string(), t))
            .collect();
        candle_core::safetensors::save(&tensors, path)?;
        let bytes = std::fs::read(path)?;
        std::fs::remove_file(path)?;
        std::fs::write(path, bytes)?;
        Ok(())
    }
}

/// The dense `[batch, INPUTS]` matrix of a batch's inputs (1.0 where an
/// input is active).
pub fn dense_batch(batch: &[Inputs]) -> Result<Tensor> {
    let mut x = vec![0f32; batch.len() * INPUTS];
    for (row, inputs) in batch.iter().enumerate() {
        for &i in inputs.indices() {
            x[row * INPUTS + usize::from(i)] = 1.0;
        }
    }
    Tensor::from_vec(x, (batch.len(), INPUTS), &Device::Cpu)?.to_dtype(DType::F32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_engines::learned::{active_features, move_index, ActiveFeatures, Network};
    use quoridor_rules::{Game, Position};

    /// The features of a few fixed positions, from the start to a
    /// middle game with walls.
    fn fixed_positions() -> Vec<ActiveFeatures> {
        [
            "",
            "e2",
            "e2 e8 e3 e7 c3h",
            "e2 e8 e3 e7 c3h f6v d3 d7 a1h b4v",
        ]
        .iter()
        .map(|record| {
            let game: Game = record.parse().expect("record");
            let pos: &Position = game.position();
            active_features(pos).expect("9x9")
        })
        .collect()
    }

    #[test]
    fn the_written_weights_read_back_with_their_names_and_shapes() {
        let net = ValueNetwork::new(8, 4, 3).expect("a network");
        let dir = std::env::temp_dir().join(format!("quoridor-net-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join("value.safetensors");
        net.save(&path).expect("written");
        let read = candle_core::safetensors::load(&path, &Device::Cpu).expect("read back");
        let mut names: Vec<&str> = read.keys().map(String::as_str).collect();
        names.sort_unstable();
        let mut expected = TENSOR_NAMES.to_vec();
        expected.sort_unstable();
        assert_eq!(names, expected);
        let shape = |name: &str| read[name].dims().to_vec();
        assert_eq!(shape("l1.weight"), [8, INPUTS]);
        assert_eq!(shape("l1.bias"), [8]);
        assert_eq!(shape("l2.weight"), [4, 8]);
        assert_eq!(shape("l2.bias"), [4]);
        assert_eq!(shape("out.weight"), [1, 4]);
        assert_eq!(shape("out.bias"), [1]);
        for (name, tensor) in net.tensors() {
            assert_eq!(read[name].dtype(), DType::F32);
            let diff = (tensor - &read[name])
                .and_then(|d| d.abs()?.flatten_all()?.max(0)?.to_scalar::<f32>())
                .expect("same shape");
            assert_eq!(diff, 0.0, "{name}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The stated tolerance of the parity between candle's network and the
    /// engines' forward pass, for the value and for every prior: both
    /// compute in `f32`, in other orders.
    const PARITY: f32 = 1e-5;

    #[test]
    fn candle_and_the_engines_agree_on_the_value_and_every_prior() {
        let net = ValueNetwork::with_policy(32, 16, 7).expect("a network");
        // Push the first layer into both of ClippedReLU's bends and spread
        // the policy's logits.
        let scale = |var: &Var, by: f64| {
            let scaled = (var.as_tensor() * by).expect("scaled");
            var.set(&scaled).expect("same shape");
        };
        scale(&net.vars[0], 12.0);
        if let Some([wp, _]) = &net.policy {
            scale(wp, 8.0);
        }
        let dir = std::env::temp_dir().join(format!("quoridor-policy-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join("value.safetensors");
        net.save(&path).expect("written");
        let engines = Network::from_safetensors(&std::fs::read(&path).expect("read back"))
            .expect("the engines read it");
        let _ = std::fs::remove_dir_all(&dir);
        assert!(engines.has_policy());
        let records = [
            "",
            "e2",
            "e2 e8 e3 e7 c3h",
            "e2 e8 e3 e7 c3h f6v d3 d7 a1h b4v",
            "e2 e8 e3 e7 e4 e6 e3h e6h c3h c6h e5 g6h f6 f5v a3h a6h",
        ];
        let mut spread = 0.0f32;
        for record in records {
            let game: Game = record.parse().expect("record");
            let pos = game.position();
            let f = active_features(pos).expect("9x9");
            let (value, logits) = net
                .forward(&dense_batch(&[Inputs::new(&f)]).expect("batch"))
                .expect("a forward pass");
            let value = candle_nn::ops::sigmoid(&value)
                .and_then(|v| v.flatten_all()?.to_vec1::<f32>())
                .expect("value")[0];
            let logits: Vec<f32> = logits
                .expect("a head")
                .flatten_all()
                .and_then(|l| l.to_vec1())
                .expect("logits");
            let prediction = engines.predict(pos).expect("9x9");
            assert!(
                (prediction.value - value).abs() <= PARITY,
                "{record}: value"
            );
            // Candle's logits, softmaxed over the legal moves in f64.
            let chosen: Vec<f64> = prediction
                .priors
                .iter()
                .map(|&(mv, _)| {
                    let i = move_index(mv, 9, pos.turn()).expect("an index");
                    f64::from(logits[i])
                })
                .collect();
            let most = chosen.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let total: f64 = chosen.iter().map(|z| (z - most).exp()).sum();
            assert_eq!(prediction.priors.len(), pos.legal_moves().len());
            for (&(mv, prior), z) in prediction.priors.iter().zip(&chosen) {
                let candle = ((z - most).exp() / total) as f32;
                assert!(
                    (prior - candle).abs() <= PARITY,
                    "{record}: {mv}: {prior} vs {candle}"
                );
                spread = spread.max(prior);
            }
        }
        // The priors are not all alike (the check could not miss a wrong index).
        assert!(spread > 0.05, "{spread}");
    }

    #[test]
    fn candle_and_the_engines_forward_pass_agree_on_fixed_positions() {
        let net = ValueNetwork::new(32, 16, 5).expect("a network");
        // Push the first layer into both of ClippedReLU's bends.
        let [w1, ..] = &net.vars;
        let scaled = (w1.as_tensor() * 12.0).expect("scaled");
        w1.set(&scaled).expect("same shape");
        let dir = std::env::temp_dir().join(format!("quoridor-fwd-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join("value.safetensors");
        net.save(&path).expect("written");
        // The engines read the file as they read --eval-file's.
        let bytes = std::fs::read(&path).expect("read back");
        let engines = Network::from_safetensors(&bytes).expect("the engines read it");
        assert_eq!(engines.shape(), (32, 16));
        let features = fixed_positions();
        let inputs: Vec<Inputs> = features.iter().map(Inputs::new).collect();
        let candle = net.win_probabilities(&inputs).expect("a forward pass");
        let mut distinct = Vec::new();
        for (f, p) in features.iter().zip(candle) {
            let engine = engines.evaluate(f);
            assert!((engine - p).abs() <= 1e-5, "{engine} vs {p}");
            assert!(p > 0.0 && p < 1.0);
            distinct.push(p);
        }
        // The positions do not all score alike (the check could not miss a
        // wrong input).
        distinct.dedup();
        assert!(distinct.len() > 1, "{distinct:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
