//! Playing one self-play game: the engine searches every position (the
//! book's too), plays the book's moves first, then for a few plies a move
//! drawn among its candidates in proportion to their share of the search
//! (AlphaZero's temperature 1), then its best move, until a pawn reaches its
//! goal row or the ply cap stops the game as a draw.

use super::format::{rounded, BoardDefinition, FinalResult, GameLine, Header, PlyLine};
use super::format::{FORMAT, TOP_CANDIDATES, VERSION};
use crate::shard::{build_version, Shard};
use crate::{game_config, game_seed, MOVE_CAP};
use quoridor_engines::learned::Evaluator;
use quoridor_engines::{new_engine, EngineConfig, EngineRng, Limits, SearchEngine, SearchInfo};
use quoridor_rules::{Game, Move, Position, Variant};
use rand::{Rng, SeedableRng};

/// Mixed into a game's seed for its random plies, so they do not follow
/// the engine's own random stream.
const RANDOM_PLIES_SALT: u64 = 0x5E1F_97A7_0000_0001;

/// Everything that defines a self-play run's games.
#[derive(Clone, Debug)]
pub struct SelfplayConfig {
    /// The engine that plays both sides.
    pub engine: EngineConfig,
    /// The board.
    pub variant: Variant,
    /// The per-move limit.
    pub limit: Limits,
    /// Openings: game `i` starts with opening `i mod len`. Empty = the start.
    pub openings: Vec<Game>,
    /// Games in the run.
    pub games: usize,
    /// The base seed.
    pub seed: u64,
    /// Plies after which a game stops as a draw.
    pub max_plies: usize,
    /// Plies after the opening drawn among the search's candidates.
    pub random_plies: usize,
}

impl SelfplayConfig {
    /// Two games of the Default engine at 1,000 playouts a move on `variant`,
    /// four random plies, the arena's ply cap.
    pub fn new(variant: Variant) -> SelfplayConfig {
        SelfplayConfig {
            engine: EngineConfig::default(),
            variant,
            limit: Limits::playouts(1000),
            openings: Vec::new(),
            games: 2,
            seed: 0,
            max_plies: MOVE_CAP,
            random_plies: 4,
        }
    }

    /// The header of a file holding `shard` of the run (`None`: all of it),
    /// written by `command`.
    pub fn header(&self, shard: Option<Shard>, command: &str) -> Header {
        // The settings as searched: the run's limit replaces the engine's own.
        let mut engine = self.engine.clone();
        engine.params.limits = self.limit;
        Header {
            format: FORMAT.to_string(),
            version: VERSION,
            variant: BoardDefinition {
                size: self.variant.size(),
                walls: self.variant.walls(),
            },
            engine,
            limit: self.limit,
            seed: self.seed,
            shard,
            games: self.games,
            max_plies: self.max_plies,
            random_plies: self.random_plies,
            openings: self.openings.iter().map(ToString::to_string).collect(),
            build: build_version(),
            command: command.to_string(),
        }
    }

    /// The opening game `index` starts from, if any.
    pub fn opening(&self, index: usize) -> Option<&Game> {
        (!self.openings.is_empty()).then(|| &self.openings[index % self.openings.len()])
    }
}

/// Plays game `index` of the run `config`, the engine scoring with `evaluator`.
pub fn play_selfplay_game(
    config: &SelfplayConfig,
    evaluator: &Evaluator,
    index: usize,
) -> GameLine {
    let seed = game_seed(config.seed, index);
    let book: &[Move] = config.opening(index).map_or(&[], Game::moves);
    let start = Position::new(config.variant);
    let mut engine = new_engine(
        start,
        &game_config(&config.engine, Some(config.limit), seed),
        evaluator.clone(),
    );
    let mut rng = EngineRng::seed_from_u64(seed ^ RANDOM_PLIES_SALT);
    let mut game = Game::new(config.variant);
    let mut plies = Vec::new();
    let result = loop {
        if let Some(winner) = game.winner() {
            break FinalResult::won_by(winner);
        }
        let ply = game.moves().len();
        if ply >= config.max_plies || engine.set_game(start, game.moves()).is_err() {
            break FinalResult::Draw;
        }
        let Some(best) = engine.think() else {
            break FinalResult::Draw;
        };
        let info = engine.info(usize::MAX);
        let mv = match book.get(ply) {
            Some(&mv) => mv,
            None if ply < book.len() + config.random_plies => {
                draw_candidate(&info, &mut rng).unwrap_or(best)
            }
            None => best,
        };
        if game.play(mv).is_err() {
            // Neither the book (checked when read) nor the engine plays an
            // illegal move; end the game rather than write one.
            break FinalResult::Draw;
        }
        plies.push(ply_line(&info, best));
    };
    GameLine {
        game: index,
        seed,
        book_plies: book.len().min(game.moves().len()),
        record: record_text(game.moves()),
        result,
        plies,
    }
}

/// Moves separated by spaces.
pub(crate) fn record_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Each root candidate's weight in the search: UCT's visits, alpha-beta's
/// win probability.
fn candidate_weights(info: &SearchInfo) -> Vec<(Move, f64)> {
    let uct = info.uct().is_some();
    info.children
        .iter()
        .map(|c| {
            let w = if uct {
                f64::from(c.visits())
            } else {
                c.win_probability
            };
            (c.mv, if w.is_finite() { w.max(0.0) } else { 0.0 })
        })
        .collect()
}

