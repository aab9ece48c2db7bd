//! `uci`: the line-based engine protocol described in docs/protocols.md,
//! modelled on UCI.
//!
//! The main thread reads commands; `go` moves the engine ([`quoridor_engines::SearchEngine`]) to a worker
//! thread, which prints `info` lines and the final `bestmove` and hands the
//! search back when it is joined. So `stop` and `isready` are answered while
//! the engine thinks. `position`, `setoption`, `ucinewgame` and `go` sent
//! during a search wait for a search with limits to end (so piped scripts
//! work) and stop an infinite one. Bad input never ends the session: it gets
//! an `info string error: …` line (quoting at most 80 characters of it) and
//! changes nothing — except that every `go` answers `bestmove`, searching
//! without its invalid values. A closed output ends the session quietly.

mod error;
mod go;
mod help;
mod output;
mod seed;
mod think;

use self::error::UciCommandError;
pub use self::error::UciError;
use self::go::Go;
pub use self::help::HELP;
use self::output::Output;
use self::seed::{draw_seed, SeedMode};
/// Also `qtp`'s move when its search had no time for one.
use self::think::{answer_from_table, bestmove_line, think};
use super::protocol_input::ProtocolInput;
use quoridor_engines::{
    admit_option, learned::Evaluator, new_engine, protocol_option_names, set_option_for,
    uci_option_lines, Engine, EngineConfig, GameSetup, OptionError, SearchEngine, SetupOption,
};
use quoridor_rules::{Game, Move, Player, PlyLimit, Position, Variant};
use quoridor_solver::shelf::{Solved, TableShelf};
use quoridor_text::quote_input;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Runs the protocol on standard input (or the `--input` file) and standard
/// output until `quit`, the end of input, or a closed output. Fails if the
/// input file cannot be opened, or if reading the input fails (after saying
/// so on the output and finishing a search under way).
pub fn uci(
    input_args: &ProtocolInput,
    options: &[(String, String)],
    evaluator: Evaluator,
    tables: Option<Arc<TableShelf>>,
) -> Result<(), UciError> {
    let out = Output::new(Box::new(std::io::stdout()));
    let mut engine = UciSession::new(out, evaluator);
    engine.tables = tables;
    for (name, value) in options {
        engine
            .set_option_value(name, value)
            .map_err(|e| UciError::StartOption {
                option: format!("{name}={value}"),
                message: e.to_string(),
            })?;
    }
    let mut input = input_args.open().map_err(UciError::Open)?;
    if input_args.is_a_terminal() {
        // A person, not a GUI: say what this is. A failed write is no reason to stop.
        let _ = writeln!(std::io::stderr(), "{}", help::GREETING);
    }
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {
                // Bytes that are not UTF-8 become U+FFFD and fail as unknown words.
                let line = String::from_utf8_lossy(&buf);
                if engine.handle(&line) == UciFlow::Quit {
                    return Ok(());
                }
                if engine.out.is_closed() {
                    // Nobody reads the answers any more.
                    engine.finish_search(true);
                    return Ok(());
                }
            }
            Err(e) => {
                engine.out.error(&format!("reading input: {e}"));
                engine.end_of_input();
                return Err(UciError::Input(e));
            }
        }
    }
    engine.end_of_input();
    Ok(())
}

/// A command of the protocol, named by its first word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum UciCommand {
    Uci,
    IsReady,
    /// `debug` and `register`: read and ignored.
    Ignored,
    SetOption,
    UciNewGame,
    Position,
    Go,
    Stop,
    Show,
    Quit,
}

/// Every first word the session reads, and its command: the one list the
/// session and `uci --help` ([`HELP`]) share.
const COMMANDS: [(&str, UciCommand); 12] = [
    ("uci", UciCommand::Uci),
    ("isready", UciCommand::IsReady),
    ("setoption", UciCommand::SetOption),
    ("ucinewgame", UciCommand::UciNewGame),
    ("position", UciCommand::Position),
    ("go", UciCommand::Go),
    ("stop", UciCommand::Stop),
    ("show", UciCommand::Show),
    ("d", UciCommand::Show),
    ("debug", UciCommand::Ignored),
    ("register", UciCommand::Ignored),
    ("quit", UciCommand::Quit),
];

/// Whether to keep reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum UciFlow {
    Continue,
    Quit,
}

/// A search running on its thread.
struct Running {
    stop: Arc<AtomicBool>,
    wait_for_stop: bool,
    handle: JoinHandle<Engine>,
}

