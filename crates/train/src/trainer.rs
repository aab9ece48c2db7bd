//! The training loop: mini-batches shuffled by the seed, AdamW, binary
//! cross-entropy on the sigmoid output plus, with a policy head, the
//! cross-entropy of the legal moves' softmax against the search's visit
//! shares (weighted by [`TrainConfig::policy_weight`]), and after every
//! epoch the losses, the winner-prediction accuracy and the policy's top-1
//! accuracy on the held-out games.

use super::data::{Inputs, LabelledPosition, TrainingData};
use super::manifest::EpochReport;
use super::network::{dense_batch, ValueNetwork, EVAL_CHUNK};
use super::policy_data::PolicyRef;
use super::policy_loss::{masked_policy_loss, measure_policy, policy_batch, PolicyMeasured};
use super::split::split_games;
use super::target::{KeepEpoch, TrainingTarget};
use candle_core::{Device, Tensor};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::fmt;
use std::time::Instant;

/// How to train.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per optimiser step.
    pub batch: usize,
    /// AdamW's learning rate.
    pub lr: f64,
    /// Units of the first hidden layer.
    pub hidden: usize,
    /// Units of the second hidden layer.
    pub hidden2: usize,
    /// Share of the games held out for validation.
    pub validation: f64,
    /// Seeds the weights, the split and the shuffles.
    pub seed: u64,
    /// What each position is trained towards.
    pub target: TrainingTarget,
    /// Train on each position's left-right mirror too.
    pub mirror: bool,
    /// Which epoch's weights to keep.
    pub keep: KeepEpoch,
    /// The policy loss's weight against the value's (0: no policy head,
    /// a value network as before).
    pub policy_weight: f64,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 10,
            batch: 256,
            lr: 1e-3,
            hidden: 64,
            hidden2: 32,
            validation: 0.1,
            seed: 0,
            target: TrainingTarget::default(),
            mirror: true,
            keep: KeepEpoch::Best,
            policy_weight: 1.0,
        }
    }
}

/// What the loop tells its caller as it goes.
#[derive(Debug)]
pub enum TrainEvent<'a> {
    /// The data is split; training starts.
    Start {
        /// Positions trained on per epoch (mirrors included).
        train_positions: usize,
        /// Batches per epoch.
        batches: usize,
    },
    /// `done` batches of the epoch are through.
    Batch {
        /// The epoch, 1-based.
        epoch: usize,
        /// Batches done in it.
        done: usize,
    },
    /// An epoch is over.
    Epoch(&'a EpochReport),
}

/// A loss and a winner accuracy on the held-out positions.
pub type Measured = (f64, Option<f64>);

/// The trained network and how the training went.
#[derive(Debug)]
pub struct TrainOutcome {
    /// The network of the kept epoch ([`TrainConfig::keep`]).
    pub network: ValueNetwork,
    /// The epoch whose weights are kept (0: no training).
    pub kept_epoch: usize,
    /// One report per epoch.
    pub epochs: Vec<EpochReport>,
    /// Games and positions trained on (positions without mirrors).
    pub train_games: usize,
    /// Positions trained on, mirrors not counted.
    pub train_positions: usize,
    /// Games held out.
    pub validation_games: usize,
    /// Positions held out.
    pub validation_positions: usize,
    /// The kept network's validation loss and accuracy (also with 0 epochs).
    pub validation: Option<Measured>,
    /// The classic evaluation's loss and accuracy on the same held-out
    /// positions and target: the figure to beat.
    pub classic: Option<Measured>,
    /// The kept network's policy on the held-out positions (`None` without
    /// a head or without held-out targets).
    pub policy: Option<PolicyMeasured>,
    /// Seconds spent training.
    pub seconds: f64,
}

/// Why training stopped.
#[derive(Debug)]
pub enum TrainError {
    /// No position of the files can be trained on.
    NoPositions {
        /// Positions skipped for their board.
        skipped: usize,
    },
    /// A tensor operation failed.
    Candle(candle_core::Error),
}

impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainError::NoPositions { skipped: 0 } => {
                f.write_str("the data files hold no positions to train on")
            }
            TrainError::NoPositions { skipped } => write!(
                f,
                "no position to train on: all {skipped} are of boards the learned evaluation does not encode (it encodes 9x9 with 10 walls)"
            ),
            TrainError::Candle(e) => write!(f, "training failed: {e}"),
        }
    }
}

impl std::error::Error for TrainError {}

impl From<candle_core::Error> for TrainError {
    fn from(e: candle_core::Error) -> Self {
        TrainError::Candle(e)
    }
}

/// Binary cross-entropy between `sigmoid(logits)` and `targets` (both
/// `[batch, 1]`), averaged, written on the logits so that a saturated
/// output still has a finite loss and a gradient:
/// `max(z, 0) − z·t + ln(1 + e^(−|z|))`.
pub fn bce_with_logits(logits: &Tensor, targets: &Tensor) -> candle_core::Result<Tensor> {
    let softplus = logits.abs()?.neg()?.exp()?.affine(1.0, 1.0)?.log()?;
    logits
        .relu()?
        .sub(&logits.mul(targets)?)?
        .add(&softplus)?
        .mean_all()
}

/// One position as the loop trains on it.
#[derive(Clone, Copy, Debug)]
struct Example {
    inputs: Inputs,
    target: f32,
    policy: PolicyRef,
    /// The policy target's moves are mirrored left-right (the inputs
    /// already are).
    mirrored: bool,
}

