//! `quoridor qtp` as a subprocess: a scripted QTP session through every
//! command, and the arena's QTP side against a test double
//! (`tests/fixtures/qtp_list_engine.sh`) and against `quoridor qtp` itself.

use crate::common;

use quoridor_engines::learned::Evaluator;
use quoridor_engines::{new_engine, EngineKind, Limits, SearchParams};
use quoridor_engines::{EngineConfig, SearchEngine};
use quoridor_rules::{Game, QtpMove, Variant};
use serde_json::Value;
use std::path::PathBuf;
use std::process::Output;

/// The engines' evaluator: the network built in (none in a build without
/// weights).
fn evaluator() -> Evaluator {
    Evaluator::embedded().expect("the built-in network loads")
}

/// Runs `quoridor qtp FLAGS` with `script` on stdin; the process's output.
fn run_qtp(flags: &[&str], script: &str) -> Output {
    let mut args = vec!["qtp"];
    args.extend_from_slice(flags);
    common::quoridor_with_input(&args, script)
}

/// The answers to `script` (one request a line), each checked to be
/// `=…`/`?…` followed by an empty line.
fn answers(flags: &[&str], script: &str) -> Vec<String> {
    let out = run_qtp(flags, script);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.ends_with("\n\n"),
        "every answer ends in an empty line: {text:?}"
    );
    let answers: Vec<String> = text
        .strip_suffix("\n\n")
        .unwrap_or(&text)
        .split("\n\n")
        .map(str::to_string)
        .collect();
    for a in &answers {
        assert!(
            a.starts_with('=') || a.starts_with('?'),
            "{a:?} in {text:?}"
        );
    }
    answers
}

#[test]
fn a_scripted_session_answers_every_command() {
    let script = "\
1 name
version
known_command genmove
known_command fly
list_commands
boardsize 9
clear_board
walls 10
playmove white e2
playmove white e3
playmove black e7
playmove black e8
playwall white c6 vertical
playwall black c7 v
playwall black C6 H
playwall black e3 h
showboard
undo 99
genmove white
undo
winner
# a short game to the end on 3x3 without walls
boardsize 3
walls 0
clear_board
playmove white a1
playmove black a3
playmove white a2
playmove black b3
playmove white a3
winner
genmove black
undo
winner
genmove white
quit
name
";
    let a = answers(&["--time-ms", "50"], script);
    assert_eq!(a.len(), 35, "nothing is answered after quit: {a:#?}");
    assert_eq!(a[0], "=1 Quoridor UCT");
    assert_eq!(a[1], format!("= {}", env!("CARGO_PKG_VERSION")));
    assert_eq!((a[2].as_str(), a[3].as_str()), ("= true", "= false"));
    for command in ["name", "playwall", "genmove", "undo", "winner", "showboard"] {
        assert!(
            a[4].lines().any(|l| l.trim_start_matches("= ") == command),
            "{}",
            a[4]
        );
    }
    assert_eq!(&a[5..9], ["=", "=", "=", "="]);
    assert_eq!(a[9], "? it is black's turn, not white's");
    assert_eq!(
        a[10],
        "? illegal move E7: the pawn cannot get there in one move"
    );
    // Refused, nothing changed: black is still to move from e9.
    assert_eq!(a[11], "=");
    assert_eq!(a[12], "=", "QTP c6 vertical is our c5v");
    assert_eq!(
        a[13], "? illegal move C7 v: it overlaps a wall",
        "our c6v overlaps c5v"
    );
    assert_eq!(
        a[14], "? illegal move C6 h: it crosses a wall",
        "our c5h crosses c5v"
    );
    assert_eq!(a[15], "=");
    let board = &a[16];
    assert!(
        board.starts_with("=\n") && board.contains("pawn 1 is white"),
        "{board}"
    );
    // Our e2h (QTP e3 h) lies between ranks 2 and 3, drawn under rank 3.
    let under_rank_3 = board
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("3 |"))
        .nth(1)
        .expect("the groove under rank 3");
    assert_eq!(&under_rank_3[21..28], "=======", "{board}");
    assert!(a[17].starts_with("? cannot undo 99 moves"), "{}", a[17]);
    let generated = a[18].strip_prefix("= ").expect("a move");
    assert!(
        generated.split(' ').count() == 1 || generated.ends_with(" h") || generated.ends_with(" v"),
        "{generated}"
    );
    assert_eq!((a[19].as_str(), a[20].as_str()), ("=", "= false"));
    assert_eq!(&a[21..29], ["=", "=", "=", "=", "=", "=", "=", "="]);
    assert_eq!(a[29], "= true white");
    assert_eq!(a[30], "? the game is over: white has won");
    assert_eq!((a[31].as_str(), a[32].as_str()), ("=", "= false"));
    assert!(a[33].starts_with("= "), "{}", a[33]);
    assert_eq!(a[34], "=");
}