/// The protocol state: options, the current game and the search (which is
/// away on its thread while it runs).
struct UciSession {
    out: Output,
    /// The engine to build and its settings (the options).
    config: EngineConfig,
    /// What the engines score with (`--eval-file`, else the built-in network).
    evaluator: Evaluator,
    /// Solved tables (`--tables`): a position they cover is answered from
    /// its table, without a search.
    tables: Option<Arc<TableShelf>>,
    /// Whether each game gets a seed from the OS (`seed random`).
    seed_mode: SeedMode,
    variant: Variant,
    /// When the game is over without a winner (the `ply_limit` option).
    ply_limit: PlyLimit,
    game: Game,
    search: Option<Engine>,
    running: Option<Running>,
}

impl UciSession {
    fn new(out: Output, evaluator: Evaluator) -> UciSession {
        let variant = Variant::default();
        let mut engine = UciSession {
            out,
            search: None,
            config: EngineConfig::default(),
            evaluator,
            tables: None,
            seed_mode: SeedMode::Fixed,
            variant,
            ply_limit: PlyLimit::DEFAULT,
            game: Game::new(variant),
            running: None,
        };
        engine.search = Some(engine.fresh_search());
        engine
    }

    /// A new engine (of the kind the options name) for the current game,
    /// board and options.
    fn fresh_search(&self) -> Engine {
        let start = Position::new(self.variant);
        let mut search = new_engine(start, &self.config, self.evaluator.clone());
        // The game's moves were checked when it was set, so they replay.
        let replayed = search.set_game(start, self.game.moves());
        debug_assert!(replayed.is_ok(), "{replayed:?}");
        search
    }

