//! The alpha-beta engine's settings: every enhancement's switch and the
//! evaluation's weights (options `hash` and `ab_*` in the option table).

use serde::{Deserialize, Serialize};

/// Settings of the alpha-beta engine. The think's time and node limits are
/// [`quoridor_search::SearchParams::limits`] (its playout limit counts nodes
/// here), shared with UCT.
///
/// Value-preserving switches (the search returns the same value with them on
/// or off, only faster): `tt`, `pvs`, `aspiration`, `killers`, `history`,
/// `ordering`, `policy_ordering`. The others change what is searched: `null_move`, `futility`
/// (forward pruning), `near_walls` (fewer walls), `quiescence` and
/// `goal_extension` (deeper lines at the horizon), `exact_race` (leaf scores).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AlphaBetaParams {
    /// Deepest iteration of iterative deepening; `None` = until a limit.
    pub max_depth: Option<u32>,
    /// Transposition table size in MiB (option `hash`).
    pub hash_mb: u32,
    /// Transposition table: probe for cutoffs and the best move, store results.
    pub tt: bool,
    /// Principal variation search: null windows after the first move,
    /// re-searched with the full window when they fail high.
    pub pvs: bool,
    /// Aspiration windows around the previous iteration's score, re-searched
    /// wider on a fail low or high.
    pub aspiration: bool,
    /// Half width of the first aspiration window, in centipawns.
    pub aspiration_window: u32,
    /// Two killer moves per ply (quiet moves that caused a cutoff) tried early.
    pub killers: bool,
    /// History heuristic: moves that caused cutoffs anywhere are tried earlier.
    pub history: bool,
    /// Move ordering by the race: winning and path-shortening pawn steps first,
    /// then walls by how much they lengthen the opponent's path.
    pub ordering: bool,
    /// With a learned network that has a policy head (and `eval` scoring
    /// with it): at nodes with at least [`AlphaBetaParams::policy_depth`]
    /// plies left, the moves after the TT move are tried in the order of the
    /// policy's logits instead of the race, killers and history (winning
    /// steps still first). No effect without a head or with the classic
    /// evaluation.
    pub policy_ordering: bool,
    /// Fewest plies left for policy ordering (at least 1): nearer the
    /// leaves (quiescence) the hand-made ordering is kept. Default 1, every
    /// full-width node: with network 4 it searched fewer nodes to depth 7
    /// than from 2 or 3 plies on (docs/engines.md, "Policy ordering"), and
    /// the head costs less than the race scores it replaces.
    pub policy_depth: u8,
    /// Null-move pruning (R = 2): if passing still fails high, cut. Only when
    /// the side to move has walls (a pawn that must step can be in zugzwang).
    pub null_move: bool,
    /// Futility pruning at frontier nodes: quiet moves are skipped when the
    /// static score plus [`AlphaBetaParams::futility_margin`] cannot reach alpha.
    pub futility: bool,
    /// Futility margin in centipawns.
    pub futility_margin: u32,
    /// Only walls on a shortest path of either pawn or next to a pawn.
    pub near_walls: bool,
    /// Quiescence search at the horizon: walls that lengthen the opponent's
    /// path and pawn steps to the goal, up to [`QUIESCENCE_PLIES`] plies.
    /// On by default: at 0.1 s a move it won 64 of 100 games against the
    /// same engine without it (docs/experiments.md, "Alpha-beta vs UCT").
    pub quiescence: bool,
    /// One more ply at the horizon when a pawn is at most two steps from its goal.
    pub goal_extension: bool,
    /// A race where the opponent has no walls and the side to move is no
    /// farther from its goal is scored as a win in N plies at the leaves.
    pub exact_race: bool,
    /// Late-move reductions graded by corridors: at nodes with at least
    /// [`LMR_MIN_DEPTH`] plies left, quiet walls after the first
    /// [`LMR_AFTER`] moves are searched [`LMR_FAR`] plies shallower when
    /// none of the four squares they touch lies in either pawn's corridor
    /// (squares at most [`LMR_SLACK`] steps of detour off a shortest path),
    /// [`LMR_NEAR`] ply when they touch a corridor without cutting it, and
    /// not at all when they cut it; pawn steps, the TT move, killers and
    /// walls that lengthen the opponent's path are never reduced. A reduced
    /// search that fails high is searched again at full depth. Off by
    /// default: it takes 20-35% fewer nodes to depth 9, but against the
    /// same engine without it it won 208 of 400 games (52.0%, Wilson
    /// 47.1-56.9%; at 50,000 nodes and at 100 ms a move, docs/engines.md,
    /// "What each switch is worth in games"), not told apart from no change.
    pub lmr: bool,
    /// Centipawns per wall in stock (a step of path length is 100). Default
    /// 100, a wall worth a step as in UCT's Default preset: 20-game screens
    /// against UCT Default at 0.1 s a move scored 5% at 0, 30% at 30 (over
    /// 100 games), 45% at 100, 20% at 150 and 40% at 200.
    pub wall_weight: f64,
    /// Centipawns for being the side to move.
    pub tempo: f64,
}

/// Most plies of quiescence search below the horizon.
pub const QUIESCENCE_PLIES: u32 = 4;

/// Late-move reductions: fewest plies left at a node that reduces.
pub const LMR_MIN_DEPTH: i32 = 3;
/// Late-move reductions: moves searched in full at a node before any is reduced.
pub const LMR_AFTER: usize = 3;
/// Late-move reductions: steps of detour off a shortest path that still
/// count as a pawn's corridor.
pub const LMR_SLACK: u32 = 3;
/// Late-move reductions: plies taken off a wall that touches no corridor.
pub const LMR_FAR: i32 = 2;
/// Late-move reductions: plies taken off a wall that touches a corridor
/// without cutting it (no edge it blocks has both squares in a corridor).
pub const LMR_NEAR: i32 = 1;

impl Default for AlphaBetaParams {
    /// Every enhancement on except futility and goal extension, 16 MiB of hash.
    fn default() -> AlphaBetaParams {
        AlphaBetaParams {
            max_depth: None,
            hash_mb: 16,
            tt: true,
            pvs: true,
            aspiration: true,
            aspiration_window: 50,
            killers: true,
            history: true,
            ordering: true,
            // Measured no stronger at 0.1 s (docs/engines.md, "Policy ordering").
            policy_ordering: false,
            policy_depth: 1,
            null_move: true,
            futility: false,
            futility_margin: 150,
            near_walls: true,
            quiescence: true,
            goal_extension: false,
            exact_race: true,
            // Not shown stronger in games (see the field).
            lmr: false,
            wall_weight: 100.0,
            tempo: 50.0,
        }
    }
}

impl AlphaBetaParams {
    /// Plain minimax with alpha-beta and nothing else (for tests and the
    /// enhancement table): every switch off.
    pub fn plain() -> AlphaBetaParams {
        AlphaBetaParams {
            tt: false,
            pvs: false,
            aspiration: false,
            killers: false,
            history: false,
            ordering: false,
            policy_ordering: false,
            null_move: false,
            futility: false,
            near_walls: false,
            quiescence: false,
            goal_extension: false,
            exact_race: false,
            lmr: false,
            ..AlphaBetaParams::default()
        }
    }
}

/// The settings themselves, for their options on their own (see each
/// part's options).
impl AsRef<AlphaBetaParams> for AlphaBetaParams {
    fn as_ref(&self) -> &AlphaBetaParams {
        self
    }
}

impl AsMut<AlphaBetaParams> for AlphaBetaParams {
    fn as_mut(&mut self) -> &mut AlphaBetaParams {
        self
    }
}
