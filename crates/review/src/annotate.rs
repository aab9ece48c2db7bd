//! The annotated record: the game's record with each inaccuracy or worse
//! marked by its symbol and a comment naming the better move and the
//! mover's win chance before and after, which the record parser reads back
//! as the plain game; a finished game ends with its result:
//!
//! ```text
//! d1 f9 … d8 f2 a1h?? {better: d9, win 100% → 0%} f1 … e9 1-0
//! ```

use super::game_review::GameReview;
use quoridor_rules::{Game, PlyLimit};
use std::fmt::Write;

/// `game`'s record with `review`'s judgements; moves not yet judged are
/// written plain, and a game over under `limit` ends with its result.
///
/// ```
/// use quoridor_rules::{Game, PlyLimit};
/// use quoridor_review::{annotated_record, GameReview, PositionEval};
/// let game: Game = "e2 e8".parse().unwrap();
/// let eval = |p1_win, best: &str| PositionEval {
///     p1_win, proven: false, best: Some(best.parse().unwrap()), line: vec![] };
/// let review = GameReview::judge(&game, &[eval(0.5, "e2"), eval(0.5, "d8"), eval(0.9, "e3")]);
/// let text = annotated_record(&game, &review, PlyLimit::DEFAULT);
/// assert_eq!(text, "e2 e8?? {better: d8, win 50% → 10%}");
/// assert_eq!(text.parse::<Game>().unwrap(), game);
/// // At a 2-ply limit the game is over, adjudicated to the side to move.
/// let text = annotated_record(&game, &review, PlyLimit::new(2));
/// assert_eq!(
///     text,
///     "e2 e8?? {better: d8, win 50% → 10%} 1-0 \
///      {adjudicated at the 2-ply limit (paths 7 to 7, the side to move wins a tie)}"
/// );
/// assert_eq!(text.parse::<Game>().unwrap(), game);
/// ```
pub fn annotated_record(game: &Game, review: &GameReview, limit: PlyLimit) -> String {
    let mut text = game.header();
    for (ply, mv) in game.moves().iter().enumerate() {
        if !text.is_empty() {
            text.push(' ');
        }
        let _ = write!(text, "{mv}");
        let Some(judged) = review.moves().get(ply) else {
            continue;
        };
        if let Some(symbol) = judged.judgement.symbol() {
            text.push_str(symbol);
        }
        if let Some(better) = judged.better {
            let _ = write!(
                text,
                " {{better: {better}, win {:.0}% → {:.0}%",
                judged.before * 100.0,
                judged.after * 100.0
            );
            // A return judged on its excursion names where that began.
            if let Some((start, win)) = judged.returns_to {
                let dots = if start % 2 == 0 { "." } else { "…" };
                let _ = write!(
                    text,
                    "; back as before {}{dots} {}, win {:.0}% → {:.0}%",
                    start / 2 + 1,
                    game.moves()[start],
                    win * 100.0,
                    judged.after * 100.0
                );
            }
            text.push('}');
        }
    }
    game.push_result(&mut text, limit);
    text
}
