//! `qtp`: the engine behind the Quoridor Text Protocol (QTP), the GTP-style
//! protocol of a university course's referee and its family of engines
//! (see docs/protocols.md, "`quoridor qtp`").
//!
//! One request a line (`[id] command args…`, `#` comments); every answer is
//! `=[id] result` or `?[id] message`, followed by an empty line. A refused
//! request changes nothing. The engine's settings come from the command line
//! (QTP has no options); `genmove` thinks for the engine's own limits, capped
//! by the move's share of a per-game time budget. Moves are named the QTP
//! way ([`QtpMove`]: walls one rank higher than our notation), and the colour
//! that moves first becomes our player 1 ([`seating`]). A closed output ends
//! the session quietly.

mod command;
mod game_clock;
mod seating;

use self::command::{QtpCommand, QtpCommandError, Request, COMMANDS};
use self::game_clock::GameClock;
use self::seating::{Colour, Seating};
use super::args::QtpArgs;
use super::protocol_input::OpenInputError;
use quoridor_engines::{
    learned::Evaluator, new_engine, set_option_for, Engine, EngineConfig, OptionError,
    SearchEngine, SearchParams,
};
use quoridor_rules::{Game, IllegalMove, Move, Outcome, PlyLimit, Position, QtpMove, Variant};
use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

/// Why `quoridor qtp` stopped with an error.
#[derive(Debug)]
pub enum QtpError {
    /// The engine settings of the flags were refused.
    Settings(OptionError),
    /// The `--input` file could not be opened.
    Open(OpenInputError),
    /// Reading the input failed.
    Input(io::Error),
}

impl fmt::Display for QtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QtpError::Settings(e) => e.fmt(f),
            QtpError::Open(e) => e.fmt(f),
            QtpError::Input(e) => write!(f, "reading input: {e}"),
        }
    }
}

impl std::error::Error for QtpError {}

/// Runs `quoridor qtp` on standard input (or the `--input` file) and
/// standard output until `quit`, the end of input or a closed output.
pub fn qtp(args: &QtpArgs, evaluator: Evaluator) -> Result<(), QtpError> {
    let config = engine_config(args, &evaluator).map_err(QtpError::Settings)?;
    let mut input = args.input.open().map_err(QtpError::Open)?;
    let mut session = QtpSession::new(config, evaluator, args.game_time.map(Duration::from_secs));
    session.ply_limit = PlyLimit::new(usize::try_from(args.ply_limit).unwrap_or(usize::MAX));
    if args.input.is_a_terminal() {
        // A person, not a referee: say what this is. A failed write is no reason to stop.
        let _ = writeln!(io::stderr(), "{}", super::qtp_help::GREETING);
    }
    let stdout = io::stdout();
    session
        .run(&mut input, &mut stdout.lock())
        .map_err(QtpError::Input)
}

/// The command line with the referee's single-dash `-seed N` after `qtp`
/// spelled `--seed N`, as clap reads it. Other commands are left alone.
pub fn referee_flags(args: Vec<OsString>) -> Vec<OsString> {
    if args.get(1).is_none_or(|a| a != "qtp") {
        return args;
    }
    args.into_iter()
        .map(|a| if a == "-seed" { "--seed".into() } else { a })
        .collect()
}

/// The engine and its settings of the flags: the preset, then each
/// `--option` in order, then `--time-ms` and `--seed`; what `evaluator`
/// cannot score with is refused.
fn engine_config(args: &QtpArgs, evaluator: &Evaluator) -> Result<EngineConfig, OptionError> {
    let mut config = EngineConfig::default();
    if let Some(preset) = &args.preset {
        set_option_for(evaluator, &mut config, "preset", preset)?;
    }
    for (name, value) in &args.options {
        set_option_for(evaluator, &mut config, name, value)?;
    }
    let params = &mut config.params;
    if let Some(ms) = args.time_ms {
        params.limits = params.limits.and_time_ms(ms);
    }
    if let Some(seed) = args.seed {
        params.seed = seed;
    }
    Ok(config)
}

