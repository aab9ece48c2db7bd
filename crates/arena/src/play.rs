//! Playing the games of a match: the numbered list of its games (each one's
//! colours, opening and seed fixed up front, so any subset can be played
//! anywhere and give the same games), one game with every move validated, and
//! a whole match or a chosen part of it spread over threads.

use super::contender::{Contender, MatchLimit, RunningContender};
use super::pool::play_numbered;
use super::sprt::SprtSettings;
use super::work::WorkUnit;
use quoridor_rules::{Adjudication, Game, Move, Player, PlyLimit, Variant};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// Most plies in a game before it is adjudicated by path lengths: the
/// rules' default ply limit ([`PlyLimit::DEFAULT`]).
pub const MOVE_CAP: usize = PlyLimit::DEFAULT_PLIES;

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Engine A (moves first in even-numbered games).
    pub a: Contender,
    /// Engine B.
    pub b: Contender,
    /// Games to play.
    pub games: usize,
    /// Board size, walls, start squares.
    pub variant: Variant,
    /// Per-move limit for both sides.
    pub limit: MatchLimit,
    /// Openings to start from: game `i` plays opening `(i / 2) % len`, so each
    /// is played once with each colour. Empty = the start position.
    pub openings: Vec<Game>,
    /// Games played at once.
    pub threads: usize,
    /// Plies after which a game is adjudicated by path lengths.
    pub move_cap: usize,
    /// How long an external engine may take for a move beyond its limit
    /// before it loses on time.
    pub grace: Duration,
    /// The match's base seed: every game's engine seeds derive from it and
    /// the game's index (0, the default, keeps the historical seeds).
    pub seed: u64,
    /// The match's sequential test, if any (`arena --sprt`; part of its
    /// definition): `quoridor arena` runs it with a
    /// [`SequentialTest`](super::sprt::SequentialTest) and stops at the
    /// first pair of games that takes the LLR to a bound; [`run_games`]
    /// alone plays every game.
    pub sprt: Option<SprtSettings>,
}

impl MatchConfig {
    /// Two games of `a` against `b` on `variant`, each side's own limits, all cores.
    pub fn new(a: Contender, b: Contender, variant: Variant) -> MatchConfig {
        MatchConfig {
            a,
            b,
            games: 2,
            variant,
            limit: None,
            openings: Vec::new(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            move_cap: MOVE_CAP,
            grace: Duration::from_secs(10),
            seed: 0,
            sprt: None,
        }
    }

    /// Game `index` of the match's numbered list: A moves first in
    /// even-numbered games, opening `(index / 2) % openings` (each opening
    /// once with each colour), and a seed from the base seed and the index.
    pub fn game_spec(&self, index: usize) -> GameSpec {
        GameSpec {
            index,
            a_first: index % 2 == 0,
            opening: (!self.openings.is_empty()).then(|| (index / 2) % self.openings.len()),
            seed: game_seed(self.seed, index),
        }
    }

    /// The match's whole numbered list of games, defined before any is played.
    pub fn game_list(&self) -> Vec<GameSpec> {
        (0..self.games).map(|i| self.game_spec(i)).collect()
    }
}

/// The seed of game `index` of a run with base seed `base`: the arena's
/// games and self-play's derive their engines' seeds from it.
pub fn game_seed(base: u64, index: usize) -> u64 {
    base.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index as u64 * 7919 + 17)
}

/// One game of a match's numbered list: everything that makes it the same
/// game wherever it is played (with playout limits, exactly the same moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSpec {
    /// Its number in the match (0-based).
    pub index: usize,
    /// Whether engine A moves first.
    pub a_first: bool,
    /// The opening it starts from (an index into the suite), if any.
    pub opening: Option<usize>,
    /// The seed both engines' seeds derive from (A gets it, B it plus one).
    pub seed: u64,
}

/// A side of the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    /// Engine A.
    A,
    /// Engine B.
    B,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Ending {
    /// A pawn reached its goal row.
    Goal,
    /// The move cap was reached; the shorter path to goal won (the side to
    /// move breaks a tie: the rules' [`Adjudication`]).
    Adjudicated,
    /// `side` sent a move that is malformed or illegal, and lost.
    Illegal {
        /// Who sent it.
        side: Side,
        /// The text it sent.
        sent: String,
        /// What is wrong with it.
        reason: String,
    },
    /// `side` crashed, hung or gave no move, and lost.
    Failed {
        /// Who failed.
        side: Side,
        /// What happened.
        reason: String,
    },
}

