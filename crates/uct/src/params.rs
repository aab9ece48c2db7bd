//! The UCT engine's own settings: the thesis's parameters 2–10, UCT's
//! extensions beyond the thesis and the tree's budgets (the options of the
//! option table that only UCT reads).

use quoridor_text::spelled;
use serde::{Deserialize, Serialize};

/// How playouts choose their moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayoutPolicy {
    /// The thesis's selector: a uniformly random legal move, found by trial
    /// and error over all pawn steps and walls.
    Uniform,
    /// Beyond the thesis: the pawn follows a shortest path (with probability
    /// `path_bias`), and walls go on the opponent's shortest path.
    ShortestPath,
}

/// Which root child is played when the search ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FinalMove {
    /// The child searched most often (robust; the usual choice).
    MostVisits,
    /// The child with the best mean score (the thesis's other option).
    BestWinrate,
}

/// The value an unopened move is given when PUCT weighs it against the
/// opened ones (its "first-play urgency").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlay {
    /// KataGo's: the parent's value minus `fpu_reduction` times the square
    /// root of the priors already opened (0 reduction: the parent's value).
    Parent,
    /// A loss: a move is opened only when the prior term alone outweighs
    /// every opened move's value and exploration.
    Loss,
}

spelled!(FirstPlay {
    Parent => "parent",
    Loss => "loss",
});

spelled!(PlayoutPolicy {
    Uniform => "uniform",
    ShortestPath => "shortest_path",
});

spelled!(FinalMove {
    MostVisits => "most_visits",
    BestWinrate => "best_winrate",
});

