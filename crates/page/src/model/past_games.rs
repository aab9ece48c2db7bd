//! Your games: the finished games played on this device (against the
//! engine, two people at one screen, or a friend online), newest first,
//! each kept as its share link's query so it opens again for replay and
//! review, and written out as a record file.
//!
//! A game is added when it ends on the page (a pawn home, a resignation, a
//! fallen flag, the ply limit), never when a finished game is opened again
//! (a reload, a link, this list), so a game is listed once.

use std::rc::Rc;

use quoridor_engines::EngineKind;
use quoridor_rules::{EndedBy, Game, Player};

use super::game_view::PLY_LIMIT;
use super::shared::Shared;
use super::{AppState, Confirm, Seat};
use crate::link;

/// How many games the list keeps (the oldest go first).
pub const KEPT: usize = 100;

/// The `localStorage` key of the list.
pub const PAST_GAMES_KEY: &str = "quoridor.games.v1";

/// The first line of the stored list.
const HEADER: &str = "quoridor past games v1";

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A pawn reached its goal row.
    Goal,
    /// The loser resigned.
    Resigned,
    /// The loser's clock ran out.
    Time,
    /// Adjudicated at the ply limit by path lengths.
    Limit,
}

impl Ending {
    fn word(self) -> &'static str {
        match self {
            Ending::Goal => "goal",
            Ending::Resigned => "resigned",
            Ending::Time => "time",
            Ending::Limit => "limit",
        }
    }

    fn from_word(word: &str) -> Option<Ending> {
        [Ending::Goal, Ending::Resigned, Ending::Time, Ending::Limit]
            .into_iter()
            .find(|e| e.word() == word)
    }

    /// How the game ended, in words (`player 2 resigned`).
    pub fn describe(self, winner: Player) -> String {
        let loser = winner.other();
        match self {
            Ending::Goal => format!("{winner} reached the goal"),
            Ending::Resigned => format!("{loser} resigned"),
            Ending::Time => format!("{loser} lost on time"),
            Ending::Limit => format!("{winner} won on path lengths at the ply limit"),
        }
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastGame {
    /// When it ended, in ms since 1970 (the browser's clock).
    pub ended_ms: u64,
    /// The side played from this device (`None`: both, at one screen).
    pub you: Option<Player>,
    /// Who won.
    pub winner: Player,
    /// How.
    pub ending: Ending,
    /// Who the other side was: `Level 5 · Tactician`, `a friend online`…
    pub opponent: String,
    /// Moves played.
    pub plies: usize,
    /// The game as a share link's query (moves, seats, engine settings).
    pub query: String,
}

impl PastGame {
    /// The game as the share link holds it; `None` if the stored query no
    /// longer reads as a game.
    pub fn shared(&self) -> Option<Shared> {
        let opened = link::decode(&self.query);
        opened.problems.is_empty().then_some(opened.shared)
    }

    /// The result from this device's side: `Won`, `Lost`, or who won when
    /// both sides played here.
    pub fn result_text(&self) -> String {
        match self.you {
            Some(you) if you == self.winner => "Won".into(),
            Some(_) => "Lost".into(),
            None => format!("{} won", self.winner),
        }
    }

    /// The record file: the variant's header tags, a comment naming the
    /// game (`when`, the sides, how it ended), the moves, and the result
    /// where the moves decide it (a resignation or a fallen flag is said in
    /// the comment: the notation's result must fit the moves). Reads back
    /// with the rules crate's record reader, the command line's too.
    pub fn record_file(&self, when: &str) -> Option<String> {
        let game = self.shared()?.game;
        let sides = match self.you {
            Some(you) => format!("you as {you} against {}", self.opponent),
            None => self.opponent.clone(),
        };
        let comment = format!(
            "{{Quoridor, {when}: {sides}; {}}}",
            self.ending.describe(self.winner)
        );
        Some(record_file(&game, &comment))
    }
}

/// `game`'s record with `comment` after its header tags, one move pair
/// to a line, ending in the result where the moves decide it.
pub fn record_file(game: &Game, comment: &str) -> String {
    let header = game.header();
    let mut text = String::new();
    if !header.is_empty() {
        text.push_str(&header);
        text.push('\n');
    }
    text.push_str(comment);
    text.push('\n');
    for (i, pair) in game.moves().chunks(2).enumerate() {
        let words: Vec<String> = pair.iter().map(ToString::to_string).collect();
        text.push_str(&format!("{}. {}\n", i + 1, words.join(" ")));
    }
    let mut result = String::new();
    game.push_result(&mut result, PLY_LIMIT);
    let result = result.trim();
    if !result.is_empty() {
        text.push_str(result);
        text.push('\n');
    }
    text
}

/// The finished games, newest first. Shared, not copied, when the page's
/// state is cloned (every action clones it): a list of 100 games with their
/// links is copied only when a game is added.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PastGames {
    /// The games, newest first.
    pub games: Rc<Vec<PastGame>>,
}

