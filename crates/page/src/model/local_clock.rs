//! Clocks for games on one device (against the engine, or two people at
//! one screen), as lichess keeps them: minutes each and seconds added after
//! every move, running once both sides have moved; a player out of time
//! loses. The engine on a clock takes its think from its own time.

use quoridor_rules::Player;

/// A time control: minutes each, seconds added after every move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Control {
    /// Minutes each at the start.
    pub minutes: u32,
    /// Seconds added after each move.
    pub increment_s: u32,
}

impl Control {
    /// Reads `M+S` (`3+2`); `None` for anything else (unlimited, or
    /// correspondence, which only online games have).
    ///
    /// ```
    /// use quoridor_page::model::local_clock::Control;
    /// assert_eq!(Control::parse("3+2"), Some(Control { minutes: 3, increment_s: 2 }));
    /// assert_eq!(Control::parse("unlimited"), None);
    /// assert_eq!(Control::parse("0+0"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Control> {
        let (minutes, increment) = text.split_once('+')?;
        let control = Control {
            minutes: minutes.parse().ok().filter(|m| (1..=180).contains(m))?,
            increment_s: increment.parse().ok().filter(|s| *s <= 180)?,
        };
        Some(control)
    }

    /// The `M+S` text.
    pub fn text(&self) -> String {
        format!("{}+{}", self.minutes, self.increment_s)
    }
}

/// Both clocks of a game on this device.
#[derive(Clone, Debug, PartialEq)]
pub struct LocalClock {
    /// The control.
    pub control: Control,
    /// Each player's time left when their clock last stopped, in ms.
    pub left_ms: [u64; 2],
    /// Whose clock runs, and since when (this browser's ms).
    pub running: Option<(Player, f64)>,
}

impl LocalClock {
    /// Both clocks full and stopped.
    pub fn new(control: Control) -> LocalClock {
        let full = u64::from(control.minutes) * 60_000;
        LocalClock {
            control,
            left_ms: [full; 2],
            running: None,
        }
    }

    /// `player`'s time left at `now_ms`.
    pub fn left(&self, player: Player, now_ms: f64) -> u64 {
        let left = self.left_ms[player.index()];
        match self.running {
            Some((p, since)) if p == player => {
                left.saturating_sub((now_ms - since).max(0.0) as u64)
            }
            _ => left,
        }
    }

    /// A move was played by `mover` at `now_ms`, making `plies` in all:
    /// their clock stops (with the increment once the clocks run) and,
    /// once both have moved, the other's starts.
    pub fn moved(&mut self, mover: Player, plies: usize, now_ms: f64) {
        let running = self.running.is_some();
        self.left_ms[mover.index()] = self.left(mover, now_ms);
        if running {
            self.left_ms[mover.index()] += u64::from(self.control.increment_s) * 1000;
        }
        self.running = (plies >= 2).then_some((mover.other(), now_ms));
    }

    /// The player whose time ran out by `now_ms`, if one did.
    pub fn fallen(&self, now_ms: f64) -> Option<Player> {
        let (player, _) = self.running?;
        (self.left(player, now_ms) == 0).then_some(player)
    }

    /// Stops the clocks where they stand at `now_ms` (the game ended).
    pub fn stop(&mut self, now_ms: f64) {
        if let Some((player, _)) = self.running {
            self.left_ms[player.index()] = self.left(player, now_ms);
            self.running = None;
        }
    }

    /// How long the engine playing `player` thinks now: a 25th of its time
    /// plus most of its increment, never more than half of what it has,
    /// at least 50 ms.
    ///
    /// ```
    /// use quoridor_page::model::local_clock::{Control, LocalClock};
    /// use quoridor_rules::Player;
    /// let clock = LocalClock::new(Control { minutes: 3, increment_s: 2 });
    /// assert_eq!(clock.think_ms(Player::Two, 0.0), 180_000 / 25 + 1_500);
    /// ```
    pub fn think_ms(&self, player: Player, now_ms: f64) -> u64 {
        let left = self.left(player, now_ms);
        let share = left / 25 + u64::from(self.control.increment_s) * 750;
        share.min(left / 2).max(50)
    }
}

/// The `localStorage` key of the clocks of the game on this device.
pub const CLOCK_KEY: &str = "quoridor.clock.v1";