/// Per-side counters of one game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SideStats {
    /// Moves it made.
    pub moves: u32,
    /// Milliseconds it thought in total.
    pub ms: f64,
    /// Work it reported in total, in `unit`s (the name is older than
    /// alpha-beta's nodes).
    pub playouts: u64,
    /// The work each of its moves reported (moves that reported none left
    /// out), for the median per move: a move answered at once from the
    /// pawn-race table counts millions of lookups as playouts, which skews
    /// the mean but not the median. Empty in shard files of older builds.
    #[serde(default)]
    pub move_playouts: Vec<u64>,
    /// What its counts count: `None` when no move reported any (a QTP
    /// engine), and in shard files of older builds (whose counts were
    /// playouts).
    #[serde(default)]
    pub unit: Option<WorkUnit>,
}

/// One finished game (as JSON, the record is its text, header included).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameResult {
    /// Index of the game (0-based).
    pub index: usize,
    /// Whether engine A made the first move.
    pub a_first: bool,
    /// Which opening it started from (an index into the suite).
    pub opening: Option<usize>,
    /// The winner.
    pub winner: Side,
    /// How it ended.
    pub ending: Ending,
    /// The whole record, opening moves included.
    #[serde(serialize_with = "as_text", deserialize_with = "from_text")]
    pub record: Game,
    /// Engine A's counters, then engine B's.
    pub stats: [SideStats; 2],
}

fn as_text<S: serde::Serializer>(game: &Game, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&game.to_string())
}

fn from_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
    let text = String::deserialize(d)?;
    text.parse().map_err(serde::de::Error::custom)
}

impl GameResult {
    /// Whether engine A won.
    pub fn a_won(&self) -> bool {
        self.winner == Side::A
    }

    /// Plies the engines played (opening moves not counted).
    pub fn engine_plies(&self) -> u32 {
        self.stats[0].moves + self.stats[1].moves
    }
}

/// The running score, passed to the progress callback.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games finished.
    pub played: usize,
    /// Games to play (in this run: all the match's, or a shard's share).
    pub games: usize,
    /// Games engine A won.
    pub a_wins: usize,
}

/// Plays game `index` of the match.
pub fn play_game(config: &MatchConfig, index: usize) -> GameResult {
    let GameSpec {
        a_first,
        opening,
        seed,
        ..
    } = config.game_spec(index);
    let variant = config.variant;
    let mut game = opening.map_or_else(|| Game::new(variant), |i| config.openings[i].clone());
    let side_of = |player: Player| {
        if (player == Player::One) == a_first {
            Side::A
        } else {
            Side::B
        }
    };
    let grace = match config.limit.map(|l| l.time) {
        Some(Some(time)) => time + config.grace,
        None => Duration::from_secs(1) + config.grace,
        Some(None) => config.grace.max(Duration::from_secs(60)),
    };
    let mut stats: [SideStats; 2] = Default::default();
    let finish = |game: Game, winner: Side, ending: Ending, stats: [SideStats; 2]| GameResult {
        index,
        a_first,
        opening,
        winner,
        ending,
        record: game,
        stats,
    };
    let mut engines = Vec::with_capacity(2);
    for (i, (side, contender)) in [(Side::A, &config.a), (Side::B, &config.b)]
        .into_iter()
        .enumerate()
    {
        match RunningContender::start(
            contender,
            variant,
            config.limit,
            config.move_cap,
            seed.wrapping_add(i as u64),
            grace,
        ) {
            Ok(engine) => engines.push(engine),
            Err(error) => {
                let reason = error.to_string();
                return finish(game, side.other(), Ending::Failed { side, reason }, stats);
            }
        }
    }
    while game.winner().is_none() {
        if game.moves().len() >= config.move_cap {
            let winner = side_of(Adjudication::of(game.position()).winner);
            return finish(game, winner, Ending::Adjudicated, stats);
        }
        let side = side_of(game.position().turn());
        let i = usize::from(side == Side::B);
        let reply = match engines[i].reply(variant, game.moves()) {
            Ok(reply) => reply,
            Err(error) => {
                let reason = error.to_string();
                return finish(game, side.other(), Ending::Failed { side, reason }, stats);
            }
        };
        stats[i].moves += 1;
        stats[i].ms += reply.ms;
        if let Some(work) = reply.work {
            stats[i].playouts += work.count;
            stats[i].move_playouts.push(work.count);
            stats[i].unit = Some(work.unit);
        }
        let played = reply
            .text
            .parse::<Move>()
            .map_err(|e| e.to_string())
            .and_then(|mv| game.play(mv).map_err(|e| e.to_string()));
        if let Err(reason) = played {
            let ending = Ending::Illegal {
                side,
                sent: reply.text,
                reason,
            };
            return finish(game, side.other(), ending, stats);
        }
    }
    let winner = game.winner().map_or(Side::A, side_of);
    finish(game, winner, Ending::Goal, stats)
}

