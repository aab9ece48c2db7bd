//! The command line's grammar (clap derive): the tool, its subcommands and
//! their flags, with every number checked against its range as it is read.

use super::glossary::{with_terms, Term};
use super::position_args::PositionArgs;
use super::ranges::{time_controls, BoardSize, PerftDepth, TimeControls, WallCount, Whole};
use clap::{Args, Parser, Subcommand, ValueEnum};
use quoridor_arena::shard::Shard;
use std::fmt;
use std::path::PathBuf;

/// What `quoridor --help` shows after the list of commands.
const AFTER_HELP: &str = "\
A RECORD is moves in notation separated by spaces (e2 e8 e3h …), optionally
starting with header tags [size N] [walls W] [start SQ1 SQ2]. It may be
given as several arguments, as a file (one argument with a / or a .), or
as - for standard input; omitted, it is read from standard input when that
is a pipe or a file, else it is the start position:
  quoridor moves e2 e8 e3h
  quoridor perft DEPTH [RECORD]...
  quoridor show \"[size 5] [walls 3] c2 c4\"
  quoridor show game.txt
  echo \"e2 e8\" | quoridor show

Exit codes: 0 success; 1 the output could not be written; 2 bad input.";

/// Quoridor's rules and the browser page's two engines on the command line.
#[derive(Debug, Parser)]
#[command(
    name = "quoridor",
    version,
    about = "Quoridor's rules and the browser page's two engines (UCT and alpha-beta) on the command line",
    after_help = with_terms(AFTER_HELP, &[
        Term::Uct, Term::Playout, Term::AlphaBeta, Term::Node, Term::Perft,
        Term::UciStyle, Term::Qtp, Term::Referee, Term::Thesis,
    ]),
    arg_required_else_help = true,
    help_template = HELP_TEMPLATE
)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: CliCommand,
}

pub use super::eval_file::EvalFileArg;
pub use super::help_template::HELP_TEMPLATE;

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Legal moves after the record, on one line
    Moves(PositionArgs),
    /// Count the move sequences of DEPTH moves after the record
    #[command(after_help = with_terms("", &[Term::Perft]))]
    Perft(PerftArgs),
    /// ASCII diagram of the position after the record
    Show(PositionArgs),
    /// The network's prior for each legal move after the record (its policy head, no search)
    Policy(super::policy::PolicyArgs),
    /// Engine protocol on stdin/stdout (UCI-style; set options with setoption)
    #[command(after_help = with_terms(super::uci::HELP, &[
        Term::UciStyle, Term::Uct, Term::Playout, Term::AlphaBeta, Term::Node, Term::Preset,
        Term::Ply,
    ]))]
    Uci(UciArgs),
    /// QTP (Quoridor Text Protocol, GTP-style) engine on stdin/stdout, for QTP referees
    Qtp(QtpArgs),
    /// Engine speed on fixed positions (playouts or nodes per second; `--threads` for either engine)
    #[command(after_help = with_terms("", &[
        Term::Uct, Term::Playout, Term::AlphaBeta, Term::Node, Term::Preset, Term::Thesis,
    ]))]
    Bench(BenchArgs),
    /// Engine-vs-engine match
    Arena(ArenaArgs),
    /// Write an opening book for `arena --openings`: distinct, balanced short openings
    Book(super::book::BookArgs),
    /// Build the engines' opening book (option `book`) by long Default-preset searches; resumable
    EngineBook(super::engine_book::EngineBookArgs),
    /// Judge every move of a record: annotated record and each player's accuracy
    Review(super::review::ReviewArgs),
    /// Self-play: the engine plays itself; every searched position written as training data (JSON Lines)
    Selfplay(SelfplayArgs),
    /// Train the learned evaluation's value network on self-play files (needs a build with --features train)
    Train(super::train::TrainArgs),
    /// Re-run the thesis's experiments into docs/experiments.md
    #[command(after_help = with_terms("", &[Term::Thesis, Term::Playout, Term::Shard]))]
    Experiments(ExperimentsArgs),
    /// Alpha-beta enhancement table: nodes to complete depths 4 and 5 with
    /// each switch flipped, and the depth reached in 0.1 / 1 / 10 s (Markdown)
    #[command(after_help = with_terms(ABTABLE_HELP, &[Term::AlphaBeta, Term::Node, Term::Ply, Term::Ebf]))]
    Abtable(AbtableArgs),
    /// Exact value of a position on a small board (3x3, 5x5 with few walls): solves the whole variant
    #[command(after_help = with_terms(super::solve::HELP, &[Term::Ply]))]
    Solve(super::solve::SolveArgs),
    /// Play between people: the server of rooms, invite links, clocks and live games, with the page
    #[command(after_help = super::serve::HELP)]
    Serve(super::serve::ServeArgs),
    /// Print a shell completion script (e.g. `quoridor completions bash > /etc/bash_completion.d/quoridor`)
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
}