impl PastGames {
    /// Adds `game` as the newest, keeping [`KEPT`].
    pub fn add(&mut self, game: PastGame) {
        let games = Rc::make_mut(&mut self.games);
        games.insert(0, game);
        games.truncate(KEPT);
    }

    /// The stored form: a header line, then a line per game of
    /// tab-separated fields (end time, your side, winner, ending,
    /// opponent, moves, query).
    pub fn to_text(&self) -> String {
        let mut text = String::from(HEADER);
        for g in self.games.iter() {
            let you = g.you.map_or("-".to_string(), |p| p.number().to_string());
            text.push_str(&format!(
                "\n{}\t{you}\t{}\t{}\t{}\t{}\t{}",
                g.ended_ms,
                g.winner.number(),
                g.ending.word(),
                clean(&g.opponent),
                g.plies,
                clean(&g.query)
            ));
        }
        text
    }

    /// Reads the stored form. A line that does not read is left out (it
    /// costs that game only); text of another kind is an error.
    ///
    /// ```
    /// use quoridor_page::model::past_games::PastGames;
    /// assert!(PastGames::from_text("quoridor past games v1").is_ok_and(|g| g.games.is_empty()));
    /// assert!(PastGames::from_text("{}").is_err());
    /// ```
    pub fn from_text(text: &str) -> Result<PastGames, String> {
        let mut lines = text.lines();
        if lines.next().map(str::trim) != Some(HEADER) {
            return Err("not a list of games of this version".into());
        }
        let games = lines.filter_map(read_line).take(KEPT).collect();
        Ok(PastGames {
            games: Rc::new(games),
        })
    }
}

/// Tabs and line breaks would break the stored form's lines.
fn clean(text: &str) -> String {
    text.replace(['\t', '\n', '\r'], " ")
}

fn player(word: &str) -> Option<Player> {
    match word {
        "1" => Some(Player::One),
        "2" => Some(Player::Two),
        _ => None,
    }
}

fn read_line(line: &str) -> Option<PastGame> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [ended, you, winner, ending, opponent, plies, query] = fields.as_slice() else {
        return None;
    };
    Some(PastGame {
        ended_ms: ended.parse().ok()?,
        you: match *you {
            "-" => None,
            other => Some(player(other)?),
        },
        winner: player(winner)?,
        ending: Ending::from_word(ending)?,
        opponent: (*opponent).to_string(),
        plies: plies.parse().ok()?,
        query: (*query).to_string(),
    })
}

impl AppState {
    /// The game just finished, as Your games lists it: `None` unless the
    /// game is decided and someone played it from this device (not two
    /// engines, not a spectator).
    pub(super) fn finished_game(&self) -> Option<PastGame> {
        let board = &self.board;
        let outcome = board.outcome()?;
        let ending = match outcome.by {
            EndedBy::Goal => Ending::Goal,
            EndedBy::PlyLimit { .. } => Ending::Limit,
            EndedBy::Resignation => Ending::Resigned,
            EndedBy::Timeout => Ending::Time,
        };
        let winner = outcome.winner;
        let (you, opponent) = match &self.online {
            Some(online) => (Some(online.you?), "a friend online".to_string()),
            None => match board.seats {
                [Seat::Human, Seat::Human] => (None, "two players at one screen".to_string()),
                [Seat::Engine, Seat::Engine] => return None,
                seats => {
                    let you = if seats[0] == Seat::Human {
                        Player::One
                    } else {
                        Player::Two
                    };
                    (Some(you), self.opponent_name(you.other()))
                }
            },
        };
        let shared = Shared {
            view: None,
            ..self.shared()
        };
        Some(PastGame {
            ended_ms: self.engine.now_ms.map_or(0, |ms| ms.max(0.0) as u64),
            you,
            winner,
            ending,
            opponent,
            plies: board.game.moves().len(),
            query: link::encode(&shared),
        })
    }

