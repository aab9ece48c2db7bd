//! `quoridor arena`: flags into a [`MatchConfig`], a progress line while the
//! games run, then the summary, the records file and the JSON summary.

use crate::arena::{
    describe, parse_spec, run_match, write_records, Contender, MatchConfig, Summary,
};
use crate::game::{Game, Variant};
use crate::search::Limits;
use std::io::{IsTerminal, Write};

/// What `quoridor arena` accepts.
pub const ARENA_USAGE: &str = "\
quoridor arena [options]
  --a SPEC | --engine-a CMD   engine A: settings (preset=thesis,uct_c=0.05,…; uci option
                              names, later entries win) or a command speaking the protocol
  --b SPEC | --engine-b CMD   engine B (defaults: A = preset=default, B = preset=thesis)
  --games N                   games (default 20, or two per opening); A moves first in odd-numbered games
  --playouts N | --time-ms MS per-move limit for both sides (default: each side's own)
  --size N --walls W          board variant (default 9, 10)
  --openings FILE             records to start from, one per line (# comments); each played with both colours
  --threads T                 games at once (default: all cores)
  --records FILE              write every game record (default arena-games.txt)
  --json FILE                 write the summary and every game as JSON
  --move-cap N                plies before a game is adjudicated by path lengths (default 300)";

/// Runs `quoridor arena` with `args`.
pub fn arena(args: &[String]) -> Result<(), String> {
    let options = ArenaOptions::parse(args)?;
    let config = &options.config;
    eprintln!("arena: A = {}", config.a.label());
    eprintln!("       B = {}", config.b.label());
    eprintln!(
        "       {} games on {}x{} with {} walls, {} at once, limit {:?}",
        config.games,
        config.variant.size(),
        config.variant.size(),
        config.variant.walls(),
        config.threads,
        config.limit
    );
    let tty = std::io::stderr().is_terminal();
    let results = run_match(config, &|result, tally| {
        let bar_len = 30;
        let filled = tally.played * bar_len / tally.games.max(1);
        let score = format!(
            "[{}{}] {}/{}  A {} – B {} ({:.0}% for A)",
            "#".repeat(filled),
            ".".repeat(bar_len - filled),
            tally.played,
            tally.games,
            tally.a_wins,
            tally.played - tally.a_wins,
            100.0 * tally.a_wins as f64 / tally.played as f64
        );
        let mut err = std::io::stderr().lock();
        if tty {
            let _ = write!(err, "\r\x1b[2K{score}");
        } else {
            let _ = writeln!(err, "{score}  {}", describe(result));
        }
    })?;
    if tty {
        eprintln!();
    }
    let summary = Summary::new(config, results);
    print!("{}", summary.text());
    std::fs::write(&options.records, write_records(&summary.results))
        .map_err(|e| format!("could not write {}: {e}", options.records))?;
    println!("records: {}", options.records);
    if let Some(path) = &options.json {
        std::fs::write(path, summary.json()).map_err(|e| format!("could not write {path}: {e}"))?;
        println!("summary: {path}");
    }
    Ok(())
}

/// Parsed `quoridor arena` flags.
struct ArenaOptions {
    config: MatchConfig,
    records: String,
    json: Option<String>,
}

impl ArenaOptions {
    fn parse(args: &[String]) -> Result<ArenaOptions, String> {
        let mut a = Contender::internal("preset=default", parse_spec("preset=default")?);
        let mut b = Contender::internal("preset=thesis", parse_spec("preset=thesis")?);
        let (mut games, mut size, mut walls, mut threads) = (None, 9u8, 10u8, None);
        let (mut limit, mut openings_file, mut move_cap) = (None, None, None);
        let mut records = String::from("arena-games.txt");
        let mut json = None;
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            if matches!(flag.as_str(), "--help" | "-h") {
                return Err(ARENA_USAGE.to_string());
            }
            let value = it
                .next()
                .ok_or_else(|| format!("{flag} needs a value\n\n{ARENA_USAGE}"))?;
            let number = || -> Result<u64, String> {
                value
                    .parse()
                    .map_err(|_| format!("{flag} needs a whole number, got {value:?}"))
            };
            let small = |max: u64| -> Result<u8, String> {
                let n = number()?;
                u8::try_from(n)
                    .ok()
                    .filter(|&n| u64::from(n) <= max)
                    .ok_or_else(|| format!("{flag} {n} is out of range"))
            };
            match flag.as_str() {
                "--a" => {
                    a = Contender::internal(
                        value,
                        parse_spec(value).map_err(|e| format!("--a: {e}"))?,
                    )
                }
                "--b" => {
                    b = Contender::internal(
                        value,
                        parse_spec(value).map_err(|e| format!("--b: {e}"))?,
                    )
                }
                "--engine-a" => a = Contender::external(value),
                "--engine-b" => b = Contender::external(value),
                "--games" => games = Some(number()?.clamp(1, 1_000_000) as usize),
                "--playouts" => limit = Some(Limits::playouts(number()?.max(1))),
                "--time-ms" => limit = Some(Limits::time_ms(number()?.max(1))),
                "--size" => size = small(255)?,
                "--walls" => walls = small(255)?,
                "--threads" => threads = Some(number()?.clamp(1, 256) as usize),
                "--openings" => openings_file = Some(value.clone()),
                "--records" => records = value.clone(),
                "--json" => json = Some(value.clone()),
                "--move-cap" => move_cap = Some(number()?.clamp(1, 100_000) as usize),
                other => return Err(format!("unknown arena option {other:?}\n\n{ARENA_USAGE}")),
            }
        }
        let variant = Variant::new(size, walls).map_err(|e| e.to_string())?;
        let mut config = MatchConfig::new(a, b, variant);
        config.limit = limit;
        if let Some(file) = openings_file {
            config.openings = read_openings(&file, variant)?;
        }
        config.games = games.unwrap_or(if config.openings.is_empty() {
            20
        } else {
            2 * config.openings.len()
        });
        if let Some(t) = threads {
            config.threads = t;
        }
        if let Some(cap) = move_cap {
            config.move_cap = cap;
        }
        Ok(ArenaOptions {
            config,
            records,
            json,
        })
    }
}

/// Reads an openings file: one record per line on `variant`; blank lines and
/// lines starting with `#` are skipped. Any bad line is an error naming it.
fn read_openings(path: &str, variant: Variant) -> Result<Vec<Game>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("could not read {path}: {e}"))?;
    let mut openings = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let game = Game::parse_with_variant(line, variant)
            .map_err(|e| format!("{path} line {}: {e}", n + 1))?;
        if game.variant() != variant {
            return Err(format!(
                "{path} line {}: the opening's header names another board than the match's {}x{} with {} walls",
                n + 1,
                variant.size(),
                variant.size(),
                variant.walls()
            ));
        }
        if game.winner().is_some() {
            return Err(format!(
                "{path} line {}: the opening is a finished game",
                n + 1
            ));
        }
        openings.push(game);
    }
    if openings.is_empty() {
        return Err(format!("{path} holds no openings"));
    }
    Ok(openings)
}