    /// Handles one input line.
    fn handle(&mut self, line: &str) -> UciFlow {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&word, rest)) = words.split_first() else {
            return UciFlow::Continue;
        };
        let Some(&(_, command)) = COMMANDS.iter().find(|(name, _)| *name == word) else {
            self.out.error(
                &UciCommandError::Unknown {
                    command: quote_input(word),
                }
                .to_string(),
            );
            return UciFlow::Continue;
        };
        let result = match command {
            UciCommand::Uci => {
                self.handshake();
                Ok(())
            }
            UciCommand::IsReady => {
                self.out.line("readyok");
                Ok(())
            }
            UciCommand::Ignored => Ok(()),
            UciCommand::SetOption => {
                self.wait_for_search();
                self.set_option(rest)
            }
            UciCommand::UciNewGame => {
                self.wait_for_search();
                // A failed draw is reported; the game starts all the same.
                let reseeded = self.reseed();
                self.game = Game::new(self.variant);
                self.search = Some(self.fresh_search());
                reseeded
            }
            UciCommand::Position => {
                self.wait_for_search();
                self.set_position(rest)
            }
            UciCommand::Go => {
                self.wait_for_search();
                self.go(rest);
                Ok(())
            }
            UciCommand::Stop => {
                self.finish_search(true);
                Ok(())
            }
            UciCommand::Show => {
                self.show();
                Ok(())
            }
            UciCommand::Quit => {
                self.finish_search(true);
                return UciFlow::Quit;
            }
        };
        if let Err(e) = result {
            self.out.error(&e.to_string());
        }
        UciFlow::Continue
    }

    /// At the end of input: a search with limits runs to its end, an
    /// infinite one is stopped.
    fn end_of_input(&mut self) {
        self.wait_for_search();
    }

    /// Before a command that needs the search: commands queue behind a search
    /// with limits (so piped scripts work), and stop an infinite one.
    fn wait_for_search(&mut self) {
        let infinite = self.running.as_ref().is_some_and(|r| r.wait_for_stop);
        self.finish_search(infinite);
    }

    /// Waits for a running search (stopping it first if `stop`) and takes
    /// the search back. Its thread prints `bestmove`.
    fn finish_search(&mut self, stop: bool) {
        let Some(running) = self.running.take() else {
            return;
        };
        if stop {
            running.stop.store(true, Ordering::Relaxed);
        }
        match running.handle.join() {
            Ok(search) => self.search = Some(search),
            Err(_) => {
                self.out
                    .error("the search thread failed; starting a fresh search tree");
                self.search = Some(self.fresh_search());
            }
        }
    }

    fn handshake(&self) {
        // The name of the engine that plays (`--option engine=alphabeta`
        // names alpha-beta); a GUI reads it once, at the handshake.
        let name = super::protocol_names::engine_name(self.config.kind);
        self.out.line(&format!("id name {name}"));
        self.out.line("id author the Quoridor UCT authors");
        for line in uci_option_lines(&self.config, &self.setup()) {
            self.out.line(&line);
        }
        self.out.line("uciok");
    }

    fn show(&self) {
        for line in self.game.position().diagram().lines() {
            self.out.line(&format!("info string {line}"));
        }
        let record = self.game.record_with_result(self.ply_limit);
        self.out.line(&format!("info string record: {record}"));
    }

    /// The board and the ply limit the options set.
    fn setup(&self) -> GameSetup {
        GameSetup {
            variant: self.variant,
            ply_limit: self.ply_limit,
        }
    }

    /// `setoption name N value V`.
    fn set_option(&mut self, words: &[&str]) -> Result<(), UciCommandError> {
        if words.first() != Some(&"name") {
            return Err(UciCommandError::SetOptionUsage);
        }
        let value_at = words.iter().position(|w| *w == "value");
        let name_words = &words[1..value_at.unwrap_or(words.len())];
        if name_words.is_empty() {
            return Err(UciCommandError::SetOptionUsage);
        }
        let name = name_words.join(" ");
        let value = value_at.map(|i| words[i + 1..].join(" "));
        self.set_option_value(&name, value.as_deref().unwrap_or(""))
    }

    /// Sets option `name` (any case) to `value`, as `setoption` does.
    fn set_option_value(&mut self, name: &str, value: &str) -> Result<(), UciCommandError> {
        let name = name.to_ascii_lowercase();
        match name.parse::<SetupOption>() {
            Ok(option) => {
                let mut setup = self.setup();
                let mut config = self.config.clone();
                option.set(&mut setup, &mut config, value)?;
                admit_option(&self.evaluator, &config, &name, value)?;
                self.config = config;
                self.ply_limit = setup.ply_limit;
                if setup.variant != self.variant {
                    // A new board: back to its start position.
                    let variant = setup.variant;
                    self.variant = variant;
                    self.game = Game::new(variant);
                    self.search = Some(self.fresh_search());
                }
            }
            Err(_) if name == "seed" && SeedMode::of_value(value) == SeedMode::Random => {
                self.seed_mode = SeedMode::Random;
                self.reseed()?;
            }
            Err(_) => {
                set_option_for(&self.evaluator, &mut self.config, &name, value).map_err(
                    |e| match e {
                        // The protocol knows the board's options too.
                        OptionError::Unknown { .. } => {
                            OptionError::unknown(&name, protocol_option_names())
                        }
                        e => e,
                    },
                )?;
                if name == "seed" {
                    self.seed_mode = SeedMode::Fixed;
                }
            }
        }
        Ok(())
    }

    /// With `seed random`, a new seed from the OS for the next search.
    fn reseed(&mut self) -> Result<(), UciCommandError> {
        if self.seed_mode == SeedMode::Random {
            self.config.params.seed = draw_seed().map_err(|error| UciCommandError::RandomSeed {
                error,
                kept: self.config.params.seed,
            })?;
        }
        Ok(())
    }

    /// `position startpos [moves m1 m2 …]`. All or nothing: a bad move keeps
    /// the previous position.
    fn set_position(&mut self, words: &[&str]) -> Result<(), UciCommandError> {
        let usage = |got: Option<&str>| UciCommandError::PositionUsage {
            got: got.map(quote_input),
        };
        let (first, rest) = words.split_first().ok_or_else(|| usage(None))?;
        if *first != "startpos" {
            return Err(usage(Some(first)));
        }
        let moves = match rest.split_first() {
            None => &[][..],
            Some((&"moves", moves)) => moves,
            Some((other, _)) => return Err(usage(Some(other))),
        };
        let mut game = Game::new(self.variant);
        for (i, text) in moves.iter().enumerate() {
            let index = i + 1;
            let mv: Move = text.parse().map_err(|error| UciCommandError::NotAMove {
                index,
                text: quote_input(text),
                error,
            })?;
            game.play(mv)
                .map_err(|error| UciCommandError::IllegalMove { index, mv, error })?;
        }
        let start = Position::new(self.variant);
        let mut search = match self.search.take() {
            Some(search) => search,
            None => self.fresh_search(),
        };
        let accepted = search.set_game(start, game.moves());
        self.search = Some(search);
        accepted.map_err(UciCommandError::SearchRefused)?;
        self.game = game;
        Ok(())
    }

    /// What the solved tables say of `position`, if they cover it; a
    /// table that cannot be read is reported (and searched without).
    fn solved(&self, position: &Position) -> Option<Solved> {
        match self.tables.as_ref()?.lookup(position)? {
            Ok(solved) => Some(solved),
            Err(e) => {
                self.out.error(&format!("the solved table: {e}"));
                None
            }
        }
    }

    /// `go …` (see [`Go`]); plain `go` uses the options' limits. Always ends
    /// in `bestmove`: an invalid value is reported and left out (the valid
    /// limits given are kept, else the options' are used), unknown words are
    /// ignored with a warning.
    fn go(&mut self, words: &[&str]) {
        let position = *self.game.position();
        let mover = position.turn();
        let go = Go::parse(words);
        for bad in &go.bad {
            self.out.error(&bad.to_string());
        }
        if !go.ignored.is_empty() {
            self.out.warning(&format!(
                "ignoring go {}",
                quote_input(&go.ignored.join(" "))
            ));
        }
        if go.lacks_clock_of(mover) {
            let clock = if mover == Player::One {
                "wtime"
            } else {
                "btime"
            };
            self.out.warning(&format!(
                "go gives no {clock} for the side to move; the clocks are not used"
            ));
        }
        let plan = go.plan(mover, self.config.params.limits);
        // A game won, or at the ply limit, has no move to search: say why
        // and answer `go` all the same.
        if let Some(outcome) = self.game.outcome(self.ply_limit) {
            self.out.error(&format!("the game is over: {outcome}"));
            self.out.line("bestmove (none)");
            return;
        }
        let solved = self.solved(&position);
        let mut config = self.config.clone();
        config.params.limits = plan.limits;
        if let Some(depth) = plan.depth {
            // Alpha-beta stops after that iteration; UCT ignores the field
            // and the think thread checks its principal variation.
            config.alphabeta.max_depth = Some(u32::try_from(depth.get()).unwrap_or(u32::MAX));
        }
        let mut search = match self.search.take() {
            Some(search) if search.kind() == config.kind => search,
            _ => self.fresh_search(),
        };
        let configured = search.configure(&config);
        debug_assert!(configured, "the engine is of the kind configured");
        // Start on this thread, so a `stop` read right after cannot be lost.
        search.start();
        let stop = search.stop_flag();
        let out = self.out.clone();
        let spawned =
            std::thread::Builder::new()
                .name("search".into())
                .spawn(move || match solved {
                    Some(solved) => answer_from_table(search, out, plan, &solved),
                    None => think(search, out, plan),
                });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    stop,
                    wait_for_stop: plan.wait_for_stop,
                    handle,
                })
            }
            Err(e) => {
                self.out
                    .error(&format!("cannot start the search thread: {e}"));
                self.out.line(&bestmove_line(position.fallback_move()));
                self.search = Some(self.fresh_search());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_engines::SearchParams;
    use std::io::Write;
    use std::sync::Mutex;

    fn engine() -> (UciSession, Arc<Mutex<Vec<u8>>>) {
        #[derive(Clone)]
        struct SharedBuffer(Arc<Mutex<Vec<u8>>>);
        impl Write for SharedBuffer {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.0.lock().expect("lock").extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let buf = Arc::new(Mutex::new(Vec::new()));
        let out = Output::new(Box::new(SharedBuffer(buf.clone())));
        (
            UciSession::new(out, quoridor_engines::learned::test_evaluator()),
            buf,
        )
    }

    #[test]
    fn every_option_can_be_set_to_its_advertised_default() {
        let (mut e, buf) = engine();
        for line in uci_option_lines(&EngineConfig::default(), &e.setup()) {
            let words: Vec<&str> = line.split_whitespace().collect();
            let name = words[2];
            let default = words[words.iter().position(|w| *w == "default").expect("default") + 1];
            e.handle(&format!("setoption name {name} value {default}"));
        }
        let text = String::from_utf8(buf.lock().expect("lock").clone()).expect("utf8");
        assert_eq!(text, "", "no errors expected");
        assert_eq!(e.config.params, SearchParams::default());
    }

    #[test]
    fn seed_random_draws_a_seed_per_game_until_a_number_fixes_it() {
        let (mut e, buf) = engine();
        e.handle("setoption name seed value random");
        let first = e.config.params.seed;
        e.handle("ucinewgame");
        let second = e.config.params.seed;
        e.handle("ucinewgame");
        let third = e.config.params.seed;
        // Three equal 32-bit draws in a row would mean a broken OS source.
        assert!(
            first != second || second != third,
            "{first} {second} {third}"
        );
        assert_eq!(e.search.as_ref().map(|s| s.params().seed), Some(third));
        e.handle("setoption name Seed value 7");
        e.handle("ucinewgame");
        assert_eq!(e.config.params.seed, 7);
        let text = String::from_utf8(buf.lock().expect("lock").clone()).expect("utf8");
        assert_eq!(text, "", "no errors expected");
    }

    #[test]
    fn a_fixed_seed_stays_across_games() {
        let (mut e, _) = engine();
        e.handle("ucinewgame");
        assert_eq!(e.config.params.seed, SearchParams::default().seed);
        e.handle("setoption name seed value 12");
        e.handle("ucinewgame");
        assert_eq!(e.config.params.seed, 12);
    }
}
