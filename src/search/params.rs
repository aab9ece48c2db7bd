//! The engines' settings: the common ones in [`SearchParams`], each engine's
//! own in its part ([`UctParams`], [`AlphaBetaParams`]), and the presets.

use super::alphabeta::AlphaBetaParams;
use super::eval::Evaluation;
use super::limits::Limits;
use super::move_choice::MoveChoice;
use super::uct::UctParams;
use crate::text::spelled;
use serde::{Deserialize, Serialize};

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

/// All engine settings: what both engines read, and each engine's own part.
/// Which engine searches is chosen beside them ([`crate::search::EngineConfig`]).
///
/// Serialised (serde) only for the worker messages, which page and worker of
/// one build exchange; saved games and share links keep settings as option
/// text (see `ui::link`), so this form may change between versions.
///
/// ```
/// use quoridor::search::{Limits, SearchParams};
/// let thesis = SearchParams::thesis_fixed_point();
/// assert_eq!(thesis.limits, Limits::playouts(2500));
/// assert_eq!(thesis.uct.max_playout_moves, Some(2));
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
    /// ([`crate::search::PawnRace`]). UCT proves won and lost ones (when
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
    /// The UCT engine's own settings (the thesis's parameters 2–4 and 6–10,
    /// UCT's extensions, the tree budgets).
    pub uct: UctParams,
    /// The alpha-beta engine's settings (options `hash` and `ab_*`).
    pub alphabeta: AlphaBetaParams,
    /// How the move is chosen among the search's candidates (options
    /// `temperature` and `choice_margin`): the best one, unless a
    /// temperature makes the engine err like a weaker player.
    pub choice: MoveChoice,
    /// The level these settings came from (option `level`, 1–10; see
    /// [`crate::search::LEVELS`]), `None` for settings of one's own. Other
    /// options set afterwards keep the label: a level, customised.
    pub level: Option<u8>,
}

impl SearchParams {
    /// The thesis's fixed point: 2,500 playouts, C 0.1, maxd 2, wall weight 1,
    /// slope 0.3, parameters 6–10 off, no extensions.
    pub fn thesis_fixed_point() -> SearchParams {
        SearchParams {
            limits: Limits::playouts(2500),
            pawn_race: false,
            eval: Evaluation::Classic,
            uct: UctParams::thesis(),
            ..SearchParams::default()
        }
    }

    /// A weak opponent for beginners: the thesis engine with few playouts.
    pub fn easy() -> SearchParams {
        SearchParams {
            limits: Limits::playouts(300),
            ..SearchParams::thesis_fixed_point()
        }
    }
}

/// Most search threads (option `threads`).
pub const MAX_THREADS: u32 = 16;

impl Default for SearchParams {
    /// The strongest combination measured with `quoridor arena` (the matches
    /// are in `docs/experiments.md`, "Tuning the Default preset"): UCT's
    /// [`UctParams::default`] — a best-first search rather than the thesis's
    /// random playouts — with slope 0.3, the pawn-race table and 2 s a move;
    /// and each engine's strongest evaluation ([`Evaluation::Auto`]: UCT's
    /// is the learned one, `docs/learned-eval.md`).
    fn default() -> SearchParams {
        SearchParams {
            limits: Limits::time_ms(2000),
            score_slope: 0.3,
            pawn_race: true,
            seed: 1,
            eval: Evaluation::Auto,
            threads: 1,
            uct: UctParams::default(),
            alphabeta: AlphaBetaParams::default(),
            choice: MoveChoice::default(),
            level: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{EngineKind, FinalMove, PlayoutPolicy};
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