/// QTP requests for 296 plies of pawn shuffling (both pawns back home),
/// then white steps to e3 while black places two walls far from both
/// paths (QTP's `a9 h` and `a7 h` are our a8h and a6h): 300 plies, white's
/// path 6 against black's 8.
fn three_hundred_plies() -> String {
    let shuffle = "playmove white d1\nplaymove black d9\nplaymove white e1\nplaymove black e9\n";
    format!(
        "{}playmove white e2\nplaywall black a9 h\nplaymove white e3\nplaywall black a7 h\n",
        shuffle.repeat(74)
    )
}

#[test]
fn a_game_at_the_ply_limit_is_over_and_winner_names_the_adjudicated_side() {
    let script = format!(
        "{}genmove white\nplaymove white e4\nwinner\nshowboard\n",
        three_hundred_plies()
    );
    let a = answers(&["--time-ms", "20"], &script);
    assert!(
        a[..300].iter().all(|answer| answer == "="),
        "{:?}",
        &a[..300]
    );
    let over = "? the game is over: white has won, adjudicated at the 300-ply limit (paths 6 to 8)";
    assert_eq!(a[300], over);
    assert_eq!(a[301], over);
    assert_eq!(a[302], "= true white");
    assert!(
        a[303].ends_with(&format!("\n{}", &over[2..])),
        "showboard says so: {}",
        a[303]
    );
    // `--ply-limit 0` (a referee's games have no limit) and a longer
    // limit let the game go on.
    for limit in ["0", "400"] {
        let a = answers(
            &["--time-ms", "20", "--ply-limit", limit],
            &format!("{}genmove white\nwinner\n", three_hundred_plies()),
        );
        assert!(a[300].starts_with("= "), "--ply-limit {limit}: {}", a[300]);
        assert_eq!(a[301], "= false");
    }
}

#[test]
fn a_generated_move_reads_back_as_the_same_qtp_move() {
    // Whatever genmove names, undoing it and playing the name is accepted.
    let a = answers(
        &["--time-ms", "30", "-seed", "11"],
        "boardsize 5\nclear_board\nwalls 2\ngenmove white\ngenmove black\n",
    );
    let (white, black) = (&a[3][2..], &a[4][2..]);
    let play = |colour: &str, mv: &str| match mv.split_once(' ') {
        Some((square, orientation)) => format!("playwall {colour} {square} {orientation}"),
        None => format!("playmove {colour} {mv}"),
    };
    let replay = format!(
        "boardsize 5\nclear_board\nwalls 2\n{}\n{}\n",
        play("white", white),
        play("black", black)
    );
    assert_eq!(answers(&[], &replay), ["=", "=", "=", "=", "="]);
}

#[test]
fn black_moves_first_as_the_referee_has_it() {
    let a = answers(
        &["--time-ms", "20"],
        "boardsize 5\nclear_board\nwalls 2\nplaymove black c4\nplaywall white c4 h\nplaymove black c3\ngenmove black\nwinner\n",
    );
    assert_eq!(&a[..5], ["=", "=", "=", "=", "="]);
    assert_eq!(
        a[5],
        "? illegal move C3: the pawn cannot get there in one move"
    );
    assert!(a[6].starts_with("= "), "{}", a[6]);
    assert_eq!(a[7], "= false");
}