/// Why a match could not be completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// A thread playing games panicked, so some results are lost.
    GameThreadPanicked,
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::GameThreadPanicked => f.write_str("a game thread panicked"),
        }
    }
}

impl std::error::Error for MatchError {}

/// Plays the whole match on `config.threads` threads; `on_game` hears of each
/// game as it ends, with the running score. Results come back in game order.
pub fn run_match(
    config: &MatchConfig,
    on_game: &(dyn Fn(&GameResult, Tally) + Sync),
) -> Result<Vec<GameResult>, MatchError> {
    let all: Vec<usize> = (0..config.games).collect();
    run_games(config, &all, on_game)
}

/// Plays the games numbered `indices` of the match (a shard's share, say) on
/// `config.threads` threads; each is the same game it is in the whole match.
/// `on_game` hears of each game as it ends, with the running score over
/// these games. Results come back in game order.
pub fn run_games(
    config: &MatchConfig,
    indices: &[usize],
    on_game: &(dyn Fn(&GameResult, Tally) + Sync),
) -> Result<Vec<GameResult>, MatchError> {
    run_games_while(config, indices, &mut |result, tally| {
        on_game(result, tally);
        true
    })
}

/// [`run_games`], with `on_game` saying after each game whether to go on:
/// after a `false` no game starts (those under way on other threads end),
/// and the games played come back in game order.
pub fn run_games_while(
    config: &MatchConfig,
    indices: &[usize],
    on_game: &mut (dyn FnMut(&GameResult, Tally) -> bool + Send),
) -> Result<Vec<GameResult>, MatchError> {
    let mut results = Vec::with_capacity(indices.len());
    let mut tally = Tally::default();
    let ended = play_numbered(
        indices,
        config.threads,
        &|index| play_game(config, index),
        &mut |result: GameResult| {
            tally.played += 1;
            tally.games = indices.len();
            tally.a_wins += usize::from(result.a_won());
            let go_on = on_game(&result, tally);
            results.push(result);
            go_on
        },
    );
    if !ended {
        return Err(MatchError::GameThreadPanicked);
    }
    results.sort_by_key(|r| r.index);
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_engines::{learned, EngineConfig};

    fn config() -> MatchConfig {
        let p = EngineConfig::default();
        let mut c = MatchConfig::new(
            Contender::internal("a", p.clone(), learned::test_evaluator()),
            Contender::internal("b", p, learned::test_evaluator()),
            Variant::default(),
        );
        c.games = 6;
        c
    }

    #[test]
    fn the_game_list_is_fixed_up_front() {
        let mut c = config();
        c.openings = vec![Game::new(Variant::default()); 2];
        let list = c.game_list();
        assert_eq!(list.len(), 6);
        let colours: Vec<bool> = list.iter().map(|g| g.a_first).collect();
        assert_eq!(colours, [true, false, true, false, true, false]);
        let openings: Vec<Option<usize>> = list.iter().map(|g| g.opening).collect();
        assert_eq!(
            openings,
            [Some(0), Some(0), Some(1), Some(1), Some(0), Some(0)]
        );
        // Base seed 0 keeps the seeds games always had; another base moves them all.
        assert_eq!(list[3].seed, 3 * 7919 + 17);
        c.seed = 5;
        assert!(c
            .game_list()
            .iter()
            .zip(&list)
            .all(|(x, y)| x.seed != y.seed));
        assert_eq!(c.game_spec(4), c.game_list()[4]);
    }

    #[test]
    fn a_part_of_the_match_plays_the_same_games_as_the_whole() {
        let mut c = config();
        c.variant = Variant::new(5, 2).expect("5x5");
        c.limit = Some(quoridor_engines::Limits::playouts(30));
        c.seed = 11;
        c.threads = 2;
        let whole = run_match(&c, &|_, _| {}).expect("played");
        let part =
            run_games(&c, &[1, 4, 5], &|_, tally| assert_eq!(tally.games, 3)).expect("played");
        let records = |rs: &[GameResult]| -> Vec<(usize, String)> {
            rs.iter().map(|r| (r.index, r.record.to_string())).collect()
        };
        let chosen: Vec<GameResult> = [1, 4, 5].map(|i| whole[i].clone()).to_vec();
        assert_eq!(records(&part), records(&chosen));
    }
}