    /// Opens `game` in place of this one, asking first when that would
    /// abandon an unfinished game a person has moved in; never during a
    /// live online game.
    pub(super) fn open_game(&mut self, game: Shared, seed: u64) {
        if self.online.as_ref().is_some_and(|o| o.result.is_none()) {
            self.page
                .tell("Finish or resign the online game before opening another.");
            return;
        }
        let moves = self.board.game.moves().len();
        if self.board.unfinished() && moves > 0 && self.board.seats.contains(&Seat::Human) {
            self.page.confirm = Some(Confirm::AbandonForGame {
                game: Box::new(game),
                moves,
            });
            return;
        }
        self.replace_game(game, seed);
    }

    /// Opens a game record (the notation of a record file) as a game of
    /// two people at this screen, or says why it does not read.
    pub(super) fn open_record(&mut self, text: &str, seed: u64) {
        match text.parse::<Game>() {
            Ok(game) => {
                let shared = Shared {
                    game,
                    view: None,
                    seats: [Seat::Human; 2],
                    engine: self.engine.settings.for_new_game(seed),
                    hints: 0,
                    resigned: None,
                };
                self.open_game(shared, seed);
            }
            Err(e) => self.page.tell(format!(
                "That record does not read: {}",
                quoridor_text::quote_input(&e.to_string())
            )),
        }
    }

    /// The engine playing `player`, named: its level, or its kind.
    fn opponent_name(&self, player: Player) -> String {
        match self.engine.settings.exact_level() {
            Some(level) => format!("Level {} · {}", level.number, level.name),
            None => match self.engine.settings.engine_of(player) {
                EngineKind::Uct => "the UCT engine".into(),
                EngineKind::AlphaBeta => "the alpha-beta engine".into(),
            },
        }
    }

