//! What `quoridor qtp --help` says after its flags (how the settings
//! apply, and every command the session reads: a test in `qtp/command.rs`
//! holds it to the session's command table), and the line a terminal gets.

/// The one line `quoridor qtp` says on stderr when a person types to it
/// (standard input is a terminal); a referee never sees it.
pub const GREETING: &str = "Quoridor Text Protocol (QTP) engine. Type \"list_commands\" for the commands, \"quit\" to leave; see quoridor qtp --help.";

/// The protocol's self-description (the terms are added by the caller).
pub const HELP: &str = "\
Settings apply in order: the preset, each --option, --time-ms, --seed. Each genmove thinks
within the settings' limits and at most its share of the game's time (--game-time).
A referee starts engines as `PROGRAM -seed N` (the course's does); -seed is read as --seed.
A game that reaches --ply-limit plies without a winner is over: the shorter path to goal wins
(the side to move on a tie); genmove and play then answer `? the game is over: …`. A referee
with no such rule (the course's) needs --ply-limit 0.
Commands, one a line, after an optional number the answer repeats; answers are `= …` or
`? message`, then an empty line:
  name, version                      the engine's name and version
  known_command C, list_commands     true if C is a command; every command, one a line
  boardsize N, walls N, clear_board  a new game (3–11 squares, 0–20 walls each)
  playmove COLOR SQ                  move white's or black's pawn (E2)
  playwall COLOR SQ h|v              place a wall, named by the square north-west of its centre
  genmove COLOR                      the engine's move, played
  undo [N]                           take back N moves (default 1)
  winner                             true white, true black (a goal or the ply limit) or false
  showboard                          the diagram, and which pawn is which colour
  quit                               leave";

#[cfg(test)]
mod tests {
    use super::HELP;

    #[test]
    fn no_line_is_wider_than_100_columns() {
        for line in HELP.lines() {
            assert!(line.chars().count() <= 100, "{line}");
        }
    }
}