/// Settings of the UCT engine. The think's limits, seed, threads, the
/// win-probability slope and the pawn-race table are common to both engines
/// and sit in [`quoridor_search::SearchParams`].
///
/// The first fields are the thesis's parameters 2–10 (J. Tomek, "Aplikace
/// MCTS na hru Quoridor", 2011, table 5.1; #1 is the limit and #5 the slope),
/// the rest are extensions beyond it, each with its own switch, and the
/// tree's budgets. [`UctParams::default`] is the Default preset's;
/// [`UctParams::thesis`] the thesis's fixed point.
///
/// ```
/// use quoridor_uct::UctParams;
/// let thesis = UctParams::thesis();
/// assert_eq!(thesis.max_playout_moves, Some(2));
/// assert!(!thesis.solver && UctParams::default().solver);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct UctParams {
    /// Thesis #2 `UCTConst`: exploration constant C in
    /// `winrate + C * sqrt(ln(parent visits) / child visits)`. Thesis: 0.1, best 0.05.
    pub uct_c: f64,
    /// Thesis #3 `maxd`: random moves per playout before the evaluation
    /// function scores the position; `None` plays to the end of the game.
    /// Thesis fixed point 2, best 5.
    pub max_playout_moves: Option<u32>,
    /// Thesis #4 `zarazkaconst`: weight of a wall in stock against one step of
    /// path length in the evaluation. Thesis: 1, best 0.25.
    pub wall_weight: f64,
    /// Thesis #6 node skipping: from this tree depth on (0 = the root), with
    /// probability 1/2 the descent goes into an existing child instead of
    /// creating a new one. `None` = off.
    pub skip_from_depth: Option<u32>,
    /// Thesis #7 smart playouts: every second move of each player in a playout
    /// is a shortest-path pawn step.
    pub smart_playouts: bool,
    /// Thesis #8: the random selector never draws walls that overlap or cross
    /// placed walls (they stay illegal for the rest of the game).
    pub remember_overlapping_walls: bool,
    /// Thesis #9: a wall found to cut a pawn off is remembered, with the
    /// region the pawn would be shut in, and not tried again while that pawn
    /// stays in the region.
    pub remember_blocking_walls: bool,
    /// Thesis #10 losing-move detection: a move that lets the opponent win at
    /// once is removed from the tree; a node whose every move is removed is
    /// lost, and so on upwards.
    pub losing_move_detection: bool,
    /// Extension: keep the subtree of the moves actually played between searches.
    pub tree_reuse: bool,
    /// Extension: MCTS-solver. Proven wins and losses of both sides propagate;
    /// a winning move is tried first at every new node; a proven win is played
    /// at once and a proven loss avoided while any move is unproven.
    pub solver: bool,
    /// Extension: how playouts (and expansion) pick moves.
    pub playout_policy: PlayoutPolicy,
    /// Extension (with `ShortestPath`): probability that a playout move is a
    /// shortest-path pawn step rather than a wall.
    pub path_bias: f64,
    /// Extension: only walls that touch a shortest path of either pawn, or lie
    /// next to a pawn, are considered (in the tree and in playouts).
    pub near_walls_only: bool,
    /// Extension: progressive widening. 0 = off (the thesis: a node gets a new
    /// child on every visit until all its moves are children). Above 0, a node
    /// visited `v` times has at most `ceil(widening * sqrt(v + 1))` children,
    /// and new children come in order of how much they change the race (see
    /// [`crate::ranked_moves`]): the tree grows deep along the moves
    /// that matter instead of wide over ~130 walls.
    pub widening: f64,
    /// Extension: steps of path length the side to move is worth in the
    /// evaluation at the end of a playout (in a pure race the side to move
    /// wins a tie). 0 = the thesis's evaluation, which ignores whose turn it is.
    pub tempo: f64,
    /// Extension: how the move to play is picked at the end.
    pub final_move: FinalMove,
    /// Extension: a playout won after `k` moves scores `1 - k * win_length_penalty`
    /// (at least 0.9) for the winner, so quicker wins score higher and a won
    /// game is converted instead of drifting. 0 = the thesis's plain 1/0.
    /// With [`UctParams::shortest_win`] the wins the tree decides are
    /// discounted alike, by their plies from the root.
    pub win_length_penalty: f64,
    /// Extension: among moves of equal result (proven, or every one nearly
    /// certainly lost) the race decides: the fastest win, and in a lost
    /// position the move that keeps our path shortest against the
    /// opponent's (see [`crate::pick_by_race`]). Off: the final-move
    /// rule decides among them too.
    pub tie_break: bool,
    /// Extension (issue 61): won games are finished the shortest way. Proofs
    /// keep their length in plies; among proven wins the shortest is
    /// played (and among proven losses the longest held), a proven win
    /// ends the think only once no shorter one can be found (see
    /// [`crate::Uct::is_settled`]), and a win the
    /// tree decides (a finished game, a proven node, the pawn-race table)
    /// `k` plies below the root scores `1 - k * win_length_penalty` (at
    /// least 0.9) for the winner, so that of two won lines the search
    /// prefers the shorter. Off: every decided win scores 1, and proofs
    /// are chosen among by [`UctParams::tie_break`] alone.
    pub shortest_win: bool,
    /// Extension (issue 47): PUCT. When the network has a policy head, a
    /// node's moves are opened in the order of their priors and children
    /// are selected by `Q + c_puct · P · √N / (1 + n)` (AlphaZero's rule),
    /// an unopened move competing with the value of [`UctParams::fpu`];
    /// progressive widening and the UCB rule are then not used. Off, or
    /// without a policy head, the search is UCB with widening as before.
    /// Off by default: PUCT wins at fixed playouts, but with network 8 it
    /// is no stronger at equal time (49.5% of 200 games at 0.1 s a move;
    /// docs/engines.md, "PUCT").
    pub priors: bool,
    /// PUCT's exploration constant (values and priors on 0–1).
    pub c_puct: f64,
    /// PUCT's first-play urgency: what an unopened move's value is taken to be.
    pub fpu: FirstPlay,
    /// With `fpu` = parent: the parent's value minus this times the square
    /// root of the opened children's priors (KataGo's reduction).
    pub fpu_reduction: f64,
    /// Self-play's exploration (AlphaZero's root noise): with priors, the
    /// root's priors become `(1 − ε)·P + ε·η`, `η` drawn from a Dirichlet
    /// distribution with [`UctParams::root_noise_alpha`] for every move, so
    /// that self-play also searches moves its policy rates low. This is ε;
    /// 0 (the default) adds none. Noise draws a fresh tree at every root
    /// (no tree reuse): a reused root kept the priors it got below the old one.
    pub root_noise: f64,
    /// The Dirichlet concentration of [`UctParams::root_noise`] per move
    /// (AlphaZero: 0.3 for chess's ~35 moves, 0.03 for Go's ~250; about 10
    /// divided by the moves).
    pub root_noise_alpha: f64,
    /// Most tree nodes kept (all threads together); when full, the tree stops
    /// growing and playouts go on.
    pub node_budget: u32,
    /// Most memory the trees hold, in MiB (all threads together, split like
    /// the node budget); the tree stops growing at whichever of the two
    /// budgets it reaches first.
    pub tree_mb: u32,
}

/// The least a won playout or a decided win scores for its winner, however
/// long it took (see [`UctParams::win_length_penalty`]).
pub const MIN_DISCOUNTED_WIN: f64 = 0.9;

/// A win after `plies` plies with `penalty` a ply: `1 - plies * penalty`,
/// at least [`MIN_DISCOUNTED_WIN`].
pub fn discounted_win(plies: u32, penalty: f64) -> f64 {
    (1.0 - f64::from(plies) * penalty).max(MIN_DISCOUNTED_WIN)
}

/// Default `c_puct` (see [`UctParams::c_puct`]).
pub const DEFAULT_C_PUCT: f64 = 0.5;

/// Default `fpu_reduction` (see [`UctParams::fpu_reduction`]).
pub const DEFAULT_FPU_REDUCTION: f64 = 0.1;