/// What `abtable --help` says after its flags.
const ABTABLE_HELP: &str = "\
Each row flips one enhancement (an ab_* engine option: killer moves, null move, …) from the
defaults; the EBF column is nodes to depth 5 over nodes to depth 4. Depths count plies.";

/// `perft DEPTH [RECORD]…`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Moves to look ahead (0–8)
    #[arg(value_name = "DEPTH", value_parser = PerftDepth)]
    pub depth: u32,
    /// Count even when the estimated number of sequences exceeds 10^10
    #[arg(long)]
    pub force: bool,
    /// The position.
    #[command(flatten)]
    pub position: PositionArgs,
}

/// The flags of `bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The learned evaluation's weights.
    #[command(flatten)]
    pub eval_file: EvalFileArg,
    /// Playouts per position (at least 1) [default: 20000]
    // Options without clap defaults, so that `bench` sees which flags were
    // given and refuses those the engine does not use.
    #[arg(long, value_name = "N", value_parser = Whole::at_least_one())]
    pub playouts: Option<u64>,
    /// Engine settings to measure [default: default]
    #[arg(long, value_name = "NAME", value_enum)]
    pub params: Option<BenchParams>,
    /// Engine to measure: uct (a playout count per position) or alphabeta
    /// (a fixed time per position: nodes/s and the depth reached)
    #[arg(long, value_name = "ENGINE", default_value = "uct", value_parser = |s: &str| s.parse::<quoridor_engines::EngineKind>().map_err(|e| e.to_string()))]
    pub engine: quoridor_engines::EngineKind,
    /// With --engine alphabeta: milliseconds per position [default: 1000]
    #[arg(long, value_name = "MS", value_parser = Whole::at_least_one())]
    pub ms: Option<u64>,
    /// Search threads: with --engine uct sharing one tree (the playout
    /// count is a total), with --engine alphabeta searching one root and
    /// sharing the hash table (lazy SMP; nodes are totals) [default: 1]
    #[arg(long, value_name = "N", value_parser = Whole::new(1, u64::from(quoridor_engines::MAX_THREADS)))]
    pub threads: Option<u64>,
    /// With --engine uct: instead of four fresh positions, think at each of
    /// the first 24 positions of a game, keeping the tree between thinks as
    /// in a match (bigger, reused trees)
    #[arg(long)]
    pub game: bool,
    /// With --engine uct: search with PUCT, the network's policy opening and
    /// selecting the children (option `priors=true`); needs --eval learned
    /// or auto and a network with a policy head
    #[arg(long)]
    pub priors: bool,
    /// How the engine scores positions: classic, learned (the value
    /// network; see --eval-file) or auto (as the `eval` option's default:
    /// learned for both engines when there is a network, else classic).
    /// Classic by default, so that speeds compare across versions
    #[arg(long, value_name = "EVAL", default_value = "classic", value_parser = |s: &str| s.parse::<quoridor_engines::Evaluation>().map_err(|e| e.to_string()))]
    pub eval: quoridor_engines::Evaluation,
}

/// The flags of `abtable`.
#[derive(Debug, Args)]
pub struct AbtableArgs {
    /// Fixed 9x9 positions to search (from seeded play)
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = Whole::new(1, 1000))]
    pub positions: u64,
    /// Most nodes for one search; a search that needs more is shown as "> N"
    #[arg(long, value_name = "N", default_value_t = 20_000_000, value_parser = Whole::at_least_one())]
    pub cap: u64,
    /// Time controls for the depth-reached table, in ms, separated by commas
    /// (none: skip it)
    #[arg(
        long,
        value_name = "MS",
        default_value = "100,1000,10000",
        value_parser = time_controls
    )]
    pub times: TimeControls,
}