/// Trains a network on `data` as `config` says, telling `on` how it goes.
pub fn train(
    data: &TrainingData,
    config: &TrainConfig,
    mut on: impl FnMut(TrainEvent),
) -> Result<TrainOutcome, TrainError> {
    if data.positions.is_empty() {
        return Err(TrainError::NoPositions {
            skipped: data.skipped(),
        });
    }
    let started = Instant::now();
    let games: Vec<u32> = data.positions.iter().map(|p| p.game).collect();
    let held_out = split_games(&games, config.validation, config.seed);
    let (validation, training): (Vec<&LabelledPosition>, Vec<&LabelledPosition>) = data
        .positions
        .iter()
        .partition(|p| held_out.contains(&p.game));
    let target = |p: &LabelledPosition| p.target(config.target) as f32;
    let mut examples: Vec<Example> = training
        .iter()
        .map(|p| Example {
            inputs: p.inputs,
            target: target(p),
            policy: p.policy,
            mirrored: false,
        })
        .collect();
    if config.mirror {
        let mirrored: Vec<Example> = examples
            .iter()
            .map(|e| Example {
                inputs: e.inputs.mirrored(),
                mirrored: true,
                ..*e
            })
            .collect();
        examples.extend(mirrored);
    }
    // A head only when it has a weight and something to learn.
    let with_policy = config.policy_weight > 0.0 && training.iter().any(|p| p.policy.is_some());
    let batch = config.batch.max(1);
    let batches = examples.len().div_ceil(batch);
    on(TrainEvent::Start {
        train_positions: examples.len(),
        batches,
    });
    let network = if with_policy {
        ValueNetwork::with_policy(config.hidden, config.hidden2, config.seed)?
    } else {
        ValueNetwork::new(config.hidden, config.hidden2, config.seed)?
    };
    let mut optimiser = AdamW::new(
        network.vars(),
        ParamsAdamW {
            lr: config.lr,
            ..ParamsAdamW::default()
        },
    )?;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(config.seed ^ 0x5eed_5eed);
    let mut reports: Vec<EpochReport> = Vec::with_capacity(config.epochs);
    let mut best: Option<(usize, f64, Vec<Tensor>)> = None;
    let mut inputs = Vec::with_capacity(batch);
    let mut targets = Vec::with_capacity(batch);
    for epoch in 1..=config.epochs {
        let epoch_started = Instant::now();
        examples.shuffle(&mut rng);
        let mut loss_sum = 0.0;
        let (mut policy_sum, mut policy_rows) = (0.0, 0usize);
        for (done, chunk) in examples.chunks(batch).enumerate() {
            inputs.clear();
            targets.clear();
            for e in chunk {
                inputs.push(e.inputs);
                targets.push(e.target);
            }
            let x = dense_batch(&inputs)?;
            let t = Tensor::from_slice(&targets, (chunk.len(), 1), &Device::Cpu)?;
            let (value_logits, policy_logits) = network.forward(&x)?;
            let value_loss = bce_with_logits(&value_logits, &t)?;
            let loss = match policy_logits {
                Some(logits) => {
                    let (mask, shares, rows) =
                        policy_batch(&data.policy, chunk.iter().map(|e| (e.policy, e.mirrored)))?;
                    if rows == 0 {
                        value_loss.clone()
                    } else {
                        let policy_loss = masked_policy_loss(&logits, &mask, &shares, rows)?;
                        policy_sum += f64::from(policy_loss.to_scalar::<f32>()?) * rows as f64;
                        policy_rows += rows;
                        value_loss.add(&policy_loss.affine(config.policy_weight, 0.0)?)?
                    }
                }
                None => value_loss.clone(),
            };
            optimiser.backward_step(&loss)?;
            loss_sum += f64::from(value_loss.to_scalar::<f32>()?) * chunk.len() as f64;
            on(TrainEvent::Batch {
                epoch,
                done: done + 1,
            });
        }
        let measured = measure(&network, &validation, config.target)?;
        let policy_measured = measure_policy(&network, &validation, &data.policy)?;
        let report = EpochReport {
            epoch,
            train_loss: loss_sum / examples.len().max(1) as f64,
            validation_loss: measured.map(|m| m.0),
            validation_accuracy: measured.and_then(|m| m.1),
            train_policy_loss: (policy_rows > 0).then(|| policy_sum / policy_rows as f64),
            validation_policy_loss: policy_measured.map(|m| m.loss),
            validation_policy_accuracy: policy_measured.map(|m| m.top1),
            seconds: epoch_started.elapsed().as_secs_f64(),
        };
        if config.keep == KeepEpoch::Best {
            // The objective trained: the value's loss plus the weighted policy's.
            let objective = report
                .validation_loss
                .map(|l| l + config.policy_weight * report.validation_policy_loss.unwrap_or(0.0));
            if let Some(loss) = objective {
                if best.as_ref().is_none_or(|(_, b, _)| loss < *b) {
                    best = Some((epoch, loss, network.snapshot()?));
                }
            }
        }
        on(TrainEvent::Epoch(&report));
        reports.push(report);
    }
    let mut kept_epoch = reports.len();
    if let Some((epoch, _, weights)) = best {
        network.restore(&weights)?;
        kept_epoch = epoch;
    }
    let validation_result = match reports.get(kept_epoch.wrapping_sub(1)) {
        Some(kept) => kept.validation_loss.map(|l| (l, kept.validation_accuracy)),
        None => measure(&network, &validation, config.target)?,
    };
    Ok(TrainOutcome {
        policy: measure_policy(&network, &validation, &data.policy)?,
        network,
        kept_epoch,
        classic: measure_classic(&validation, config.target),
        epochs: reports,
        train_games: distinct_games(&training),
        train_positions: training.len(),
        validation_games: held_out.len(),
        validation_positions: validation.len(),
        validation: validation_result,
        seconds: started.elapsed().as_secs_f64(),
    })
}

fn distinct_games(positions: &[&LabelledPosition]) -> usize {
    let mut games: Vec<u32> = positions.iter().map(|p| p.game).collect();
    games.sort_unstable();
    games.dedup();
    games.len()
}

/// The classic evaluation's loss on `positions` against `target` and its
/// accuracy at predicting their winners, measured as [`measure`] measures a
/// network; `None` when there are no positions.
fn measure_classic(positions: &[&LabelledPosition], target: TrainingTarget) -> Option<Measured> {
    if positions.is_empty() {
        return None;
    }
    let mut loss_sum = 0.0;
    let mut winners = WinnerTally::default();
    for p in positions {
        let t = p.target(target);
        let q = f64::from(p.classic).clamp(1e-7, 1.0 - 1e-7);
        loss_sum -= t * q.ln() + (1.0 - t) * (1.0 - q).ln();
        winners.add(p.result, q > 0.5);
    }
    Some((loss_sum / positions.len() as f64, winners.accuracy()))
}

