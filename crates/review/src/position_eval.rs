//! The engine's view of one position of a game: player 1's win chance at
//! best play, the move it would play and its line.

use quoridor_engines::learned::Evaluator;
use quoridor_engines::{for_player, new_engine, EngineConfig, SearchEngine, SearchInfo};
use quoridor_rules::{Game, Move, Player, Position};
use serde::{Deserialize, Serialize};

/// What the engine thinks of one position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PositionEval {
    /// Player 1's win chance with best play from here (1 or 0 when proven or over).
    pub p1_win: f64,
    /// Whether `p1_win` is a proven result (the solver's, or the game is over).
    pub proven: bool,
    /// The move the engine would play (`None` when the game is over).
    pub best: Option<Move>,
    /// The engine's line from here, `best` first.
    pub line: Vec<Move>,
}

impl PositionEval {
    /// A finished game: the winner's chance is 1.
    pub fn finished(winner: Player) -> PositionEval {
        PositionEval {
            p1_win: for_player(1.0, winner),
            proven: true,
            best: None,
            line: Vec::new(),
        }
    }

    /// The evaluation a search snapshot gives: a proven winner's chance is 1;
    /// otherwise the chance of the move the engine would play (the root's
    /// mean would count the moves it only tried, and undersell the position).
    pub fn from_info(info: &SearchInfo) -> PositionEval {
        let side = info.side_to_move;
        let (side_win, proven) = match info.proven_winner {
            Some(winner) => (for_player(for_player(1.0, winner), side), true),
            None => {
                let chosen = info
                    .children
                    .iter()
                    .find(|c| Some(c.mv) == info.best_move)
                    .or(info.children.first());
                (
                    chosen.map_or(info.win_probability, |c| c.win_probability),
                    false,
                )
            }
        };
        PositionEval {
            p1_win: for_player(side_win, side),
            proven,
            best: info.best_move,
            line: info.pv.clone(),
        }
    }

    /// Searches `position` with the engine and settings of `config` (its
    /// limits are the budget), scoring with `evaluator`; a finished game
    /// needs no search.
    pub fn search(
        position: &Position,
        config: &EngineConfig,
        evaluator: &Evaluator,
    ) -> PositionEval {
        if let Some(winner) = position.winner() {
            return PositionEval::finished(winner);
        }
        let mut search = new_engine(*position, config, evaluator.clone());
        search.think();
        PositionEval::from_info(&search.info(usize::MAX))
    }

    /// Searches every position of `game`, the start and the position after
    /// each move, in order; `searched(done, total)` is called after each
    /// one (for a progress bar: a review takes seconds a position).
    pub fn search_game(
        game: &Game,
        config: &EngineConfig,
        evaluator: &Evaluator,
        mut searched: impl FnMut(usize, usize),
    ) -> Vec<PositionEval> {
        let total = game.moves().len() + 1;
        (0..total)
            .filter_map(|ply| game.position_at(ply))
            .enumerate()
            .map(|(done, position)| {
                let eval = PositionEval::search(position, config, evaluator);
                searched(done + 1, total);
                eval
            })
            .collect()
    }

    /// `player`'s win chance here.
    pub fn win_for(&self, player: Player) -> f64 {
        for_player(self.p1_win, player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_engines::{Limits, SearchParams};

    #[test]
    fn searching_a_game_reports_each_position_once_in_order() {
        let game: Game = "[size 5] [walls 0] c2 c4 c3 b4 c4 b3 c5".parse().unwrap();
        let config = EngineConfig::uct(SearchParams {
            limits: Limits::playouts(20),
            ..SearchParams::default()
        });
        let mut calls = Vec::new();
        let evals = PositionEval::search_game(
            &game,
            &config,
            &quoridor_engines::learned::test_evaluator(),
            |done, total| calls.push((done, total)),
        );
        assert_eq!(evals.len(), 8);
        let expected: Vec<(usize, usize)> = (1..=8).map(|done| (done, 8)).collect();
        assert_eq!(calls, expected);
    }
}
