//! Paths to the goal rows: whether a pawn has one, its length, every
//! square's distance, and the walls that block one shortest path.

use super::Position;
use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::moves::Player;
use crate::square::Square;
use crate::wall::WallSlots;

/// Breadth-first distances of every square to one player's goal row (walls
/// count, pawns do not). Unreachable squares hold `None`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceMap {
    size: u8,
    steps: [u8; 121],
}

impl DistanceMap {
    const UNREACHABLE: u8 = u8::MAX;

    /// Steps from `square` to the goal row, if it can get there.
    pub fn get(&self, square: Square) -> Option<u8> {
        if square.on_board(self.size) {
            self.at(square.index(self.size))
        } else {
            None
        }
    }

    /// Steps from the square with bit index `index`.
    #[inline]
    pub fn at(&self, index: usize) -> Option<u8> {
        match self.steps[index] {
            DistanceMap::UNREACHABLE => None,
            d => Some(d),
        }
    }
}

impl Position {
    /// Of `targets`, the squares closest to `player`'s goal row (by
    /// breadth-first distance through the walls); empty if none can reach it.
    /// Stops the search as soon as a target is reached, so it is cheap.
    pub fn closest_to_goal(&self, player: Player, targets: Bitboard) -> Bitboard {
        let g = self.geometry();
        let mut frontier = g.goal[player.index()];
        let mut seen = frontier;
        loop {
            let hit = frontier & targets;
            if !hit.is_empty() {
                return hit;
            }
            let next = g.grow(frontier, self.block_north, self.block_east) & !seen;
            if next.is_empty() {
                return Bitboard::EMPTY;
            }
            seen |= next;
            frontier = next;
        }
    }

    /// Whether a pawn at `from` can reach `goal` through the given walls.
    #[inline]
    pub(super) fn connected(
        g: &Geometry,
        from: usize,
        goal: Bitboard,
        bn: Bitboard,
        be: Bitboard,
    ) -> bool {
        g.flood_fill(Bitboard::single(from), bn, be, goal)
            .intersects(goal)
    }

    /// Whether `player`'s pawn has a path to its goal row.
    pub fn has_path(&self, player: Player) -> bool {
        let g = self.geometry();
        Self::connected(
            g,
            self.pawns[player.index()] as usize,
            g.goal[player.index()],
            self.block_north,
            self.block_east,
        )
    }

    /// Length of `player`'s shortest path to its goal row (walls count, pawns
    /// do not), or `None` if cut off.
    pub fn distance_to_goal(&self, player: Player) -> Option<u32> {
        let g = self.geometry();
        let goal = g.goal[player.index()];
        let mut reached = Bitboard::single(self.pawns[player.index()] as usize);
        let mut steps = 0;
        loop {
            if reached.intersects(goal) {
                return Some(steps);
            }
            let grown = g.grow(reached, self.block_north, self.block_east);
            if grown == reached {
                return None;
            }
            reached = grown;
            steps += 1;
        }
    }

    /// Distances of every square to `player`'s goal row.
    pub fn distance_map(&self, player: Player) -> DistanceMap {
        let g = self.geometry();
        let mut steps = [DistanceMap::UNREACHABLE; 121];
        let mut frontier = g.goal[player.index()];
        let mut seen = frontier;
        let mut d = 0u8;
        while !frontier.is_empty() {
            for s in frontier.iter() {
                steps[s] = d;
            }
            let next = g.grow(frontier, self.block_north, self.block_east) & !seen;
            seen |= next;
            frontier = next;
            d = d.saturating_add(1);
        }
        DistanceMap {
            size: self.size(),
            steps,
        }
    }

    /// The squares of `player`'s near-shortest paths: those `s` with
    /// `dist(pawn, s) + dist(s, goal row) <= shortest + slack` (walls count,
    /// pawns do not); empty if the pawn is cut off. Two bounded
    /// breadth-first searches, one from the pawn and one from the goal row.
    ///
    /// ```
    /// use quoridor_rules::{Player, Position, Square, Variant};
    /// let start = Position::new(Variant::default());
    /// let at = |s: &str| s.parse::<Square>().unwrap().index(9);
    /// // Only the e-file is a shortest path; each step of slack adds a file
    /// // on either side (a square k files away is a detour of k steps).
    /// assert_eq!(start.corridor(Player::One, 0).count(), 9);
    /// let wide = start.corridor(Player::One, 1);
    /// assert_eq!(wide.count(), 27);
    /// assert!(wide.has(at("d5")) && wide.has(at("f9")) && !wide.has(at("c5")));
    /// assert_eq!(start.corridor(Player::Two, 3).count(), 63);
    /// ```
    pub fn corridor(&self, player: Player, slack: u32) -> Bitboard {
        let g = self.geometry();
        let (bn, be) = (self.block_north, self.block_east);
        let goal = g.goal[player.index()];
        // near_pawn[i]: squares at most i steps from the pawn.
        let mut near_pawn = [Bitboard::EMPTY; 128];
        near_pawn[0] = Bitboard::single(self.pawns[player.index()] as usize);
        let mut shortest = 0;
        while !near_pawn[shortest].intersects(goal) {
            let grown = g.grow(near_pawn[shortest], bn, be);
            if grown == near_pawn[shortest] {
                return Bitboard::EMPTY;
            }
            shortest += 1;
            near_pawn[shortest] = grown;
        }
        let most = (shortest + slack as usize).min(near_pawn.len() - 1);
        for i in shortest + 1..=most {
            near_pawn[i] = g.grow(near_pawn[i - 1], bn, be);
        }
        // Walking back from the goal row: squares at most `most - i` steps
        // from it, met with those at most `i` from the pawn.
        let mut near_goal = goal;
        let mut corridor = near_pawn[most] & near_goal;
        for i in (0..most).rev() {
            near_goal = g.grow(near_goal, bn, be);
            corridor |= near_pawn[i] & near_goal;
        }
        corridor
    }

    /// Wall slots that block some edge of one shortest path of `player` (only
    /// such walls can cut that player off). `None` if the player has no path.
    pub fn shortest_path_walls(&self, player: Player) -> Option<WallSlots> {
        let g = self.geometry();
        let (bn, be) = (self.block_north, self.block_east);
        let goal = g.goal[player.index()];
        let mut layers = [Bitboard::EMPTY; 122];
        layers[0] = Bitboard::single(self.pawns[player.index()] as usize);
        let mut seen = layers[0];
        let mut k = 0;
        while !layers[k].intersects(goal) {
            let next = g.grow(layers[k], bn, be) & !seen;
            if next.is_empty() {
                return None;
            }
            seen |= next;
            k += 1;
            layers[k] = next;
        }
        let goal_square = (layers[k] & goal).first()?;
        g.path_walls(goal_square, layers[..k].iter().rev(), bn, be)
    }
}
