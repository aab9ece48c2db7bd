//! Why a move cannot be played: the rule it breaks, and its message.

use super::moves::{Move, Player};
use super::square::Square;
use super::wall::Wall;
use std::fmt;

/// Why a move cannot be played in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game has already been won.
    GameOver {
        /// Who won.
        winner: Player,
    },
    /// The square or wall does not fit on this board.
    OffBoard {
        /// The move as given.
        mv: Move,
        /// Squares per side of the board.
        size: u8,
    },
    /// The pawn cannot get to that square in one move.
    NotReachable {
        /// Where the pawn stands.
        from: Square,
        /// Where it was asked to go.
        to: Square,
    },
    /// The player has placed all their walls.
    NoWallsLeft {
        /// The player to move.
        player: Player,
    },
    /// A parallel wall already occupies part of the groove.
    Overlaps {
        /// The wall asked for.
        wall: Wall,
        /// The wall in the way.
        existing: Wall,
        /// 1-based index in the game record of the move that placed `existing`, when known.
        placed_on: Option<usize>,
    },
    /// A perpendicular wall already has the same centre.
    Crosses {
        /// The wall asked for.
        wall: Wall,
        /// The wall in the way.
        existing: Wall,
        /// 1-based index in the game record of the move that placed `existing`, when known.
        placed_on: Option<usize>,
    },
    /// The wall would leave a pawn with no path to its goal row.
    CutsOff {
        /// The wall asked for.
        wall: Wall,
        /// The player who would be cut off.
        player: Player,
        /// That player's goal rank, 1-based as in notation.
        goal_rank: u8,
    },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let placed = |f: &mut fmt::Formatter<'_>, n: &Option<usize>| match n {
            Some(n) => write!(f, " placed on move {n}"),
            None => Ok(()),
        };
        match self {
            IllegalMove::GameOver { winner } => write!(f, "the game is over: {winner} has won"),
            IllegalMove::OffBoard { mv, size } => {
                write!(f, "{mv} is off the {size}x{size} board")
            }
            // A pawn cannot "reach" its own square: say it stands there.
            IllegalMove::NotReachable { from, to } if from == to => {
                write!(f, "your pawn already stands on {to}")
            }
            IllegalMove::NotReachable { from, to } => {
                write!(f, "{to} is not reachable from {from}")
            }
            IllegalMove::NoWallsLeft { player } => write!(f, "no walls left: {player} has none"),
            IllegalMove::Overlaps {
                wall,
                existing,
                placed_on,
            } => {
                write!(f, "wall {wall} overlaps {existing}")?;
                placed(f, placed_on)
            }
            IllegalMove::Crosses {
                wall,
                existing,
                placed_on,
            } => {
                write!(f, "wall {wall} crosses {existing}")?;
                placed(f, placed_on)
            }
            IllegalMove::CutsOff {
                wall,
                player,
                goal_rank,
            } => write!(
                f,
                "wall {wall} would cut {player} off from rank {goal_rank}"
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}
