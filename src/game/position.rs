//! A position: pawns, placed walls, wall stocks and the side to move, with
//! move legality, move generation and path searches on bitboards.

use super::bitboard::Bitboard;
use super::geometry::Geometry;
use super::moves::{Move, Player};
use super::square::Square;
use super::variant::Variant;
use super::wall::{ByOrientation, Orientation, Wall, WallSlots};
use super::zobrist;
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

/// A Quoridor position. Small and `Copy`, so search code copies it and plays
/// moves on the copy.
///
/// ```
/// use quoridor::game::{Move, Position, Variant};
/// let mut pos = Position::new(Variant::default());
/// assert_eq!(pos.legal_moves().len(), 131);
/// pos.play("e2".parse().unwrap()).unwrap();
/// let err = pos.play("e2".parse().unwrap()).unwrap_err();
/// assert_eq!(err.to_string(), "e2 is not reachable from e9");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    variant: Variant,
    pawns: [u8; 2],
    walls_left: [u8; 2],
    turn: Player,
    h_walls: Bitboard,
    v_walls: Bitboard,
    block_north: Bitboard,
    block_east: Bitboard,
    /// The Zobrist hash of the fields above, kept up to date by every change.
    hash: u64,
}

impl Position {
    /// The start position of `variant`, player 1 to move.
    pub fn new(variant: Variant) -> Position {
        let n = variant.size();
        let mut pos = Position {
            variant,
            pawns: [
                variant.start(Player::One).index(n) as u8,
                variant.start(Player::Two).index(n) as u8,
            ],
            walls_left: [variant.walls(); 2],
            turn: Player::One,
            h_walls: Bitboard::EMPTY,
            v_walls: Bitboard::EMPTY,
            block_north: Bitboard::EMPTY,
            block_east: Bitboard::EMPTY,
            hash: 0,
        };
        pos.hash = pos.hash_from_scratch();
        pos
    }

    /// The position's Zobrist hash: equal positions hash equal however they
    /// were reached (transpositions), different ones almost never do. Kept
    /// up to date move by move, so reading it costs nothing. The numbers are
    /// fixed, the same on every platform and run.
    ///
    /// ```
    /// use quoridor::game::{Position, Variant};
    /// let start = Position::new(Variant::default());
    /// let play = |moves: &[&str]| {
    ///     let mut pos = start;
    ///     for m in moves {
    ///         pos.play(m.parse().unwrap()).unwrap();
    ///     }
    ///     pos
    /// };
    /// let a = play(&["e2", "e8", "d3h"]);
    /// assert_eq!(a.zobrist_hash(), play(&["d3h", "e8", "e2"]).zobrist_hash());
    /// assert_ne!(a.zobrist_hash(), play(&["e2", "e8", "d3v"]).zobrist_hash());
    /// ```
    #[inline]
    pub fn zobrist_hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from the fields rather than kept: what
    /// [`Position::zobrist_hash`] must always equal.
    pub(crate) fn hash_from_scratch(&self) -> u64 {
        let mut h = zobrist::variant(self.variant);
        for p in Player::BOTH {
            h ^= zobrist::pawn(p, self.pawn_index(p));
            h ^= zobrist::stock(p, self.walls_left(p));
        }
        let slots = self.wall_slots();
        for o in Orientation::BOTH {
            for slot in slots[o].iter() {
                h ^= zobrist::wall(o, slot);
            }
        }
        if self.turn == Player::Two {
            h ^= zobrist::side();
        }
        h
    }

