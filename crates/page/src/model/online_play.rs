//! The page's state machine in an online game: the server's frames move the
//! board, the person's moves and answers go into the outbox, and what an
//! online game forbids (taking back, moving for the other side, moving out
//! of turn) is refused with a sentence.

use super::{AppState, Seat};
use crate::online::route::HeldSeat;
use crate::online::wire::{ClientFrame, RoomState, ServerFrame};
use crate::online::{Connection, OnlineGame};
use quoridor_rules::{Game, Move, Player, Variant};

/// What happens to an online game.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineEvent {
    /// Open `room` in this page: with this browser's seat, or to watch.
    Open {
        /// The room.
        room: String,
        /// The seat this browser holds in it.
        held: Option<HeldSeat>,
    },
    /// The connection is open (the hello is sent).
    Connected,
    /// The connection dropped.
    Lost,
    /// Connect afresh (after a drop, or to take the seat back).
    Reconnect,
    /// A frame from the server.
    Frame(ServerFrame),
    /// Send an answer: resign, abort, a rematch offer, a claim.
    Send(ClientFrame),
    /// Creating or joining failed: the sentence to show.
    Failed(String),
    /// Leave the online game (New game or a local game).
    Leave,
}

impl AppState {
    /// Applies an online event.
    pub(super) fn online_event(&mut self, event: OnlineEvent, seed: u64) {
        let now = self.engine.now_ms.unwrap_or(0.0);
        match event {
            OnlineEvent::Open { room, held } => {
                let flipped = held.as_ref().is_some_and(|h| h.seat == 2);
                self.new_game(Variant::default(), [Seat::Human; 2], seed);
                self.online = Some(OnlineGame::new(room, held));
                self.page.board_flipped = flipped;
                self.page.new_game_open = false;
            }
            OnlineEvent::Failed(why) => self.page.tell(why),
            OnlineEvent::Leave => self.online = None,
            OnlineEvent::Connected => {
                if let Some(online) = &mut self.online {
                    let hello = online.hello();
                    online.outbox.push(hello);
                }
            }
            OnlineEvent::Lost => {
                if let Some(online) = self
                    .online
                    .as_mut()
                    .filter(|o| o.connection != Connection::Replaced)
                {
                    online.connection = Connection::Lost;
                }
            }
            OnlineEvent::Reconnect => {
                if let Some(online) = &mut self.online {
                    online.connection = Connection::Connecting;
                    online.epoch += 1;
                }
            }
            OnlineEvent::Send(frame) => self.send_online(frame),
            OnlineEvent::Frame(frame) => self.online_frame(frame, now),
        }
    }

    /// Queues `frame` if the game is online and connected.
    pub(super) fn send_online(&mut self, frame: ClientFrame) {
        let Some(online) = &mut self.online else {
            return;
        };
        if online.connection != Connection::Open {
            self.page.tell("Not connected to the game: reconnecting…");
            return;
        }
        online.outbox.push(frame);
    }

    fn online_frame(&mut self, frame: ServerFrame, now: f64) {
        if self.online.is_none() {
            return;
        }
        match frame {
            ServerFrame::State(state) => self.online_state(&state, now),
            ServerFrame::SeatTaken { seat } => {
                if let Some(online) = &mut self.online {
                    if let Some(p) = crate::online::game::seat_player(seat) {
                        online.taken[p.index()] = true;
                    }
                    online.status = crate::online::wire::RoomStatus::Playing;
                }
                self.page.tell("Your friend joined: the game is on.");
            }
            ServerFrame::Moved {
                ply,
                mv,
                at_ms,
                clock,
                ..
            } => self.online_moved(ply, &mv, at_ms, clock),
            ServerFrame::Ended { result } => {
                if let Some(online) = &mut self.online {
                    online.saw_end(result);
                }
                self.follow_online_result();
                self.settle_if_over();
            }
            ServerFrame::Presence { seat, here } => {
                if let Some(online) = &mut self.online {
                    online.saw_presence(seat, here, now);
                }
            }
            ServerFrame::Spectators { count } => {
                if let Some(online) = &mut self.online {
                    online.spectators = count;
                }
            }
            ServerFrame::Rematch { offers } => {
                if let Some(online) = &mut self.online {
                    for (i, offer) in offers.into_iter().take(2).enumerate() {
                        online.rematch_offers[i] = offer;
                    }
                }
            }
            ServerFrame::RematchStarted { room } => {
                if let Some(online) = &mut self.online {
                    online.rematch_room = Some(room);
                }
            }
            ServerFrame::Pong { .. } => {}
            ServerFrame::Error { code, message } => self.online_refused(&code, message),
        }
    }

