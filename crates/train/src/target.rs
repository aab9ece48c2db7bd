//! What the network learns to predict for each position.

use quoridor_text::spelled;
use std::fmt;
use std::str::FromStr;

/// The training target of a position, from the side to move's view.
///
/// The game's result is what the evaluation is for, but one game's result
/// labels every position of it, the early ones too, so it is noisy; the
/// search's value is smooth but only as good as the classic evaluation
/// behind it. Mixing them (Stockfish's NNUE trainer calls the weight
/// `lambda`) learns the outcome with less noise: the default is half each.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TrainingTarget {
    /// The game's result: 1 a win, 0 a loss, ½ a draw.
    Result,
    /// The search's win probability.
    Value,
    /// `λ·result + (1 − λ)·value`, with λ in [0, 1].
    Mix(f64),
}

/// Which epoch's weights the training returns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KeepEpoch {
    /// The epoch with the lowest validation loss (early stopping's choice;
    /// the last one when no game is held out).
    #[default]
    Best,
    /// The last epoch.
    Last,
}

spelled!(KeepEpoch {
    Best => "best",
    Last => "last",
});

impl Default for TrainingTarget {
    fn default() -> Self {
        TrainingTarget::Mix(0.5)
    }
}

impl TrainingTarget {
    /// The target for a position whose game ended `result` for the side to
    /// move and whose search valued it `value`.
    pub fn of(self, result: f64, value: f64) -> f64 {
        match self {
            TrainingTarget::Result => result,
            TrainingTarget::Value => value,
            TrainingTarget::Mix(lambda) => lambda * result + (1.0 - lambda) * value,
        }
    }
}

impl fmt::Display for TrainingTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainingTarget::Result => f.write_str("result"),
            TrainingTarget::Value => f.write_str("value"),
            TrainingTarget::Mix(lambda) => write!(f, "mix:{lambda}"),
        }
    }
}

/// A `--target` that is none of `result`, `value`, `mix:λ`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTargetError(String);

impl fmt::Display for ParseTargetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a target: expected result, value or mix:λ with λ from 0 to 1 (mix:0.5)",
            self.0
        )
    }
}

impl std::error::Error for ParseTargetError {}

impl FromStr for TrainingTarget {
    type Err = ParseTargetError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let error = || ParseTargetError(s.to_string());
        match s {
            "result" => Ok(TrainingTarget::Result),
            "value" => Ok(TrainingTarget::Value),
            _ => {
                let lambda: f64 = s
                    .strip_prefix("mix:")
                    .and_then(|l| l.parse().ok())
                    .ok_or_else(error)?;
                if (0.0..=1.0).contains(&lambda) {
                    Ok(TrainingTarget::Mix(lambda))
                } else {
                    Err(error())
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_read_and_mix_result_with_value() {
        let mix: TrainingTarget = "mix:0.25".parse().expect("a target");
        assert_eq!(mix, TrainingTarget::Mix(0.25));
        assert!((mix.of(1.0, 0.6) - 0.7).abs() < 1e-12);
        assert_eq!("result".parse(), Ok(TrainingTarget::Result));
        assert_eq!(TrainingTarget::Result.of(0.0, 0.9), 0.0);
        assert_eq!("value".parse(), Ok(TrainingTarget::Value));
        assert_eq!(TrainingTarget::Value.of(0.0, 0.9), 0.9);
        assert_eq!(TrainingTarget::default().to_string(), "mix:0.5");
        for bad in ["mix:1.5", "mix:-0.1", "mix:", "mix:nan", "results", ""] {
            assert!(bad.parse::<TrainingTarget>().is_err(), "{bad}");
        }
    }
}