/// The settings `bench` can measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchParams {
    /// The default preset
    Default,
    /// The thesis preset (the settings the thesis found best)
    Thesis,
}

impl fmt::Display for BenchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BenchParams::Default => "default",
            BenchParams::Thesis => "thesis",
        })
    }
}

/// The flags of `arena`.
#[derive(Debug, Args)]
#[command(
    after_help = with_terms("\
An engine SPEC is protocol options name=value, applied in order after the Default preset
(preset=thesis,uct_c=0.05,…), plus eval_file=PATH: that engine's own network weights in place
of --eval-file's (two networks can meet in one match); an engine CMD is a shell command speaking the engine protocol,
started once to check it answers, then once per game, in its own process group. Write
qtp:CMD for an engine speaking QTP (it thinks by its own settings; the limit only times it
out), uci:CMD (the default) for the engine protocol.
Game i (0-based) has A moving first when i is even, opening (i / 2) mod openings and seeds
from --seed and i, so --shard I/N plays exactly the games the whole match would; `quoridor
arena merge FILES…` puts the shard files back together.
--sprt counts games 2k and 2k+1 (one opening, colours swapped) as a pair, in order, and stops
at the first pair that takes the LLR to a bound; shards play all their games (none sees the
others'), and `arena merge` computes the LLR of them all.
Output files: with --records or --json on stdout (-, or /dev/stdout on a pipe or file) the
summary goes to stderr; only one of them may. A file that cannot be written after the games
is saved as arena-recovered-{records,json,shard}[-N].{txt,json} in the current folder (or
printed on stderr if that fails too), the summary is still printed, and the exit code is 1.", &[
        Term::Preset, Term::Thesis, Term::Playout, Term::UciStyle, Term::Qtp, Term::Shard, Term::Ply,
        Term::Sprt,
    ]),
    args_conflicts_with_subcommands = true
)]
pub struct ArenaArgs {
    /// The learned evaluation's weights.
    #[command(flatten)]
    pub eval_file: EvalFileArg,
    /// `arena merge`, or none to play a match.
    #[command(subcommand)]
    pub command: Option<ArenaCommand>,
    /// Engine A as settings [default: preset=default]
    #[arg(long = "a", value_name = "SPEC", conflicts_with = "engine_a")]
    pub a: Option<String>,
    /// Engine A as a command speaking the engine protocol (uci:CMD) or QTP (qtp:CMD)
    #[arg(long, value_name = "CMD")]
    pub engine_a: Option<String>,
    /// Engine B as settings [default: preset=thesis]
    #[arg(long = "b", value_name = "SPEC", conflicts_with = "engine_b")]
    pub b: Option<String>,
    /// Engine B as a command speaking the engine protocol (uci:CMD) or QTP (qtp:CMD)
    #[arg(long, value_name = "CMD")]
    pub engine_b: Option<String>,
    /// Games to play; A moves first in odd-numbered games [default: 20, or two per opening]
    #[arg(long, value_name = "N", value_parser = Whole::new(1, 1_000_000))]
    pub games: Option<u64>,
    /// Stop when a sequential probability ratio test decides (fishtest's and fastchess's SPRT,
    /// pentanomial over colour-swapped game pairs): BOUNDS is elo0=E0,elo1=E1[,alpha=A,beta=B]
    /// (A and B 0.05 if left out); --games is then the most games to play
    // Boxed: ArenaArgs is the largest of the commands' flags already.
    #[arg(long, value_name = "BOUNDS", value_parser = |s: &str| s.parse::<quoridor_arena::sprt::SprtSettings>().map(Box::new))]
    pub sprt: Option<Box<quoridor_arena::sprt::SprtSettings>>,
    /// Playouts per move for both sides [default: each side's own settings]
    #[arg(long, value_name = "N", value_parser = Whole::at_least_one(), conflicts_with = "time_ms")]
    pub playouts: Option<u64>,
    /// Milliseconds per move for both sides
    #[arg(long, value_name = "MS", value_parser = Whole::at_least_one())]
    pub time_ms: Option<u64>,
    /// Board size (3–11)
    #[arg(long, value_name = "N", default_value_t = 9, value_parser = BoardSize)]
    pub size: u8,
    /// Walls per player (0–20)
    #[arg(long, value_name = "W", default_value_t = 10, value_parser = WallCount)]
    pub walls: u8,
    /// Records to start from, one per line (# comments); each played with both colours
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Games at once (1–256) [default: all cores]
    #[arg(long, value_name = "T", value_parser = Whole::new(1, 256))]
    pub threads: Option<u64>,
    /// Where every game record goes: a file, a device or pipe (/dev/null), or - for stdout
    #[arg(long, value_name = "FILE", default_value = "arena-games.txt")]
    pub records: PathBuf,
    /// Write the summary and every game as JSON (a file, a device or pipe, or - for stdout)
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Plies before a game is adjudicated by path lengths (1–100000)
    #[arg(long, value_name = "N", default_value_t = 300, value_parser = Whole::new(1, 100_000))]
    pub move_cap: u64,
    /// Base seed the games' engine seeds derive from
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = Whole::new(0, u64::MAX))]
    pub seed: u64,
    /// Play only the games whose index ≡ I (mod N) and write them as a shard file
    /// (--json, default arena-shard-I-of-N.json) for `arena merge`
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// After the summary, how each side played: walls in its first five moves, walls placed
    /// and left, forward steps, pacing, games finished (as `arena style` prints it)
    #[arg(long)]
    pub style: bool,
}

