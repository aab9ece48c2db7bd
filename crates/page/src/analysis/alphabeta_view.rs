//! What the analysis views show of an alpha-beta snapshot: the score as the
//! protocol writes it with the win chance the engine reports, each root
//! move's score for the board overlay, and the tree map's one row of root
//! moves (widths by the nodes searched below each). Plain Rust, tested
//! natively.

use quoridor_engines::{AlphaBetaInfo, Score};
use quoridor_engines::{SearchInfo, SearchParams};
use quoridor_rules::Move;

use super::format::percent;

/// `"cp 120 (62%)"`, `"mate 3 (100%)"`: the protocol's score words and the
/// win chance for the side to move.
pub fn score_text(score: Score, win: f64) -> String {
    format!("{score} ({})", percent(win))
}

/// The last completed iteration's score of root move `mv`, if the snapshot
/// is alpha-beta's and the move was searched.
pub fn root_score(info: &SearchInfo, mv: Move) -> Option<Score> {
    info.alphabeta()?
        .root_moves
        .iter()
        .find(|r| r.mv == mv)
        .map(|r| r.score)
}

/// One root move in the alpha-beta tree map.
#[derive(Clone, Debug, PartialEq)]
pub struct RootMoveBar {
    /// The move.
    pub mv: Move,
    /// Nodes searched below it in the last completed iteration.
    pub nodes: u64,
    /// Its score for the side to move at the root (the player making it).
    pub score: Score,
    /// That score's win chance for the player making the move.
    pub win: f64,
    /// Left edge, in chart units.
    pub x: f64,
    /// Width: `nodes / all root moves' nodes` of the chart's width.
    pub width: f64,
}

/// The root moves of the last completed iteration, most nodes first, laid
/// side by side over `width` in proportion to the nodes below each. Win
/// chances use the default score slope (the engine reports only the best
/// moves' chances).
pub fn root_move_bars(ab: &AlphaBetaInfo, width: f64) -> Vec<RootMoveBar> {
    let total: u64 = ab.root_moves.iter().map(|r| r.nodes).sum();
    if total == 0 {
        return Vec::new();
    }
    let slope = SearchParams::default().score_slope;
    let mut moves: Vec<_> = ab.root_moves.iter().filter(|r| r.nodes > 0).collect();
    moves.sort_by_key(|r| std::cmp::Reverse(r.nodes));
    let mut x = 0.0;
    moves
        .into_iter()
        .map(|r| {
            let w = width * r.nodes as f64 / total as f64;
            let bar = RootMoveBar {
                mv: r.mv,
                nodes: r.nodes,
                score: r.score,
                win: r.score.win_probability(slope),
                x,
                width: w,
            };
            x += w;
            bar
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_engines::alphabeta::AlphaBetaParams;
    use quoridor_engines::{new_engine, EngineKind, Limits};
    use quoridor_engines::{EngineConfig, SearchEngine, UctParams};
    use quoridor_rules::{Position, Variant};

    /// A finished depth-3 alpha-beta search of a 5×5 start.
    fn searched() -> SearchInfo {
        let params = SearchParams {
            limits: Limits::time_ms(5_000),
            ..SearchParams::default()
        };
        let mut config = EngineConfig::of_kind(EngineKind::AlphaBeta, params);
        config.alphabeta = AlphaBetaParams {
            max_depth: Some(3),
            ..AlphaBetaParams::default()
        };
        let start = Position::new(Variant::new(5, 2).expect("5x5"));
        let mut engine = new_engine(start, &config, quoridor_engines::learned::test_evaluator());
        engine.think();
        engine.info(16)
    }

    #[test]
    fn root_move_widths_follow_the_nodes_below_each_move() {
        let info = searched();
        let ab = info.alphabeta().expect("alpha-beta info");
        let last = ab.iterations.last().expect("an iteration");
        let below: u64 = ab.root_moves.iter().map(|r| r.nodes).sum();
        assert!(
            below > 0 && below <= last.nodes,
            "{below} of {}",
            last.nodes
        );
        let bars = root_move_bars(ab, 600.0);
        assert!(!bars.is_empty());
        let widths: f64 = bars.iter().map(|b| b.width).sum();
        assert!((widths - 600.0).abs() < 1e-6, "{widths}");
        for pair in bars.windows(2) {
            assert!(pair[0].nodes >= pair[1].nodes);
            assert!((pair[0].x + pair[0].width - pair[1].x).abs() < 1e-9);
        }
        for bar in &bars {
            let expected = 600.0 * bar.nodes as f64 / below as f64;
            assert!((bar.width - expected).abs() < 1e-9);
            assert_eq!(root_score(&info, bar.mv), Some(bar.score));
        }
    }

    #[test]
    fn scores_read_as_the_protocol_writes_them_with_the_win_chance() {
        assert_eq!(score_text(Score::Cp(120), 0.623), "cp 120 (62%)");
        assert_eq!(score_text(Score::Mate(-2), 0.0), "mate -2 (0%)");
        let info = searched();
        assert_eq!(info.engine_kind(), EngineKind::AlphaBeta);
        assert_eq!(info.engine_kind().work_unit(), "nodes");
        let best = info.best_move.expect("a move");
        assert!(root_score(&info, best).is_some());
        let uct = quoridor_engines::Uct::new(
            Position::new(Variant::default()),
            SearchParams::default(),
            UctParams::default(),
            quoridor_engines::learned::test_evaluator(),
        )
        .info(4);
        assert_eq!(uct.engine_kind(), EngineKind::Uct);
        assert_eq!(root_score(&uct, best), None);
    }
}