    /// The server's snapshot: the board becomes the game it holds.
    fn online_state(&mut self, state: &RoomState, now: f64) {
        let game = match server_game(state) {
            Ok(game) => game,
            Err(why) => {
                self.page.tell(why);
                return;
            }
        };
        if self.board.game.variant() != game.variant() || self.board.game.moves() != game.moves() {
            self.engine.cancel_move();
            self.board.game = game;
            self.board.view = None;
            self.board.preview = None;
        }
        self.board.seats = [Seat::Human; 2];
        if let Some(online) = &mut self.online {
            online.saw_state(state, now);
            if online.you == Some(Player::Two) {
                self.page.board_flipped = true;
            }
        }
        self.board.resigned = None;
        self.follow_online_result();
    }

    /// A move the server stored: played on the board unless it is the echo
    /// of this page's own.
    fn online_moved(
        &mut self,
        ply: usize,
        mv: &str,
        at_ms: u64,
        clock: crate::online::wire::ClockReading,
    ) {
        let played = self.board.game.moves().len();
        let ours = self
            .board
            .game
            .moves()
            .get(ply)
            .is_some_and(|m| m.to_string() == mv);
        if ply == played {
            match mv.parse::<Move>() {
                Ok(mv) => {
                    let view = self.board.view;
                    self.play_now(mv);
                    self.board.view = view;
                }
                Err(e) => self.page.tell(format!("The server sent {mv:?}: {e}")),
            }
        } else if !ours {
            // The board and the server disagree: read the server's game.
            self.online_event(OnlineEvent::Reconnect, 0);
        }
        if let Some(online) = &mut self.online {
            online.saw_move(ply, at_ms, clock);
        }
    }

    /// A refused frame: a move the server refused is taken back.
    fn online_refused(&mut self, code: &str, message: String) {
        let Some(online) = &mut self.online else {
            return;
        };
        if code == "replaced" {
            online.connection = Connection::Replaced;
        }
        let confirmed = online.confirmed;
        if self.board.game.moves().len() > confirmed {
            self.board.game.truncate(confirmed);
            self.board.view = None;
        }
        self.page.tell(message);
    }

    /// The board shows a result decided off the board as a resignation.
    fn follow_online_result(&mut self) {
        if let Some(loser) = self
            .online
            .as_ref()
            .and_then(OnlineGame::lost_off_the_board)
        {
            self.board.resigned = Some(loser);
            self.board.view = None;
        }
    }

    /// Why a move may not be played now in an online game, if it may not.
    pub(super) fn online_refuses_move(&self) -> Option<String> {
        let online = self.online.as_ref()?;
        if self.board.shown_ply() < self.board.game.moves().len() {
            return Some("Go to the latest position to move (End).".to_string());
        }
        online
            .why_not_move(self.board.game.position().turn())
            .map(str::to_string)
    }

    /// After a move on the board of an online game: queue it.
    pub(super) fn online_played(&mut self, mv: Move) {
        let ply = self.board.game.moves().len().saturating_sub(1);
        if let Some(online) = &mut self.online {
            online.outbox.push(ClientFrame::Move {
                ply,
                mv: mv.to_string(),
            });
        }
    }

    /// Whether the board takes a move from this page now: a person is to
    /// move, and in an online game it is this browser's turn.
    pub fn board_accepts_moves(&self) -> bool {
        self.board.accepts_moves() && self.online_refuses_move().is_none()
    }

    /// Who may resign in an online game: this browser's player, once both
    /// have moved, while the game goes on.
    pub(super) fn online_resigner(&self, online: &OnlineGame) -> Option<Player> {
        let moves = self.board.game.moves().len();
        (online.live() && online.result.is_none() && online.both_moved(moves))
            .then_some(online.you)
            .flatten()
    }
}

/// The game a snapshot holds, checked move by move with the rules.
fn server_game(state: &RoomState) -> Result<Game, String> {
    let variant = Variant::new(state.size, state.walls)
        .map_err(|e| format!("The server's room has a board the page cannot show: {e}"))?;
    let mut game = Game::new(variant);
    for (i, text) in state.moves.iter().enumerate() {
        let mv: Move = text
            .parse()
            .map_err(|e| format!("The server's move {} ({text}) is unreadable: {e}", i + 1))?;
        game.play(mv)
            .map_err(|e| format!("The server's move {} ({text}) is illegal: {e}", i + 1))?;
    }
    Ok(game)
}