/// How often "the side to move wins" was predicted right, over the
/// positions of decided games (drawn ones left out).
#[derive(Default)]
struct WinnerTally {
    decided: usize,
    right: usize,
}

impl WinnerTally {
    /// A position whose game ended `result` for the side to move, predicted
    /// won (`predicts_win`) or lost.
    fn add(&mut self, result: f32, predicts_win: bool) {
        if result != 0.5 {
            self.decided += 1;
            self.right += usize::from(predicts_win == (result > 0.5));
        }
    }

    /// The share predicted right; `None` when every game was drawn.
    fn accuracy(&self) -> Option<f64> {
        (self.decided > 0).then(|| self.right as f64 / self.decided as f64)
    }
}

/// The loss of `network` on `positions` and its accuracy at predicting
/// their games' winners (`None` when every game was drawn); `None` when
/// there are no positions.
fn measure(
    network: &ValueNetwork,
    positions: &[&LabelledPosition],
    target: TrainingTarget,
) -> candle_core::Result<Option<Measured>> {
    if positions.is_empty() {
        return Ok(None);
    }
    let mut loss_sum = 0.0;
    let mut winners = WinnerTally::default();
    for chunk in positions.chunks(EVAL_CHUNK) {
        let inputs: Vec<Inputs> = chunk.iter().map(|p| p.inputs).collect();
        let targets: Vec<f32> = chunk.iter().map(|p| p.target(target) as f32).collect();
        let logits = network.logits(&dense_batch(&inputs)?)?.detach();
        let t = Tensor::from_slice(&targets, (chunk.len(), 1), &Device::Cpu)?;
        loss_sum +=
            f64::from(bce_with_logits(&logits, &t)?.to_scalar::<f32>()?) * chunk.len() as f64;
        let z: Vec<f32> = logits.flatten_all()?.to_vec1()?;
        for (p, z) in chunk.iter().zip(z) {
            winners.add(p.result, z > 0.0);
        }
    }
    Ok(Some((
        loss_sum / positions.len() as f64,
        winners.accuracy(),
    )))
}

#[cfg(test)]
mod tests {
    use super::super::policy_data::PolicyTable;
    use super::*;
    use quoridor_engines::learned::active_features;
    use quoridor_rules::{Position, Variant};
    use rand::Rng;

