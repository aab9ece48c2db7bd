//! `uci`: the line-based engine protocol of DESIGN §4, modelled on UCI.
//!
//! The main thread reads commands; `go` moves the [`Search`] to a worker
//! thread, which prints `info` lines and the final `bestmove` and hands the
//! search back when it is joined. So `stop` and `isready` are answered while
//! the engine thinks. `position`, `setoption`, `ucinewgame` and `go` sent
//! during a search wait for a search with limits to end (so piped scripts
//! work) and stop an infinite one. Bad input never ends the session: it gets
//! an `info string error: …` line and changes nothing.

use crate::game::{Game, Move, Position, Square, Variant, MAX_SIZE, MAX_WALLS, MIN_SIZE};
use crate::search::{now_ms, option_value, set_option, Search, SearchInfo, SearchParams, Slice};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// How often a running search reports, in milliseconds.
const INFO_INTERVAL_MS: f64 = 500.0;
/// Length of one search slice between checks for reporting, in milliseconds.
const SLICE_MS: f64 = 50.0;
/// Longest principal variation printed.
const PV_MOVES: usize = 24;

/// Runs the protocol on standard input and output until `quit` or end of input.
pub fn uci() -> Result<(), String> {
    let out = Output(Arc::new(Mutex::new(Box::new(std::io::stdout()))));
    let mut engine = Engine::new(out);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {
                // Bytes that are not UTF-8 become U+FFFD and fail as unknown words.
                let line = String::from_utf8_lossy(&buf);
                if engine.handle(&line) == Flow::Quit {
                    return Ok(());
                }
            }
            Err(e) => {
                engine.out.error(&format!("reading input: {e}"));
                break;
            }
        }
    }
    engine.end_of_input();
    Ok(())
}

/// Where protocol lines go: shared by the reader and the search thread, one
/// whole line at a time. Write errors (a closed pipe) are ignored.
#[derive(Clone)]
struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    fn line(&self, text: &str) {
        let mut w = match self.0.lock() {
            Ok(w) => w,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }

    fn error(&self, message: &str) {
        self.line(&format!("info string error: {message}"));
    }
}

/// Whether to keep reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// A search running on its thread.
struct Running {
    stop: Arc<AtomicBool>,
    infinite: bool,
    handle: JoinHandle<Search>,
}

/// The protocol state: options, the current game and the search (which is
/// away on its thread while it runs).
struct Engine {
    out: Output,
    params: SearchParams,
    variant: Variant,
    game: Game,
    search: Option<Search>,
    running: Option<Running>,
}

impl Engine {
    fn new(out: Output) -> Engine {
        let variant = Variant::default();
        let params = SearchParams::default();
        Engine {
            out,
            search: Some(Search::new(Position::new(variant), params.clone())),
            params,
            variant,
            game: Game::new(variant),
            running: None,
        }
    }