impl LocalClock {
    /// The stored form, for the game whose record is `record`: a reload
    /// of that game goes on with these clocks (the time away counted, as
    /// on a real clock). One line: control, times left, who runs since when,
    /// the record.
    pub fn to_text(&self, record: &str) -> String {
        let running = self.running.map_or("-".to_string(), |(p, since)| {
            format!("{}@{}", p.number(), since.max(0.0) as u64)
        });
        format!(
            "{} {} {} {running} {record}",
            self.control.text(),
            self.left_ms[0],
            self.left_ms[1]
        )
    }

    /// The clocks stored by [`LocalClock::to_text`], if they belong to the
    /// game whose record is `record`.
    ///
    /// ```
    /// use quoridor_page::model::local_clock::{Control, LocalClock};
    /// let clock = LocalClock::new(Control { minutes: 3, increment_s: 2 });
    /// let text = clock.to_text("e2 e8");
    /// assert_eq!(LocalClock::from_text(&text, "e2 e8"), Some(clock));
    /// assert_eq!(LocalClock::from_text(&text, "e2 e8 e3"), None);
    /// ```
    pub fn from_text(text: &str, record: &str) -> Option<LocalClock> {
        let mut words = text.splitn(5, ' ');
        let control = Control::parse(words.next()?)?;
        let left = [words.next()?.parse().ok()?, words.next()?.parse().ok()?];
        let running = match words.next()? {
            "-" => None,
            word => {
                let (player, since) = word.split_once('@')?;
                let player = Player::from_number(player.parse().ok()?)?;
                Some((player, since.parse::<u64>().ok()? as f64))
            }
        };
        let full = u64::from(control.minutes) * 60_000;
        if words.next().unwrap_or("") != record || left.iter().any(|&ms| ms > full * 10) {
            return None;
        }
        Some(LocalClock {
            control,
            left_ms: left,
            running,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_start_once_both_have_moved_and_add_the_increment() {
        let mut clock = LocalClock::new(Control {
            minutes: 1,
            increment_s: 2,
        });
        clock.moved(Player::One, 1, 1_000.0);
        assert_eq!(clock.running, None, "one move: the clocks wait");
        clock.moved(Player::Two, 2, 5_000.0);
        assert_eq!(
            clock.left_ms,
            [60_000, 60_000],
            "no time spent, no increment before"
        );
        assert_eq!(clock.left(Player::One, 15_000.0), 50_000);
        clock.moved(Player::One, 3, 15_000.0);
        assert_eq!(clock.left_ms[0], 52_000, "10 s spent, 2 s added");
        assert_eq!(clock.running, Some((Player::Two, 15_000.0)));
        assert_eq!(clock.fallen(74_999.0), None);
        assert_eq!(clock.fallen(75_000.0), Some(Player::Two));
        clock.stop(80_000.0);
        assert_eq!((clock.left_ms[1], clock.running), (0, None));
    }

    #[test]
    fn running_clocks_are_stored_with_their_game_and_bad_text_is_refused() {
        let mut clock = LocalClock::new(Control {
            minutes: 5,
            increment_s: 3,
        });
        clock.moved(Player::One, 1, 1_000.0);
        clock.moved(Player::Two, 2, 2_000.0);
        let text = clock.to_text("e2 e8");
        assert_eq!(text, "5+3 300000 300000 1@2000 e2 e8");
        assert_eq!(LocalClock::from_text(&text, "e2 e8"), Some(clock));
        for bad in [
            "",
            "5+3",
            "5+3 1 2 3@x e2 e8",
            "x 1 2 - e2 e8",
            "5+3 1 2 9@5 e2 e8",
        ] {
            assert_eq!(LocalClock::from_text(bad, "e2 e8"), None, "{bad:?}");
        }
        let empty = LocalClock::new(Control {
            minutes: 1,
            increment_s: 0,
        })
        .to_text("");
        assert!(
            LocalClock::from_text(&empty, "").is_some(),
            "a game with no move yet"
        );
    }

    #[test]
    fn the_engine_thinks_a_share_of_its_time() {
        let mut clock = LocalClock::new(Control {
            minutes: 1,
            increment_s: 0,
        });
        assert_eq!(clock.think_ms(Player::One, 0.0), 2_400);
        clock.left_ms[0] = 60;
        assert_eq!(clock.think_ms(Player::One, 0.0), 50);
    }
}
