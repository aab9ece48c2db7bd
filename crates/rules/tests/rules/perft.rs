//! Perft counts from the standard start (the correctness anchor of move
//! generation), and a cross-check of the bitboard move generator against an
//! independent, deliberately naive reference written here: plain 2-D arrays,
//! one breadth-first search per candidate wall. Two implementations that agree
//! on full move sets in many random positions of every size are unlikely to
//! share a bug.

use quoridor_rules::{perft, Move, Orientation, Player, Position, Square, Variant, Wall};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeSet, VecDeque};

#[test]
fn perft_start_depth_1_is_131() {
    assert_eq!(perft(&Position::new(Variant::default()), 1), 131);
}

#[test]
fn perft_start_depth_2_is_16677() {
    assert_eq!(perft(&Position::new(Variant::default()), 2), 16_677);
}

/// About 0.1 s in a debug build (0.01 s in release), so it stays in the default run.
#[test]
fn perft_start_depth_3_is_2062264() {
    assert_eq!(perft(&Position::new(Variant::default()), 3), 2_062_264);
}

#[test]
fn perft_of_a_finished_game_is_one() {
    let game: quoridor_rules::Game = "[size 3] b2 a3 b3".parse().unwrap();
    assert!(game.position().is_over());
    assert_eq!(perft(game.position(), 1), 1);
    assert_eq!(perft(game.position(), 3), 1);
}

// ---------------------------------------------------------------------------
// The naive reference implementation.

/// A position kept as plain arrays: `h[file][rank]` / `v[file][rank]` are the
/// walls whose south-west corner is (file, rank).
#[derive(Clone, Copy)]
struct Naive {
    n: i32,
    pawns: [(i32, i32); 2],
    walls_left: [u8; 2],
    turn: usize,
    h: [[bool; 10]; 10],
    v: [[bool; 10]; 10],
}

const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

impl Naive {
    fn new(variant: Variant) -> Naive {
        let n = variant.size() as i32;
        let sq = |p| {
            let s: Square = variant.start(p);
            (s.file() as i32, s.rank() as i32)
        };
        Naive {
            n,
            pawns: [sq(Player::One), sq(Player::Two)],
            walls_left: [variant.walls(); 2],
            turn: 0,
            h: [[false; 10]; 10],
            v: [[false; 10]; 10],
        }
    }

    fn on_board(&self, (f, r): (i32, i32)) -> bool {
        (0..self.n).contains(&f) && (0..self.n).contains(&r)
    }

    fn h_at(&self, f: i32, r: i32) -> bool {
        f >= 0 && r >= 0 && f < self.n - 1 && r < self.n - 1 && self.h[f as usize][r as usize]
    }

    fn v_at(&self, f: i32, r: i32) -> bool {
        f >= 0 && r >= 0 && f < self.n - 1 && r < self.n - 1 && self.v[f as usize][r as usize]
    }

    /// Whether a wall lies between two orthogonally adjacent squares.
    fn walled(&self, (f, r): (i32, i32), (df, dr): (i32, i32)) -> bool {
        match (df, dr) {
            // Stepping north from (f, r): a horizontal wall at corner (f, r) or (f-1, r).
            (0, 1) => self.h_at(f, r) || self.h_at(f - 1, r),
            (0, -1) => self.h_at(f, r - 1) || self.h_at(f - 1, r - 1),
            (1, 0) => self.v_at(f, r) || self.v_at(f, r - 1),
            (-1, 0) => self.v_at(f - 1, r) || self.v_at(f - 1, r - 1),
            _ => unreachable!(),
        }
    }

    fn can_step(&self, from: (i32, i32), d: (i32, i32)) -> Option<(i32, i32)> {
        let to = (from.0 + d.0, from.1 + d.1);
        (self.on_board(to) && !self.walled(from, d)).then_some(to)
    }

    fn goal(&self, p: usize) -> i32 {
        if p == 0 {
            self.n - 1
        } else {
            0
        }
    }

    fn over(&self) -> bool {
        self.pawns[0].1 == self.goal(0) || self.pawns[1].1 == self.goal(1)
    }

    fn has_path(&self, p: usize) -> bool {
        let mut seen = [[false; 11]; 11];
        let mut queue = VecDeque::with_capacity(121);
        queue.push_back(self.pawns[p]);
        seen[self.pawns[p].0 as usize][self.pawns[p].1 as usize] = true;
        while let Some(s) = queue.pop_front() {
            if s.1 == self.goal(p) {
                return true;
            }
            for d in DIRS {
                if let Some(t) = self.can_step(s, d) {
                    if !seen[t.0 as usize][t.1 as usize] {
                        seen[t.0 as usize][t.1 as usize] = true;
                        queue.push_back(t);
                    }
                }
            }
        }
        false
    }

    fn wall_fits(&self, f: i32, r: i32, horizontal: bool) -> bool {
        if horizontal {
            !self.h_at(f, r) && !self.h_at(f - 1, r) && !self.h_at(f + 1, r) && !self.v_at(f, r)
        } else {
            !self.v_at(f, r) && !self.v_at(f, r - 1) && !self.v_at(f, r + 1) && !self.h_at(f, r)
        }
    }

    fn place(&mut self, f: i32, r: i32, horizontal: bool) {
        let grid = if horizontal { &mut self.h } else { &mut self.v };
        grid[f as usize][r as usize] = true;
    }

