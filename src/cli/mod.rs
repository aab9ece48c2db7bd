//! The native command-line tool's subcommands. Each returns the process exit
//! code: 0 on success, 2 on bad input (with a message on stderr).

mod arena;
mod args;
mod bench;
mod experiments;
mod rules;
mod uci;

use args::Args;

const USAGE: &str = "\
quoridor — Quoridor rules and UCT engine

USAGE:
  quoridor moves [--size N] [--walls W] \"<record>\"       legal moves after the record
  quoridor perft DEPTH [--size N] [--walls W] \"<record>\" count move sequences of DEPTH moves
  quoridor show [--size N] [--walls W] \"<record>\"        ASCII diagram of the position
  quoridor uci                                           engine protocol on stdin/stdout (UCI-style)
  quoridor bench [--playouts N] [--params default|thesis] engine speed on fixed positions
  quoridor arena [--a SPEC|--engine-a CMD] [--b …] [--games N] [--playouts N|--time-ms MS] …
                                                         engine-vs-engine match (quoridor arena --help)
  quoridor experiments [--games N] [--only 1,3,7-10] [--out FILE] …
                                                         the thesis's experiments into docs/experiments.md (--help)
  quoridor help                                          this text

A record is moves in notation separated by spaces (e2 e8 e3h …), optionally
starting with header tags [size N] [walls W] [start SQ1 SQ2]. The record may be
omitted (start position) or given as several arguments.";

/// Runs the CLI with `args` (without the program name); returns the exit code.
pub fn run(args: &[String]) -> i32 {
    let Some((command, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return 2;
    };
    let result = match command.as_str() {
        "moves" => Args::parse(rest, 0).and_then(|a| rules::moves(&a)),
        "perft" => Args::parse(rest, 1).and_then(|a| rules::perft(&a)),
        "show" => Args::parse(rest, 0).and_then(|a| rules::show(&a)),
        "uci" if rest.is_empty() => uci::uci().map_err(|e| e.to_string()),
        "uci" => Err("uci takes no arguments (set options with setoption)".into()),
        "bench" => bench::bench(rest),
        "arena" => arena::arena(rest),
        "experiments" => experiments::experiments(rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command {other:?}\n\n{USAGE}")),
    };
    match result {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("error: {message}");
            2
        }
    }
}
