//! What `quoridor uci --help` says after its usage: every command the
//! session reads, `go`'s limits and what the answers mean. The tests below
//! hold it to the session's command table and `go`'s keywords.

/// The one line `quoridor uci` says on stderr when a person types to it
/// (standard input is a terminal); piped sessions never see it.
pub const GREETING: &str =
    "Quoridor engine protocol (UCI-style). Type \"uci\" to start, \"quit\" to leave; see quoridor uci --help.";

/// The protocol's self-description (the terms are added by the caller).
pub const HELP: &str = "\
Commands, one a line (answers on stdout; moves as in a record: e2 steps, e3h/e3v places a wall):
  uci                           id name …, id author …, one option line per option, uciok
  isready                       readyok (answered while thinking, too)
  setoption name N value V      set option N (the list `uci` prints; preset sets them all)
  ucinewgame                    a new game from the start (and a new seed with `seed random`)
  position startpos [moves M…]  the start position and these moves (all or nothing)
  go [LIMITS]                   think: an info line every 0.5 s, then the last info and bestmove M
  stop                          end the think now (it answers bestmove)
  show, d                       the board and the record, as info string lines
  debug, register               read and ignored
  quit                          end the think and leave
go LIMITS (none: the options' playouts and time_ms):
  nodes N                       N playouts (UCT) or N nodes (alpha-beta)
  movetime MS                   think MS milliseconds
  depth N                       stop once the depth (below) reaches N
  infinite                      think until stop
  wtime MS btime MS             each side's clock left; the mover thinks for its share of its own
  winc MS binc MS movestogo N   increments, and moves until the next time control
  ponder                        (and any other word) ignored, with an info string warning
Each info line: depth D seldepth S, then for UCT nodes (the tree's) playouts nps time (ms) and
score winprob P (the mover's win chance in %) or score proven win|loss; for alpha-beta score
cp X (100 = one step of path length) or mate N, nodes nps hashfull time; then pv (the best line).
depth: for UCT the length of the best line, for alpha-beta the last completed iteration.
seldepth: the deepest node reached. Bad input gets one `info string error: …` and changes nothing.
A game is over once a pawn reaches its goal row or the game reaches ply_limit plies (300; 0:
none), where the shorter path to goal wins (the side to move on a tie): go then answers
info string error: the game is over: …, and bestmove (none).";

#[cfg(test)]
mod tests {
    use super::super::go::KEYWORDS;
    use super::super::COMMANDS;
    use super::HELP;

    /// The words of the syntax column (before the two-space gap) of the
    /// indented lines: the commands and limits the help lists.
    fn listed() -> Vec<&'static str> {
        HELP.lines()
            .filter_map(|line| line.strip_prefix("  "))
            .filter_map(|line| line.split("  ").next())
            .flat_map(|syntax| syntax.split(|c: char| !c.is_ascii_alphanumeric()))
            .filter(|word| !word.is_empty())
            .collect()
    }

    #[test]
    fn every_command_the_session_reads_is_listed() {
        let listed = listed();
        for (word, _) in COMMANDS {
            assert!(listed.contains(&word), "{word} is missing from uci --help");
        }
    }

    #[test]
    fn every_go_keyword_is_listed() {
        let listed = listed();
        for word in KEYWORDS {
            assert!(
                listed.contains(&word),
                "go {word} is missing from uci --help"
            );
        }
    }

    #[test]
    fn no_line_is_wider_than_100_columns() {
        for line in HELP.lines() {
            assert!(line.chars().count() <= 100, "{line}");
        }
    }
}