/// Default `root_noise_alpha` (see [`UctParams::root_noise_alpha`]): about
/// 10 divided by the 100–130 moves of a position with walls to place.
pub const DEFAULT_ROOT_NOISE_ALPHA: f64 = 0.1;

/// Default node budget: enough for a long think (about 40 bytes a node).
pub const DEFAULT_NODE_BUDGET: u32 = 4_000_000;

/// Default tree memory in MiB (option `tree_mb`): sized for a phone. The
/// Default preset's tree takes about 105–115 bytes a node, so this holds
/// about 2.3–2.5 million nodes, some 12 seconds of one thread's search.
pub const DEFAULT_TREE_MB: u32 = 256;

/// Most tree memory in MiB (option `tree_mb`).
pub const MAX_TREE_MB: u32 = 65_536;

/// Bytes in a MiB.
pub const MIB: u64 = 1 << 20;

impl Default for UctParams {
    /// The Default preset's UCT (see [`quoridor_search::SearchParams::default`]):
    /// a best-first search rather than the thesis's random playouts — maxd 0
    /// (every new node is scored by the evaluation at once), progressive
    /// widening 1 over race-ranked moves, wall weight 1, C 0.1 — with the
    /// solver, losing-move detection, tree reuse and both wall memories.
    fn default() -> UctParams {
        UctParams {
            uct_c: 0.1,
            max_playout_moves: Some(0),
            wall_weight: 1.0,
            skip_from_depth: None,
            smart_playouts: false,
            remember_overlapping_walls: true,
            remember_blocking_walls: true,
            losing_move_detection: true,
            tree_reuse: true,
            solver: true,
            playout_policy: PlayoutPolicy::ShortestPath,
            path_bias: 0.5,
            near_walls_only: false,
            widening: 1.0,
            tempo: 0.0,
            final_move: FinalMove::MostVisits,
            win_length_penalty: 0.002,
            tie_break: true,
            shortest_win: true,
            priors: false,
            c_puct: DEFAULT_C_PUCT,
            fpu: FirstPlay::Parent,
            fpu_reduction: DEFAULT_FPU_REDUCTION,
            root_noise: 0.0,
            root_noise_alpha: DEFAULT_ROOT_NOISE_ALPHA,
            node_budget: DEFAULT_NODE_BUDGET,
            tree_mb: DEFAULT_TREE_MB,
        }
    }
}

impl UctParams {
    /// The thesis's fixed point: C 0.1, maxd 2, wall weight 1, parameters
    /// 6–10 off, no extensions (priors off too).
    pub fn thesis() -> UctParams {
        UctParams {
            max_playout_moves: Some(2),
            remember_overlapping_walls: false,
            remember_blocking_walls: false,
            losing_move_detection: false,
            tree_reuse: false,
            solver: false,
            playout_policy: PlayoutPolicy::Uniform,
            path_bias: 0.0,
            widening: 0.0,
            win_length_penalty: 0.0,
            tie_break: false,
            shortest_win: false,
            priors: false,
            ..UctParams::default()
        }
    }

    /// The tree memory budget (`tree_mb`) in bytes.
    pub fn tree_bytes(&self) -> u64 {
        u64::from(self.tree_mb) * MIB
    }

    /// Whether a think ends once its tree is full: when leaves are scored
    /// by the evaluation at once (`maxd` 0), a descent that cannot add a
    /// node only scores a leaf again, which adds nothing (and inflates
    /// playouts/s); random playouts (`maxd` above 0) still sample something
    /// new, so those go on. Lc0 likewise stops at its memory limit.
    pub fn stops_when_full(&self) -> bool {
        self.max_playout_moves == Some(0)
    }

    /// Whether a tree of `nodes` nodes has reached `node_budget` (and may
    /// not grow).
    pub fn node_budget_reached(&self, nodes: usize) -> bool {
        nodes >= self.node_budget as usize
    }

    /// What a win `plies` plies away is worth to its winner: 1, or with
    /// [`UctParams::shortest_win`] `1 - plies * win_length_penalty`, at
    /// least [`MIN_DISCOUNTED_WIN`].
    pub fn decided_win(&self, plies: u32) -> f64 {
        if self.shortest_win {
            discounted_win(plies, self.win_length_penalty)
        } else {
            1.0
        }
    }

    /// Whether proven results are tracked (solver or losing-move detection).
    pub fn tracks_proofs(&self) -> bool {
        self.solver || self.losing_move_detection
    }
}

/// The settings themselves, for their options on their own (see each
/// part's options).
impl AsRef<UctParams> for UctParams {
    fn as_ref(&self) -> &UctParams {
        self
    }
}

impl AsMut<UctParams> for UctParams {
    fn as_mut(&mut self) -> &mut UctParams {
        self
    }
}
