//! `solve accuracy`: how close the engines play to perfect. Solves a small
//! variant, lets each player play itself from random openings, judges every
//! move it makes by the table ([`quoridor_solver::accuracy`]) and prints, per
//! player, the share of moves that keep the position's value with 95% Wilson
//! intervals, as a Markdown table.

use super::eval_file::{embedded_evaluator, EvalFileError};
use super::ranges::{BoardSize, WallCount, Whole};
use super::stdout::StdoutError;
use clap::Args;
use quoridor_arena::{game_config, game_seed, parse_contender_spec, wilson_interval, SpecError};
use quoridor_engines::learned::Evaluator;
use quoridor_engines::{new_engine, Engine, EngineConfig, EngineRng, SearchEngine, LEVELS};
use quoridor_rules::{Game, Position, Variant, VariantError};
use quoridor_solver::accuracy::{perfect_move, play_judged, random_move, PlayError, Tally};
use quoridor_solver::{solve, SolveError, Table, MAX_MEMORY_GIB};
use quoridor_text::group_digits;
use rand::SeedableRng;
use std::collections::HashSet;
use std::fmt;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

/// What `solve accuracy --help` says after its flags.
pub const HELP: &str = "\
Solves the variant (as `quoridor solve` does), then each player plays --games games against
itself: game i starts with --opening-plies uniformly random legal moves drawn from --seed and i
(not judged; they make the games differ), then the player makes every move (two engines, one
per side, seeded from --seed and i as in `quoridor arena`) until a pawn is home or --move-cap
plies. Every move the player makes is judged by the table: it keeps the value when a win stays
a win, a draw a draw (in a lost position every move keeps the loss); the fastest win is the
stricter column. Printed as a Markdown table with 95% Wilson intervals.
A player is `perfect` (best move by the table), `random` (uniformly random legal move) or
engine settings as for `arena --a` (`engine=alphabeta,playouts=2000,time_ms=0`, `level=3`;
`playouts` alone keeps the Default's 2 s time limit too, so add `time_ms=0` for a pure budget).
Exit codes: 0 done; 1 a player made an illegal move or none, or the output failed; 2 bad input
or a variant too big.";

/// The flags of `solve accuracy`.
#[derive(Debug, Args)]
pub struct AccuracyArgs {
    /// Board size (3–11; only small boards can be solved)
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = BoardSize)]
    pub size: u8,
    /// Walls per player (0–20; only a few can be solved)
    #[arg(long, value_name = "W", default_value_t = 2, value_parser = WallCount)]
    pub walls: u8,
    /// A player: `perfect`, `random` or engine settings (repeat for more players)
    #[arg(long = "engine", value_name = "SPEC")]
    pub engines: Vec<String>,
    /// Add the ten levels (level=1 … level=10) as players
    #[arg(long)]
    pub levels: bool,
    /// Games each player plays against itself (1–100000)
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = Whole::new(1, 100_000))]
    pub games: u64,
    /// Random plies at the start of each game, not judged (0–20)
    #[arg(long, value_name = "K", default_value_t = 2, value_parser = Whole::new(0, 20))]
    pub opening_plies: u64,
    /// Plies after which a game stops without a winner (1–100000)
    #[arg(long, value_name = "N", default_value_t = 300, value_parser = Whole::new(1, 100_000))]
    pub move_cap: u64,
    /// Base seed of the openings and the engines' seeds
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = Whole::new(0, u64::MAX))]
    pub seed: u64,
    /// Most memory for the tables, in GiB (1–1024)
    #[arg(long, value_name = "GIB", default_value_t = 24, value_parser = Whole::new(1, u64::from(MAX_MEMORY_GIB)))]
    pub memory_gib: u64,
    /// Also write every game's record to FILE, after a `# player` line
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
}

