//! Which moves are legal: pawn steps and jumps, free and legal wall slots,
//! move generation and the check of one move.

use super::Position;
use crate::bitboard::Bitboard;
use crate::illegal_move::IllegalMove;
use crate::moves::{Move, Player};
use crate::square::Square;
use crate::wall::{ByOrientation, Orientation, Wall, WallSlots};

/// The four directions a pawn steps in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Direction {
    North,
    South,
    East,
    West,
}

impl Direction {
    const ALL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];

    fn sideways(self) -> [Direction; 2] {
        match self {
            Direction::North | Direction::South => [Direction::East, Direction::West],
            Direction::East | Direction::West => [Direction::North, Direction::South],
        }
    }
}

impl Position {
    /// The square one step from `s` in `dir`, unless the edge or a wall is in the way.
    #[inline]
    fn step(&self, s: usize, dir: Direction) -> Option<usize> {
        let n = self.size() as usize;
        match dir {
            Direction::North => (s + n < n * n && !self.block_north.has(s)).then_some(s + n),
            Direction::South => (s >= n && !self.block_north.has(s - n)).then(|| s - n),
            Direction::East => (s % n + 1 < n && !self.block_east.has(s)).then_some(s + 1),
            Direction::West => (s % n > 0 && !self.block_east.has(s - 1)).then(|| s - 1),
        }
    }

    /// Squares the pawn of `player` could move to if it were that player's
    /// turn: steps, straight jumps, and diagonal steps beside the other pawn
    /// when a wall or the edge is behind it.
    pub fn pawn_targets_of(&self, player: Player) -> Bitboard {
        let me = self.pawns[player.index()] as usize;
        let other = self.pawns[player.other().index()] as usize;
        let g = self.geometry();
        let here = Bitboard::single(me);
        let steps = g.grow(here, self.block_north, self.block_east) & !here;
        if !steps.has(other) {
            return steps;
        }
        // The other pawn is adjacent and reachable: jump over it, or beside it.
        let mut targets = steps.without(other);
        for dir in Direction::ALL {
            if self.step(me, dir) != Some(other) {
                continue;
            }
            if let Some(behind) = self.step(other, dir) {
                targets = targets.with(behind);
            } else {
                for side in dir.sideways() {
                    if let Some(diagonal) = self.step(other, side) {
                        targets = targets.with(diagonal);
                    }
                }
            }
        }
        targets.without(me)
    }

    /// Squares the side to move may move its pawn to (none once the game is over).
    pub fn pawn_targets(&self) -> Bitboard {
        if self.is_over() {
            Bitboard::EMPTY
        } else {
            self.pawn_targets_of(self.turn)
        }
    }

    /// Wall slots free of overlapping and crossing walls. Ignores stocks and paths.
    #[inline]
    pub fn free_wall_slots(&self) -> WallSlots {
        let g = self.geometry();
        let (h, v) = (self.h_walls, self.v_walls);
        let n = g.size;
        ByOrientation::new(
            g.slots & !(h | (h << 1) | (h >> 1) | v),
            g.slots & !(v | (v << n) | (v >> n) | h),
        )
    }

    /// Legal wall slots for the side to move: free of
    /// overlaps, within stock, and leaving both pawns a path. A wall gets a
    /// path check only for a player whose current shortest path it blocks
    /// (otherwise that path survives), and only if it can close a region.
    pub fn legal_wall_slots(&self) -> WallSlots {
        self.legal_wall_slots_and_paths().0
    }

    /// [`Position::legal_wall_slots`], with the shortest-path wall slots of
    /// player 1 and player 2 ([`Position::shortest_path_walls`]) that it
    /// found on the way, for callers that need them too. The paths are
    /// `None` when there is no legal wall to look for (game over, no wall in
    /// stock, or a pawn without a path).
    pub fn legal_wall_slots_and_paths(&self) -> (WallSlots, Option<[WallSlots; 2]>) {
        if self.is_over() || self.walls_left[self.turn.index()] == 0 {
            return (WallSlots::EMPTY, None);
        }
        let mut free = self.free_wall_slots();
        let (Some(a), Some(b)) = (
            self.shortest_path_walls(Player::One),
            self.shortest_path_walls(Player::Two),
        ) else {
            return (WallSlots::EMPTY, None);
        };
        let closing = self.closing_wall_slots();
        let g = self.geometry();
        let [one, two] = self.pawns.map(|p| p as usize);
        for o in Orientation::BOTH {
            for slot in (free[o] & closing[o] & (a[o] | b[o])).iter() {
                let (bn, be) = self.blocks_with(slot, o);
                let cuts = (a[o].has(slot) && !Self::connected(g, one, g.goal[0], bn, be))
                    || (b[o].has(slot) && !Self::connected(g, two, g.goal[1], bn, be));
                if cuts {
                    free[o] = free[o].without(slot);
                }
            }
        }
        (free, Some([a, b]))
    }