/// What `arena` does besides playing a match.
#[derive(Debug, Subcommand)]
pub enum ArenaCommand {
    /// Merge the shard files of one match into its summary, records and JSON
    #[command(help_template = HELP_TEMPLATE, args_override_self = true)]
    Merge(MergeArgs),
    /// Rate many engines at once from the JSON summaries of their matches
    #[command(help_template = HELP_TEMPLATE, args_override_self = true)]
    Rate(RateArgs),
    /// How each side of played matches played, from their JSON summaries
    #[command(help_template = HELP_TEMPLATE, args_override_self = true)]
    Style(StyleArgs),
}

/// The files of `arena style`.
#[derive(Debug, Args)]
#[command(after_help = "\
Each FILE is an arena match's JSON summary with its games (`arena --json`, `arena merge --json`).
For each side: walls placed among its first five own moves and in all, walls left at the end
(per game), the share of its pawn moves that shortened its own shortest path to goal, and its
pacing moves (back to the square it left on its previous move), with how many of them it made
while a step forward was there; then how many games a pawn finished at its goal (the rest were
adjudicated at the ply cap or forfeited) and the mean length. Opening moves from a book are not
counted. Exit code 2 for a file that cannot be read or is not a summary.")]
pub struct StyleArgs {
    /// JSON summaries written by `arena --json` or `arena merge --json`
    #[arg(value_name = "FILES", required = true)]
    pub files: Vec<PathBuf>,
}

/// The files and flags of `arena merge`.
#[derive(Debug, Args)]
#[command(after_help = with_terms("\
Output files as for `arena`: with --records or --json on stdout (-, or /dev/stdout on a pipe or
file) the summary goes to stderr; only one of them may. A file that cannot be written is saved
as arena-recovered-{records,json}[-N].{txt,json} in the current folder (or printed on stderr),
the summary is still printed, and the exit code is 1.", &[Term::Shard]))]
pub struct MergeArgs {
    /// Shard files written by `arena --shard I/N`, in any order
    #[arg(value_name = "FILES", required = true)]
    pub files: Vec<PathBuf>,
    /// Where every game record goes: a file, a device or pipe (/dev/null), or - for stdout
    #[arg(long, value_name = "FILE", default_value = "arena-games.txt")]
    pub records: PathBuf,
    /// Write the summary and every game as JSON (a file, a device or pipe, or - for stdout)
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// After the summary, how each side played (as `arena style` prints it)
    #[arg(long)]
    pub style: bool,
}

