//! Shared argument handling: `--size`, `--walls`, positional values and the record.

use crate::game::{Game, Variant};

/// Parsed common arguments of the rules subcommands.
pub struct Args {
    /// Positional values before the record (e.g. perft's DEPTH).
    pub positional: Vec<String>,
    /// The game after the record.
    pub game: Game,
}

impl Args {
    /// Reads `--size N`, `--walls W`, `positional` leading values, and the
    /// record (all remaining words). A header in the record must agree with
    /// the flags.
    pub fn parse(args: &[String], positional: usize) -> Result<Args, String> {
        let mut size = None;
        let mut walls = None;
        let mut values = Vec::new();
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            match arg.as_str() {
                "--size" | "--walls" => {
                    let v = it.next().ok_or_else(|| format!("{arg} needs a number"))?;
                    let n: u8 = v
                        .parse()
                        .map_err(|_| format!("{arg} needs a number, got {v:?}"))?;
                    if arg == "--size" {
                        size = Some(n);
                    } else {
                        walls = Some(n);
                    }
                }
                _ => values.push(arg.clone()),
            }
        }
        if values.len() < positional {
            return Err(format!(
                "expected {positional} value(s) before the record, got {}",
                values.len()
            ));
        }
        let record = values.split_off(positional).join(" ");
        let base =
            Variant::new(size.unwrap_or(9), walls.unwrap_or(10)).map_err(|e| e.to_string())?;
        // Compare the header with the flags before reporting a bad move: a
        // move read on the wrong board would give a misleading message.
        let (game, error) = Game::parse_prefix(&record, base);
        let v = game.variant();
        if size.is_some_and(|s| s != v.size()) || walls.is_some_and(|w| w != v.walls()) {
            return Err(format!(
                "the record header says size {} walls {}, which contradicts --size/--walls",
                v.size(),
                v.walls()
            ));
        }
        if let Some(e) = error {
            return Err(e.to_string());
        }
        Ok(Args {
            positional: values,
            game,
        })
    }
}
