//! Each player connection's network lag, measured by the server: it sends
//! WebSocket `Ping` frames (browsers and WebSocket libraries answer each
//! with a `Pong` carrying the same payload, on their own) and times the
//! round trips. The estimate of the one-way lag is half the median of the
//! last few round trips; the room gives it back to the mover's clock within
//! a quota ([`crate::clock::Clock::punch`]), so a client that delays its
//! pongs to look slow gains little.
//!
//! Pure: every instant is passed in (ms on a monotonic clock the caller
//! keeps), and everything it holds is bounded.

use std::collections::VecDeque;

/// How often a player's connection is pinged (the first ping goes right
/// after the snapshot).
pub const PING_EVERY_MS: u64 = 2_000;

/// Round trips kept for the estimate.
pub const SAMPLES: usize = 5;

/// Pings awaiting their pong; an older one is forgotten (its pong, if it
/// ever comes, is ignored).
pub const PENDING: usize = 4;

/// A round trip longer than this counts as this (the quota bounds the
/// credit far below it anyway).
pub const MAX_RTT_MS: u64 = 60_000;

/// The bytes of a ping's payload: its number, big-endian.
const PAYLOAD_BYTES: usize = 8;

/// The pings of one connection and the round trips they measured.
#[derive(Clone, Debug, Default)]
pub struct LagMeter {
    /// The next ping's number.
    next: u64,
    /// The pings sent and not answered yet: number, when sent (oldest
    /// first, at most [`PENDING`]).
    pending: VecDeque<(u64, u64)>,
    /// The last round trips, oldest first (at most [`SAMPLES`]).
    samples: VecDeque<u64>,
}

impl LagMeter {
    /// A meter with no measure yet (its estimate is 0).
    pub fn new() -> LagMeter {
        LagMeter::default()
    }

    /// A ping sent at `now`: the payload to send with it.
    pub fn ping(&mut self, now: u64) -> Vec<u8> {
        let number = self.next;
        self.next = self.next.wrapping_add(1);
        if self.pending.len() == PENDING {
            self.pending.pop_front();
        }
        self.pending.push_back((number, now));
        number.to_be_bytes().to_vec()
    }

    /// A pong with `payload` arrived at `now`: if it answers a pending
    /// ping, its round trip is a sample (and older pings, unanswered, are
    /// forgotten); anything else is ignored. Whether it was counted.
    pub fn pong(&mut self, payload: &[u8], now: u64) -> bool {
        let Ok(bytes) = <[u8; PAYLOAD_BYTES]>::try_from(payload) else {
            return false;
        };
        let number = u64::from_be_bytes(bytes);
        let Some(at) = self.pending.iter().position(|&(n, _)| n == number) else {
            return false;
        };
        let sent = self.pending[at].1;
        self.pending.drain(..=at);
        if self.samples.len() == SAMPLES {
            self.samples.pop_front();
        }
        self.samples
            .push_back(now.saturating_sub(sent).min(MAX_RTT_MS));
        true
    }

    /// The round trip estimate (ms): the median of the samples (the lower
    /// one of an even count), 0 before any.
    pub fn rtt_ms(&self) -> u64 {
        let mut sorted: Vec<u64> = self.samples.iter().copied().collect();
        sorted.sort_unstable();
        sorted
            .get(sorted.len().saturating_sub(1) / 2)
            .copied()
            .unwrap_or(0)
    }

    /// The one-way lag estimate (ms): half the round trip.
    pub fn lag_ms(&self) -> u64 {
        self.rtt_ms() / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_measure_is_no_lag() {
        assert_eq!(LagMeter::new().lag_ms(), 0);
    }

    #[test]
    fn a_pong_measures_the_round_trip_of_its_ping() {
        let mut meter = LagMeter::new();
        let first = meter.ping(1_000);
        let second = meter.ping(3_000);
        assert!(meter.pong(&second, 3_300));
        assert_eq!((meter.rtt_ms(), meter.lag_ms()), (300, 150));
        // The first was forgotten when the later one was answered.
        assert!(!meter.pong(&first, 3_400));
        // An answer comes once.
        assert!(!meter.pong(&second, 3_500));
        assert_eq!(meter.rtt_ms(), 300);
    }

    #[test]
    fn garbage_and_unasked_pongs_are_ignored() {
        let mut meter = LagMeter::new();
        let sent = meter.ping(0);
        for payload in [
            &[][..],
            b"hello",
            &[0; 9],
            &7u64.to_be_bytes(),
            &u64::MAX.to_be_bytes(),
        ] {
            assert!(!meter.pong(payload, 10), "{payload:?}");
        }
        assert_eq!(meter.lag_ms(), 0);
        assert!(meter.pong(&sent, 80));
        assert_eq!(meter.lag_ms(), 40);
    }

    #[test]
    fn the_median_of_the_last_samples_shrugs_off_a_spike() {
        let mut meter = LagMeter::new();
        let mut now = 0;
        for rtt in [100, 120, 5_000, 110, 90] {
            let payload = meter.ping(now);
            assert!(meter.pong(&payload, now + rtt));
            now += 2_000;
        }
        assert_eq!(meter.rtt_ms(), 110);
        // Only the last SAMPLES count: five slow ones make it slow.
        for _ in 0..SAMPLES {
            let payload = meter.ping(now);
            meter.pong(&payload, now + 800);
            now += 2_000;
        }
        assert_eq!(meter.rtt_ms(), 800);
        assert_eq!(meter.samples.len(), SAMPLES);
    }

    #[test]
    fn memory_is_bounded_and_round_trips_are_capped() {
        let mut meter = LagMeter::new();
        let first = meter.ping(0);
        for i in 1..1_000 {
            meter.ping(i);
        }
        assert_eq!(meter.pending.len(), PENDING);
        // The first ping was forgotten long ago.
        assert!(!meter.pong(&first, 2_000));
        let late = meter.ping(5_000);
        assert!(meter.pong(&late, u64::MAX));
        assert_eq!(meter.rtt_ms(), MAX_RTT_MS);
        // A pong "before" its ping counts as no time, never a wrap.
        let odd = meter.ping(10_000);
        assert!(meter.pong(&odd, 0));
    }
}
