//! What defines an arena match's games, as a shard file records it.

use crate::contender::Contender;
use crate::play::MatchConfig;
use crate::sprt::SprtSettings;
use quoridor_engines::{EngineConfig, Limits};
use quoridor_rules::Variant;
use serde::{Deserialize, Serialize};

/// One side of an arena match as its definition records it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum ContenderDefinition {
    /// In-process settings.
    Internal {
        /// Name in reports.
        label: String,
        /// The engine and its settings (boxed: the other variants are
        /// small).
        config: Box<EngineConfig>,
    },
    /// The random mover.
    Random,
    /// An external engine's command.
    External {
        /// Name in reports.
        label: String,
        /// The command.
        command: String,
    },
}

impl ContenderDefinition {
    /// The name in reports.
    pub fn label(&self) -> &str {
        match self {
            ContenderDefinition::Internal { label, .. }
            | ContenderDefinition::External { label, .. } => label,
            ContenderDefinition::Random => crate::RANDOM_MOVER,
        }
    }
}

/// Everything that defines an arena match's games.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ArenaDefinition {
    /// Engine A.
    pub a: ContenderDefinition,
    /// Engine B.
    pub b: ContenderDefinition,
    /// Games in the match.
    pub games: usize,
    /// Board size, walls, start squares.
    pub variant: Variant,
    /// The per-move limit for both sides, if any.
    pub limit: Option<Limits>,
    /// The openings' records.
    pub openings: Vec<String>,
    /// Plies before adjudication.
    pub move_cap: usize,
    /// The base seed.
    pub seed: u64,
    /// The match's sequential test, if any: each shard plays all its games
    /// and the merge computes the LLR (absent in files of matches without
    /// one, so their definition hash is unchanged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtSettings>,
}

impl ArenaDefinition {
    /// The definition of the match `config` (threads and the external
    /// engines' grace time do not change which games are played).
    pub fn of(config: &MatchConfig) -> ArenaDefinition {
        let side = |c: &Contender| match c {
            Contender::Internal { label, config, .. } => ContenderDefinition::Internal {
                label: label.clone(),
                config: config.clone(),
            },
            Contender::Random => ContenderDefinition::Random,
            Contender::External { label, command, .. } => ContenderDefinition::External {
                label: label.clone(),
                command: command.clone(),
            },
        };
        ArenaDefinition {
            a: side(&config.a),
            b: side(&config.b),
            games: config.games,
            variant: config.variant,
            limit: config.limit,
            openings: config.openings.iter().map(ToString::to_string).collect(),
            move_cap: config.move_cap,
            seed: config.seed,
            sprt: config.sprt,
        }
    }

    /// As JSON, for a [`ShardFile`].
    pub fn to_json(&self) -> Result<serde_json::Value, serde_json::Error> {
        serde_json::to_value(self)
    }
}