    #[inline]
    fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.variant.size())
    }

    /// The rules parameters.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Squares per side.
    #[inline]
    pub fn size(&self) -> u8 {
        self.variant.size()
    }

    /// The player to move (after a win: the loser, who may not move).
    #[inline]
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// Where `player`'s pawn stands.
    pub fn pawn(&self, player: Player) -> Square {
        Square::from_index(self.pawns[player.index()] as usize, self.size())
    }

    /// Bit index of `player`'s pawn.
    #[inline]
    pub fn pawn_index(&self, player: Player) -> usize {
        self.pawns[player.index()] as usize
    }

    /// Walls `player` may still place.
    #[inline]
    pub fn walls_left(&self, player: Player) -> u8 {
        self.walls_left[player.index()]
    }

    /// Slots (corner bit indices) of the placed walls.
    pub fn wall_slots(&self) -> WallSlots {
        ByOrientation::new(self.h_walls, self.v_walls)
    }

    /// Edges closed by walls: bit `s` of the first set means the step from `s`
    /// north is walled; of the second, the step from `s` east.
    pub fn blocked_edges(&self) -> [Bitboard; 2] {
        [self.block_north, self.block_east]
    }

    /// Every placed wall, horizontal ones first.
    pub fn walls(&self) -> impl Iterator<Item = Wall> + '_ {
        self.wall_slots().walls(self.size())
    }

    /// The winner, once a pawn has reached its goal row.
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        let g = self.geometry();
        if g.goal[0].has(self.pawns[0] as usize) {
            Some(Player::One)
        } else if g.goal[1].has(self.pawns[1] as usize) {
            Some(Player::Two)
        } else {
            None
        }
    }

    /// Whether the game has ended.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.winner().is_some()
    }

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

    /// The edges a wall at `slot` closes: `(block_north, block_east)` after placing it.
    #[inline]
    fn blocks_with(&self, slot: usize, orientation: Orientation) -> (Bitboard, Bitboard) {
        let n = self.size() as usize;
        match orientation {
            Orientation::Horizontal => (
                self.block_north | Bitboard::single(slot) | Bitboard::single(slot + 1),
                self.block_east,
            ),
            Orientation::Vertical => (
                self.block_north,
                self.block_east | Bitboard::single(slot) | Bitboard::single(slot + n),
            ),
        }
    }

    /// Whether a pawn at `from` can reach `goal` through the given walls.
    #[inline]
    fn connected(g: &Geometry, from: usize, goal: Bitboard, bn: Bitboard, be: Bitboard) -> bool {
        g.flood_fill(Bitboard::single(from), bn, be, goal)
            .intersects(goal)
    }

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

    /// Plays `mv` if it is legal; otherwise leaves the position unchanged and
    /// says which rule it breaks.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv` without checking it. Playing an illegal move leaves the
    /// position in an unspecified (but memory-safe) state.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        let n = self.size();
        let me = self.turn;
        match mv {
            Move::Pawn(to) => {
                let to = to.index(n);
                self.hash ^= zobrist::pawn(me, self.pawn_index(me)) ^ zobrist::pawn(me, to);
                self.pawns[me.index()] = to as u8;
            }
            Move::Wall(wall) => {
                self.put_wall(wall.slot(n), wall.orientation());
                let left = self.walls_left[me.index()];
                self.set_walls_left(me, left.saturating_sub(1));
            }
        }
        self.pass_turn();
    }

    /// Gives `player` `left` walls in stock, keeping the hash.
    #[inline]
    fn set_walls_left(&mut self, player: Player, left: u8) {
        let old = self.walls_left[player.index()];
        self.hash ^= zobrist::stock(player, old) ^ zobrist::stock(player, left);
        self.walls_left[player.index()] = left;
    }

    /// Hands the turn to the other player, keeping the hash.
    #[inline]
    fn pass_turn(&mut self) {
        self.turn = self.turn.other();
        self.hash ^= zobrist::side();
    }

    /// This position with the pawns on squares `pawns` (bit indices, player
    /// 1's first) and `turn` to move; walls and stocks stay. `None` if an
    /// index is off the board or both pawns share a square. For endgame
    /// tables, which visit every placement of the pawns.
    pub fn with_pawns(&self, pawns: [usize; 2], turn: Player) -> Option<Position> {
        let cells = usize::from(self.size()) * usize::from(self.size());
        if pawns[0] == pawns[1] || pawns.iter().any(|&p| p >= cells) {
            return None;
        }
        let mut pos = *self;
        for p in Player::BOTH {
            let to = pawns[p.index()];
            pos.hash ^= zobrist::pawn(p, pos.pawn_index(p)) ^ zobrist::pawn(p, to);
            pos.pawns[p.index()] = to as u8;
        }
        if pos.turn != turn {
            pos.pass_turn();
        }
        Some(pos)
    }

    /// The position of `variant` with walls at `slots` already placed and
    /// `walls_left` in the players' stocks (player 1's first), the pawns on
    /// their start squares and player 1 to move. `None` if a slot is off the
    /// board, two walls overlap or cross, or a stock exceeds the variant's.
    /// Paths are not checked (a solver that places the pawns afterwards with
    /// [`Position::with_pawns`] checks them per placement).
    ///
    /// ```
    /// use quoridor::game::{Game, Player, Position, Variant};
    /// let variant = Variant::new(5, 2).unwrap();
    /// let played = *Game::parse_with_variant("a1h c3v", variant).unwrap().position();
    /// let built = Position::with_walls(variant, played.wall_slots(), [1, 1]).unwrap();
    /// assert_eq!(built.blocked_edges(), played.blocked_edges());
    /// assert_eq!(built.turn(), Player::One);
    /// ```
    pub fn with_walls(variant: Variant, slots: WallSlots, walls_left: [u8; 2]) -> Option<Position> {
        if walls_left.iter().any(|&w| w > variant.walls()) {
            return None;
        }
        let mut pos = Position::new(variant);
        for p in Player::BOTH {
            pos.set_walls_left(p, walls_left[p.index()]);
        }
        let n = variant.size();
        let g = pos.geometry();
        for o in Orientation::BOTH {
            if !(slots[o] & !g.slots).is_empty() {
                return None;
            }
        }
        for wall in slots.walls(n) {
            let (slot, o) = (wall.slot(n), wall.orientation());
            if !pos.free_wall_slots()[o].has(slot) {
                return None;
            }
            pos.put_wall(slot, o);
        }
        Some(pos)
    }

    /// Puts a wall in `slot` running `o` on the board: its blocked edges, its
    /// slot and its hash number (no stock, no turn, no check).
    #[inline]
    fn put_wall(&mut self, slot: usize, o: Orientation) {
        (self.block_north, self.block_east) = self.blocks_with(slot, o);
        match o {
            Orientation::Horizontal => self.h_walls = self.h_walls.with(slot),
            Orientation::Vertical => self.v_walls = self.v_walls.with(slot),
        }
        self.hash ^= zobrist::wall(o, slot);
    }

    /// This position with the turn passed to the other player (no such move
    /// exists in the rules: for the alpha-beta engine's null-move pruning).
    #[inline]
    pub fn passed(&self) -> Position {
        let mut pos = *self;
        pos.pass_turn();
        pos
    }

    /// The position as an ASCII diagram: pawns `1` and `2`, walls drawn as
    /// `===` (horizontal) and `#` (vertical), then stocks and the side to move.
    pub fn diagram(&self) -> String {
        let n = self.size() as usize;
        let mut out = String::new();
        let files: String = (0..n)
            .map(|f| format!("  {} ", (b'a' + f as u8) as char))
            .collect();
        let border = format!("    +{}+\n", "-".repeat(4 * n - 1));
        out.push_str(&format!("    {}\n", files.trim_end()));
        out.push_str(&border);
        for rank in (0..n).rev() {
            let mut line = format!("{:>3} |", rank + 1);
            for file in 0..n {
                let s = rank * n + file;
                let pawn = if self.pawns[0] as usize == s {
                    '1'
                } else if self.pawns[1] as usize == s {
                    '2'
                } else {
                    '.'
                };
                line.push_str(&format!(" {pawn} "));
                line.push(if file + 1 == n {
                    '|'
                } else if self.block_east.has(s) {
                    '#'
                } else {
                    ' '
                });
            }
            out.push_str(&format!("{line} {}\n", rank + 1));
            if rank > 0 {
                let mut groove = String::from("    |");
                for file in 0..n {
                    let below = (rank - 1) * n + file;
                    groove.push_str(if self.block_north.has(below) {
                        "==="
                    } else {
                        "   "
                    });
                    groove.push(if file + 1 == n {
                        '|'
                    } else if self.h_walls.has(below) {
                        '='
                    } else if self.v_walls.has(below) {
                        '#'
                    } else {
                        ' '
                    });
                }
                out.push_str(&groove);
                out.push('\n');
            }
        }
        out.push_str(&border);
        out.push_str(&format!("    {}\n", files.trim_end()));
        for p in Player::BOTH {
            out.push_str(&format!(
                "{p} on {}: {} of {} walls left\n",
                self.pawn(p),
                self.walls_left(p),
                self.variant.walls()
            ));
        }
        match self.winner() {
            Some(w) => out.push_str(&format!("{w} has won\n")),
            None => out.push_str(&format!("{} to move\n", self.turn)),
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Variant};

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

    /// Positions with walls in several shapes, on two board sizes.
    fn sample_positions() -> Vec<Position> {
        let nine = Variant::default();
        let five = Variant::new(5, 4).expect("variant");
        [
            ("", nine),
            ("e2 e8 c3h f7h e3 e7 b5v c4h", nine),
            ("a1h c1h g1h f8h e2 e8 b2v h5h f5v", nine),
            (
                "e2 d9 d2 c9 c2 b9 b2 a9 b3 a8 c3 a7 d3 a6 e3 a5 f3 a4 g3 a3",
                nine,
            ),
            ("a2h c2h b3v c4 c2", five),
        ]
        .into_iter()
        .map(|(record, variant)| {
            *Game::parse_with_variant(record, variant)
                .expect("sample record")
                .position()
        })
        .collect()
    }

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

    #[test]
    fn with_walls_builds_the_played_position_and_refuses_overlaps() {
        for pos in sample_positions() {
            let left = [pos.walls_left(Player::One), pos.walls_left(Player::Two)];
            let built = Position::with_walls(pos.variant(), pos.wall_slots(), left)
                .expect("the walls of a played position fit")
                .with_pawns(
                    [pos.pawn_index(Player::One), pos.pawn_index(Player::Two)],
                    pos.turn(),
                )
                .expect("pawns");
            assert_eq!(built, pos, "{}", pos.diagram());
        }
        let five = Variant::new(5, 2).expect("variant");
        let overlapping = ByOrientation::new(Bitboard::single(0).with(1), Bitboard::EMPTY);
        assert_eq!(Position::with_walls(five, overlapping, [0, 0]), None);
        let crossing = ByOrientation::new(Bitboard::single(6), Bitboard::single(6));
        assert_eq!(Position::with_walls(five, crossing, [0, 0]), None);
        let off_board = ByOrientation::new(Bitboard::single(4), Bitboard::EMPTY);
        assert_eq!(Position::with_walls(five, off_board, [0, 0]), None);
        assert_eq!(Position::with_walls(five, WallSlots::EMPTY, [3, 0]), None);
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
