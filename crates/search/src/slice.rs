//! How long one call of [`SearchEngine::run`](super::SearchEngine::run) may go on.

use super::limits::Limits;
use std::time::Duration;

/// How long one call of [`SearchEngine::run`](super::SearchEngine::run) may go on: the same two kinds of
/// bound as a whole think ([`Limits`]), counted from the start of the call.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Slice(pub Limits);

impl Slice {
    /// A slice of at most `ms` milliseconds (none if `ms` is not above 0).
    pub fn time(ms: f64) -> Slice {
        let time = (ms > 0.0)
            .then(|| Duration::try_from_secs_f64(ms / 1000.0).ok())
            .flatten();
        Slice(Limits {
            time,
            ..Limits::NONE
        })
    }

    /// A slice of at most `n` playouts (none if `n` is 0).
    pub fn playouts(n: u64) -> Slice {
        Slice(Limits::playouts(n))
    }
}
