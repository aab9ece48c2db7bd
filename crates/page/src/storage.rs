//! Where the page's state comes from at start (a link, the saved game, or a
//! new game; the record against the levels) and where it is saved on every
//! change (`localStorage`).
//!
//! The choice between link, saved game and new game is plain Rust
//! ([`opening_state`], [`open_record`]), tested natively; reading the
//! address bar and `localStorage` is the page's (`quoridor-web`'s
//! `storage`).

use std::fmt;

use super::link::decode_with;
use super::model::record::{Record, RecordError};
use super::model::Shared;
use super::model::{AppState, Confirm, Seat};

/// The `localStorage` key of the saved game (a link query string).
pub const SAVED_KEY: &str = "quoridor.game.v1";

/// The `localStorage` key of the player's record against the levels
/// (versioned JSON, [`crate::model::record::StoredRecord`]); nothing
/// else carries it.
pub const RECORD_KEY: &str = "quoridor.record";

/// What was wrong with the game the page opened; the readable part of it
/// was opened all the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenProblems {
    /// The link in the address bar, one message per problem.
    Link(Vec<String>),
    /// The game saved in `localStorage`, one message per problem.
    Saved(Vec<String>),
}

impl OpenProblems {
    /// The problems of the link, if it has any.
    fn of_link<P: ToString>(problems: &[P]) -> Option<Self> {
        (!problems.is_empty()).then(|| OpenProblems::Link(texts(problems)))
    }

    /// The problems of the saved game, if it has any.
    fn of_saved<P: ToString>(problems: &[P]) -> Option<Self> {
        (!problems.is_empty()).then(|| OpenProblems::Saved(texts(problems)))
    }
}

fn texts<P: ToString>(problems: &[P]) -> Vec<String> {
    problems.iter().map(ToString::to_string).collect()
}

impl fmt::Display for OpenProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenProblems::Link(problems) => {
                write!(f, "This link has problems: {}", problems.join("; "))
            }
            OpenProblems::Saved(problems) => {
                write!(f, "The saved game has problems: {}", problems.join("; "))
            }
        }
    }
}

impl std::error::Error for OpenProblems {}

/// The state to start with, from the page's query string `link` and the
/// saved game's query string: a link wins over the saved game (the page then
/// offers the saved one back), the saved game over a new one: the first
/// visit's game against level [`crate::model::FIRST_VISIT_LEVEL`].
/// Problems with either go to the notice area. `seed` seeds the engine if it moves first;
/// `threads` is the machine's default thread count (see
/// [`crate::model::settings::default_threads`]), for the first visit and for links
/// and saved games that do not say.
pub fn opening_state(link: &str, saved: Option<&str>, seed: u64, threads: u32) -> AppState {
    let base = Shared::link_base(threads);
    let read = |query: &str| decode_with(query, base.clone());
    let saved = saved.map(read);
    if !link.trim().is_empty() {
        let opened = read(link);
        let mut state = AppState::from_shared(opened.shared.clone(), seed);
        // A game of two people opened from a link goes on by link: the
        // answer is a link too.
        state.page.by_link =
            opened.shared.seats == [Seat::Human; 2] && !opened.shared.game.moves().is_empty();
        state.page.notice = OpenProblems::of_link(&opened.problems.0).map(|p| p.to_string());
        if let Some(saved) = saved.filter(|s| !same_game(&s.shared, &opened.shared)) {
            state.page.confirm = Some(Confirm::LinkReplacedSaved {
                saved: Box::new(saved.shared),
            });
        }
        return state;
    }
    match saved {
        Some(saved) => {
            let mut state = AppState::from_shared(saved.shared, seed);
            state.page.notice = OpenProblems::of_saved(&saved.problems.0).map(|p| p.to_string());
            state
        }
        None => AppState::from_shared(Shared::first_visit(), seed),
    }
}

/// Puts the saved record into `state`, given what reading it gave (`None`:
/// nothing saved); a record that cannot be read is left aside, and the
/// notice area says why (a new record then starts with the next game
/// against a level).
pub fn open_record(state: &mut AppState, saved: Option<Result<Record, RecordError>>) {
    let Some(read) = saved else {
        return;
    };
    match read {
        Ok(record) => state.ladder.record = record,
        Err(e) => {
            let problem = format!(
                "Your record against the levels could not be read: {e}. \
                 A new record starts with your next game against a level."
            );
            state.page.notice = Some(match state.page.notice.take() {
                Some(notice) => format!("{notice} {problem}"),
                None => problem,
            });
        }
    }
}

