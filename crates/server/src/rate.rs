//! A token bucket per connection: a client may send a burst of frames, then
//! frames at a steady rate; a frame beyond that is dropped with an error
//! frame. Pure: the time is passed in.

/// The frames a connection may send at once.
pub const BURST: u32 = 20;
/// Milliseconds per frame at the steady rate (10 frames a second).
pub const REFILL_MS: u64 = 100;

/// A connection's budget of frames.
#[derive(Clone, Debug)]
pub struct RateLimit {
    tokens: u32,
    /// When the last token was added (ms).
    refilled_at: u64,
}

impl RateLimit {
    /// A full bucket at `now`.
    pub fn new(now: u64) -> RateLimit {
        RateLimit {
            tokens: BURST,
            refilled_at: now,
        }
    }

    /// Whether a frame arriving at `now` may be handled (and takes a token).
    pub fn allow(&mut self, now: u64) -> bool {
        let earned = now.saturating_sub(self.refilled_at) / REFILL_MS;
        if earned > 0 {
            let earned = u32::try_from(earned).unwrap_or(u32::MAX);
            self.tokens = self.tokens.saturating_add(earned).min(BURST);
            self.refilled_at += u64::from(earned) * REFILL_MS;
        }
        if self.tokens == 0 {
            return false;
        }
        self.tokens -= 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_the_steady_rate() {
        let mut limit = RateLimit::new(1_000);
        assert!((0..BURST).all(|_| limit.allow(1_000)));
        assert!(!limit.allow(1_000));
        assert!(!limit.allow(1_000 + REFILL_MS - 1));
        assert!(limit.allow(1_000 + REFILL_MS));
        assert!(!limit.allow(1_000 + REFILL_MS));
        // A long pause refills to the burst, no more.
        let later = 1_000_000;
        assert_eq!(
            (0..BURST + 5).filter(|_| limit.allow(later)).count(),
            BURST as usize
        );
    }

    #[test]
    fn a_clock_going_backwards_takes_nothing() {
        let mut limit = RateLimit::new(5_000);
        assert!(limit.allow(10));
    }
}
