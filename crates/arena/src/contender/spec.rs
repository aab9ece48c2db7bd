//! Engine specs: `preset=thesis,uct_c=0.3,…` read into search settings.

use quoridor_engines::learned::{read_network, Evaluator};
use quoridor_engines::{set_option, set_option_for, EngineConfig, OptionError};
use quoridor_text::quote_input;
use std::fmt;
use std::path::Path;

/// Why an engine spec (`preset=thesis,uct_c=0.3`) could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum SpecError {
    /// A part is not `name=value`.
    NotNameValue {
        /// The part (at most 80 characters of it).
        part: String,
    },
    /// An option name or value was refused.
    Option(OptionError),
    /// `eval_file=PATH` names a file that is not a network's weights (the
    /// reader's words, with the file).
    EvalFile(String),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::NotNameValue { part } => write!(f, "expected name=value, got {part:?}"),
            SpecError::Option(e) => e.fmt(f),
            SpecError::EvalFile(e) => write!(f, "{EVAL_FILE} {e}"),
        }
    }
}

impl std::error::Error for SpecError {}

impl From<SpecError> for String {
    /// For callers that report errors as text.
    fn from(e: SpecError) -> String {
        e.to_string()
    }
}

/// Reads `preset=thesis,uct_c=0.3,…` (engine protocol option names, later
/// entries win) into an engine and its settings, starting from UCT's `Default`.
///
/// ```
/// let p = quoridor_arena::parse_spec("preset=thesis, uct_c=0.3").unwrap();
/// assert_eq!((p.uct.uct_c, p.uct.max_playout_moves), (0.3, Some(2)));
/// assert!(quoridor_arena::parse_spec("uct_c").is_err());
/// ```
pub fn parse_spec(spec: &str) -> Result<EngineConfig, SpecError> {
    let mut config = EngineConfig::default();
    for (name, value) in spec_parts(spec)? {
        set_option(&mut config, name, value).map_err(SpecError::Option)?;
    }
    Ok(config)
}

/// The spec entry that gives a contender its own network.
const EVAL_FILE: &str = "eval_file";

/// The `name=value` parts of `spec`, trimmed.
fn spec_parts(spec: &str) -> Result<Vec<(&str, &str)>, SpecError> {
    spec.split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|part| {
            part.split_once('=')
                .map(|(name, value)| (name.trim(), value.trim()))
                .ok_or_else(|| SpecError::NotNameValue {
                    part: quote_input(part),
                })
        })
        .collect()
}

/// A contender's spec read into its engine, settings and evaluator: as
/// [`parse_spec`], plus `eval_file=PATH`, the network this contender scores
/// with in place of `evaluator`'s (the last one given counts, wherever it
/// stands). Settings the evaluator cannot score with (`eval=learned`
/// without a network) are refused.
///
/// ```
/// use quoridor_arena::parse_contender_spec;
/// use quoridor_engines::learned::Evaluator;
/// let (config, _) = parse_contender_spec("preset=thesis", &Evaluator::classic()).unwrap();
/// assert_eq!(config.uct.max_playout_moves, Some(2));
/// assert!(parse_contender_spec("eval=learned", &Evaluator::classic()).is_err());
/// assert!(parse_contender_spec("eval_file=/no/such/file", &Evaluator::classic()).is_err());
/// ```
pub fn parse_contender_spec(
    spec: &str,
    evaluator: &Evaluator,
) -> Result<(EngineConfig, Evaluator), SpecError> {
    let parts = spec_parts(spec)?;
    let own = parts
        .iter()
        .rev()
        .find(|(name, _)| name.eq_ignore_ascii_case(EVAL_FILE))
        .map(|(_, path)| read_network(Path::new(path)))
        .transpose()
        .map_err(|e| SpecError::EvalFile(e.to_string()))?;
    let evaluator = own.map_or_else(|| evaluator.clone(), Evaluator::with_network);
    let mut config = EngineConfig::default();
    for (name, value) in parts {
        if !name.eq_ignore_ascii_case(EVAL_FILE) {
            set_option_for(&evaluator, &mut config, name, value).map_err(SpecError::Option)?;
        }
    }
    Ok((config, evaluator))
}