/// Whether to keep reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum QtpFlow {
    Continue,
    Quit,
}

/// The protocol state: the board, the game, who moved first, the engine and
/// the game's clock.
struct QtpSession {
    config: EngineConfig,
    /// What the engines score with (`--eval-file`, else the built-in network).
    evaluator: Evaluator,
    game_time: Option<Duration>,
    variant: Variant,
    /// When a game without a winner is over (`--ply-limit`).
    ply_limit: PlyLimit,
    game: Game,
    /// `None` until the game's first move.
    seating: Option<Seating>,
    /// Built by [`new_engine`], so the `engine` option picks it.
    search: Engine,
    clock: GameClock,
}

impl QtpSession {
    fn new(config: EngineConfig, evaluator: Evaluator, game_time: Option<Duration>) -> QtpSession {
        let variant = Variant::default();
        QtpSession {
            search: new_engine(Position::new(variant), &config, evaluator.clone()),
            config,
            evaluator,
            game_time,
            variant,
            ply_limit: PlyLimit::DEFAULT,
            game: Game::new(variant),
            seating: None,
            clock: GameClock::new(game_time, variant.size()),
        }
    }

    /// Answers every request of `input` on `out`. Ends without error at
    /// `quit`, the end of input or when `out` fails (nobody reads any more);
    /// fails only if reading fails.
    fn run(&mut self, input: &mut impl BufRead, out: &mut impl Write) -> io::Result<()> {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            if input.read_until(b'\n', &mut buf)? == 0 {
                return Ok(());
            }
            // Bytes that are not UTF-8 become U+FFFD and fail as unknown words.
            let Some(request) = Request::parse(&String::from_utf8_lossy(&buf)) else {
                continue;
            };
            let (result, flow) = match request.command {
                Ok(command) => self.handle(command),
                Err(e) => (Err(e), QtpFlow::Continue),
            };
            let written = out
                .write_all(answer(request.id, &result).as_bytes())
                .and_then(|()| out.flush());
            if written.is_err() || flow == QtpFlow::Quit {
                return Ok(());
            }
        }
    }

    /// Carries out one command; the answer's text.
    fn handle(&mut self, command: QtpCommand) -> (Result<String, QtpCommandError>, QtpFlow) {
        let result = match command {
            QtpCommand::Name => {
                Ok(super::protocol_names::engine_name(self.search.kind()).to_string())
            }
            QtpCommand::Version => Ok(env!("CARGO_PKG_VERSION").to_string()),
            QtpCommand::IsKnown(word) => Ok(COMMANDS
                .contains(&word.to_ascii_lowercase().as_str())
                .to_string()),
            QtpCommand::ListCommands => Ok(COMMANDS.join("\n")),
            QtpCommand::Quit => return (Ok(String::new()), QtpFlow::Quit),
            QtpCommand::BoardSize(size) => {
                self.set_variant(Variant::new(size, self.variant.walls()))
            }
            QtpCommand::Walls(walls) => self.set_variant(Variant::new(self.variant.size(), walls)),
            QtpCommand::ClearBoard => {
                self.new_game();
                Ok(String::new())
            }
            QtpCommand::Play(colour, mv) => self.play(colour, mv).map(|_| String::new()),
            QtpCommand::GenMove(colour) => self.genmove(colour),
            QtpCommand::Undo(n) => self.undo(n),
            QtpCommand::Winner => Ok(self.winner()),
            QtpCommand::ShowBoard => Ok(self.board()),
        };
        (result, QtpFlow::Continue)
    }

    /// `boardsize`, `walls`: a new board starts a new game.
    fn set_variant(
        &mut self,
        variant: Result<Variant, quoridor_rules::VariantError>,
    ) -> Result<String, QtpCommandError> {
        self.variant = variant.map_err(QtpCommandError::Variant)?;
        self.new_game();
        Ok(String::new())
    }

    /// The start position of the board, a fresh engine and a full clock.
    fn new_game(&mut self) {
        self.game = Game::new(self.variant);
        self.seating = None;
        self.search = new_engine(
            Position::new(self.variant),
            &self.config,
            self.evaluator.clone(),
        );
        self.clock = GameClock::new(self.game_time, self.variant.size());
    }

    /// How the game ended, if it has: a goal, or the ply limit.
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome(self.ply_limit)
    }

    /// The refusal of a move in a game that is over, if it is.
    fn game_over(&self, seating: Seating) -> Option<QtpCommandError> {
        self.outcome().map(|outcome| QtpCommandError::GameOver {
            winner: seating.colour(outcome.winner),
            adjudicated: outcome.adjudication_note(),
        })
    }

    /// The seating and our player for `colour` moving now, if it is
    /// `colour`'s turn in a game still going.
    fn mover(&self, colour: Colour) -> Result<Seating, QtpCommandError> {
        let seating = self.seating.unwrap_or_else(|| Seating::first_mover(colour));
        let position = self.game.position();
        if let Some(over) = self.game_over(seating) {
            return Err(over);
        }
        if seating.player(colour) != position.turn() {
            return Err(QtpCommandError::NotTurn {
                colour,
                to_move: colour.other(),
            });
        }
        Ok(seating)
    }

    /// `playmove`/`playwall`: plays `colour`'s move if it is legal.
    fn play(&mut self, colour: Colour, mv: QtpMove) -> Result<Move, QtpCommandError> {
        let seating = self.mover(colour)?;
        let illegal = |reason| QtpCommandError::Illegal {
            mv: mv.to_string(),
            reason,
        };
        let ours = seating
            .turn_board(mv.mv(), self.variant.size())
            .ok_or_else(|| illegal("it is off the board"))?;
        self.game.play(ours).map_err(|e| illegal(broken_rule(&e)))?;
        self.seating = Some(seating);
        Ok(ours)
    }

    /// `genmove`: the engine thinks for `colour`, plays its move and names it.
    fn genmove(&mut self, colour: Colour) -> Result<String, QtpCommandError> {
        let started = Instant::now();
        let seating = self.mover(colour)?;
        self.search.set_params(SearchParams {
            limits: self.clock.limits_for_move(self.config.params.limits),
            ..self.config.params.clone()
        });
        let start = Position::new(self.variant);
        if self.search.set_game(start, self.game.moves()).is_err() {
            // The game's moves were all checked; start afresh if it disagrees.
            self.search = new_engine(start, &self.config, self.evaluator.clone());
            return Err(QtpCommandError::NoMove);
        }
        let position = *self.game.position();
        let mv = self
            .search
            .think()
            .or_else(|| position.fallback_move())
            .ok_or(QtpCommandError::NoMove)?;
        self.game.play(mv).map_err(|e| QtpCommandError::Illegal {
            mv: mv.to_string(),
            reason: broken_rule(&e),
        })?;
        self.seating = Some(seating);
        self.clock.spend(started.elapsed());
        let theirs = seating
            .turn_board(mv, self.variant.size())
            .ok_or(QtpCommandError::NoMove)?;
        Ok(QtpMove::new(theirs).to_string())
    }

    /// `undo N`: takes back `n` moves, or none if fewer were played.
    fn undo(&mut self, n: usize) -> Result<String, QtpCommandError> {
        let played = self.game.moves().len();
        if n > played {
            return Err(QtpCommandError::UndoTooFar { asked: n, played });
        }
        for _ in 0..n {
            self.game.undo();
        }
        if self.game.moves().is_empty() {
            self.seating = None;
        }
        Ok(String::new())
    }

    /// `winner`: `true white`, `true black` (a goal, or the ply limit's
    /// adjudication) or `false`.
    fn winner(&self) -> String {
        match (self.outcome(), self.seating) {
            (Some(outcome), Some(seating)) => format!("true {}", seating.colour(outcome.winner)),
            _ => "false".to_string(),
        }
    }

    /// `showboard`: our diagram, with which colour is which pawn.
    fn board(&self) -> String {
        let legend = match self.seating {
            Some(Seating::BlackFirst) => {
                "pawn 1 is black (it moved first; the board is shown upside down), pawn 2 is white"
            }
            _ => "pawn 1 is white, pawn 2 is black",
        };
        let diagram = self.game.position().diagram();
        let lines: Vec<&str> = diagram
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::trim_end)
            .collect();
        let over = self
            .seating
            .and_then(|seating| self.game_over(seating))
            .map(|over| format!("\n{over}"))
            .unwrap_or_default();
        format!("\n{}\n{legend}{over}", lines.join("\n"))
    }
}

