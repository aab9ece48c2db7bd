//! Every tunable of the engine in one struct, with the thesis's names and
//! defaults documented per field.

use super::alphabeta::AlphaBetaParams;
use super::engine::EngineKind;
use super::limits::Limits;
use crate::text::spelled;
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

spelled!(PlayoutPolicy {
    Uniform => "uniform",
    ShortestPath => "shortest_path",
});

spelled!(FinalMove {
    MostVisits => "most_visits",
    BestWinrate => "best_winrate",
});

/// A named set of all settings (the `preset` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// [`SearchParams::thesis_fixed_point`].
    Thesis,
    /// [`SearchParams::default`].
    Default,
    /// [`SearchParams::easy`].
    Easy,
}

spelled!(Preset {
    Thesis => "thesis",
    Default => "default",
    Easy => "easy",
});

impl Preset {
    /// The settings this preset stands for.
    ///
    /// ```
    /// use quoridor::search::{Preset, SearchParams};
    /// assert_eq!("thesis".parse::<Preset>().unwrap().params(), SearchParams::thesis_fixed_point());
    /// ```
    pub fn params(self) -> SearchParams {
        match self {
            Preset::Thesis => SearchParams::thesis_fixed_point(),
            Preset::Default => SearchParams::default(),
            Preset::Easy => SearchParams::easy(),
        }
    }
}

/// All engine settings.
///
/// Serialised (serde) only for the worker messages, which page and worker of
/// one build exchange; saved games and share links keep settings as option
/// text (see `ui::link`), so this form may change between versions. The first ten fields are the thesis's parameters
/// (J. Tomek, "Aplikace MCTS na hru Quoridor", 2011, table 5.1), the rest are
/// extensions beyond it, each with its own switch.
///
/// ```
/// use quoridor::search::{Limits, SearchParams};
/// let thesis = SearchParams::thesis_fixed_point();
/// assert_eq!(thesis.limits, Limits::playouts(2500));
/// assert_eq!(thesis.max_playout_moves, Some(2));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchParams {
    /// Thesis #1: playouts and/or thinking time per move (options
    /// `playouts` and `time_ms`). With both set, the search stops at whichever
    /// comes first; with neither, it runs until stopped.
    pub limits: Limits,
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
    /// Thesis #5 `skoreconst`: slope of `atan(slope * E) / pi + 0.5`, which turns
    /// the evaluation into a win probability. Thesis: 0.3, best 0.5.
    pub score_slope: f64,
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
    /// [`crate::search::ranked_moves`]): the tree grows deep along the moves
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
    pub win_length_penalty: f64,
    /// Extension: among moves of equal result (proven, or every one nearly
    /// certainly lost) the race decides: the fastest win, and in a lost
    /// position the move that keeps our path shortest against the
    /// opponent's (see [`crate::search::pick_by_race`]). Off: the final-move
    /// rule decides among them too.
    pub tie_break: bool,
    /// Extension (both engines): once neither player has a wall left at the
    /// root, positions are looked up in an exact table of the pawn race
    /// ([`crate::search::PawnRace`]). UCT proves won and lost ones (when
    /// proofs are tracked), scores drawn ones 0.5, and its tie-break plays
    /// the fastest win or the longest loss by the table's count of plies;
    /// alpha-beta scores every node below the root from the table.
    pub pawn_race: bool,
    /// Most tree nodes kept (all threads together); when full, the tree stops
    /// growing and playouts go on.
    pub node_budget: u32,
    /// Most memory the trees hold, in MiB (all threads together, split like
    /// the node budget); the tree stops growing at whichever of the two
    /// budgets it reaches first.
    pub tree_mb: u32,
    /// Random seed; the same seed, position and playout limit give the same search.
    pub seed: u64,
    /// Search threads (UCT). Natively they grow one tree together (tree
    /// parallelism with virtual loss), each with its own seed derived from
    /// `seed`; the page's workers share no memory, so there each grows its
    /// own tree with its share of the budgets, and their root statistics are
    /// merged (root parallelisation). With more than one thread a search is
    /// not reproducible: the threads' timing shapes the tree.
    pub threads: u32,
    /// Which engine searches (option `engine`): UCT (every field above) or
    /// alpha-beta ([`SearchParams::alphabeta`], with `limits`, whose playout
    /// limit then counts nodes, and `score_slope` for win probabilities).
    pub engine: EngineKind,
    /// The alpha-beta engine's settings (options `hash` and `ab_*`).
    pub alphabeta: AlphaBetaParams,
}