    /// Handles one input line.
    fn handle(&mut self, line: &str) -> Flow {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            return Flow::Continue;
        };
        match command {
            "uci" => self.handshake(),
            "isready" => self.out.line("readyok"),
            "debug" | "register" => {}
            "setoption" => {
                self.wait_for_search();
                if let Err(e) = self.set_option(rest) {
                    self.out.error(&e);
                }
            }
            "ucinewgame" => {
                self.wait_for_search();
                self.game = Game::new(self.variant);
                self.search = Some(Search::new(
                    Position::new(self.variant),
                    self.params.clone(),
                ));
            }
            "position" => {
                self.wait_for_search();
                if let Err(e) = self.set_position(rest) {
                    self.out.error(&e);
                }
            }
            "go" => {
                self.wait_for_search();
                if let Err(e) = self.go(rest) {
                    self.out.error(&e);
                }
            }
            "stop" => self.finish_search(true),
            "show" | "d" => self.show(),
            "quit" => {
                self.finish_search(true);
                return Flow::Quit;
            }
            other => self.out.error(&format!(
                "unknown command {other:?} (expected uci, isready, setoption, ucinewgame, \
                 position, go, stop, show or quit)"
            )),
        }
        Flow::Continue
    }

    /// At the end of input: a search with limits runs to its end, an
    /// infinite one is stopped.
    fn end_of_input(&mut self) {
        self.wait_for_search();
    }

    /// Before a command that needs the search: commands queue behind a search
    /// with limits (so piped scripts work), and stop an infinite one.
    fn wait_for_search(&mut self) {
        let infinite = self.running.as_ref().is_some_and(|r| r.infinite);
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
                let mut search = Search::new(Position::new(self.variant), self.params.clone());
                // The game was accepted before, so its moves are legal.
                let _ = search.set_game(Position::new(self.variant), self.game.moves());
                self.search = Some(search);
            }
        }
    }

    fn search_mut(&mut self) -> &mut Search {
        let variant = self.variant;
        let params = self.params.clone();
        self.search
            .get_or_insert_with(|| Search::new(Position::new(variant), params))
    }

    fn handshake(&self) {
        self.out.line("id name Quoridor UCT");
        self.out.line("id author the Quoridor UCT authors");
        for line in option_lines(&SearchParams::default(), Variant::default()) {
            self.out.line(&line);
        }
        self.out.line("uciok");
    }

    fn show(&self) {
        for line in self.game.position().diagram().lines() {
            self.out.line(&format!("info string {line}"));
        }
        self.out.line(&format!("info string record: {}", self.game));
    }

    /// `setoption name N value V`.
    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        let usage = "expected: setoption name <option> value <value>";
        if words.first() != Some(&"name") {
            return Err(usage.into());
        }
        let value_at = words.iter().position(|w| *w == "value");
        let name_words = &words[1..value_at.unwrap_or(words.len())];
        if name_words.is_empty() {
            return Err(usage.into());
        }
        let name = name_words.join(" ").to_ascii_lowercase();
        let value = value_at.map(|i| words[i + 1..].join(" "));
        let value = value.as_deref().unwrap_or("");
        match name.as_str() {
            "board_size" | "walls" => {
                let n: u8 = value
                    .parse()
                    .map_err(|_| format!("option {name} needs a whole number, got {value:?}"))?;
                let (size, walls) = if name == "board_size" {
                    (n, self.variant.walls())
                } else {
                    (self.variant.size(), n)
                };
                let variant =
                    Variant::new(size, walls).map_err(|e| format!("option {name}: {e}"))?;
                if variant != self.variant {
                    // A new board: back to its start position.
                    self.variant = variant;
                    self.game = Game::new(variant);
                    let start = Position::new(variant);
                    self.search_mut()
                        .set_game(start, &[])
                        .map_err(|e| e.to_string())?;
                }
                Ok(())
            }
            _ => {
                let mut params = self.params.clone();
                set_option(&mut params, &name, value)?;
                self.params = params;
                Ok(())
            }
        }
    }

    /// `position startpos [moves m1 m2 …]`. All or nothing: a bad move keeps
    /// the previous position.
    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let usage = "expected: position startpos [moves m1 m2 …]";
        let (first, rest) = words.split_first().ok_or(usage)?;
        if *first != "startpos" {
            return Err(format!("{usage} (got {first:?})"));
        }
        let moves = match rest.split_first() {
            None => &[][..],
            Some((&"moves", moves)) => moves,
            Some((other, _)) => return Err(format!("{usage} (got {other:?})")),
        };
        let mut game = Game::new(self.variant);
        for (i, text) in moves.iter().enumerate() {
            let index = i + 1;
            let mv: Move = text.parse().map_err(|e| {
                format!("move {index} {text:?} is not a move: {e}; position unchanged")
            })?;
            game.play(mv)
                .map_err(|e| format!("move {index} ({mv}) is illegal: {e}; position unchanged"))?;
        }
        let start = Position::new(self.variant);
        self.search_mut()
            .set_game(start, game.moves())
            .map_err(|e| e.to_string())?;
        self.game = game;
        Ok(())
    }

    /// `go [movetime MS] [nodes N] [infinite]`; plain `go` uses the options'
    /// limits. Starts the search thread.
    fn go(&mut self, words: &[&str]) -> Result<(), String> {
        let mut movetime = None;
        let mut nodes = None;
        let mut infinite = false;
        let mut it = words.iter();
        while let Some(&word) = it.next() {
            match word {
                "infinite" => infinite = true,
                "movetime" | "nodes" => {
                    let v = it
                        .next()
                        .ok_or_else(|| format!("go {word} needs a number"))?;
                    let n: u64 =
                        v.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                            format!("go {word} needs a positive number, got {v:?}")
                        })?;
                    if word == "movetime" {
                        movetime = Some(n);
                    } else {
                        nodes = Some(n);
                    }
                }
                other => {
                    return Err(format!(
                        "unknown go parameter {other:?} (expected movetime MS, nodes N or infinite)"
                    ))
                }
            }
        }
        let mut params = self.params.clone();
        if infinite {
            params.playouts = 0;
            params.time_ms = 0;
        } else if movetime.is_some() || nodes.is_some() {
            params.playouts = nodes.unwrap_or(0);
            params.time_ms = movetime.unwrap_or(0);
        }
        // Without any limit the search runs until `stop`.
        let infinite = params.playouts == 0 && params.time_ms == 0;
        let position = *self.game.position();
        if let Some(winner) = position.winner() {
            self.out
                .error(&format!("the game is over: {winner} has won"));
            self.out.line("bestmove (none)");
            return Ok(());
        }
        let mut search = self.search.take().unwrap_or_else(|| {
            let mut s = Search::new(Position::new(self.variant), self.params.clone());
            let _ = s.set_game(Position::new(self.variant), self.game.moves());
            s
        });
        search.set_params(params);
        // Start on this thread, so a `stop` read right after cannot be lost.
        search.start();
        let stop = search.stop_flag();
        let out = self.out.clone();
        let handle = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || think(search, out, infinite))
            .map_err(|e| format!("cannot start the search thread: {e}"))?;
        self.running = Some(Running {
            stop,
            infinite,
            handle,
        });
        Ok(())
    }
}

