//! Regions a wall would close: the squares a pawn could still reach, who
//! a wall would cut off, and the slots where a wall can close a region.

use super::Position;
use crate::bitboard::Bitboard;
use crate::moves::Player;
use crate::wall::{ByOrientation, Orientation, WallSlots};

impl Position {
    /// Squares `player`'s pawn could reach if a wall of `orientation` stood
    /// at `slot` (pawns do not block). Does not check overlap or stocks.
    pub fn region_with_wall(
        &self,
        slot: usize,
        orientation: Orientation,
        player: Player,
    ) -> Bitboard {
        let (bn, be) = self.blocks_with(slot, orientation);
        let from = Bitboard::single(self.pawn_index(player));
        self.geometry().flood_fill(from, bn, be, Bitboard::EMPTY)
    }

    /// The first player a wall at `slot` would cut off from their goal, if any.
    /// Does not check overlap or stocks.
    pub fn wall_cuts_off(&self, slot: usize, orientation: Orientation) -> Option<Player> {
        let g = self.geometry();
        let (bn, be) = self.blocks_with(slot, orientation);
        Player::BOTH.into_iter().find(|p| {
            !Self::connected(g, self.pawns[p.index()] as usize, g.goal[p.index()], bn, be)
        })
    }

    /// Wall slots where a new wall would touch the
    /// board edge or a placed wall at two or more of its three points (its
    /// two ends and its centre). Only such a wall can close a region: one
    /// touching at most one point dangles inside its region without splitting
    /// it, so it cannot cut anyone off.
    #[inline]
    pub fn closing_wall_slots(&self) -> WallSlots {
        let g = self.geometry();
        let n = g.size;
        let (h, v) = (self.h_walls, self.v_walls);
        // Interior groove crossings are numbered like the slot whose centre
        // they are; every placed wall occupies its centre and its two ends.
        let points = (h | (h << 1) | (h >> 1) | v | (v << n) | (v >> n)) & g.slots;
        let slots = g.slots;
        let at_least_two = |a: Bitboard, b: Bitboard, c: Bitboard| (a & b) | (a & c) | (b & c);
        // Ends of a horizontal wall: west (slot - 1 or the west edge), east.
        let west = (points << 1) | (slots & !(slots << 1));
        let east = (points >> 1) | (slots & !(slots >> 1));
        // Ends of a vertical wall: south (slot - n or the south edge), north.
        let south = (points << n) | (slots & !(slots << n));
        let north = (points >> n) | (slots & !(slots >> n));
        ByOrientation::new(
            at_least_two(west, points, east) & slots,
            at_least_two(south, points, north) & slots,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::sample_positions;
    use super::*;
    use crate::geometry::Geometry;
    use crate::Variant;

    /// The region fill as `search::policy` wrote it before it moved here.
    fn region_by_hand(pos: &Position, slot: usize, o: Orientation, player: Player) -> Bitboard {
        let g = Geometry::of(pos.size());
        let [mut bn, mut be] = pos.blocked_edges();
        match o {
            Orientation::Horizontal => bn = bn.with(slot).with(slot + 1),
            Orientation::Vertical => be = be.with(slot).with(slot + g.size),
        }
        let mut reached = Bitboard::single(pos.pawn_index(player));
        loop {
            let grown = g.grow(reached, bn, be);
            if grown == reached {
                return reached;
            }
            reached = grown;
        }
    }

    #[test]
    fn region_with_wall_matches_the_fill_it_replaced() {
        for pos in sample_positions() {
            let free = pos.free_wall_slots();
            for o in Orientation::BOTH {
                for slot in free[o].iter() {
                    for player in Player::BOTH {
                        assert_eq!(
                            pos.region_with_wall(slot, o, player),
                            region_by_hand(&pos, slot, o, player),
                            "slot {slot} {o:?} {player}\n{}",
                            pos.diagram()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_wall_cuts_off_exactly_when_the_region_misses_the_goal() {
        let mut checked_cuts = 0;
        for pos in sample_positions() {
            let g = Geometry::of(pos.size());
            let free = pos.free_wall_slots();
            for o in Orientation::BOTH {
                for slot in free[o].iter() {
                    let cut = Player::BOTH
                        .into_iter()
                        .find(|&p| !region_by_hand(&pos, slot, o, p).intersects(g.goal[p.index()]));
                    checked_cuts += usize::from(cut.is_some());
                    assert_eq!(pos.wall_cuts_off(slot, o), cut, "slot {slot} {o:?}");
                }
            }
        }
        assert!(checked_cuts > 0, "the samples include walls that cut off");
    }

    #[test]
    fn flood_fill_stops_at_the_first_square_of_the_target() {
        let pos = Position::new(Variant::default());
        let g = Geometry::of(9);
        let start = Bitboard::single(pos.pawn_index(Player::One));
        let two_steps_up = Bitboard::single(pos.pawn_index(Player::One) + 18);
        let reached = g.flood_fill(start, Bitboard::EMPTY, Bitboard::EMPTY, two_steps_up);
        assert!(reached.has(pos.pawn_index(Player::One) + 18));
        assert!(!reached.has(pos.pawn_index(Player::One) + 27));
        assert_eq!(
            g.flood_fill(start, Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY),
            g.board
        );
    }
}