/// Why `solve accuracy` stopped.
#[derive(Debug)]
pub enum AccuracyError {
    /// No player was given.
    NoPlayers,
    /// `--size`/`--walls` make no variant.
    Variant(VariantError),
    /// A player's settings cannot be read.
    Spec {
        /// The spec as given.
        spec: String,
        /// Why.
        error: SpecError,
    },
    /// The variant's tables do not fit.
    Solve(SolveError),
    /// The built-in network (the learned evaluation) does not load.
    Evaluator(EvalFileError),
    /// A player failed to move.
    Play {
        /// The player.
        player: String,
        /// What went wrong.
        error: PlayError,
    },
    /// The records file could not be written.
    Records {
        /// The path as given.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The result could not be written.
    Output(StdoutError),
}

impl AccuracyError {
    /// 2 for bad input or a variant too big, 1 for a failed player or file.
    pub fn exit_code(&self) -> i32 {
        match self {
            AccuracyError::NoPlayers
            | AccuracyError::Variant(_)
            | AccuracyError::Spec { .. }
            | AccuracyError::Solve(_) => 2,
            AccuracyError::Play { .. }
            | AccuracyError::Records { .. }
            | AccuracyError::Evaluator(_) => 1,
            AccuracyError::Output(e) => e.exit_code(),
        }
    }
}

impl fmt::Display for AccuracyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AccuracyError::NoPlayers => {
                write!(
                    f,
                    "no player: give --engine SPEC (perfect, random, engine settings) or --levels"
                )
            }
            AccuracyError::Variant(e) => e.fmt(f),
            AccuracyError::Spec { spec, error } => write!(f, "--engine {spec:?}: {error}"),
            AccuracyError::Solve(e) => e.fmt(f),
            AccuracyError::Evaluator(e) => e.fmt(f),
            AccuracyError::Play { player, error } => write!(f, "{player}: {error}"),
            AccuracyError::Records { path, error } => {
                write!(f, "cannot write the records to {}: {error}", path.display())
            }
            AccuracyError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AccuracyError {}

impl From<std::io::Error> for AccuracyError {
    fn from(e: std::io::Error) -> Self {
        AccuracyError::Output(StdoutError(e))
    }
}

/// Who chooses the moves.
enum Player {
    /// The best move by the table.
    Perfect,
    /// A uniformly random legal move.
    Random,
    /// An engine with these settings, scoring with this evaluator.
    Engine(Box<EngineConfig>, Evaluator),
}

impl Player {
    fn parse(spec: &str, evaluator: &Evaluator) -> Result<Player, AccuracyError> {
        match spec.trim() {
            "perfect" => Ok(Player::Perfect),
            "random" => Ok(Player::Random),
            _ => parse_contender_spec(spec, evaluator)
                .map(|(config, evaluator)| Player::Engine(Box::new(config), evaluator))
                .map_err(|error| AccuracyError::Spec {
                    spec: spec.to_string(),
                    error,
                }),
        }
    }
}

/// One player's results.
struct PlayerResult {
    label: String,
    games: u64,
    tally: Tally,
    positions: usize,
    capped: u64,
    think_ms: f64,
}

/// Runs `quoridor solve accuracy`.
pub fn accuracy(args: &AccuracyArgs) -> Result<(), AccuracyError> {
    let variant = Variant::new(args.size, args.walls).map_err(AccuracyError::Variant)?;
    let mut specs = args.engines.clone();
    if args.levels {
        specs.extend(LEVELS.iter().map(|l| format!("level={}", l.number)));
    }
    if specs.is_empty() {
        return Err(AccuracyError::NoPlayers);
    }
    let evaluator = embedded_evaluator().map_err(AccuracyError::Evaluator)?;
    let players = specs
        .iter()
        .map(|s| Player::parse(s, &evaluator))
        .collect::<Result<Vec<_>, _>>()?;
    let started = Instant::now();
    let (table, stats) =
        solve(variant, args.memory_gib << 30, |_, _| {}).map_err(AccuracyError::Solve)?;
    let solve_s = started.elapsed().as_secs_f64();
    let mut records = match &args.records {
        Some(path) => Some((
            path,
            std::fs::File::create(path).map_err(|error| AccuracyError::Records {
                path: path.clone(),
                error,
            })?,
        )),
        None => None,
    };
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{n}x{n}, {w} walls each: {} positions solved in {solve_s:.1} s; each player {} games against itself, {} random opening plies, seed {}",
        group(stats.positions),
        args.games,
        args.opening_plies,
        args.seed,
        n = variant.size(),
        w = variant.walls(),
    )?;
    write_header(&mut out)?;
    out.flush()?;
    let tell = std::io::stderr().is_terminal();
    for (spec, player) in specs.iter().zip(&players) {
        let mut text = String::new();
        let result = play_player(&table, spec, player, args, &mut text)?;
        if let Some((path, file)) = records.as_mut() {
            file.write_all(text.as_bytes())
                .map_err(|error| AccuracyError::Records {
                    path: path.to_path_buf(),
                    error,
                })?;
        }
        if tell {
            eprintln!(
                "{spec}: {} games, {} moves judged, {:.1} s",
                result.games,
                result.tally.moves,
                result.think_ms / 1000.0
            );
        }
        write_row(&mut out, &result)?;
        out.flush()?;
    }
    out.flush()?;
    Ok(())
}