fn same_game(a: &Shared, b: &Shared) -> bool {
    a.game == b.game && a.seats == b.seats && a.engine == b.engine
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::encode;
    use crate::model::Action;
    use crate::model::Seat;

    fn saved_game() -> Shared {
        let mut shared = Shared::default();
        for mv in ["e2", "e8", "e3"] {
            shared
                .game
                .play(mv.parse().expect("notation"))
                .expect("legal");
        }
        shared.seats = [Seat::Human, Seat::Human];
        shared
    }

    #[test]
    fn a_link_over_a_different_saved_game_offers_the_saved_one_back() {
        let saved = encode(&saved_game());
        let mut state = opening_state("v=1&moves=e2.e8&p2=human", Some(&saved), 1, 1);
        assert_eq!(state.board.game.to_string(), "e2 e8");
        assert!(matches!(
            state.page.confirm,
            Some(Confirm::LinkReplacedSaved { .. })
        ));
        state.apply(Action::Confirmed(true), 2);
        assert_eq!(state.board.game.to_string(), "e2 e8 e3");
        assert_eq!(state.page.confirm, None);
    }

    #[test]
    fn keeping_the_links_game_drops_the_question_only() {
        let saved = encode(&saved_game());
        let mut state = opening_state("v=1&moves=e2.e8&p2=human", Some(&saved), 1, 1);
        state.apply(Action::Confirmed(false), 2);
        assert_eq!(state.board.game.to_string(), "e2 e8");
        assert_eq!(state.page.confirm, None);
    }

    #[test]
    fn a_link_to_the_saved_game_asks_nothing() {
        let saved = encode(&saved_game());
        let state = opening_state(&saved, Some(&saved), 1, 1);
        assert_eq!(state.page.confirm, None);
        assert_eq!(state.shared(), saved_game());
    }

    #[test]
    fn problems_of_a_link_or_a_saved_game_are_told_apart() {
        let state = opening_state("v=1&moves=e2.e2&p1=robot", None, 1, 1);
        let notice = state.page.notice.expect("problems reported");
        assert!(notice.starts_with("This link has problems: "), "{notice}");
        assert!(notice.contains("; "), "two problems joined: {notice}");
        let state = opening_state("", Some("v=1&moves=e2.zz"), 1, 1);
        let notice = state.page.notice.expect("problems reported");
        assert!(
            notice.starts_with("The saved game has problems: "),
            "{notice}"
        );
        assert_eq!(state.board.game.to_string(), "e2");
    }

    #[test]
    fn the_machines_thread_count_fills_in_where_a_game_does_not_say() {
        let first = opening_state("", None, 1, 3);
        // The first visit plays a level, on one worker whatever the machine.
        assert_eq!(
            first.engine.settings.level().map(|l| l.level.number),
            Some(5)
        );
        assert_eq!(first.engine.settings.params.threads, 1);
        let old_link = opening_state("v=1&moves=e2.e8&p2=human", None, 1, 3);
        assert_eq!(old_link.engine.settings.params.threads, 3);
        let link = opening_state("v=1&moves=e2.e8&p2=human&threads=2", None, 1, 3);
        assert_eq!(link.engine.settings.params.threads, 2);
        let saved = opening_state("", Some("v=1&moves=e2&threads=5"), 1, 3);
        assert_eq!(saved.engine.settings.params.threads, 5);
    }

    #[test]
    fn nothing_saved_and_no_link_is_the_first_visit_game_against_level_five() {
        let state = opening_state("", None, 4321, 4);
        let mut expected = Shared::first_visit();
        expected.engine.params.seed = 4321;
        assert_eq!(state.shared(), expected);
        assert_eq!(state.board.seats, [Seat::Human, Seat::Engine]);
        assert_eq!(
            state.engine.settings.exact_level().map(|l| l.number),
            Some(crate::model::FIRST_VISIT_LEVEL)
        );
        assert_eq!(state.engine.search, None, "the human moves first");
        assert_eq!(state.page.notice, None);
    }

    #[test]
    fn a_saved_game_or_a_link_keeps_its_own_settings() {
        let saved = encode(&saved_game());
        let state = opening_state("", Some(&saved), 1, 4);
        assert_eq!(state.engine.settings.level(), None);
        let state = opening_state("v=1&level=2&p2=engine", Some(&saved), 99, 4);
        assert_eq!(
            state.engine.settings.exact_level().map(|l| l.number),
            Some(2)
        );
        assert_eq!(
            state.engine.settings.params.seed, 99,
            "a fresh seed for its game"
        );
        let state = opening_state("v=1&level=2&seed=7", None, 99, 4);
        assert_eq!(
            state.engine.settings.params.seed, 7,
            "the link's seed replays its game"
        );
    }

    #[test]
    fn the_saved_record_is_read_and_a_corrupt_one_is_reported_and_left_aside() {
        let mut record = Record::default();
        record.count(3, true, 17, None);
        let mut state = opening_state("", None, 1, 1);
        open_record(&mut state, Some(Ok(record.clone())));
        assert_eq!(state.ladder.record, record);
        assert_eq!(state.page.notice, None);
        let mut state = opening_state("v=1&moves=e2.zz", None, 1, 1);
        open_record(&mut state, Some(Err(RecordError::Version(2))));
        assert!(state.ladder.record.is_empty());
        let notice = state.page.notice.expect("reported");
        assert!(notice.starts_with("This link has problems: "), "{notice}");
        assert!(
            notice.contains("Your record against the levels could not be read"),
            "{notice}"
        );
        let mut state = opening_state("", None, 1, 1);
        open_record(&mut state, None);
        assert!(state.ladder.record.is_empty());
        assert_eq!(state.page.notice, None);
    }
}
