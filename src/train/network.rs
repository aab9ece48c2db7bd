//! The value network as candle tensors: inputs → `l1` → ClippedReLU → `l2`
//! → ClippedReLU → `out` → sigmoid, the side to move's win probability.
//! The weights are written as safetensors under the names and shapes of
//! PyTorch's `nn.Linear` (weight `[out, in]`), which the engines' forward
//! pass reads.

use super::data::Inputs;
use candle_core::{DType, Device, Result, Tensor, Var};
use rand::{Rng, SeedableRng};
use std::path::Path;

pub use crate::search::learned::INPUTS;

/// The tensors of the weights file, in the network's order.
pub const TENSOR_NAMES: [&str; 6] = [
    "l1.weight",
    "l1.bias",
    "l2.weight",
    "l2.bias",
    "out.weight",
    "out.bias",
];

/// The network being trained: three linear layers, all F32 on the CPU.
#[derive(Debug)]
pub struct ValueNetwork {
    /// The layers' weights and biases, in [`TENSOR_NAMES`] order.
    vars: [Var; 6],
    hidden: usize,
    hidden2: usize,
}

impl ValueNetwork {
    /// A network with `hidden` and `hidden2` units, its weights drawn as
    /// PyTorch draws a linear layer's (uniform in ±1/√inputs) from `seed`,
    /// so that a run is repeatable.
    pub fn new(hidden: usize, hidden2: usize, seed: u64) -> Result<ValueNetwork> {
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
        Ok(ValueNetwork {
            vars: [w1, b1, w2, b2, w3, b3],
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

    /// The trainable tensors, for the optimiser.
    pub fn vars(&self) -> Vec<Var> {
        self.vars.to_vec()
    }

    /// The weights by name, as written.
    pub fn tensors(&self) -> Vec<(&'static str, Tensor)> {
        TENSOR_NAMES
            .iter()
            .zip(&self.vars)
            .map(|(name, var)| (*name, var.as_tensor().clone()))
            .collect()
    }

    /// A copy of the weights, in [`TENSOR_NAMES`] order, for [`restore`](Self::restore).
    pub fn snapshot(&self) -> Result<Vec<Tensor>> {
        self.vars.iter().map(|v| v.as_tensor().copy()).collect()
    }

    /// Puts back weights taken by [`snapshot`](Self::snapshot).
    pub fn restore(&self, weights: &[Tensor]) -> Result<()> {
        for (var, w) in self.vars.iter().zip(weights) {
            var.set(w)?;
        }
        Ok(())
    }

    /// The output before the sigmoid (`[batch, 1]`) for a batch of dense
    /// inputs (`[batch, INPUTS]`).
    pub fn logits(&self, x: &Tensor) -> Result<Tensor> {
        let linear = |x: &Tensor, w: &Var, b: &Var| x.matmul(&w.as_tensor().t()?)?.broadcast_add(b);
        let [w1, b1, w2, b2, w3, b3] = &self.vars;
        let h1 = linear(x, w1, b1)?.clamp(0f32, 1f32)?;
        let h2 = linear(&h1, w2, b2)?.clamp(0f32, 1f32)?;
        linear(&h2, w3, b3)
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
    use crate::game::{Game, Position};
    use crate::search::learned::{active_features, ActiveFeatures, Network};

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