#[test]
fn engine_flags_are_checked_before_the_session() {
    let ok = run_qtp(
        &[
            "-seed",
            "7",
            "--preset",
            "thesis",
            "--option",
            "uct_c=0.2",
            "--game-time",
            "30",
            "--time-ms",
            "0",
        ],
        "name\n",
    );
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    for flags in [
        &["--option", "uct_c"][..],
        &["--option", "no_such=1"],
        &["--preset", "fast"],
        &["--game-time", "0"],
        &["-seed", "x"],
    ] {
        let out = run_qtp(flags, "name\n");
        assert_eq!(out.status.code(), Some(2), "{flags:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error:"), "{flags:?}: {err}");
        assert!(out.stdout.is_empty(), "{flags:?}");
    }
}

/// The move `kind` picks after `moves` on the 5×5 board with two walls each,
/// searching `nodes` playouts (nodes for alpha-beta), in QTP's words.
fn library_move(kind: EngineKind, moves: &str, nodes: u64) -> String {
    let variant = Variant::new(5, 2).expect("5x5");
    let mut game = Game::new(variant);
    for mv in moves.split_whitespace() {
        game.play(mv.parse().expect("a move")).expect("legal");
    }
    let params = SearchParams {
        limits: Limits::playouts(nodes),
        ..SearchParams::default()
    };
    let mut engine = new_engine(
        *game.position(),
        &EngineConfig::of_kind(kind, params),
        evaluator(),
    );
    let mv = engine.think().expect("a move");
    QtpMove::new(mv).to_string()
}

#[test]
fn the_engine_option_picks_alpha_beta_for_qtp() {
    // After c2 c4 the two engines disagree on white's move at this budget,
    // so the move QTP answers shows which engine thought.
    let (ab, uct) = (
        library_move(EngineKind::AlphaBeta, "c2 c4", 3000),
        library_move(EngineKind::Uct, "c2 c4", 3000),
    );
    assert_ne!(ab, uct, "the position tells the engines apart");
    let script = "name\nboardsize 5\nclear_board\nwalls 2\nplaymove white c2\nplaymove black c4\ngenmove white\n";
    let flags = ["--option", "playouts=3000", "--time-ms", "0"];
    let a = answers(
        &[&flags[..], &["--option", "engine=alphabeta"]].concat(),
        script,
    );
    assert_eq!(a[0], "= Quoridor alpha-beta");
    assert_eq!(a[6], format!("= {ab}"));
    let a = answers(&flags, script);
    assert_eq!(a[0], "= Quoridor UCT");
    assert_eq!(a[6], format!("= {uct}"));
}

/// A scratch directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    common::scratch("qtp", name)
}

/// Runs the arena on 5x5 with 2 walls; the JSON summary.
fn arena(name: &str, extra: &[&str]) -> Value {
    common::arena(&scratch(name), extra).1
}

/// The double's command: moves for white and for black, and its log.
fn double(white: &str, black: &str, log: &std::path::Path) -> String {
    format!(
        "qtp:sh tests/fixtures/qtp_list_engine.sh '{white}' '{black}' '{}'",
        log.display()
    )
}

#[test]
fn a_match_against_a_qtp_double_completes_with_walls_named_both_ways() {
    let log = scratch("double").join("commands.log");
    let _ = std::fs::remove_file(&log);
    // White walls off b/c on ranks 2-3 and walks up the a-file; black walls
    // off d/e on ranks 3-4 and walks down the e-file. White arrives first.
    let engine = double(
        "B3 v,B1,A1,A2,A3,A4,A5",
        "D4 vertical,D5,E5,E4,E3,E2,E1",
        &log,
    );
    let s = arena(
        "double",
        &["--engine-a", &engine, "--engine-b", &engine, "--games", "2"],
    );
    for g in s["results"].as_array().expect("results") {
        assert_eq!(g["ending"]["kind"], "goal", "{}", g["ending"]);
        let record = g["record"].as_str().expect("record");
        // QTP B3 v and D4 vertical are our b2v and d3v.
        assert_eq!(
            record,
            "[size 5] [walls 2] b2v d3v b1 d5 a1 e5 a2 e4 a3 e3 a4 e2 a5"
        );
        Game::parse_with_variant(record, Variant::new(5, 2).expect("variant")).expect("legal");
        assert_eq!(g["winner"], if g["a_first"] == true { "A" } else { "B" });
    }
    let log = std::fs::read_to_string(&log).expect("log written");
    for sent in [
        "name",
        "boardsize 5",
        "clear_board",
        "walls 2",
        "playwall white B3 vertical",
        "playwall black D4 vertical",
        "playmove white A4",
        "genmove black",
    ] {
        assert!(log.lines().any(|l| l == sent), "{sent:?} not in {log}");
    }
    // Only the other side hears a move: once in each of the two games.
    assert_eq!(log.lines().filter(|l| *l == "playmove white B1").count(), 2);
}