    fn legal_moves(&self) -> BTreeSet<Move> {
        let mut out = BTreeSet::new();
        if self.over() {
            return out;
        }
        let me = self.pawns[self.turn];
        let other = self.pawns[1 - self.turn];
        let square = |(f, r): (i32, i32)| Move::Pawn(Square::new(f as u8, r as u8).unwrap());
        for d in DIRS {
            let Some(next) = self.can_step(me, d) else {
                continue;
            };
            if next != other {
                out.insert(square(next));
            } else if let Some(behind) = self.can_step(other, d) {
                out.insert(square(behind));
            } else {
                for side in [(d.1, d.0), (-d.1, -d.0)] {
                    if let Some(diagonal) = self.can_step(other, side) {
                        out.insert(square(diagonal));
                    }
                }
            }
        }
        if self.walls_left[self.turn] > 0 {
            for f in 0..self.n - 1 {
                for r in 0..self.n - 1 {
                    for horizontal in [true, false] {
                        if !self.wall_fits(f, r, horizontal) {
                            continue;
                        }
                        let mut after = *self;
                        after.place(f, r, horizontal);
                        if after.has_path(0) && after.has_path(1) {
                            let o = if horizontal {
                                Orientation::Horizontal
                            } else {
                                Orientation::Vertical
                            };
                            let corner = Square::new(f as u8, r as u8).unwrap();
                            out.insert(Move::Wall(Wall::new(corner, o).unwrap()));
                        }
                    }
                }
            }
        }
        out
    }

    fn play(&mut self, mv: Move) {
        match mv {
            Move::Pawn(s) => self.pawns[self.turn] = (s.file() as i32, s.rank() as i32),
            Move::Wall(w) => {
                let c = w.corner();
                self.place(
                    c.file() as i32,
                    c.rank() as i32,
                    w.orientation() == Orientation::Horizontal,
                );
                self.walls_left[self.turn] -= 1;
            }
        }
        self.turn = 1 - self.turn;
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.over() {
            return 1;
        }
        self.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut next = *self;
                next.play(mv);
                next.perft(depth - 1)
            })
            .sum()
    }
}

#[test]
fn perft_5x5_matches_the_naive_reference() {
    for walls in [0, 1, 3] {
        let variant = Variant::new(5, walls).unwrap();
        let fast = Position::new(variant);
        let naive = Naive::new(variant);
        for depth in 1..=3 {
            assert_eq!(
                perft(&fast, depth),
                naive.perft(depth),
                "5x5 with {walls} walls, depth {depth}"
            );
        }
    }
}

/// About 30 s in a debug build (the reference is slow on purpose); run with
/// `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn perft_5x5_with_walls_3_depth_4_matches_the_naive_reference() {
    let variant = Variant::new(5, 3).unwrap();
    assert_eq!(
        perft(&Position::new(variant), 4),
        Naive::new(variant).perft(4)
    );
}

/// A random variant: any size, any wall count, and now and then other start squares.
fn random_variant(rng: &mut SmallRng, size: u8) -> Variant {
    let walls = if rng.random_bool(0.2) {
        rng.random_range(0..=20)
    } else {
        rng.random_range(0..=(size * size / 4).min(20))
    };
    let variant = Variant::new(size, walls).unwrap();
    if rng.random_bool(0.3) {
        let one = Square::new(rng.random_range(0..size), rng.random_range(0..size - 1)).unwrap();
        let two = Square::new(rng.random_range(0..size), rng.random_range(1..size)).unwrap();
        if let Ok(v) = variant.with_start(one, two) {
            return v;
        }
    }
    variant
}

#[test]
fn legal_move_sets_match_the_naive_reference_on_random_games_of_every_size() {
    let mut rng = SmallRng::seed_from_u64(0x5eed_2011);
    let mut positions = 0;
    for size in 3..=11u8 {
        let games = if size <= 7 { 16 } else { 6 };
        for _ in 0..games {
            let variant = random_variant(&mut rng, size);
            let mut fast = Position::new(variant);
            let mut naive = Naive::new(variant);
            // Favour walls so the board fills up and path checks matter.
            let wall_bias = rng.random_range(0.3..0.95);
            for _ply in 0..100 {
                let expected = naive.legal_moves();
                let got: BTreeSet<Move> = fast.legal_moves().into_iter().collect();
                assert_eq!(
                    got.len(),
                    fast.legal_moves().len(),
                    "duplicate moves generated"
                );
                assert_eq!(got, expected, "move sets differ in\n{}", fast.diagram());
                assert_eq!(fast.count_legal_moves(), expected.len());
                positions += 1;
                if expected.is_empty() {
                    assert!(fast.is_over(), "no legal move yet the game goes on");
                    break;
                }
                let moves: Vec<Move> = expected.into_iter().collect();
                let walls: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| matches!(m, Move::Wall(_)))
                    .collect();
                let mv = if !walls.is_empty() && rng.random_bool(wall_bias) {
                    walls[rng.random_range(0..walls.len())]
                } else {
                    moves[rng.random_range(0..moves.len())]
                };
                fast.play(mv).unwrap();
                naive.play(mv);
            }
        }
    }
    eprintln!("{positions} positions compared");
    assert!(positions > 1_000, "only {positions} positions compared");
}
