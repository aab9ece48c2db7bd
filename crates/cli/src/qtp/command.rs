//! One QTP request read into types, once, at the edge: an optional numeric
//! id, the command and its checked arguments.

use super::seating::Colour;
use quoridor_rules::{ParseMoveError, QtpMove, VariantError};
use quoridor_text::quote_input;
use std::fmt;

/// Every command `quoridor qtp` knows, in the order `list_commands` gives.
pub(super) const COMMANDS: [&str; 14] = [
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "walls",
    "playmove",
    "playwall",
    "genmove",
    "undo",
    "winner",
    "showboard",
];

/// A command with its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum QtpCommand {
    Name,
    Version,
    IsKnown(String),
    ListCommands,
    Quit,
    BoardSize(u8),
    ClearBoard,
    Walls(u8),
    /// `playmove` or `playwall`: the move as QTP names it, on QTP's board.
    Play(Colour, QtpMove),
    GenMove(Colour),
    /// Moves to take back (at least 1).
    Undo(usize),
    Winner,
    ShowBoard,
}

/// Why a request was refused; the text after `?`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum QtpCommandError {
    /// No such command (at most 80 characters of it).
    Unknown { command: String },
    /// Missing or extra arguments; the usage line.
    Usage(&'static str),
    /// Not `white`/`black`.
    Colour { got: String },
    /// Not a number in range.
    Number { what: &'static str, got: String },
    /// A square or wall that cannot be read.
    Move(ParseMoveError),
    /// A board size or wall count the rules do not allow.
    Variant(VariantError),
    /// The game is over; `winner` won it, at the ply limit if `adjudicated`
    /// says how.
    GameOver {
        winner: Colour,
        adjudicated: Option<String>,
    },
    /// `colour` asked to move while it is `to_move`'s turn.
    NotTurn { colour: Colour, to_move: Colour },
    /// The move breaks a rule.
    Illegal { mv: String, reason: &'static str },
    /// `undo N` with fewer moves played.
    UndoTooFar { asked: usize, played: usize },
    /// The engine found no move.
    NoMove,
}

impl fmt::Display for QtpCommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QtpCommandError::Unknown { command } => write!(f, "unknown command {command:?}"),
            QtpCommandError::Usage(usage) => write!(f, "usage: {usage}"),
            QtpCommandError::Colour { got } => {
                write!(f, "expected a colour, white or black, got {got:?}")
            }
            QtpCommandError::Number { what, got } => write!(f, "expected {what}, got {got:?}"),
            QtpCommandError::Move(e) => e.fmt(f),
            QtpCommandError::Variant(e) => e.fmt(f),
            QtpCommandError::GameOver {
                winner,
                adjudicated,
            } => {
                write!(f, "the game is over: {winner} has won")?;
                match adjudicated {
                    Some(how) => write!(f, ", {how}"),
                    None => Ok(()),
                }
            }
            QtpCommandError::NotTurn { colour, to_move } => {
                write!(f, "it is {to_move}'s turn, not {colour}'s")
            }
            QtpCommandError::Illegal { mv, reason } => write!(f, "illegal move {mv}: {reason}"),
            QtpCommandError::UndoTooFar { asked, played } => write!(
                f,
                "cannot undo {}: {played} played; nothing was undone",
                quoridor_text::count(*asked, "move")
            ),
            QtpCommandError::NoMove => f.write_str("the engine found no move"),
        }
    }
}

impl std::error::Error for QtpCommandError {}

/// A request: its id (echoed in the answer) and the command, or why the
/// command was refused.
#[derive(Debug)]
pub(super) struct Request {
    pub id: Option<u64>,
    pub command: Result<QtpCommand, QtpCommandError>,
}

impl Request {
    /// Reads one input line; `None` for a blank line or a comment. As in GTP,
    /// `#` starts a comment and a leading number is the request's id.
    pub(super) fn parse(line: &str) -> Option<Request> {
        let text = line.split('#').next().unwrap_or("");
        let mut words: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c.is_control())
            .filter(|w| !w.is_empty())
            .collect();
        let id = match words.first() {
            None => return None,
            Some(first) if first.bytes().all(|b| b.is_ascii_digit()) => {
                let id = first.parse().ok();
                words.remove(0);
                id
            }
            Some(_) => None,
        };
        let command = match words.split_first() {
            Some((name, args)) => command(name, args),
            None => Err(QtpCommandError::Unknown {
                command: String::new(),
            }),
        };
        Some(Request { id, command })
    }
}

