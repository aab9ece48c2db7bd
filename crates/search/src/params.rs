//! The settings every engine reads ([`SearchParams`]): the think's limits,
//! the seed, the evaluation and its slope, the pawn-race table, threads and
//! the way of choosing the move. Each engine's own settings are its own type
//! (`UctParams`, `AlphaBetaParams`), set beside these in
//! `quoridor_engines::EngineConfig`.

use super::eval::Evaluation;
use super::limits::Limits;
use super::move_choice::MoveChoice;
use serde::{Deserialize, Serialize};

/// The settings every engine reads. Which engine searches, and its own
/// settings, are chosen beside them (`quoridor_engines::EngineConfig`).
///
/// Serialised (serde) only for the worker messages, which page and worker of
/// one build exchange; saved games and share links keep settings as option
/// text (see `ui::link`), so this form may change between versions.
///
/// ```
/// use quoridor_search::{Limits, SearchParams};
/// let params = SearchParams { limits: Limits::playouts(300), ..SearchParams::default() };
/// assert_eq!(params.seed, 1);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchParams {
    /// Thesis #1: playouts and/or thinking time per move (options
    /// `playouts` and `time_ms`). With both set, the search stops at whichever
    /// comes first; with neither, it runs until stopped. Alpha-beta counts
    /// nodes against the playout limit.
    pub limits: Limits,
    /// Thesis #5 `skoreconst`: slope of `atan(slope * E) / pi + 0.5`, which turns
    /// the evaluation into a win probability (both engines report theirs
    /// with it). Thesis: 0.3, best 0.5.
    pub score_slope: f64,
    /// Extension (both engines): once neither player has a wall left at the
    /// root, positions are looked up in an exact table of the pawn race
    /// ([`crate::PawnRace`]). UCT proves won and lost ones (when
    /// proofs are tracked), scores drawn ones 0.5, and its tie-break plays
    /// the fastest win or the longest loss by the table's count of plies;
    /// alpha-beta scores every node below the root from the table.
    pub pawn_race: bool,
    /// Random seed; the same seed, position and playout limit give the same search.
    pub seed: u64,
    /// How the engines score positions (option `eval`): each engine's
    /// strongest ([`Evaluation::Auto`]), the classic terms or the learned
    /// network.
    pub eval: Evaluation,
    /// Search threads (UCT). Natively they grow one tree together (tree
    /// parallelism with virtual loss), each with its own seed derived from
    /// `seed`; the page's workers share no memory, so there each grows its
    /// own tree with its share of the budgets, and their root statistics are
    /// merged (root parallelisation). With more than one thread a search is
    /// not reproducible: the threads' timing shapes the tree. Alpha-beta
    /// searches on one.
    pub threads: u32,
    /// How the move is chosen among the search's candidates (options
    /// `temperature` and `choice_margin`): the best one, unless a
    /// temperature makes the engine err like a weaker player.
    pub choice: MoveChoice,
    /// The level these settings came from (option `level`, 1–10; see
    /// `quoridor_engines::LEVELS`), `None` for settings of one's own. Other
    /// options set afterwards keep the label: a level, customised.
    pub level: Option<u8>,
    /// Play from the engines' opening book (option `book`): in a position
    /// of the standard game the book holds, a book move drawn by its share
    /// with the seed, and no search (`quoridor_engines::OpeningBook`).
    /// Off by default.
    pub book: bool,
}

/// Most search threads (option `threads`).
pub const MAX_THREADS: u32 = 16;

impl Default for SearchParams {
    /// The Default preset's common part, the strongest combination measured
    /// with `quoridor arena` (the matches are in `docs/experiments.md`,
    /// "Tuning the Default preset"): slope 0.3, the pawn-race table and 2 s
    /// a move, and each engine's strongest evaluation ([`Evaluation::Auto`]:
    /// the learned one, `docs/learned-eval.md`).
    fn default() -> SearchParams {
        SearchParams {
            limits: Limits::time_ms(2000),
            score_slope: 0.3,
            pawn_race: true,
            seed: 1,
            eval: Evaluation::Auto,
            threads: 1,
            choice: MoveChoice::default(),
            level: None,
            book: false,
        }
    }
}

/// The settings themselves, for their options on their own (see each
/// part's options).
impl AsRef<SearchParams> for SearchParams {
    fn as_ref(&self) -> &SearchParams {
        self
    }
}

impl AsMut<SearchParams> for SearchParams {
    fn as_mut(&mut self) -> &mut SearchParams {
        self
    }
}
