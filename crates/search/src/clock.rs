//! Time: milliseconds since an arbitrary start, on native targets and in the
//! browser (`std::time::Instant` does not work on wasm32-unknown-unknown),
//! and the rule that turns a game clock into the time for one move.

/// Current time in milliseconds: the machine's clock (monotonic on native
/// targets), or on a thread that holds a [`ManualClock`] that clock's time.
pub fn now_ms() -> f64 {
    manual::read().unwrap_or_else(machine_ms)
}

/// The machine's time in milliseconds since an arbitrary start (monotonic).
#[cfg(not(target_arch = "wasm32"))]
fn machine_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// The machine's time in milliseconds (`Date.now()`).
#[cfg(target_arch = "wasm32")]
fn machine_ms() -> f64 {
    js_sys::Date::now()
}

pub use manual::ManualClock;

/// A clock that tests drive instead of the machine's, so that "the search
/// stops when its time is up" is checked without timing the machine.
mod manual {
    use std::cell::Cell;
    use std::marker::PhantomData;

    /// The manual clock of this thread: its time, its step and its reads.
    #[derive(Clone, Copy)]
    struct State {
        now_ms: f64,
        step_ms: f64,
        reads: u64,
    }

    thread_local! {
        static MANUAL: Cell<Option<State>> = const { Cell::new(None) };
    }

    /// The manual clock's time after one more step, if this thread has one.
    pub(super) fn read() -> Option<f64> {
        MANUAL.with(|cell| {
            let mut state = cell.get()?;
            state.now_ms += state.step_ms;
            state.reads += 1;
            cell.set(Some(state));
            Some(state.now_ms)
        })
    }

    /// While it lives, [`now_ms`](super::now_ms) on the thread that made it
    /// reads this clock instead of the machine's: time starts at 0 ms and
    /// moves `step_ms` forward at every read, so a search sees its time pass
    /// exactly as fast as it looks at the clock, however loaded the machine
    /// is. For tests (as `tokio::time::pause` is); other threads (a search's
    /// helper threads with `threads` above 1) keep the machine's clock.
    ///
    /// ```
    /// use quoridor_search::{now_ms, ManualClock};
    /// let clock = ManualClock::stepping(5.0);
    /// assert_eq!((now_ms(), now_ms()), (5.0, 10.0));
    /// assert_eq!((clock.time_ms(), clock.reads()), (10.0, 2));
    /// ```
    pub struct ManualClock {
        /// The clock of this thread before, put back on drop.
        outer: Option<State>,
        /// Bound to the thread whose clock it replaces.
        _this_thread: PhantomData<*const ()>,
    }

    impl ManualClock {
        /// A clock at 0 ms that moves `step_ms` forward at every read.
        pub fn stepping(step_ms: f64) -> ManualClock {
            let state = State {
                now_ms: 0.0,
                step_ms,
                reads: 0,
            };
            ManualClock {
                outer: MANUAL.with(|cell| cell.replace(Some(state))),
                _this_thread: PhantomData,
            }
        }

        /// The clock's time now, without moving it.
        pub fn time_ms(&self) -> f64 {
            self.state().now_ms
        }

        /// How many times the clock has been read.
        pub fn reads(&self) -> u64 {
            self.state().reads
        }

        fn state(&self) -> State {
            MANUAL
                .with(Cell::get)
                .expect("a ManualClock is its thread's clock while it lives")
        }
    }

    impl Drop for ManualClock {
        fn drop(&mut self) {
            MANUAL.with(|cell| cell.set(self.outer));
        }
    }
}

/// Moves still to play assumed when the protocol's `go` gives no `movestogo`
/// (a Quoridor game on 9×9 lasts about 25–40 moves a side).
pub const DEFAULT_MOVES_TO_GO: u32 = 30;
/// `movestogo` is clamped to `1..=MAX_MOVES_TO_GO`.
pub const MAX_MOVES_TO_GO: u32 = 60;
/// Time kept back from every move for reading, printing and the GUI's lag.
pub const SAFETY_MARGIN: std::time::Duration = std::time::Duration::from_millis(50);
/// The shortest think, even on an empty clock (so a move always comes).
pub const MIN_THINK: std::time::Duration = std::time::Duration::from_millis(10);

/// The side to move's clock, as the protocol's `go wtime … btime … winc …
/// binc … movestogo …` gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: std::time::Duration,
    /// Time added after each move.
    pub increment: std::time::Duration,
    /// Moves to play before the next time control, if there is one.
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// How long to think for this move:
    ///
    /// `min(remaining / movestogo + 3/4 · increment, remaining / 2) − 50 ms`,
    /// at least 10 ms, where `movestogo` defaults to [`DEFAULT_MOVES_TO_GO`]
    /// and is clamped to `1..=`[`MAX_MOVES_TO_GO`]. So the time is spread
    /// evenly over the moves left, most of the increment is spent as it
    /// comes, a move never takes more than half of what is left, and the
    /// margin covers the protocol's overhead.
    ///
    /// ```
    /// use quoridor_search::Clock;
    /// use std::time::Duration;
    /// let clock = Clock { remaining: Duration::from_secs(60), ..Clock::default() };
    /// assert_eq!(clock.time_for_move(), Duration::from_millis(1950));
    /// ```
    pub fn time_for_move(&self) -> std::time::Duration {
        let moves = self
            .moves_to_go
            .unwrap_or(DEFAULT_MOVES_TO_GO)
            .clamp(1, MAX_MOVES_TO_GO);
        let share = self.remaining / moves + self.increment * 3 / 4;
        share
            .min(self.remaining / 2)
            .saturating_sub(SAFETY_MARGIN)
            .max(MIN_THINK)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(remaining: u64, increment: u64, moves_to_go: Option<u32>) -> Clock {
        Clock {
            remaining: ms(remaining),
            increment: ms(increment),
            moves_to_go,
        }
    }

    #[test]
    fn time_is_spread_over_thirty_moves_by_default() {
        assert_eq!(clock(60_000, 0, None).time_for_move(), ms(1950));
        assert_eq!(clock(300_000, 0, None).time_for_move(), ms(9950));
    }

    #[test]
    fn three_quarters_of_the_increment_is_spent() {
        assert_eq!(clock(60_000, 1000, None).time_for_move(), ms(2700));
    }

    #[test]
    fn moves_to_go_divides_the_time_and_is_clamped() {
        assert_eq!(clock(60_000, 0, Some(10)).time_for_move(), ms(5950));
        // movestogo 0 is read as 1, and 1000 as 60.
        assert_eq!(clock(60_000, 0, Some(0)).time_for_move(), ms(29_950));
        assert_eq!(clock(60_000, 0, Some(1000)).time_for_move(), ms(950));
    }

    #[test]
    fn a_move_never_takes_more_than_half_the_time_left() {
        assert_eq!(clock(10_000, 0, Some(1)).time_for_move(), ms(4950));
        assert_eq!(clock(1000, 5000, None).time_for_move(), ms(450));
    }

    #[test]
    fn an_empty_clock_still_thinks_briefly() {
        assert_eq!(clock(0, 0, None).time_for_move(), MIN_THINK);
        assert_eq!(clock(80, 0, None).time_for_move(), MIN_THINK);
    }
}
