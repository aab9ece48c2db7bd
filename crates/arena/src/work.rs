//! What an engine's count of work per move counts: UCT counts playouts,
//! alpha-beta nodes, and an engine that reports nothing (a QTP engine) has
//! no count at all, so the summary says nothing rather than 0.

use quoridor_engines::EngineReport;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The unit of an engine's work count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkUnit {
    /// UCT's playouts (and an external engine's `info … playouts N`).
    Playouts,
    /// Alpha-beta's nodes (and an external engine's `info … nodes N`).
    Nodes,
}

impl WorkUnit {
    /// The unit of the engine that made `report`.
    pub fn of(report: &EngineReport) -> WorkUnit {
        match report {
            EngineReport::Uct(_) => WorkUnit::Playouts,
            EngineReport::AlphaBeta(_) => WorkUnit::Nodes,
        }
    }
}

impl fmt::Display for WorkUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WorkUnit::Playouts => "playouts",
            WorkUnit::Nodes => "nodes",
        })
    }
}

/// The work an engine reported for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    /// How many.
    pub count: u64,
    /// Of what.
    pub unit: WorkUnit,
}