/// The command `name` with `args`.
fn command(name: &str, args: &[&str]) -> Result<QtpCommand, QtpCommandError> {
    let none = |c: QtpCommand, usage: &'static str| {
        if args.is_empty() {
            Ok(c)
        } else {
            Err(QtpCommandError::Usage(usage))
        }
    };
    match name.to_ascii_lowercase().as_str() {
        "name" => none(QtpCommand::Name, "name"),
        "version" => none(QtpCommand::Version, "version"),
        "list_commands" => none(QtpCommand::ListCommands, "list_commands"),
        "quit" => none(QtpCommand::Quit, "quit"),
        "clear_board" => none(QtpCommand::ClearBoard, "clear_board"),
        "winner" => none(QtpCommand::Winner, "winner"),
        "showboard" => none(QtpCommand::ShowBoard, "showboard"),
        "known_command" => match args {
            [word] => Ok(QtpCommand::IsKnown(word.to_string())),
            _ => Err(QtpCommandError::Usage("known_command COMMAND")),
        },
        "boardsize" => match args {
            [n] => number(n, "a board size").map(QtpCommand::BoardSize),
            _ => Err(QtpCommandError::Usage("boardsize N")),
        },
        "walls" => match args {
            [n] => number(n, "a number of walls").map(QtpCommand::Walls),
            _ => Err(QtpCommandError::Usage("walls N")),
        },
        "playmove" => match args {
            [colour_word, square] => Ok(QtpCommand::Play(
                colour(colour_word)?,
                QtpMove::parse(square, None).map_err(QtpCommandError::Move)?,
            )),
            _ => Err(QtpCommandError::Usage("playmove COLOR SQUARE")),
        },
        "playwall" => match args {
            [colour_word, square, orientation] => Ok(QtpCommand::Play(
                colour(colour_word)?,
                QtpMove::parse(square, Some(orientation)).map_err(QtpCommandError::Move)?,
            )),
            _ => Err(QtpCommandError::Usage(
                "playwall COLOR SQUARE horizontal|h|vertical|v",
            )),
        },
        "genmove" => match args {
            [colour_word] => colour(colour_word).map(QtpCommand::GenMove),
            _ => Err(QtpCommandError::Usage("genmove COLOR")),
        },
        "undo" => match args {
            [] => Ok(QtpCommand::Undo(1)),
            [n] => match n.parse::<usize>() {
                Ok(n) if n >= 1 => Ok(QtpCommand::Undo(n)),
                _ => Err(QtpCommandError::Number {
                    what: "a number of moves of at least 1",
                    got: quote_input(n),
                }),
            },
            _ => Err(QtpCommandError::Usage("undo [N]")),
        },
        _ => Err(QtpCommandError::Unknown {
            command: quote_input(name),
        }),
    }
}

fn colour(word: &str) -> Result<Colour, QtpCommandError> {
    word.parse().map_err(|()| QtpCommandError::Colour {
        got: quote_input(word),
    })
}

fn number(word: &str, what: &'static str) -> Result<u8, QtpCommandError> {
    word.parse().map_err(|_| QtpCommandError::Number {
        what,
        got: quote_input(word),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_is_listed_in_the_help() {
        let listed: Vec<&str> = crate::qtp_help::HELP
            .lines()
            .filter_map(|line| line.strip_prefix("  "))
            .filter_map(|line| line.split("  ").next())
            .flat_map(|syntax| syntax.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')))
            .collect();
        for command in COMMANDS {
            assert!(
                listed.contains(&command),
                "{command} is missing from qtp --help"
            );
        }
    }

    fn parse(line: &str) -> Request {
        Request::parse(line).expect("a request")
    }

    #[test]
    fn ids_comments_and_blank_lines() {
        assert!(Request::parse("   ").is_none());
        assert!(Request::parse("# just a comment").is_none());
        let r = parse("12 genmove white # think");
        assert_eq!(r.id, Some(12));
        assert_eq!(r.command, Ok(QtpCommand::GenMove(Colour::White)));
    }

    #[test]
    fn moves_are_read_the_qtp_way() {
        let wall = parse("playwall black C6 V").command.expect("valid");
        let QtpCommand::Play(Colour::Black, mv) = wall else {
            panic!("{wall:?}")
        };
        assert_eq!(mv.mv().to_string(), "c5v");
        assert_eq!(
            parse("playmove white e2")
                .command
                .map(|c| matches!(c, QtpCommand::Play(..))),
            Ok(true)
        );
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        assert_eq!(
            parse("playmove e2").command,
            Err(QtpCommandError::Usage("playmove COLOR SQUARE"))
        );
        assert!(matches!(
            parse("genmove red").command,
            Err(QtpCommandError::Colour { .. })
        ));
        assert!(matches!(
            parse("undo 0").command,
            Err(QtpCommandError::Number { .. })
        ));
        assert!(matches!(
            parse("boardsize 999").command,
            Err(QtpCommandError::Number { .. })
        ));
        assert!(matches!(
            parse("fly").command,
            Err(QtpCommandError::Unknown { .. })
        ));
        let long = "x".repeat(500);
        let text = parse(&long).command.unwrap_err().to_string();
        assert!(text.len() < 120, "{text}");
    }
}
