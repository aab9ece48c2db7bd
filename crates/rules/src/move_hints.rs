//! Moves and wall slots worth looking at first, found without a search: the
//! walls near the action (both engines' move lists narrow to them) and a pawn
//! step toward the goal (the move to play when a think had no time for any).

use super::{Bitboard, ByOrientation, Geometry, Move, Player, Position, Square, WallSlots};

impl Position {
    /// Wall slots near the action: on a shortest path of either pawn, or within
    /// one groove of a pawn's corners.
    pub fn near_wall_mask(&self) -> WallSlots {
        let g = Geometry::of(self.size());
        let n = g.size;
        let mut mask = WallSlots::EMPTY;
        for p in Player::BOTH {
            if let Some(path) = self.shortest_path_walls(p) {
                mask |= path;
            }
            // The four slots around the pawn's square, and the slots next to those.
            let pawn = Bitboard::single(self.pawn_index(p));
            let touching = pawn | (pawn >> 1) | (pawn >> n) | (pawn >> (n + 1));
            let corners = g.grow(touching, Bitboard::EMPTY, Bitboard::EMPTY);
            let around = corners & g.slots;
            mask |= ByOrientation::new(around, around);
        }
        mask
    }

    /// A shortest-path pawn step of the side to move toward its goal, if the
    /// game is not over.
    ///
    /// ```
    /// use quoridor_rules::{Move, Position, Variant};
    /// let start = Position::new(Variant::default());
    /// assert_eq!(start.step_toward_goal(), "e2".parse::<Move>().ok());
    /// ```
    pub fn step_toward_goal(&self) -> Option<Move> {
        self.closest_to_goal(self.turn(), self.pawn_targets())
            .first()
            .map(|s| Move::Pawn(Square::from_index(s, self.size())))
    }

    /// The move to play when a search had no time for any: a shortest-path
    /// pawn step, else the first legal move; `None` once the game is over.
    pub fn fallback_move(&self) -> Option<Move> {
        self.step_toward_goal()
            .or_else(|| self.legal_moves().first().copied())
    }
}