    /// Plays `games` random games of up to 40 plies from `seed` and shows
    /// `visit` each unfinished position before its move, with the game's
    /// number and the legal moves.
    fn visit_random_games(
        games: usize,
        seed: u64,
        mut visit: impl FnMut(u32, &Position, &[quoridor_rules::Move]),
    ) {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        for game in 0..games {
            let mut pos = Position::new(Variant::default());
            for _ in 0..40 {
                if pos.is_over() {
                    break;
                }
                let moves = pos.legal_moves();
                visit(game as u32, &pos, &moves);
                pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
    }

    /// Positions of random games (the rules', not typed in) labelled 1
    /// when the side to move's path is shorter than the opponent's and 0
    /// when it is longer; equal paths left out. Each game's positions
    /// share its id, as a self-play file's do.
    fn race_positions(games: usize, seed: u64) -> TrainingData {
        let mut positions = Vec::new();
        visit_random_games(games, seed, |game, pos, _| {
            let me = pos.turn();
            let mine = pos.distance_to_goal(me);
            let theirs = pos.distance_to_goal(me.other());
            if mine != theirs {
                let label = if mine < theirs { 1.0 } else { 0.0 };
                positions.push(LabelledPosition {
                    inputs: Inputs::new(&active_features(pos).expect("9x9")),
                    result: label,
                    value: label,
                    classic: super::super::data::classic_win_chance(pos),
                    game,
                    policy: PolicyRef::default(),
                });
            }
        });
        TrainingData {
            files: Vec::new(),
            positions,
            policy: PolicyTable::default(),
        }
    }

    /// Positions of random games whose policy target is the pawn's step
    /// straight ahead (towards the goal), where that step is legal; no
    /// value to learn (every result ½). What the step is depends on the
    /// pawn's square only, which the inputs hold: a head can learn it.
    fn step_ahead_positions(games: usize, seed: u64) -> TrainingData {
        use quoridor_arena::selfplay::PolicyTarget;
        use quoridor_rules::{Move, Player, Square};
        let mut data = TrainingData::default();
        visit_random_games(games, seed, |game, pos, moves| {
            let me = pos.turn();
            let sq = pos.pawn(me);
            let rank = match me {
                Player::One => sq.rank() + 1,
                Player::Two => sq.rank().wrapping_sub(1),
            };
            let ahead = Square::new(sq.file(), rank)
                .map(Move::Pawn)
                .filter(|mv| moves.contains(mv));
            if let Some(ahead) = ahead {
                let target = PolicyTarget {
                    moves: vec![(ahead, 1.0)],
                    complete: true,
                };
                let policy = data.policy.add(pos, Some(&target));
                data.positions.push(LabelledPosition {
                    inputs: Inputs::new(&active_features(pos).expect("9x9")),
                    result: 0.5,
                    value: 0.5,
                    classic: 0.5,
                    game,
                    policy,
                });
            }
        });
        data
    }

    #[test]
    fn training_learns_the_policy_target_and_beats_a_uniform_prior() {
        let data = step_ahead_positions(60, 5);
        assert!(data.positions.len() > 500, "{}", data.positions.len());
        let config = TrainConfig {
            lr: 1e-2,
            policy_weight: 1.0,
            ..race_config(8)
        };
        let outcome = train(&data, &config, |_| {}).expect("trained");
        let policy = outcome.policy.expect("a head and held-out targets");
        assert!(policy.top1 > 0.9, "{policy:?}");
        assert!(policy.loss < 0.5 * policy.uniform_loss, "{policy:?}");
        // Random games spend their walls early: later positions have few moves.
        assert!(policy.uniform_top1 < 0.25, "{policy:?}");
        let last = outcome.epochs.last().expect("epochs");
        assert!(last.train_policy_loss.is_some() && last.validation_policy_loss.is_some());
        // Untrained, the head is about as good as uniform.
        let untrained = train(&data, &race_config(0), |_| {}).expect("measured");
        let policy = untrained.policy.expect("a head");
        assert!(policy.top1 < 0.2, "{policy:?}");
        assert!(policy.loss > 0.8 * policy.uniform_loss, "{policy:?}");
    }

    #[test]
    fn a_policy_weight_of_zero_trains_a_value_network_only() {
        let data = step_ahead_positions(10, 5);
        let config = TrainConfig {
            policy_weight: 0.0,
            ..race_config(1)
        };
        let outcome = train(&data, &config, |_| {}).expect("trained");
        assert!(!outcome.network.has_policy());
        assert!(outcome.policy.is_none());
        assert_eq!(outcome.epochs[0].train_policy_loss, None);
        // The same seed with a head: the same value weights to start from.
        let headed = ValueNetwork::with_policy(16, 8, 1).expect("network");
        let plain = ValueNetwork::new(16, 8, 1).expect("network");
        for ((name, a), (_, b)) in plain.tensors().into_iter().zip(headed.tensors()) {
            let diff = (a - b)
                .and_then(|d| d.abs()?.flatten_all()?.max(0)?.to_scalar::<f32>())
                .expect("same shape");
            assert_eq!(diff, 0.0, "{name}");
        }
        assert_eq!(headed.tensors().len(), 8);
    }

    /// The bound the trained network must beat on held-out games; an
    /// untrained one scores about ln 2 ≈ 0.69.
    const RACE_BOUND: f64 = 0.25;

    fn race_config(epochs: usize) -> TrainConfig {
        TrainConfig {
            epochs,
            batch: 64,
            lr: 3e-3,
            hidden: 16,
            hidden2: 8,
            validation: 0.2,
            seed: 1,
            target: TrainingTarget::Result,
            mirror: true,
            keep: KeepEpoch::Last,
            policy_weight: 1.0,
        }
    }

    #[test]
    fn training_learns_who_is_ahead_in_the_race() {
        let data = race_positions(60, 4);
        assert!(data.positions.len() > 500, "{}", data.positions.len());
        let outcome = train(&data, &race_config(8), |_| {}).expect("trained");
        let (loss, accuracy) = outcome.validation.expect("held-out games");
        assert!(loss < RACE_BOUND, "validation loss {loss}");
        assert!(accuracy.expect("decided") > 0.9);
        assert_eq!(outcome.epochs.len(), 8);
        assert_eq!(outcome.validation_games, 12);
        assert_eq!(
            outcome.train_positions + outcome.validation_positions,
            data.positions.len()
        );
    }

    #[test]
    fn keeping_the_best_epoch_writes_the_weights_of_the_lowest_validation_loss() {
        let data = race_positions(60, 4);
        let config = TrainConfig {
            lr: 3e-2,
            keep: KeepEpoch::Best,
            ..race_config(6)
        };
        let outcome = train(&data, &config, |_| {}).expect("trained");
        let losses: Vec<f64> = outcome
            .epochs
            .iter()
            .map(|e| e.validation_loss.expect("held out"))
            .collect();
        let best = losses.iter().copied().fold(f64::INFINITY, f64::min);
        assert_eq!(losses[outcome.kept_epoch - 1], best, "{losses:?}");
        // The network returned is that epoch's: measured again, it scores the same.
        let games: Vec<u32> = data.positions.iter().map(|p| p.game).collect();
        let held_out = split_games(&games, config.validation, config.seed);
        let validation: Vec<&LabelledPosition> = data
            .positions
            .iter()
            .filter(|p| held_out.contains(&p.game))
            .collect();
        let (again, _) = measure(&outcome.network, &validation, config.target)
            .expect("measured")
            .expect("positions");
        assert!((again - best).abs() < 1e-4, "{again} vs {best}");
        assert_eq!(outcome.validation.map(|v| v.0), Some(best));
    }

    #[test]
    fn the_classic_evaluation_is_measured_on_the_same_held_out_positions() {
        let data = race_positions(60, 4);
        let outcome = train(&data, &race_config(0), |_| {}).expect("measured");
        let (loss, accuracy) = outcome.classic.expect("held-out games");
        // The race's leader is who the classic evaluation favours, walls in
        // stock aside: it calls most winners, with an atan curve's loss.
        assert!(accuracy.expect("decided") > 0.8, "{accuracy:?}");
        assert!(loss > 0.0 && loss < 0.69, "{loss}");
    }

    #[test]
    fn without_training_the_bound_is_not_met() {
        let data = race_positions(60, 4);
        let outcome = train(&data, &race_config(0), |_| {}).expect("trained");
        let (loss, _) = outcome.validation.expect("held-out games");
        assert!(loss > RACE_BOUND, "validation loss {loss}");
    }

    #[test]
    fn the_loss_is_finite_when_the_output_saturates() {
        let z = Tensor::from_slice(&[80f32, -80.0, 0.0], (3, 1), &Device::Cpu).expect("z");
        let t = Tensor::from_slice(&[0f32, 1.0, 0.5], (3, 1), &Device::Cpu).expect("t");
        let loss = bce_with_logits(&z, &t)
            .and_then(|l| l.to_scalar::<f32>())
            .expect("a loss");
        let expected = (80.0 + 80.0 + std::f32::consts::LN_2) / 3.0;
        assert!((loss - expected).abs() < 1e-3, "{loss}");
    }

    #[test]
    fn no_positions_is_an_error() {
        let error = train(&TrainingData::default(), &race_config(1), |_| {})
            .expect_err("nothing to train on");
        assert!(matches!(error, TrainError::NoPositions { skipped: 0 }));
    }
}
