//! Small boards solved exactly: the game-theoretic value of every position
//! of a variant (a win or a loss for the side to move with the plies to the
//! end under best play, or a draw where neither side can force a win and
//! play may repeat for ever) by retrograde analysis.
//!
//! - [`census`]: bounds on a variant's configurations, positions and bytes,
//!   counted before anything is enumerated;
//! - [`configs`]: every wall configuration enumerated once, with the squares
//!   that still reach each goal row and the walls that still fit (the path
//!   rule as a table lookup);
//! - [`index`]: where a position sits in the table;
//! - [`retrograde`]: the solver, from the fullest wall layer down;
//! - [`table`]: the solved table, its lookups and its file format;
//! - `shelf`: the table files of a directory, for the native engines'
//!   `--tables DIR` (not in the page);
//! - [`exact`]: one position's exact values as the page shows them;
//! - [`accuracy`]: how close a player comes to perfect play, move by move;
//! - [`check`]: the consistency check of a whole table against the rules;
//! - [`brute`]: an independent, slow minimax with cycle handling.
//!
//! The pure game: no ply limit (the page's and the arena's 300-ply
//! adjudication is a separate rule). Uses the rules ([`quoridor_rules`]) for
//! pawn moves, wall overlaps and paths; never re-implements them.
//!
//! ```
//! use quoridor_rules::{Position, Variant};
//! use quoridor_solver::{solve, Value};
//! let variant = Variant::new(3, 0).unwrap();
//! let (table, _) = solve(variant, 1 << 30, |_, _| {}).unwrap();
//! // On 3x3 without walls player 1 must step in front of player 2, who
//! // jumps over it: player 1 loses in 4 plies.
//! assert_eq!(table.value(&Position::new(variant)), Some(Value::Loss(4)));
//! ```

pub mod accuracy;
pub mod brute;
pub mod census;
pub mod check;
pub mod configs;
pub mod exact;
pub mod index;
pub mod retrograde;
#[cfg(not(target_arch = "wasm32"))]
pub mod shelf;
pub mod table;
pub mod value;

pub use brute::brute_force;
pub use check::{check_table, CheckReport};
pub use retrograde::{solve, solve_keeping, Keep, SolveError, SolveStats, MAX_MEMORY_GIB};
pub use table::{Table, TableError};
pub use value::{Cell, Value};