/// The files and flags of `arena rate`.
#[derive(Debug, Args)]
#[command(after_help = with_terms("\
Each FILE is an arena match's JSON summary (`arena --json`, or `arena merge --json` for a match
played in shards; a shard file itself is refused). Games are pooled by engine label: the same
label in several files is the same engine, and a match of a label against itself is refused.
The ratings are the Bradley-Terry maximum-likelihood fit to all games at once, as Ordo and
BayesElo do: an engine D Elo above another expects the score 1/(1+10^(-D/400)). Engines that
never met are rated through the engines between them; every engine needs a chain of games to
the anchor. The ± is the 95% interval (1.96 standard errors, relative to the anchor). When an
engine (or a group) won or lost every game against the rest, no finite fit exists: then one
virtual draw is added to each pairing that played (BayesElo's prior), and a note says so.
--order checks a ladder: listed weakest first, each engine must score at least --min-score
of at least --min-games games against the one before it (the verdict reads the score itself;
its Wilson interval is shown). Labels containing commas are recognised whole.
Exit codes: 0, also when the check fails unless --check is given (then 1); 1 when --json cannot
be written; 2 for a file that is not an arena summary, an unknown label or unlinked engines.", &[
        Term::Elo, Term::Wilson, Term::Shard,
    ]))]
pub struct RateArgs {
    /// JSON summaries written by `arena --json` or `arena merge --json`
    #[arg(value_name = "FILES", required = true)]
    pub files: Vec<PathBuf>,
    /// The engine whose rating is fixed, by its label [default: the mean of all ratings is fixed]
    #[arg(long, value_name = "LABEL")]
    pub anchor: Option<String>,
    /// The anchor's rating, or the mean's without --anchor
    #[arg(long, value_name = "R", default_value_t = 0.0, value_parser = super::rate_flags::parse_rating)]
    pub anchor_rating: f64,
    /// A ladder to check, weakest first (L1,L2,… or the flag repeated)
    #[arg(long, value_name = "L1,L2,…")]
    pub order: Vec<String>,
    /// The score each engine of the ladder needs against the one before it (0–1)
    #[arg(long, value_name = "S", default_value_t = 0.65, value_parser = super::rate_flags::parse_min_score)]
    pub min_score: f64,
    /// The games each step of the ladder needs
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = Whole::at_least_one())]
    pub min_games: u64,
    /// Exit 1 when the ladder check of --order fails
    #[arg(long)]
    pub check: bool,
    /// Write the ratings (and the check) as JSON: a file, a device or pipe, or - for stdout
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

/// The flags of `uci` (its engine settings are protocol options).
#[derive(Debug, Args)]
pub struct UciArgs {
    /// The learned evaluation's weights.
    #[command(flatten)]
    pub eval_file: EvalFileArg,
    /// Solved tables to answer from.
    #[command(flatten)]
    pub tables: super::tables_arg::TablesArg,
    /// An option to start with, as `setoption name NAME value VALUE` would set it (e.g. level=3); may be repeated
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = super::protocol_names::name_value)]
    pub options: Vec<(String, String)>,
    /// Where the commands come from.
    #[command(flatten)]
    pub input: super::protocol_input::ProtocolInput,
}

/// The flags of `qtp`: the engine's settings, since QTP has no options.
#[derive(Debug, Args)]
#[command(after_help = with_terms(super::qtp_help::HELP, &[
    Term::Qtp, Term::Referee, Term::Preset, Term::Thesis, Term::Ply,
]))]
pub struct QtpArgs {
    /// The learned evaluation's weights.
    #[command(flatten)]
    pub eval_file: EvalFileArg,
    /// Engine preset: thesis, default or easy [default: default]
    #[arg(long, value_name = "NAME", value_parser = super::qtp_flags::preset)]
    pub preset: Option<String>,
    /// An engine option as NAME=VALUE (the engine protocol's names); may be repeated
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = super::qtp_flags::engine_option)]
    pub options: Vec<(String, String)>,
    /// Most milliseconds per move (0: as much as the game's clock allots)
    #[arg(long, value_name = "MS", value_parser = Whole::new(0, u64::from(u32::MAX)))]
    pub time_ms: Option<u64>,
    /// Seconds for all of one game's moves (1–86400) [default: 18 × board size, under a referee's 20 × size]
    #[arg(long, value_name = "S", value_parser = Whole::new(1, 86_400))]
    pub game_time: Option<u64>,
    /// Random seed of the engine (0–4294967295)
    #[arg(long, value_name = "N", value_parser = Whole::new(0, u64::from(u32::MAX)))]
    pub seed: Option<u64>,
    /// Plies after which a game is over, adjudicated by path lengths (0: never; 0–100000)
    #[arg(long, value_name = "N", default_value_t = quoridor_rules::PlyLimit::DEFAULT_PLIES as u64,
        value_parser = Whole::new(0, quoridor_engines::MAX_PLY_LIMIT as u64))]
    pub ply_limit: u64,
    /// Where the requests come from.
    #[command(flatten)]
    pub input: super::protocol_input::ProtocolInput,
}

