//! Value parsers for `qtp`'s engine flags: each value is checked against the
//! engine option table as it is read, so a bad one stops the tool before the
//! session starts.

use super::protocol_names::name_value;
use quoridor_engines::{set_option, EngineConfig};

/// `--preset NAME`: a preset the option table knows.
pub fn preset(value: &str) -> Result<String, String> {
    set_option(&mut EngineConfig::default(), "preset", value)
        .map(|()| value.to_string())
        .map_err(|e| e.to_string())
}

/// `--option NAME=VALUE`: an engine option and a value it accepts.
pub fn engine_option(text: &str) -> Result<(String, String), String> {
    let (name, value) = name_value(text)?;
    set_option(&mut EngineConfig::default(), &name, &value).map_err(|e| e.to_string())?;
    Ok((name, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_checked_against_the_table() {
        assert_eq!(
            engine_option(" uct_c = 0.3"),
            Ok(("uct_c".to_string(), "0.3".to_string()))
        );
        assert!(engine_option("uct_c").unwrap_err().contains("NAME=VALUE"));
        assert!(engine_option("uct_c=lots").is_err());
        assert!(engine_option("no_such=1").is_err());
        assert_eq!(preset("thesis"), Ok("thesis".to_string()));
        assert!(preset("fast").is_err());
    }
}