/// The rule a move breaks, in words that hold on either side of the board.
fn broken_rule(e: &IllegalMove) -> &'static str {
    match e {
        IllegalMove::GameOver { .. } => "the game is over",
        IllegalMove::OffBoard { .. } => "it is off the board",
        IllegalMove::NotReachable { .. } => "the pawn cannot get there in one move",
        IllegalMove::NoWallsLeft { .. } => "no walls left",
        IllegalMove::Overlaps { .. } => "it overlaps a wall",
        IllegalMove::Crosses { .. } => "it crosses a wall",
        IllegalMove::CutsOff { .. } => "it would cut a pawn off from its goal",
    }
}

/// The answer to a request: `=[id] result` or `?[id] message`, then an empty
/// line. A result starting with a line break (a board) starts on the next line.
fn answer(id: Option<u64>, result: &Result<String, QtpCommandError>) -> String {
    let id = id.map(|n| n.to_string()).unwrap_or_default();
    match result {
        Ok(text) if text.is_empty() || text.starts_with('\n') => format!("={id}{text}\n\n"),
        Ok(text) => format!("={id} {text}\n\n"),
        Err(e) => format!("?{id} {e}\n\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answers to `script`, one line per request.
    fn session(script: &str) -> String {
        let mut session = QtpSession::new(
            EngineConfig::uct(SearchParams {
                limits: quoridor_engines::Limits::playouts(50),
                ..SearchParams::default()
            }),
            quoridor_engines::learned::test_evaluator(),
            None,
        );
        let mut out = Vec::new();
        session
            .run(&mut script.as_bytes(), &mut out)
            .expect("reads");
        String::from_utf8(out).expect("utf-8")
    }

    #[test]
    fn answers_carry_the_request_id_and_end_in_an_empty_line() {
        assert_eq!(
            session("7 name\nversion\n"),
            format!("=7 Quoridor UCT\n\n= {}\n\n", env!("CARGO_PKG_VERSION"))
        );
        assert_eq!(session("3 fly\n"), "?3 unknown command \"fly\"\n\n");
    }

    #[test]
    fn black_may_move_first_on_an_upside_down_board() {
        let text = session(
            "boardsize 5\nclear_board\nwalls 2\nplaymove black c4\nplaywall white c4 h\nplaymove black c3\nshowboard\n",
        );
        let answers: Vec<&str> = text.split("\n\n").collect();
        assert_eq!(&answers[..3], ["=", "=", "="]);
        assert_eq!(answers[3], "=", "black steps from c5 to c4");
        // White's wall C4 h lies below c4: black can no longer step down.
        assert_eq!(answers[4], "=");
        assert!(
            answers[5].starts_with("? illegal move C3"),
            "{}",
            answers[5]
        );
        assert!(answers[6].contains("pawn 1 is black"), "{}", answers[6]);
    }

    #[test]
    fn referee_seed_flag_is_read_after_qtp_only() {
        let args = |v: &[&str]| v.iter().map(OsString::from).collect::<Vec<_>>();
        assert_eq!(
            referee_flags(args(&["q", "qtp", "-seed", "5"])),
            args(&["q", "qtp", "--seed", "5"])
        );
        assert_eq!(
            referee_flags(args(&["q", "moves", "-seed"])),
            args(&["q", "moves", "-seed"])
        );
    }
}