/// The flags of `experiments`.
#[derive(Debug, Args)]
pub struct ExperimentsArgs {
    /// Games per setting (at least 1; 100 as in the thesis)
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = Whole::at_least_one())]
    pub games: u64,
    /// Experiments to run, e.g. 1,3,7-10 [default: all ten]
    #[arg(long, value_name = "LIST", value_parser = super::experiment_flags::experiment_numbers)]
    pub only: Option<super::experiment_flags::ExperimentNumbers>,
    /// The document to update; figures and results.json go to experiments/ beside it
    #[arg(long, value_name = "FILE", default_value = "docs/experiments.md")]
    pub out: PathBuf,
    /// Games at once (1–256) [default: all cores]
    #[arg(long, value_name = "T", value_parser = Whole::new(1, 256))]
    pub threads: Option<u64>,
    /// Multiply every playout and time budget by F (above 0, at most 100; quick trial runs)
    #[arg(long, value_name = "F", default_value_t = 1.0, allow_hyphen_values = true, value_parser = super::experiment_flags::parse_scale)]
    pub scale: f64,
    /// Play nothing: rewrite the document's tables and the figures from results.json
    #[arg(long, conflicts_with_all = ["shard", "merge"])]
    pub replot: bool,
    /// Play only the games whose index ≡ I (mod N) in the list of all chosen
    /// settings' games, into a shard file for `--merge` (the document is left alone)
    #[arg(long, value_name = "I/N", conflicts_with_all = ["merge", "out"])]
    pub shard: Option<Shard>,
    /// Where `--shard` writes; if it cannot, the games are saved as
    /// experiments-recovered-shard[-N].json in the current folder [default: experiments-shard-I-of-N.json]
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub shard_file: Option<PathBuf>,
    /// Play nothing: merge these shard files and write the document, figures and
    /// results.json as an unsharded run would (games, scale and experiments come from the files)
    #[arg(long, value_name = "FILES", num_args = 1.., conflicts_with_all = ["games", "scale", "only", "threads"])]
    pub merge: Vec<PathBuf>,
}