#[test]
fn a_qtp_double_answering_an_illegal_wall_forfeits() {
    let log = scratch("crossing").join("commands.log");
    // The second wall crosses the first: the same centre, turned.
    let engine = double("C3 h,C3 v", "C3 h,C3 v", &log);
    let s = arena(
        "crossing",
        &[
            "--engine-a",
            &engine,
            "--b",
            "preset=thesis",
            "--games",
            "2",
            "--playouts",
            "30",
        ],
    );
    assert_eq!(s["b"]["wins"], 2);
    assert_eq!(s["a"]["forfeits"], 2);
    for g in s["results"].as_array().expect("results") {
        assert_eq!(g["ending"]["kind"], "illegal", "{}", g["ending"]);
        assert_eq!(g["ending"]["side"], "A");
        let sent = g["ending"]["sent"].as_str().expect("sent");
        assert!(sent == "c2h" || sent == "c2v", "QTP C3 is our c2: {sent}");
    }
}

#[test]
fn quoridor_qtp_against_itself_through_the_arena_plays_legal_games() {
    let exe = env!("CARGO_BIN_EXE_quoridor");
    let engine = format!("qtp:'{exe}' qtp --time-ms 20");
    let s = arena(
        "selfplay",
        &[
            "--engine-a",
            &engine,
            "--engine-b",
            &format!("{engine} -seed 5"),
            "--games",
            "2",
        ],
    );
    assert_eq!(s["a"]["forfeits"], 0, "{}", s["results"]);
    assert_eq!(s["b"]["forfeits"], 0, "{}", s["results"]);
    for g in s["results"].as_array().expect("results") {
        assert_eq!(g["ending"]["kind"], "goal", "{}", g["ending"]);
        let record = g["record"].as_str().expect("record");
        let game = Game::parse_with_variant(record, Variant::new(5, 2).expect("variant"))
            .expect("every move legal");
        assert!(game.winner().is_some());
    }
}

#[test]
fn input_file_is_read_instead_of_stdin() {
    let dir = common::scratch("qtp", "input-file");
    let script = dir.join("session.qtp");
    std::fs::write(&script, "name\nplaymove white e2\nwinner\n").expect("script");
    let out = common::quoridor(&["qtp", "--input", script.to_str().expect("utf-8 path")]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    assert_eq!(common::stdout(&out), "= Quoridor UCT\n\n=\n\n= false\n\n");
}

#[test]
fn help_lists_every_command_list_commands_gives() {
    let out = common::quoridor(&["qtp", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = common::stdout(&out);
    let listed: Vec<&str> = help
        .lines()
        .filter_map(|line| line.strip_prefix("  "))
        .filter_map(|line| line.split("  ").next())
        .flat_map(|syntax| syntax.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')))
        .collect();
    let answers = answers(&[], "list_commands\n");
    let commands: Vec<&str> = answers[0]
        .strip_prefix("= ")
        .expect("a list")
        .lines()
        .collect();
    assert!(commands.len() >= 14, "{commands:?}");
    for command in commands {
        assert!(listed.contains(&command), "{command} missing from:\n{help}");
    }
}

#[test]
fn a_terminal_is_greeted_on_stderr_and_a_referee_is_not() {
    let out = run_qtp(&[], "name\nquit\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "",
        "a pipe gets no greeting"
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("= Quoridor UCT\n\n"));
    let Some(screen) = common::on_a_terminal("qtp", "name\nquit\n") else {
        eprintln!("skipped the terminal half: util-linux `script` is missing");
        return;
    };
    let greeting = "Quoridor Text Protocol (QTP) engine. Type \"list_commands\" for the commands, \"quit\" to leave; see quoridor qtp --help.";
    assert_eq!(
        screen.lines().filter(|l| *l == greeting).count(),
        1,
        "{screen}"
    );
    assert!(screen.contains("= Quoridor UCT"), "{screen}");
}
