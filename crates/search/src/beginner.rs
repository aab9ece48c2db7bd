//! How a beginner plays (issue 62): the habits the weakest levels keep to
//! when they draw their move ([`crate::MoveChoice::beginner`]). A person who
//! has just learned the rules walks their pawn towards the goal and keeps
//! their walls until the other pawn gets dangerous, and then puts one right
//! in front of it. They do not wall on move 1, spend all ten walls by move
//! 11 or step back and forth along a row; a search that draws among moves of
//! nearly equal value at 10 playouts does all three.
//!
//! The habits filter the moves the search offered and add the walls a
//! beginner throws in front of a dangerous pawn, whether or not the search
//! liked them: the weak levels' strength comes from how often those walls
//! cost the opponent nothing, not from random pawn moves. Among the moves
//! left, the temperature still draws by the search's values.

use quoridor_rules::{Move, Position, WallSlots};
use serde::{Deserialize, Serialize};

/// A beginner's habits. Pawn moves: a step that takes the pawn nearer its
/// goal whenever there is one (else the steps that lose least), so it never
/// paces back and forth while it can go forward. Walls: only once the
/// opponent is dangerous (near its goal, or ahead in the race), and only
/// across the opponent's shortest path near its pawn, drawn with the weight
/// [`Beginner::blind_walls`] whether or not they lengthen that path.
///
/// ```
/// use quoridor_rules::{Game, Move, Variant};
/// use quoridor_search::Beginner;
/// let habits = Beginner { wall_within: 3, wall_behind_by: Some(2), near: 1, blind_walls: 1.0 };
/// let mv = |s: &str| s.parse::<Move>().unwrap();
/// // Move 1: walk forward, no wall yet.
/// let start = Game::parse_with_variant("", Variant::default()).unwrap();
/// let judge = habits.judge(start.position());
/// assert!(judge.allows(mv("e2")));
/// assert!(!judge.allows(mv("d1")) && !judge.allows(mv("e8h")));
/// // Player 2 three steps from its goal: player 1 may wall in front of it.
/// let late = Game::parse_with_variant("e2 e8 d2 e7 c2 e6 b2 e5 a2 e4", Variant::default()).unwrap();
/// let judge = habits.judge(late.position());
/// assert!(judge.allows(mv("e3h")) && !judge.allows(mv("a8h")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Beginner {
    /// Walls wait until the opponent's shortest path is this many steps or
    /// fewer …
    pub wall_within: u32,
    /// … or (if set) at least this many steps shorter than the mover's own.
    pub wall_behind_by: Option<u32>,
    /// A wall touches a square at most this many squares (king's moves)
    /// from the opponent's pawn: 0 the pawn's own square, 1 one around it.
    pub near: u8,
    /// How much a wall the search did not offer weighs in the draw, next
    /// to the search's best move's 1 ([`BeginnerJudge::walls`]): 0 walls
    /// only where the search found a wall worth playing, 1 as readily as
    /// the search's best move.
    pub blind_walls: f64,
}

impl Beginner {
    /// What the habits allow in `pos`, for the side to move: the paths are
    /// measured once and each move then judged against them.
    pub fn judge(&self, pos: &Position) -> BeginnerJudge {
        let me = pos.turn();
        let ours = pos.distance_to_goal(me);
        let theirs = pos.distance_to_goal(me.other());
        let distances = pos.distance_map(me);
        let steps = pos.pawn_targets();
        let best_step = steps.iter().filter_map(|i| distances.at(i)).min();
        let walls_now = pos.walls_left(me) > 0
            && match (ours, theirs) {
                (Some(ours), Some(theirs)) => {
                    theirs <= self.wall_within
                        || self.wall_behind_by.is_some_and(|by| theirs + by <= ours)
                }
                _ => false,
            };
        let their_way = pos.shortest_path_walls(me.other());
        BeginnerJudge {
            habits: *self,
            their_way,
            pos: *pos,
            ours,
            best_step,
            distances,
            walls_now,
        }
    }
}

/// [`Beginner`]'s habits applied to one position: [`BeginnerJudge::allows`].
#[derive(Clone, Debug)]
pub struct BeginnerJudge {
    habits: Beginner,
    pos: Position,
    ours: Option<u32>,
    /// The fewest steps home left after any pawn move.
    best_step: Option<u8>,
    distances: quoridor_rules::DistanceMap,
    /// Whether the opponent is dangerous enough for a wall.
    walls_now: bool,
    /// The wall slots across one shortest path of the opponent.
    their_way: Option<WallSlots>,
}

impl BeginnerJudge {
    /// Whether a beginner would play `mv` (legal in the position judged).
    pub fn allows(&self, mv: Move) -> bool {
        match mv {
            Move::Pawn(to) => {
                let Some(after) = self.distances.get(to) else {
                    return false;
                };
                let Some(ours) = self.ours else {
                    return true;
                };
                let after = u32::from(after);
                let best = self.best_step.map_or(ours, u32::from);
                // Forward if it can; else (the other pawn in the way) a
                // step that loses least.
                after < ours || (best >= ours && after == best)
            }
            Move::Wall(wall) => {
                let size = self.pos.size();
                let them = self.pos.pawn(self.pos.turn().other());
                // King's-move distance from their pawn to the nearest of the
                // four squares the wall touches.
                let gap = |pawn: u8, low: u8| {
                    low.saturating_sub(pawn)
                        .max(pawn.saturating_sub(low.saturating_add(1)))
                };
                let corner = wall.corner();
                let near = gap(them.file(), corner.file()).max(gap(them.rank(), corner.rank()))
                    <= self.habits.near;
                self.walls_now && near && self.their_way.is_some_and(|way| way.has_wall(wall, size))
            }
        }
    }

    /// The walls a beginner would place here: across the opponent's way,
    /// next to its pawn, once it is dangerous. Whether the search liked
    /// them does not matter: a beginner sees a pawn coming and puts a wall
    /// in front of it, which does not always cost it a step.
    pub fn walls(&self) -> Vec<Move> {
        if !self.walls_now || self.habits.blind_walls <= 0.0 {
            return Vec::new();
        }
        let size = self.pos.size();
        self.pos
            .legal_wall_slots()
            .walls(size)
            .map(Move::Wall)
            .filter(|&mv| self.allows(mv))
            .collect()
    }

    /// The pawn moves a beginner would play here, for when the search
    /// offered none of its own (a level's few playouts may have tried only
    /// walls).
    pub fn steps(&self) -> Vec<Move> {
        self.pos
            .pawn_targets()
            .iter()
            .map(|i| Move::Pawn(quoridor_rules::Square::from_index(i, self.pos.size())))
            .filter(|&mv| self.allows(mv))
            .collect()
    }
}