    /// Every legal move, pawn moves first, appended to `out`.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        let n = self.size();
        out.extend(
            self.pawn_targets()
                .iter()
                .map(|s| Move::Pawn(Square::from_index(s, n))),
        );
        out.extend(self.legal_wall_slots().walls(n).map(Move::Wall));
    }

    /// Every legal move, pawn moves first.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(140);
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Number of legal moves.
    pub fn count_legal_moves(&self) -> usize {
        (self.pawn_targets().count() + self.legal_wall_slots().count()) as usize
    }

    /// Checks `mv` for the side to move; `Ok` if it is legal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if let Some(winner) = self.winner() {
            return Err(IllegalMove::GameOver { winner });
        }
        let n = self.size();
        match mv {
            Move::Pawn(to) => {
                if !to.on_board(n) {
                    return Err(IllegalMove::OffBoard { mv, size: n });
                }
                if self.pawn_targets().has(to.index(n)) {
                    Ok(())
                } else {
                    Err(IllegalMove::NotReachable {
                        from: self.pawn(self.turn),
                        to,
                    })
                }
            }
            Move::Wall(wall) => self.check_wall(wall),
        }
    }

    fn check_wall(&self, wall: Wall) -> Result<(), IllegalMove> {
        let n = self.size();
        if !wall.on_board(n) {
            return Err(IllegalMove::OffBoard {
                mv: Move::Wall(wall),
                size: n,
            });
        }
        if self.walls_left[self.turn.index()] == 0 {
            return Err(IllegalMove::NoWallsLeft { player: self.turn });
        }
        let slot = wall.slot(n);
        let orientation = wall.orientation();
        let (same, across, along) = match orientation {
            Orientation::Horizontal => (self.h_walls, self.v_walls, 1),
            Orientation::Vertical => (self.v_walls, self.h_walls, n as usize),
        };
        let overlapping = [Some(slot), slot.checked_sub(along), Some(slot + along)];
        for existing in overlapping.into_iter().flatten() {
            if same.has(existing) && self.geometry().slots.has(existing) {
                return Err(IllegalMove::Overlaps {
                    wall,
                    existing: Wall::from_slot(existing, orientation, n),
                    placed_on: None,
                });
            }
        }
        if across.has(slot) {
            return Err(IllegalMove::Crosses {
                wall,
                existing: Wall::from_slot(slot, orientation.flip(), n),
                placed_on: None,
            });
        }
        if let Some(player) = self.wall_cuts_off(slot, orientation) {
            return Err(IllegalMove::CutsOff {
                wall,
                player,
                goal_rank: self.variant.goal_rank(player) + 1,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::sample_positions;
    use super::*;
    use crate::Game;

    #[test]
    fn a_move_to_the_pawns_own_square_says_it_stands_there() {
        let pos = *"e2 e8".parse::<Game>().expect("legal").position();
        let err = pos.check("e2".parse().expect("notation")).unwrap_err();
        assert_eq!(
            err,
            IllegalMove::NotReachable {
                from: "e2".parse().expect("square"),
                to: "e2".parse().expect("square"),
            }
        );
        assert_eq!(err.to_string(), "your pawn already stands on e2");
        // Another square out of reach still says where the pawn stands.
        let far = pos.check("e5".parse().expect("notation")).unwrap_err();
        assert_eq!(far.to_string(), "e5 is not reachable from e2");
    }

    #[test]
    fn legal_walls_are_the_free_walls_that_leave_both_paths() {
        for pos in sample_positions() {
            let legal = pos.legal_wall_slots();
            let free = pos.free_wall_slots();
            for o in Orientation::BOTH {
                for slot in free[o].iter() {
                    let keeps = pos.wall_cuts_off(slot, o).is_none();
                    assert_eq!(legal[o].has(slot), keeps, "slot {slot} {o:?}");
                }
            }
        }
    }
}