/// The search thread: runs in slices, reports every [`INFO_INTERVAL_MS`],
/// and ends with a last `info` and `bestmove`. An infinite search that
/// finishes early (a proof) waits for `stop` before answering.
fn think(mut search: Search, out: Output, infinite: bool) -> Search {
    let stop = search.stop_flag();
    let mut last_report = now_ms();
    loop {
        let finished = search.run(Slice::time(SLICE_MS));
        if finished {
            break;
        }
        if now_ms() - last_report >= INFO_INTERVAL_MS {
            out.line(&info_line(&search.info(0)));
            last_report = now_ms();
        }
    }
    if infinite {
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
    let info = search.info(0);
    out.line(&info_line(&info));
    let best = info.best_move.or_else(|| fallback_move(search.root()));
    out.line(&match best {
        Some(mv) => format!("bestmove {mv}"),
        None => "bestmove (none)".to_string(),
    });
    search
}

/// A move when the search had no time for any: a shortest-path pawn step.
fn fallback_move(pos: &Position) -> Option<Move> {
    let toward_goal = pos.closest_to_goal(pos.turn(), pos.pawn_targets());
    toward_goal
        .first()
        .map(|s| Move::Pawn(Square::from_index(s, pos.size())))
        .or_else(|| pos.legal_moves().first().copied())
}

/// `info depth … seldepth … nodes … playouts … nps … time … score … pv …`.
/// `depth` is the mean depth of the nodes playouts started from, `seldepth`
/// the deepest; `score winprob` is the side to move's win probability in
/// percent, or `score proven win|loss` once the solver has proven it.
pub fn info_line(info: &SearchInfo) -> String {
    let score = match info.proven_winner {
        Some(p) if p == info.side_to_move => "proven win".to_string(),
        Some(_) => "proven loss".to_string(),
        None => format!("winprob {:.1}", info.win_probability * 100.0),
    };
    let mut line = format!(
        "info depth {} seldepth {} nodes {} playouts {} nps {:.0} time {:.0} score {}",
        info.mean_depth.round() as u64,
        info.max_depth,
        info.nodes,
        info.playouts,
        info.playouts_per_sec,
        info.elapsed_ms,
        score
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for mv in info.pv.iter().take(PV_MOVES) {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
    }
    line
}

/// The `option` lines of the handshake: every [`SearchParams`] field (its
/// snake_case name), then `board_size`, `walls` and `preset`.
fn option_lines(p: &SearchParams, variant: Variant) -> Vec<String> {
    // Destructured in full so that a new field fails to compile here until
    // it has an option.
    let SearchParams {
        playouts,
        time_ms,
        uct_c,
        max_playout_moves,
        wall_weight,
        score_slope,
        skip_from_depth,
        smart_playouts,
        remember_overlapping_walls,
        remember_blocking_walls,
        losing_move_detection,
        tree_reuse,
        solver,
        playout_policy: _,
        path_bias,
        near_walls_only,
        widening,
        tempo,
        final_move: _,
        win_length_penalty,
        node_budget,
        seed,
    } = p;
    let spin = |name: &str, v: u64, min: u64, max: u64| {
        format!("option name {name} type spin default {v} min {min} max {max}")
    };
    let check = |name: &str, v: bool| format!("option name {name} type check default {v}");
    let string = |name: &str, v: String| format!("option name {name} type string default {v}");
    let optional = |v: Option<u32>, none: &str| v.map_or(none.to_string(), |n| n.to_string());
    vec![
        spin("playouts", *playouts, 0, u32::MAX as u64),
        spin("time_ms", *time_ms, 0, u32::MAX as u64),
        string("uct_c", uct_c.to_string()),
        string(
            "max_playout_moves",
            optional(*max_playout_moves, "unlimited"),
        ),
        string("wall_weight", wall_weight.to_string()),
        string("score_slope", score_slope.to_string()),
        string("skip_from_depth", optional(*skip_from_depth, "off")),
        check("smart_playouts", *smart_playouts),
        check("remember_overlapping_walls", *remember_overlapping_walls),
        check("remember_blocking_walls", *remember_blocking_walls),
        check("losing_move_detection", *losing_move_detection),
        check("tree_reuse", *tree_reuse),
        check("solver", *solver),
        format!(
            "option name playout_policy type combo default {} var uniform var shortest_path",
            option_value(p, "playout_policy").unwrap_or_default()
        ),
        string("path_bias", path_bias.to_string()),
        check("near_walls_only", *near_walls_only),
        string("widening", widening.to_string()),
        string("tempo", tempo.to_string()),
        format!(
            "option name final_move type combo default {} var most_visits var best_winrate",
            option_value(p, "final_move").unwrap_or_default()
        ),
        string("win_length_penalty", win_length_penalty.to_string()),
        spin("node_budget", *node_budget as u64, 1, u32::MAX as u64),
        spin("seed", *seed, 0, u32::MAX as u64),
        spin(
            "board_size",
            variant.size() as u64,
            MIN_SIZE as u64,
            MAX_SIZE as u64,
        ),
        spin("walls", variant.walls() as u64, 0, MAX_WALLS as u64),
        "option name preset type combo default default var thesis var default var easy".to_string(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> (Engine, Arc<Mutex<Vec<u8>>>) {
        #[derive(Clone)]
        struct Shared(Arc<Mutex<Vec<u8>>>);
        impl Write for Shared {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.0.lock().expect("lock").extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let buf = Arc::new(Mutex::new(Vec::new()));
        let out = Output(Arc::new(Mutex::new(Box::new(Shared(buf.clone())))));
        (Engine::new(out), buf)
    }

    #[test]
    fn every_option_can_be_set_to_its_advertised_default() {
        let (mut e, buf) = engine();
        for line in option_lines(&SearchParams::default(), Variant::default()) {
            let words: Vec<&str> = line.split_whitespace().collect();
            let name = words[2];
            let default = words[words.iter().position(|w| *w == "default").expect("default") + 1];
            e.handle(&format!("setoption name {name} value {default}"));
        }
        let text = String::from_utf8(buf.lock().expect("lock").clone()).expect("utf8");
        assert_eq!(text, "", "no errors expected");
        assert_eq!(e.params, SearchParams::default());
    }
}
