//! What both engine protocols share on the command line: the engine's name
//! (QTP's `name`, UCI's `id name`) and the `NAME=VALUE` form of their
//! `--option`.

use quoridor_engines::EngineKind;
use quoridor_text::quote_input;

/// The engine's name in both protocols (QTP's `name`, UCI's `id name`): the
/// product's, with the engine that plays.
pub fn engine_name(kind: EngineKind) -> &'static str {
    match kind {
        EngineKind::Uct => "Quoridor UCT",
        EngineKind::AlphaBeta => "Quoridor alpha-beta",
    }
}

/// `--option NAME=VALUE` of both protocols, split at the first `=` and
/// trimmed. `uci` checks the option when its session starts (board options
/// and `seed=random` included); `qtp` checks it against the engine options
/// as it reads it.
pub fn name_value(text: &str) -> Result<(String, String), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("expected NAME=VALUE, got {:?}", quote_input(text)))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(format!("expected NAME=VALUE, got {:?}", quote_input(text)));
    }
    Ok((name.to_string(), value.trim().to_string()))
}
