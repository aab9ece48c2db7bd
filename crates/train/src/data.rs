//! The training positions: every position of the self-play files, encoded
//! with the engines' inputs, with its game's result, the search's value and
//! (for the policy head) the search's visit distribution over its moves.

use super::mirror::mirror_input;
use super::policy_data::{PolicyRef, PolicyTable};
use super::target::TrainingTarget;
use quoridor_arena::selfplay::{ReadError, SelfplayReader};
use quoridor_engines::learned::{active_features, ActiveFeatures, MAX_ACTIVE};
use quoridor_engines::{thesis_evaluation, win_probability, EngineConfig, WinChance};
use quoridor_rules::Position;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The active inputs of one position (at most
/// [`MAX_ACTIVE`](quoridor_engines::learned::MAX_ACTIVE) of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inputs {
    indices: [u16; MAX_ACTIVE],
    len: u8,
}

impl Inputs {
    /// The inputs the engines compute for a position.
    pub fn new(active: &ActiveFeatures) -> Inputs {
        let mut indices = [0; MAX_ACTIVE];
        let active = active.indices();
        indices[..active.len()].copy_from_slice(active);
        Inputs {
            indices,
            len: active.len() as u8,
        }
    }

    /// The indices of the inputs that are 1.
    pub fn indices(&self) -> &[u16] {
        &self.indices[..usize::from(self.len)]
    }

    /// The inputs of the position mirrored left-right (files a ↔ i).
    pub fn mirrored(&self) -> Inputs {
        let mut out = *self;
        for i in out.indices[..usize::from(self.len)].iter_mut() {
            *i = mirror_input(usize::from(*i)) as u16;
        }
        out.indices[..usize::from(self.len)].sort_unstable();
        out
    }
}

/// One training position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelledPosition {
    /// Its inputs.
    pub inputs: Inputs,
    /// The game's result for the side to move: 1, 0, or ½ for a draw.
    pub result: f32,
    /// The search's win probability for the side to move.
    pub value: f32,
    /// The classic evaluation's win probability for the side to move (the
    /// Default UCT's leaf value), the baseline the network is measured against.
    pub classic: f32,
    /// Its game, numbered across all the files (0-based).
    pub game: u32,
    /// Where its policy target is in [`TrainingData::policy`] (none when
    /// the data was read without, or the ply had no share to learn).
    pub policy: PolicyRef,
}

impl LabelledPosition {
    /// What this position learns under `target` (from the side to move's view).
    pub fn target(&self, target: TrainingTarget) -> f64 {
        target.of(f64::from(self.result), f64::from(self.value))
    }
}

/// The classic evaluation's win probability for the side to move of `pos`:
/// the thesis's evaluation (path difference plus walls in stock, with the
/// Default preset's wall weight) through the Default's `atan` curve and
/// slope, as UCT scores a leaf with `eval=classic` (without the tempo).
pub fn classic_win_chance(pos: &Position) -> f32 {
    let default = EngineConfig::default();
    let evaluation = thesis_evaluation(pos, default.uct.wall_weight);
    WinChance::player_one(win_probability(evaluation, default.params.score_slope))
        .for_player(pos.turn()) as f32
}

/// One data file as read.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DataFile {
    /// The file as given.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// Games in it.
    pub games: usize,
    /// Positions read (encoded ones and skipped ones).
    pub positions: usize,
    /// Positions left out because the features do not encode their board
    /// (anything but 9×9 with 10 walls each).
    pub skipped: usize,
}

/// All the positions of the data files.
#[derive(Clone, Debug, Default)]
pub struct TrainingData {
    /// What each file held.
    pub files: Vec<DataFile>,
    /// The encoded positions, file by file, game by game.
    pub positions: Vec<LabelledPosition>,
    /// The positions' policy targets.
    pub policy: PolicyTable,
}

impl TrainingData {
    /// Games in all the files.
    pub fn games(&self) -> usize {
        self.files.iter().map(|f| f.games).sum()
    }

    /// Positions left out because their board is not encoded.
    pub fn skipped(&self) -> usize {
        self.files.iter().map(|f| f.skipped).sum()
    }
}

/// Reads every file of `paths`, with each position's policy target when
/// `policy` (the trainer's head needs them; a value network does not, and
/// they take most of the memory); the first file the self-play reader
/// refuses stops the reading with its error (a corrupt or cut-off file is
/// never half-used). `progress` is called after each game with the
/// positions so far.
pub fn load_data(
    paths: &[PathBuf],
    policy: bool,
    mut progress: impl FnMut(usize),
) -> Result<TrainingData, ReadError> {
    let mut data = TrainingData::default();
    let mut next_game: u32 = 0;
    let mut table = policy.then_some(&mut data.policy);
    for path in paths {
        let file = load_file(
            path,
            &mut data.positions,
            table.as_deref_mut(),
            &mut next_game,
            &mut progress,
        )?;
        data.files.push(file);
    }
    Ok(data)
}

fn load_file(
    path: &Path,
    positions: &mut Vec<LabelledPosition>,
    mut policy: Option<&mut PolicyTable>,
    next_game: &mut u32,
    progress: &mut impl FnMut(usize),
) -> Result<DataFile, ReadError> {
    let reader = SelfplayReader::open(path)?;
    let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
    let mut file = DataFile {
        path: path.to_path_buf(),
        bytes,
        games: 0,
        positions: 0,
        skipped: 0,
    };
    for game in reader {
        let game = game?;
        let id = *next_game;
        *next_game = next_game.saturating_add(1);
        file.games += 1;
        for sample in game.samples() {
            file.positions += 1;
            match active_features(&sample.position) {
                Some(active) => positions.push(LabelledPosition {
                    inputs: Inputs::new(&active),
                    result: sample.result_for_side_to_move as f32,
                    value: sample.value as f32,
                    classic: classic_win_chance(&sample.position),
                    game: id,
                    policy: policy
                        .as_deref_mut()
                        .map_or_else(PolicyRef::default, |table| {
                            table.add(&sample.position, sample.policy_target().as_ref())
                        }),
                }),
                None => file.skipped += 1,
            }
        }
        progress(positions.len());
    }
    Ok(file)
}

/// How many of `positions` have a policy target, and how many of those are
/// partial (version-1 records).
pub fn policy_counts(positions: &[LabelledPosition]) -> (usize, usize) {
    positions
        .iter()
        .filter(|p| p.policy.is_some())
        .fold((0, 0), |(n, partial), p| {
            (n + 1, partial + usize::from(!p.policy.complete))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::Game;

    #[test]
    fn mirrored_inputs_stay_sorted_and_mirror_back() {
        let game: Game = "e2 e8 d2 d8 a1h".parse().expect("record");
        let inputs = Inputs::new(&active_features(game.position()).expect("9x9"));
        let mirrored = inputs.mirrored();
        assert_ne!(mirrored, inputs);
        assert!(mirrored.indices().windows(2).all(|w| w[0] < w[1]));
        assert_eq!(mirrored.mirrored(), inputs);
    }
}
