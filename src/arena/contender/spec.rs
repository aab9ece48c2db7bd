//! Engine specs: `preset=thesis,uct_c=0.3,…` read into search settings.

use crate::search::{set_option, EngineConfig, OptionError};
use crate::text::quote_input;
use std::fmt;

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
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::NotNameValue { part } => write!(f, "expected name=value, got {part:?}"),
            SpecError::Option(e) => e.fmt(f),
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
/// let p = quoridor::arena::parse_spec("preset=thesis, uct_c=0.3").unwrap();
/// assert_eq!((p.uct.uct_c, p.uct.max_playout_moves), (0.3, Some(2)));
/// assert!(quoridor::arena::parse_spec("uct_c").is_err());
/// ```
pub fn parse_spec(spec: &str) -> Result<EngineConfig, SpecError> {
    let mut config = EngineConfig::default();
    for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) = part
            .split_once('=')
            .ok_or_else(|| SpecError::NotNameValue {
                part: quote_input(part),
            })?;
        set_option(&mut config, name.trim(), value.trim()).map_err(SpecError::Option)?;
    }
    Ok(config)
}