/// A candidate drawn with probability proportional to its weight; `None`
/// when no candidate has any.
fn draw_candidate(info: &SearchInfo, rng: &mut EngineRng) -> Option<Move> {
    let weights = candidate_weights(info);
    let total: f64 = weights.iter().map(|(_, w)| w).sum();
    if total <= 0.0 {
        return None;
    }
    let mut point = rng.random::<f64>() * total;
    for &(mv, w) in &weights {
        if point < w {
            return Some(mv);
        }
        point -= w;
    }
    weights
        .iter()
        .rev()
        .find(|(_, w)| *w > 0.0)
        .map(|&(mv, _)| mv)
}

/// The search's view of a position: its value for the side to move (1 or 0
/// where the search proved who wins: exact, where a playout mean still
/// carries the descents made before the proof), the best candidates'
/// share (UCT: of the root's visits; alpha-beta, which counts no visits per
/// move: its best move with 1) and every visited child's visits (alpha-beta:
/// its best move with 1).
fn ply_line(info: &SearchInfo, best: Move) -> PlyLine {
    let value = match info.proven_winner {
        Some(winner) if winner == info.side_to_move => 1.0,
        Some(_) => 0.0,
        None if info.win_probability.is_finite() => {
            rounded(info.win_probability.clamp(0.0, 1.0), 4)
        }
        None => 0.5,
    };
    let mut visits: Vec<(Move, f64)> = Vec::new();
    let mut children: Vec<(Move, u32)> = Vec::new();
    if info.uct().is_some() {
        children = info
            .children
            .iter()
            .filter(|c| c.visits() > 0)
            .map(|c| (c.mv, c.visits()))
            .collect();
        // Most visited first; the search's own order among equals.
        children.sort_by_key(|c| std::cmp::Reverse(c.1));
        let mut weights = candidate_weights(info);
        let total: f64 = weights.iter().map(|(_, w)| w).sum();
        if total > 0.0 {
            weights.sort_by(|a, b| b.1.total_cmp(&a.1));
            visits = weights
                .into_iter()
                .take(TOP_CANDIDATES)
                .filter(|(_, w)| *w > 0.0)
                .map(|(mv, w)| (mv, rounded(w / total, 3)))
                .collect();
        }
    }
    if visits.is_empty() {
        visits.push((best, 1.0));
    }
    if children.is_empty() {
        children.push((best, 1));
    }
    PlyLine {
        value,
        visits,
        children,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_engines::EngineKind;

    fn quick(kind: EngineKind) -> SelfplayConfig {
        let mut config = SelfplayConfig::new(Variant::new(5, 2).expect("5x5"));
        config.engine.kind = kind;
        config.limit = Limits::playouts(50);
        config.seed = 3;
        config
    }

    #[test]
    fn a_game_is_the_same_every_time_it_is_played() {
        let config = quick(EngineKind::Uct);
        let first = play_selfplay_game(&config, &quoridor_engines::learned::test_evaluator(), 1);
        assert_eq!(
            first,
            play_selfplay_game(&config, &quoridor_engines::learned::test_evaluator(), 1)
        );
        assert_ne!(
            first.record,
            play_selfplay_game(&config, &quoridor_engines::learned::test_evaluator(), 2).record
        );
        assert_eq!(first.plies.len(), first.record.split(' ').count());
    }

    #[test]
    fn every_ply_has_a_value_and_shares_of_at_most_one() {
        for kind in [EngineKind::Uct, EngineKind::AlphaBeta] {
            let line = play_selfplay_game(
                &quick(kind),
                &quoridor_engines::learned::test_evaluator(),
                0,
            );
            assert_ne!(line.result, FinalResult::Draw, "{kind}");
            for ply in &line.plies {
                assert!((0.0..=1.0).contains(&ply.value));
                assert!(!ply.visits.is_empty() && ply.visits.len() <= TOP_CANDIDATES);
                let sum: f64 = ply.visits.iter().map(|(_, s)| s).sum();
                assert!(sum <= 1.0 + 1e-6, "{kind}: {sum}");
            }
        }
    }

    #[test]
    fn the_value_is_the_side_to_moves_win_probability() {
        for kind in [EngineKind::Uct, EngineKind::AlphaBeta] {
            for index in 0..3 {
                let line = play_selfplay_game(
                    &quick(kind),
                    &quoridor_engines::learned::test_evaluator(),
                    index,
                );
                // The winner moved last: the position before it was theirs to win.
                let last = line.plies.last().expect("plies").value;
                assert!(last > 0.8, "{kind} game {index}: {last}");
                let before = line.plies[line.plies.len() - 2].value;
                assert!(before < 0.2, "{kind} game {index}: {before}");
            }
        }
    }

    #[test]
    fn the_book_moves_come_first() {
        let mut config = quick(EngineKind::Uct);
        let opening: Game = "[size 5] [walls 2] c2 c4".parse().expect("record");
        config.openings = vec![opening];
        let line = play_selfplay_game(&config, &quoridor_engines::learned::test_evaluator(), 0);
        assert!(line.record.starts_with("c2 c4 "));
        assert_eq!(line.book_plies, 2);
    }

    #[test]
    fn the_cap_stops_a_game_as_a_draw() {
        let mut config = quick(EngineKind::Uct);
        config.max_plies = 3;
        let line = play_selfplay_game(&config, &quoridor_engines::learned::test_evaluator(), 0);
        assert_eq!((line.result, line.plies.len()), (FinalResult::Draw, 3));
    }
}
