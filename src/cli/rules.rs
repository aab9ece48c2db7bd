//! `moves`, `perft` and `show`.

use super::args::Args;
use crate::game::perft as count_perft;

/// Prints every legal move, space-separated, on one line.
pub fn moves(args: &Args) -> Result<(), String> {
    let moves: Vec<String> = args
        .game
        .position()
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    println!("{}", moves.join(" "));
    Ok(())
}

/// Prints the perft count of the position after the record.
pub fn perft(args: &Args) -> Result<(), String> {
    let depth_text = &args.positional[0];
    let depth: u32 = depth_text
        .parse()
        .map_err(|_| format!("DEPTH must be a number, got {depth_text:?}"))?;
    if depth > 8 {
        return Err(format!("DEPTH {depth} is too deep (at most 8)"));
    }
    println!("{}", count_perft(args.game.position(), depth));
    Ok(())
}

/// Prints the ASCII diagram.
pub fn show(args: &Args) -> Result<(), String> {
    print!("{}", args.game.position().diagram());
    let record = args.game.to_string();
    if !record.is_empty() {
        println!("record: {record}");
    }
    Ok(())
}
