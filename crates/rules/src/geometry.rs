//! The masks of one board size (board, edges, wall slots, goal rows),
//! computed at compile time, and the flood fills over them that find paths
//! and the walls on them.

use super::bitboard::{Bitboard, MAX_SIZE, MIN_SIZE};
use super::wall::{Orientation, WallSlots};

/// Masks of one board size, computed at compile time.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    /// Board size `n` (squares per side).
    pub size: usize,
    /// Every square of the board.
    pub board: Bitboard,
    /// Squares not on the east edge (file < n-1).
    pub not_east: Bitboard,
    /// Every valid wall slot (file and rank < n-1).
    pub slots: Bitboard,
    /// Goal row of each player: player 1 the top rank, player 2 the bottom rank.
    pub goal: [Bitboard; 2],
}

const fn build_geometry(n: usize) -> Geometry {
    let mut board = 0u128;
    let mut not_east = 0u128;
    let mut slots = 0u128;
    let mut top = 0u128;
    let mut bottom = 0u128;
    let mut rank = 0;
    while rank < n {
        let mut file = 0;
        while file < n {
            let bit = 1u128 << (rank * n + file);
            board |= bit;
            if file + 1 < n {
                not_east |= bit;
            }
            if file + 1 < n && rank + 1 < n {
                slots |= bit;
            }
            if rank + 1 == n {
                top |= bit;
            }
            if rank == 0 {
                bottom |= bit;
            }
            file += 1;
        }
        rank += 1;
    }
    Geometry {
        size: n,
        board: Bitboard(board),
        not_east: Bitboard(not_east),
        slots: Bitboard(slots),
        goal: [Bitboard(top), Bitboard(bottom)],
    }
}

const fn build_all() -> [Geometry; MAX_SIZE as usize + 1] {
    let mut all = [build_geometry(MIN_SIZE as usize); MAX_SIZE as usize + 1];
    let mut n = MIN_SIZE as usize;
    while n <= MAX_SIZE as usize {
        all[n] = build_geometry(n);
        n += 1;
    }
    all
}

static GEOMETRIES: [Geometry; MAX_SIZE as usize + 1] = build_all();

impl Geometry {
    /// The masks of board size `size` (which must be in `MIN_SIZE..=MAX_SIZE`).
    #[inline]
    pub fn of(size: u8) -> &'static Geometry {
        &GEOMETRIES[size as usize]
    }

    /// One step of a flood fill: `from` grown by one square in every direction
    /// not blocked by a wall (`block_north` has bit `s` when the edge from `s`
    /// to the square north of it is walled; `block_east` likewise eastwards).
    #[inline]
    pub fn grow(&self, from: Bitboard, block_north: Bitboard, block_east: Bitboard) -> Bitboard {
        let n = self.size;
        let open_north = from & !block_north;
        let open_east = from & !block_east & self.not_east;
        let north = open_north << n;
        let south = (from >> n) & !block_north;
        let east = open_east << 1;
        let west = (from >> 1) & !block_east & self.not_east;
        (from | north | south | east | west) & self.board
    }

    /// Flood fill: `from` grown through open edges until it stops growing or
    /// meets `until` (pass [`Bitboard::EMPTY`] for the whole region).
    /// Returns the squares reached.
    #[inline]
    pub fn flood_fill(
        &self,
        from: Bitboard,
        block_north: Bitboard,
        block_east: Bitboard,
        until: Bitboard,
    ) -> Bitboard {
        let mut reached = from;
        loop {
            if reached.intersects(until) {
                return reached;
            }
            let grown = self.grow(reached, block_north, block_east);
            if grown == reached {
                return reached;
            }
            reached = grown;
        }
    }

    /// Follows a path from square `start` through `layers` (each step goes to
    /// an open neighbour in the next layer) and returns the wall slots that
    /// would block one of its steps. `None` if some layer holds no open
    /// neighbour.
    pub fn path_walls<'a>(
        &self,
        start: usize,
        layers: impl Iterator<Item = &'a Bitboard>,
        block_north: Bitboard,
        block_east: Bitboard,
    ) -> Option<WallSlots> {
        let n = self.size;
        let mut walls = WallSlots::EMPTY;
        let mut cur = start;
        for layer in layers {
            // Reachability is symmetric: the next square is an open neighbour
            // of the current one that lies in the next layer.
            let next =
                (self.grow(Bitboard::single(cur), block_north, block_east) & *layer).first()?;
            let (lo, hi) = (next.min(cur), next.max(cur));
            // A step north is blocked by the horizontal walls whose corner is
            // the lower square or its west neighbour; a step east by the
            // vertical walls at the west square or the one below it.
            let (o, below_or_west) = if hi - lo == n {
                (Orientation::Horizontal, (lo % n > 0).then(|| lo - 1))
            } else {
                (Orientation::Vertical, (lo >= n).then(|| lo - n))
            };
            walls[o] = walls[o].with(lo);
            if let Some(other) = below_or_west {
                walls[o] = walls[o].with(other);
            }
            cur = next;
        }
        Some(walls & WallSlots::new(self.slots, self.slots))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_by_nine_masks() {
        let g = Geometry::of(9);
        assert_eq!(g.board.count(), 81);
        assert_eq!(g.slots.count(), 64);
        assert_eq!(g.goal[0].count(), 9);
        assert!(g.goal[0].has(80) && g.goal[1].has(0));
        assert!(!g.not_east.has(8));
    }

    #[test]
    fn grow_does_not_wrap_around_edges() {
        let g = Geometry::of(5);
        // East edge square a2-row end (file 4, rank 0) must not spill to file 0 of rank 1.
        let grown = g.grow(Bitboard::single(4), Bitboard::EMPTY, Bitboard::EMPTY);
        assert_eq!(grown, Bitboard::single(4).with(3).with(9));
        let grown = g.grow(Bitboard::single(5), Bitboard::EMPTY, Bitboard::EMPTY);
        assert_eq!(grown, Bitboard::single(5).with(0).with(6).with(10));
    }

    #[test]
    fn grow_respects_walls() {
        let g = Geometry::of(3);
        let grown = g.grow(
            Bitboard::single(4),
            Bitboard::single(4),
            Bitboard::single(3),
        );
        // Centre square: north and west walled off.
        assert_eq!(grown, Bitboard::single(4).with(1).with(5));
    }
}
