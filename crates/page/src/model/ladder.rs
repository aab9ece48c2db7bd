//! The ladder's share of the page's state: the player's record against
//! the levels, counted when a game against a level ends, and the next level
//! suggested after [`WINS_TO_SUGGEST`](super::record::WINS_TO_SUGGEST) wins
//! in a row.
//!
//! A game counts when a move (the player's or the engine's) ends it, a
//! person plays one side and the engine plays the other at a level's own
//! settings (not customised), on the board the levels are rated on (9×9
//! with 10 walls each: a win on 3×3, where the solved board's hints are
//! perfect, says nothing of a level). It counts once: the record keeps the seed of
//! the last game counted, and each game against a level has its own. Undone
//! moves and hints used do not keep a game from counting.

use super::record::{Day, LevelRecord, Record};
use super::settings::EngineSettings;
use super::{AppState, Seat};
use quoridor_engines::Level;
use quoridor_rules::{Player, Variant};

/// What the page knows of the player's games against the levels.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ladder {
    /// The record (the page keeps it in `localStorage`).
    pub record: Record,
    /// Today, as the page's clock says (the page sets it before each action).
    pub today: Option<Day>,
    /// The level the page suggests trying next, after a win.
    pub suggestion: Option<u8>,
}

/// Intents about the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LadderIntent {
    /// Start a game against level `n` on the same board, with the same seats.
    PlayLevel(u8),
    /// Put the suggestion away.
    Dismiss,
    /// Forget the whole record (the page has asked first).
    ClearRecord,
}

impl AppState {
    /// Applies a ladder intent; `seed` seeds a new game.
    pub(super) fn ladder_intent(&mut self, intent: LadderIntent, seed: u64) {
        match intent {
            LadderIntent::PlayLevel(n) => {
                if let Some(level) = Level::get(n) {
                    self.engine.settings = EngineSettings::at_level(level);
                    self.new_game(self.board.game.variant(), self.board.seats, seed);
                }
            }
            LadderIntent::Dismiss => self.ladder.suggestion = None,
            LadderIntent::ClearRecord => {
                self.ladder.record = Record::default();
                self.ladder.suggestion = None;
            }
        }
    }

    /// The side a person plays against the engine, if one side is a person
    /// and the other the engine.
    pub(super) fn human_against_engine(&self) -> Option<Player> {
        match self.board.seats {
            [Seat::Human, Seat::Engine] => Some(Player::One),
            [Seat::Engine, Seat::Human] => Some(Player::Two),
            _ => None,
        }
    }

    /// The level played and the side the person plays, when a person plays
    /// the engine at a level's own settings.
    fn level_game(&self) -> Option<(&'static Level, Player)> {
        Some((
            self.engine.settings.exact_level()?,
            self.human_against_engine()?,
        ))
    }

    /// The winner, once the game is over by a pawn home or a resignation
    /// (the games the record counts).
    fn decided_winner(&self) -> Option<Player> {
        let goal = self.board.game.position().winner();
        goal.or(self
            .board
            .resigned
            .or(self.board.timed_out)
            .map(|p| p.other()))
    }

    /// Whether the game is played on the board the levels are rated on.
    fn on_the_rated_board(&self) -> bool {
        self.board.game.variant() == Variant::default()
    }

    /// Whether this game, once over, counts in the record: a person
    /// against the engine at a level's own settings, on the board the
    /// levels are rated on.
    pub fn counts_for_the_ladder(&self) -> bool {
        self.level_game().is_some() && self.on_the_rated_board()
    }

    /// The level of a finished game that counts in the record, and the
    /// record against it now (the page's result line: "Your record against
    /// Level 5 · Tactician: 1–2").
    pub fn level_result(&self) -> Option<(&'static Level, LevelRecord)> {
        self.decided_winner()?;
        let (level, _) = self.level_game().filter(|_| self.on_the_rated_board())?;
        Some((level, self.ladder.record.of(level.number)))
    }

    /// Whether a person plays a level's own settings on another board than
    /// the one the levels are rated on: the page says such a game stays out
    /// of the record.
    pub fn off_the_ladder(&self) -> bool {
        self.level_game().is_some() && !self.on_the_rated_board()
    }

    /// A move has just been played: if it ended a game against a level,
    /// counts it (once) and suggests the next level after enough wins in a
    /// row.
    pub(super) fn count_if_over(&mut self) {
        let Some(winner) = self.decided_winner() else {
            return;
        };
        let Some((level, human)) = self.level_game().filter(|_| self.on_the_rated_board()) else {
            return;
        };
        let won = winner == human;
        let game = self.engine.settings.params.seed;
        let ladder = &mut self.ladder;
        if ladder.record.count(level.number, won, game, ladder.today) && won {
            ladder.suggestion = ladder.record.suggestion(level.number).map(|l| l.number);
        }
    }
}

#[cfg(test)]
#[path = "ladder_tests.rs"]
pub(super) mod tests;
