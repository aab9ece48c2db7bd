//! What an engine answered for one move, whichever side it played.

use crate::Work;

/// What an engine answered for one move.
#[derive(Clone, Debug)]
pub(crate) struct Reply {
    /// The move text as the engine sent it; a QTP engine's move in our
    /// notation when it names one (else its answer as sent).
    pub text: String,
    /// The work it reported for this move, if any.
    pub work: Option<Work>,
    /// Wall time of the move in milliseconds.
    pub ms: f64,
}
