//! Which engine ran: the one name the core knows of each engine, for the
//! option `engine`, the snapshot's report and what a search's work counts.

use quoridor_text::spelled;
use serde::{Deserialize, Serialize};

/// Which search an engine runs (option `engine`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EngineKind {
    /// Monte Carlo tree search (`Uct`; `ParallelUct` runs one per thread).
    #[default]
    Uct,
    /// Negamax with alpha-beta and its enhancements (`AlphaBeta`).
    #[serde(rename = "alphabeta")]
    AlphaBeta,
}

spelled!(EngineKind {
    Uct => "uct",
    AlphaBeta => "alphabeta",
});

impl EngineKind {
    /// What a search's work is counted in: UCT's playouts or alpha-beta's
    /// nodes ([`crate::SearchInfo::searched`]).
    ///
    /// ```
    /// use quoridor_search::EngineKind;
    /// assert_eq!(EngineKind::Uct.work_unit(), "playouts");
    /// assert_eq!(EngineKind::AlphaBeta.work_unit(), "nodes");
    /// ```
    pub fn work_unit(self) -> &'static str {
        match self {
            EngineKind::Uct => "playouts",
            EngineKind::AlphaBeta => "nodes",
        }
    }
}
