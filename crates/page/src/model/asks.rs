//! Questions about positions the page sends a worker in batches (exact
//! values, the network's priors): which are out and unanswered, and the
//! next numbered batch.

use crate::worker::messages::GameData;

/// Adds to a new batch in `outbox` every game of `wanted` that `settled`
/// does not rule out (known already, or of a variant never asked about) and
/// that is neither `pending` nor in the batch already; the batch's games
/// become pending. No batch (and no new number) when none is left.
pub fn ask_for(
    pending: &mut Vec<GameData>,
    outbox: &mut (u64, Vec<GameData>),
    wanted: impl IntoIterator<Item = GameData>,
    settled: impl Fn(&GameData) -> bool,
) {
    let mut batch = Vec::new();
    for game in wanted {
        if settled(&game) || pending.contains(&game) || batch.contains(&game) {
            continue;
        }
        batch.push(game);
    }
    if !batch.is_empty() {
        pending.extend(batch.iter().cloned());
        *outbox = (outbox.0 + 1, batch);
    }
}