    /// Lists the game if this action finished it (once: not again when
    /// the newest listed game is this one, as after a reconnection).
    pub(super) fn list_if_over(&mut self) {
        let Some(game) = self.finished_game() else {
            return;
        };
        if self.past.games.first().map(|g| &g.query) != Some(&game.query) {
            self.past.add(game);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(n: u64) -> PastGame {
        PastGame {
            ended_ms: 1_765_000_000_000 + n,
            you: Some(Player::One),
            winner: Player::Two,
            ending: Ending::Resigned,
            opponent: "Level 5 · Tactician".into(),
            plies: 3,
            query: "v=1&p1=human&p2=engine&level=5&moves=e2.e8.e3".into(),
        }
    }

    #[test]
    fn the_stored_list_reads_back_and_skips_a_bad_line() {
        let mut games = PastGames::default();
        games.add(sample(1));
        games.add(PastGame {
            you: None,
            opponent: "two\tplayers".into(),
            ..sample(2)
        });
        let text = games.to_text();
        let back = PastGames::from_text(&text).expect("reads");
        assert_eq!(back.games.len(), 2);
        assert_eq!(
            back.games[0].opponent, "two players",
            "a tab cannot split a line"
        );
        assert_eq!(back.games[1], sample(1));
        let damaged = format!("{text}\nnot\ta game\n");
        assert_eq!(
            PastGames::from_text(&damaged).expect("reads").games.len(),
            2
        );
        assert!(PastGames::from_text("").is_err());
    }

    #[test]
    fn the_list_keeps_the_newest_hundred() {
        let mut games = PastGames::default();
        for n in 0..(KEPT as u64 + 5) {
            games.add(sample(n));
        }
        assert_eq!(games.games.len(), KEPT);
        assert_eq!(games.games[0].ended_ms, sample(KEPT as u64 + 4).ended_ms);
    }

    #[test]
    fn a_record_file_reads_back_as_the_game() {
        let game: Game = "[size 5] [walls 3] c2 c4 b1v c3".parse().expect("legal");
        let text = record_file(&game, "{a comment}");
        assert!(text.starts_with("[size 5] [walls 3]\n{a comment}\n1. c2 c4\n"));
        let back: Game = text.parse().expect("reads back");
        assert_eq!(back, game);
        // Player 2 jumps over player 1 to b1, its goal row.
        let won: Game = "[size 3] [walls 0] b2 b1".parse().expect("legal");
        let text = record_file(&won, "{won}");
        assert!(text.trim_end().ends_with("0-1"), "{text}");
        assert_eq!(text.parse::<Game>().expect("reads back"), won);
    }
}

/// Games listed as they end, driven through [`AppState::apply`] as the page
/// drives it.
#[cfg(test)]
mod listing_tests {
    use super::*;
    use crate::model::{Action, EngineSettings};
    use quoridor_engines::Level;
    use quoridor_rules::Variant;

    /// 9×9: player 1 on e8, to move, wins with e9.
    const P1_WINS_NEXT: &str = "e2 d9 e3 d8 e4 d7 e5 d6 e6 d5 e7 d4 e8 d3";

    fn state(record: &str, seats: [Seat; 2]) -> AppState {
        let level = Level::get(5).expect("a level");
        let mut state = AppState::from_shared(
            Shared {
                game: Game::parse_with_variant(record, Variant::default()).expect("legal"),
                seats,
                engine: EngineSettings::at_level(level),
                ..Shared::default()
            },
            7,
        );
        state.engine.now_ms = Some(1_765_000_000_000.0);
        state
    }

    #[test]
    fn a_game_won_on_the_page_is_listed_once_and_opens_again() {
        let mut page = state(P1_WINS_NEXT, [Seat::Human, Seat::Engine]);
        assert!(page.past.games.is_empty(), "opening a game lists nothing");
        page.apply(Action::Play("e9".parse().expect("notation")), 7);
        assert_eq!(page.past.games.len(), 1);
        let listed = page.past.games[0].clone();
        assert_eq!(
            (listed.you, listed.winner, listed.ending, listed.plies),
            (Some(Player::One), Player::One, Ending::Goal, 15)
        );
        assert_eq!(listed.opponent, "Level 5 · Tactician");
        assert_eq!(listed.result_text(), "Won");
        assert_eq!(listed.ended_ms, 1_765_000_000_000);
        // Stepping through the finished game changes nothing listed.
        page.apply(Action::View(Some(3)), 7);
        page.apply(Action::View(None), 7);
        assert_eq!(page.past.games.len(), 1);
        // Opened again from the list: the same game, finished, not listed twice.
        let shared = listed.shared().expect("its query reads");
        page.apply(Action::OpenGame(Box::new(shared)), 7);
        assert_eq!(page.board.game.moves().len(), 15);
        assert_eq!(page.board.seats, [Seat::Human, Seat::Engine]);
        assert!(!page.board.unfinished());
        assert_eq!(page.past.games.len(), 1, "the list survives opening a game");
        let file = listed.record_file("7 Dec 2026").expect("a record");
        assert!(
            file.contains("you as player 1 against Level 5 · Tactician; player 1 reached the goal")
        );
        assert_eq!(file.parse::<Game>().expect("reads back"), page.board.game);
    }

    #[test]
    fn a_resignation_is_listed_and_engine_games_are_not() {
        let mut page = state("e2 e8", [Seat::Human, Seat::Engine]);
        page.engine.cancel_move();
        page.apply(Action::Resign, 7);
        page.apply(Action::Confirmed(true), 7);
        assert_eq!(page.past.games.len(), 1);
        let listed = &page.past.games[0];
        assert_eq!(
            (listed.winner, listed.ending),
            (Player::Two, Ending::Resigned)
        );
        assert_eq!(listed.result_text(), "Lost");
        let file = listed.record_file("today").expect("a record");
        assert!(file.contains("player 1 resigned"), "{file}");
        assert!(!file.contains("0-1"), "the moves do not decide it: {file}");

        let won = format!("{P1_WINS_NEXT} e9");
        assert!(state(&won, [Seat::Engine, Seat::Engine])
            .finished_game()
            .is_none());
        assert!(state(&won, [Seat::Human, Seat::Human])
            .finished_game()
            .is_some());
    }

    #[test]
    fn a_record_opens_as_a_game_of_two_people_or_says_why_not() {
        let mut page = state("", [Seat::Human, Seat::Human]);
        page.apply(
            Action::OpenRecord("[size 5] [walls 3] {a game} 1. c2 c4 2. b1v".into()),
            7,
        );
        assert_eq!(page.board.game.to_string(), "[size 5] [walls 3] c2 c4 b1v");
        assert_eq!(page.board.seats, [Seat::Human; 2]);
        page.apply(Action::OpenRecord("e2 e8 e9".into()), 7);
        let notice = page.page.notice.clone().expect("a notice");
        assert!(notice.starts_with("That record does not read:"), "{notice}");
        assert_eq!(page.board.game.moves().len(), 3, "the game shown is kept");
        assert!(page.page.confirm.is_none());
        // Over an unfinished game with moves, the page asks first.
        page.apply(Action::OpenRecord("e2".into()), 7);
        assert!(matches!(
            page.page.confirm,
            Some(Confirm::AbandonForGame { moves: 3, .. })
        ));
        page.apply(Action::Confirmed(true), 7);
        assert_eq!(page.board.game.to_string(), "e2");
    }
}
