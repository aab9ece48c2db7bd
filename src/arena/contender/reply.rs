//! What an engine answered for one move, whichever side it played.

/// What an engine answered for one move.
#[derive(Clone, Debug)]
pub(crate) struct Reply {
    /// The move text as the engine sent it; a QTP engine's move in our
    /// notation when it names one (else its answer as sent).
    pub text: String,
    /// Playouts it reported for this move, if any.
    pub playouts: Option<u64>,
    /// Wall time of the move in milliseconds.
    pub ms: f64,
}
