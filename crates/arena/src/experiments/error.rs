//! Why an experiment could not be completed.

use crate::MatchError;
use std::fmt;

/// Why an experiment could not be completed.
#[derive(Clone, Debug, PartialEq)]
pub enum ExperimentError {
    /// A match could not be played to the end.
    Match(MatchError),
    /// An engine forfeited a game, which in-process engines never should.
    Forfeit {
        /// The experiment's number.
        experiment: u8,
        /// The setting's label.
        setting: String,
        /// The summary's forfeit line.
        line: String,
    },
    /// A merged game's experiment, series or setting is not the one its
    /// number stands for in the list of all settings' games.
    Mislabelled {
        /// The game's number in that list.
        game: usize,
    },
    /// The merged games are not the whole list of the chosen settings'.
    Incomplete {
        /// Games the settings need.
        expected: usize,
        /// Games there are.
        found: usize,
    },
}

impl fmt::Display for ExperimentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExperimentError::Match(e) => e.fmt(f),
            ExperimentError::Forfeit {
                experiment,
                setting,
                line,
            } => write!(f, "experiment {experiment}, {setting}: {line}"),
            ExperimentError::Mislabelled { game } => write!(
                f,
                "game index {game} of the shards is labelled with another setting than the experiments' list"
            ),
            ExperimentError::Incomplete { expected, found } => write!(
                f,
                "the chosen experiments have {expected} games but the shards hold {found}"
            ),
        }
    }
}

impl std::error::Error for ExperimentError {}