impl SearchParams {
    /// The tree memory budget (`tree_mb`) in bytes.
    pub fn tree_bytes(&self) -> u64 {
        u64::from(self.tree_mb) * MIB
    }

    /// The thesis's fixed point: 2,500 playouts, C 0.1, maxd 2, wall weight 1,
    /// slope 0.3, parameters 6–10 off, no extensions.
    pub fn thesis_fixed_point() -> SearchParams {
        SearchParams {
            limits: Limits::playouts(2500),
            uct_c: 0.1,
            max_playout_moves: Some(2),
            wall_weight: 1.0,
            score_slope: 0.3,
            skip_from_depth: None,
            smart_playouts: false,
            remember_overlapping_walls: false,
            remember_blocking_walls: false,
            losing_move_detection: false,
            tree_reuse: false,
            solver: false,
            playout_policy: PlayoutPolicy::Uniform,
            path_bias: 0.0,
            near_walls_only: false,
            widening: 0.0,
            tempo: 0.0,
            final_move: FinalMove::MostVisits,
            win_length_penalty: 0.0,
            tie_break: false,
            pawn_race: false,
            node_budget: DEFAULT_NODE_BUDGET,
            tree_mb: DEFAULT_TREE_MB,
            seed: 1,
            threads: 1,
            engine: EngineKind::Uct,
            alphabeta: AlphaBetaParams::default(),
        }
    }

    /// A weak opponent for beginners: the thesis engine with few playouts.
    pub fn easy() -> SearchParams {
        SearchParams {
            limits: Limits::playouts(300),
            ..SearchParams::thesis_fixed_point()
        }
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

    /// Whether proven results are tracked (solver or losing-move detection).
    pub fn tracks_proofs(&self) -> bool {
        self.solver || self.losing_move_detection
    }
}

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

/// Most search threads (option `threads`).
pub const MAX_THREADS: u32 = 16;

impl Default for SearchParams {
    /// The strongest combination measured with `quoridor arena` (the matches
    /// are in `docs/experiments.md`, "Tuning the Default preset"): a
    /// best-first search rather than the thesis's random playouts — maxd 0
    /// (every new node is scored by the evaluation at once), progressive
    /// widening 1 over race-ranked moves, wall weight 1, slope 0.3, C 0.1 —
    /// with the solver, losing-move detection, tree reuse and both wall memories.
    fn default() -> SearchParams {
        SearchParams {
            limits: Limits::time_ms(2000),
            uct_c: 0.1,
            max_playout_moves: Some(0),
            wall_weight: 1.0,
            score_slope: 0.3,
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
            pawn_race: true,
            node_budget: DEFAULT_NODE_BUDGET,
            tree_mb: DEFAULT_TREE_MB,
            seed: 1,
            threads: 1,
            engine: EngineKind::Uct,
            alphabeta: AlphaBetaParams::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Choice;

    /// The worker messages spell these enums with serde: the same words.
    fn assert_serde_spells_like_display<C: Choice + Serialize + std::fmt::Display>() {
        for value in C::ALL {
            let json = serde_json::to_string(value).expect("serialise");
            assert_eq!(json, format!("\"{value}\""));
        }
    }

    #[test]
    fn serde_and_display_spell_the_words_alike() {
        assert_serde_spells_like_display::<PlayoutPolicy>();
        assert_serde_spells_like_display::<FinalMove>();
        assert_serde_spells_like_display::<Preset>();
        assert_serde_spells_like_display::<EngineKind>();
    }

    #[test]
    fn presets_read_their_names_in_any_case() {
        assert_eq!("Thesis".parse::<Preset>(), Ok(Preset::Thesis));
        assert_eq!(
            " easy ".parse::<Preset>().map(Preset::params),
            Ok(SearchParams::easy())
        );
        let err = "hard".parse::<Preset>().expect_err("no such preset");
        assert_eq!(
            err.to_string(),
            "expected thesis, default or easy, got \"hard\""
        );
    }
}
