//! Playing the games of a match: one game with every move validated, and a
//! whole match spread over threads.

use super::contender::{Contender, Engine, MatchLimit};
use crate::game::{Game, Move, Player, Variant};
use serde::Serialize;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Most plies in a game before it is adjudicated by path lengths.
pub const MOVE_CAP: usize = 300;

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
        }
    }
}

/// A side of the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Ending {
    /// A pawn reached its goal row.
    Goal,
    /// The move cap was reached; the shorter path to goal won (the side to
    /// move breaks a tie).
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SideStats {
    /// Moves it made.
    pub moves: u32,
    /// Milliseconds it thought in total.
    pub ms: f64,
    /// Playouts it reported in total.
    pub playouts: u64,
}

/// One finished game.
#[derive(Clone, Debug, Serialize)]
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
    #[serde(serialize_with = "as_text")]
    pub record: Game,
    /// Engine A's counters, then engine B's.
    pub stats: [SideStats; 2],
}

fn as_text<S: serde::Serializer>(game: &Game, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&game.to_string())
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
    /// Games to play.
    pub games: usize,
    /// Games engine A won.
    pub a_wins: usize,
}

/// Plays game `index` of the match.
pub fn play_game(config: &MatchConfig, index: usize) -> GameResult {
    let a_first = index % 2 == 0;
    let opening = (!config.openings.is_empty()).then(|| (index / 2) % config.openings.len());
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
    let seed = index as u64 * 7919 + 17;
    let mut stats = [SideStats::default(); 2];
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
        match Engine::start(contender, variant, config.limit, seed + i as u64, grace) {
            Ok(engine) => engines.push(engine),
            Err(error) => {
                let reason = error.to_string();
                return finish(game, side.other(), Ending::Failed { side, reason }, stats);
            }
        }
    }
    while game.winner().is_none() {
        if game.moves().len() >= config.move_cap {
            let winner = side_of(adjudicate(&game));
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
        stats[i].playouts += reply.playouts.unwrap_or(0);
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

/// The winner of an unfinished game: the shorter path to goal, the side to
/// move on a tie.
fn adjudicate(game: &Game) -> Player {
    let pos = game.position();
    let d = |p| pos.distance_to_goal(p).unwrap_or(u32::MAX);
    let (one, two) = (d(Player::One), d(Player::Two));
    if one < two || (one == two && pos.turn() == Player::One) {
        Player::One
    } else {
        Player::Two
    }
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
    let next = AtomicUsize::new(0);
    let done = Mutex::new((Vec::with_capacity(config.games), Tally::default()));
    std::thread::scope(|scope| {
        for _ in 0..config.threads.clamp(1, config.games.max(1)) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= config.games {
                    break;
                }
                let result = play_game(config, index);
                let Ok(mut guard) = done.lock() else { break };
                let (results, tally) = &mut *guard;
                tally.played += 1;
                tally.games = config.games;
                tally.a_wins += usize::from(result.a_won());
                on_game(&result, *tally);
                results.push(result);
            });
        }
    });
    let (mut results, _) = done
        .into_inner()
        .map_err(|_| MatchError::GameThreadPanicked)?;
    results.sort_by_key(|r| r.index);
    Ok(results)
}
