//! The rules against hand-checked positions and properties: parsing,
//! pawn moves and jumps, walls, variants, perft counts.

mod parsing;
mod pawns;
mod perft;
mod properties;
mod variants;
mod walls;
