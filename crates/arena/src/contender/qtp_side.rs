//! The arena's QTP side: an external engine speaking the Quoridor Text
//! Protocol. Our player 1 (moving first, from e1) is QTP's `white`, player 2
//! `black`. Each game is set up as the course's referee does it (`boardsize`,
//! `clear_board`, `walls`; `quoridor_referee.py` in pavlosdais/Quoridor);
//! before each `genmove` the moves the engine has not seen are replayed with
//! `playmove`/`playwall`. QTP has no per-move limit: the engine thinks by its
//! own settings, and the match's limit only sets when it loses on time.

use super::process::Process;
use super::reply::Reply;
use super::{EngineError, HANDSHAKE_TIMEOUT};
use quoridor_rules::{Move, Player, QtpMove};
use quoridor_text::quote_input;
use std::time::{Duration, Instant};

/// QTP's colour for our `player`.
fn colour(player: Player) -> &'static str {
    match player {
        Player::One => "white",
        Player::Two => "black",
    }
}

/// The player making move `ply` (0-based) of a game.
fn mover(ply: usize) -> Player {
    if ply % 2 == 0 {
        Player::One
    } else {
        Player::Two
    }
}

/// The QTP command that tells the engine `player` played `mv`.
fn play_command(player: Player, mv: Move) -> String {
    let verb = match mv {
        Move::Pawn(_) => "playmove",
        Move::Wall(_) => "playwall",
    };
    format!("{verb} {} {}", colour(player), QtpMove::new(mv).long_name())
}

/// A `genmove` answer in our notation, if it names a move; else as sent.
fn answer_as_move(answer: &str) -> String {
    let words: Vec<&str> = answer.split_whitespace().collect();
    let named = match words[..] {
        [square] => QtpMove::parse(square, None),
        [square, orientation] => QtpMove::parse(square, Some(orientation)),
        _ => return answer.to_string(),
    };
    named.map_or_else(|_| answer.to_string(), |m| m.mv().to_string())
}

impl Process {
    /// Sends `command` and waits up to `within` for its answer: the text
    /// after `=`, or [`EngineError::Refused`] for `? …`. Blank lines, `#`
    /// comments and other chatter are skipped.
    pub(super) fn qtp_command(
        &mut self,
        command: &str,
        within: Duration,
    ) -> Result<String, EngineError> {
        self.send(command)?;
        let deadline = Instant::now() + within;
        let waiting_for = format!("answer to {command}");
        loop {
            let line = self.line_before(deadline, within, &waiting_for)?;
            let line = line.trim();
            if let Some(result) = line.strip_prefix('=') {
                // An answer may echo a request id; we send none.
                return Ok(result
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .trim()
                    .to_string());
            }
            if line.starts_with('?') {
                return Err(EngineError::Refused {
                    command: command.to_string(),
                    answer: quote_input(line),
                });
            }
        }
    }

    /// Sets up a new game of the match's variant.
    pub(super) fn qtp_new_game(&mut self) -> Result<(), EngineError> {
        let (size, walls) = (self.variant.size(), self.variant.walls());
        self.qtp_command(&format!("boardsize {size}"), HANDSHAKE_TIMEOUT)?;
        self.qtp_command("clear_board", HANDSHAKE_TIMEOUT)?;
        self.qtp_command(&format!("walls {walls}"), HANDSHAKE_TIMEOUT)?;
        self.synced = 0;
        Ok(())
    }

    /// The engine's move after `moves`: replays what it has not seen, then
    /// `genmove` for the side to move, answered before `started` + the
    /// move's timeout.
    pub(super) fn qtp_reply(
        &mut self,
        moves: &[Move],
        started: Instant,
    ) -> Result<Reply, EngineError> {
        if moves.len() < self.synced {
            self.qtp_new_game()?;
        }
        for (ply, mv) in moves.iter().enumerate().skip(self.synced) {
            self.qtp_command(&play_command(mover(ply), *mv), HANDSHAKE_TIMEOUT)?;
            self.synced = ply + 1;
        }
        let left = (started + self.timeout).saturating_duration_since(Instant::now());
        let genmove = format!("genmove {}", colour(mover(moves.len())));
        let answer = self.qtp_command(&genmove, left)?;
        // The engine played its move on its board.
        self.synced = moves.len() + 1;
        Ok(Reply {
            text: answer_as_move(&answer),
            work: None,
            ms: started.elapsed().as_secs_f64() * 1000.0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        text.parse().expect("notation")
    }

    #[test]
    fn moves_are_sent_with_qtp_names() {
        assert_eq!(play_command(Player::One, mv("e2")), "playmove white E2");
        assert_eq!(
            play_command(Player::Two, mv("e2h")),
            "playwall black E3 horizontal"
        );
        assert_eq!(mover(0), Player::One);
        assert_eq!(mover(3), Player::Two);
    }

    #[test]
    fn answers_are_read_back_into_our_notation() {
        assert_eq!(answer_as_move("E3 h"), "e2h");
        assert_eq!(answer_as_move("c6 vertical"), "c5v");
        assert_eq!(answer_as_move("e2"), "e2");
        // What names no move goes on as sent, to be refused as illegal.
        assert_eq!(answer_as_move("e1 h"), "e1 h");
        assert_eq!(answer_as_move("pass"), "pass");
        assert_eq!(answer_as_move(""), "");
    }
}
