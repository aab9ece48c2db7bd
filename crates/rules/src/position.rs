//! A position: pawns, placed walls, wall stocks, the side to move and its
//! hash, and how a move changes them. Legality and move generation
//! ([`legality`]), paths to the goals ([`paths`]), regions walls close
//! ([`regions`]) and the text diagram ([`diagram`]) are its submodules.

mod diagram;
mod legality;
mod paths;
mod regions;

pub use paths::DistanceMap;

use super::bitboard::Bitboard;
use super::geometry::Geometry;
use super::illegal_move::IllegalMove;
use super::moves::{Move, Player};
use super::square::Square;
use super::variant::Variant;
use super::wall::{ByOrientation, Orientation, Wall, WallSlots};
use super::zobrist;

/// A Quoridor position. Small and `Copy`, so search code copies it and plays
/// moves on the copy.
///
/// ```
/// use quoridor_rules::{Move, Position, Variant};
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
    /// use quoridor_rules::{Position, Variant};
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
    /// use quoridor_rules::{Game, Player, Position, Variant};
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    /// Positions with walls in several shapes, on two board sizes.
    pub(in crate::position) fn sample_positions() -> Vec<Position> {
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
}