/// The flags of `selfplay`.
#[derive(Debug, Args)]
#[command(
    after_help = with_terms("\
Each game is the one the whole run plays, so `quoridor selfplay merge FILES… --out FILE`
joins the shard files into the whole run's file.
The SPEC is protocol options name=value applied in order after the Default preset, as for
arena --a (engine=alphabeta, preset=thesis, uct_c=0.3, …).
Game i (0-based) starts from opening i mod openings and has its seed from --seed and i.
The file is JSON Lines: a header line, then one line per game (docs/selfplay-format.md).
An existing --out file is never overwritten: --resume continues it after its last complete
game when its header is this run's (a cut-off last line is dropped).", &[
        Term::Uct, Term::Playout, Term::AlphaBeta, Term::Node, Term::Shard, Term::Preset,
        Term::Thesis, Term::Ply,
    ]),
    args_conflicts_with_subcommands = true
)]
pub struct SelfplayArgs {
    /// The learned evaluation's weights.
    #[command(flatten)]
    pub eval_file: EvalFileArg,
    /// `selfplay merge`, or none to play.
    #[command(subcommand)]
    pub command: Option<SelfplayCommand>,
    /// Games in the run
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = Whole::new(1, 10_000_000))]
    pub games: u64,
    /// Base seed every game's seed derives from
    #[arg(long, value_name = "S", default_value_t = 0, value_parser = Whole::new(0, u64::MAX))]
    pub seed: u64,
    /// Play only the games whose index ≡ I (mod N), for `selfplay merge`
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Where the games go: a file, a device or pipe, or - for stdout
    /// [default: selfplay.jsonl, or selfplay-shard-I-of-N.jsonl with --shard]
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Continue the --out file of this run after its last complete game
    #[arg(long)]
    pub resume: bool,
    /// Playouts per move [default: 1000 unless --time-ms]
    #[arg(long, value_name = "N", value_parser = Whole::at_least_one(), conflicts_with = "time_ms")]
    pub playouts: Option<u64>,
    /// Milliseconds per move (the games then depend on the machine's speed)
    #[arg(long, value_name = "MS", value_parser = Whole::at_least_one())]
    pub time_ms: Option<u64>,
    /// The engine as settings (a SPEC, see below)
    #[arg(long, value_name = "SPEC", default_value = "preset=default")]
    pub settings: String,
    /// Opening book to start from (records one per line, as `quoridor book` writes)
    #[arg(long, value_name = "BOOK")]
    pub openings: Option<PathBuf>,
    /// Plies after the opening drawn among the search's candidates in
    /// proportion to their share of the search (0–1000)
    #[arg(long, value_name = "K", default_value_t = 4, value_parser = Whole::new(0, 1000))]
    pub random_plies: u64,
    /// Plies after which a game stops as a draw (1–100000)
    #[arg(long, value_name = "N", default_value_t = quoridor_arena::MOVE_CAP as u64, value_parser = Whole::new(1, 100_000))]
    pub max_plies: u64,
    /// Board size (3–11)
    #[arg(long, value_name = "N", default_value_t = 9, value_parser = BoardSize)]
    pub size: u8,
    /// Walls per player (0–20)
    #[arg(long, value_name = "W", default_value_t = 10, value_parser = WallCount)]
    pub walls: u8,
    /// Games at once (1–256) [default: all cores]
    #[arg(long, value_name = "T", value_parser = Whole::new(1, 256))]
    pub threads: Option<u64>,
}

/// What `selfplay` does besides playing.
#[derive(Debug, Subcommand)]
pub enum SelfplayCommand {
    /// Merge the shard files of one run into the file of the whole run
    #[command(
        help_template = HELP_TEMPLATE,
        args_override_self = true,
        after_help = with_terms("", &[Term::Shard])
    )]
    Merge(SelfplayMergeArgs),
}

/// The files and flags of `selfplay merge`.
#[derive(Debug, Args)]
pub struct SelfplayMergeArgs {
    /// Shard files written by `selfplay --shard I/N`, in any order
    #[arg(value_name = "FILES", required = true)]
    pub files: Vec<PathBuf>,
    /// Where the merged file goes (never overwritten), or - for stdout
    #[arg(long, value_name = "FILE", required = true)]
    pub out: PathBuf,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use quoridor_engines::{EngineKind, Evaluation, ResolvedEval};

    /// The long help of `quoridor COMMAND --FLAG`.
    fn flag_help(command: &str, flag: &str) -> String {
        let cli = Cli::command();
        let sub = cli.find_subcommand(command).expect("subcommand");
        let arg = sub
            .get_arguments()
            .find(|a| a.get_long() == Some(flag))
            .expect("flag");
        arg.get_long_help()
            .or_else(|| arg.get_help())
            .expect("help")
            .to_string()
    }

    #[test]
    fn the_eval_help_says_what_auto_is_for_each_engine() {
        let help = flag_help("bench", "eval");
        for engine in [EngineKind::Uct, EngineKind::AlphaBeta] {
            for has_network in [true, false] {
                let auto = Evaluation::Auto.resolve(engine, has_network);
                assert_eq!(auto == ResolvedEval::Learned, has_network, "{engine:?}");
            }
            // Nothing names one evaluation for one engine only.
            for eval in ["classic", "learned"] {
                assert!(!help.contains(&format!("{eval} for {engine}")), "{help}");
            }
        }
        assert!(
            help.contains("learned for both engines when there is a network, else classic"),
            "{help}"
        );
        let file_help = flag_help("uci", "eval-file");
        assert!(file_help.contains("eval=auto, the default"), "{file_help}");
    }
}
