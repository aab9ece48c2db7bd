//! The rules of Quoridor: squares, walls, moves, positions, legality, move
//! generation, notation, game records and how a game ends (a goal, or the
//! ply limit and its adjudication). Depends on `std` (and `serde` for
//! the types the worker sends) only.

mod bitboard;
mod geometry;
mod illegal_move;
mod move_hints;
mod moves;
mod notation;
mod outcome;
mod perft;
mod position;
mod qtp;
mod record;
mod square;
mod variant;
mod wall;
mod wide;
mod zobrist;

pub use bitboard::{BitIter, Bitboard, MAX_SIZE, MIN_SIZE};
pub use geometry::Geometry;
pub use illegal_move::IllegalMove;
pub use moves::{Move, Player};
pub use notation::ParseMoveError;
pub use outcome::{
    parse_result, result_text, Adjudication, EndedBy, Outcome, PlyLimit, WrongResult,
};
pub use perft::perft;
pub use position::{DistanceMap, Position};
pub use qtp::QtpMove;
pub use record::{is_move_number, Game, RecordError};
pub use square::Square;
pub use variant::{Variant, VariantError, MAX_WALLS};
pub use wall::{ByOrientation, Orientation, Wall, WallSlots};