fn group(n: u64) -> String {
    group_digits(n, ',')
}

/// Plays `player`'s games and judges its moves; the records go to `text`.
fn play_player(
    table: &Table,
    spec: &str,
    player: &Player,
    args: &AccuracyArgs,
    text: &mut String,
) -> Result<PlayerResult, AccuracyError> {
    let variant = table.variant();
    let mut tally = Tally::default();
    let mut positions = HashSet::new();
    let mut capped = 0;
    let mut think_ms = 0.0;
    text.push_str(&format!("# {spec}\n"));
    for i in 0..args.games {
        let seed = game_seed(args.seed, i as usize);
        let mut opening_rng = EngineRng::seed_from_u64(seed);
        let mut mover_rng = EngineRng::seed_from_u64(seed.wrapping_add(2));
        let mut engines: Vec<Engine> = match player {
            Player::Engine(config, evaluator) => (0..2)
                .map(|side| {
                    new_engine(
                        Position::new(variant),
                        &game_config(config, None, seed.wrapping_add(side)),
                        evaluator.clone(),
                    )
                })
                .collect(),
            _ => Vec::new(),
        };
        let started = Instant::now();
        let played = play_judged(
            table,
            Game::new(variant),
            args.opening_plies as usize,
            args.move_cap as usize,
            &mut opening_rng,
            |game| {
                let pos = game.position();
                match player {
                    Player::Perfect => perfect_move(table, pos),
                    Player::Random => random_move(pos, &mut mover_rng),
                    Player::Engine(..) => {
                        let engine = &mut engines[game.moves().len() % 2];
                        engine.set_game(Position::new(variant), game.moves()).ok()?;
                        engine.think()
                    }
                }
            },
        )
        .map_err(|error| AccuracyError::Play {
            player: spec.to_string(),
            error,
        })?;
        think_ms += started.elapsed().as_secs_f64() * 1000.0;
        capped += u64::from(played.capped);
        for judged in &played.judgements {
            tally.add(judged.judgement);
            if let Some(pos) = played.game.position_at(judged.ply) {
                positions.insert(*pos);
            }
        }
        text.push_str(&format!("{}\n", played.game));
    }
    Ok(PlayerResult {
        label: spec.to_string(),
        games: args.games,
        tally,
        positions: positions.len(),
        capped,
        think_ms,
    })
}

/// `kept` of `of` as a percentage with its 95% Wilson interval.
fn share(kept: u64, of: u64) -> String {
    if of == 0 {
        return "–".to_string();
    }
    let (low, high) = wilson_interval(kept as f64, of as usize);
    format!(
        "{:.1}% ({:.1}–{:.1})",
        100.0 * kept as f64 / of as f64,
        100.0 * low,
        100.0 * high
    )
}

fn write_header(out: &mut impl Write) -> std::io::Result<()> {
    writeln!(
        out,
        "| player | games | moves judged (positions) | keeps the value | in won positions | keeps the win | fastest win | in drawn | keeps the draw | in lost | capped | ms/move |"
    )?;
    writeln!(
        out,
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    )?;
    Ok(())
}

/// One player's row, written as soon as its games are over.
fn write_row(out: &mut impl Write, r: &PlayerResult) -> std::io::Result<()> {
    let t = &r.tally;
    writeln!(
        out,
        "| {} | {} | {} ({}) | {} | {} | {} | {} | {} | {} | {} | {} | {:.1} |",
        r.label,
        r.games,
        group(t.moves),
        group(r.positions as u64),
        share(t.kept, t.moves),
        group(t.won),
        share(t.won_kept, t.won),
        share(t.won_fastest, t.won),
        group(t.drawn),
        share(t.drawn_kept, t.drawn),
        group(t.lost),
        r.capped,
        if t.moves == 0 {
            0.0
        } else {
            r.think_ms / t.moves as f64
        },
    )?;
    Ok(())
}
