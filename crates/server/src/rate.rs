//! Token buckets: a client may act in a burst, then at a steady rate; an
//! action beyond that is refused. [`RateLimit`] is the bucket of one
//! WebSocket connection (frames beyond it get an error frame);
//! [`TokenBucket`] is the general one, also used per client address
//! ([`crate::limit`]). Pure: the time is passed in.

/// The frames a connection may send at once.
pub const BURST: u32 = 20;
/// Milliseconds per frame at the steady rate (10 frames a second).
pub const REFILL_MS: u64 = 100;

/// A bucket of `capacity` tokens, one more every `refill_ms` up to the
/// capacity; each allowed action takes one.
#[derive(Clone, Debug)]
pub struct TokenBucket {
    capacity: u32,
    refill_ms: u64,
    tokens: u32,
    /// When the last token was added (ms).
    refilled_at: u64,
}

impl TokenBucket {
    /// A full bucket at `now` of `capacity` tokens, one more every
    /// `refill_ms` milliseconds (at least 1).
    pub fn new(capacity: u32, refill_ms: u64, now: u64) -> TokenBucket {
        TokenBucket {
            capacity,
            refill_ms: refill_ms.max(1),
            tokens: capacity,
            refilled_at: now,
        }
    }

    fn refill(&mut self, now: u64) {
        let earned = now.saturating_sub(self.refilled_at) / self.refill_ms;
        if earned > 0 {
            let whole = u32::try_from(earned).unwrap_or(u32::MAX);
            self.tokens = self.tokens.saturating_add(whole).min(self.capacity);
            self.refilled_at = self
                .refilled_at
                .saturating_add(earned.saturating_mul(self.refill_ms));
        }
    }

    /// Whether an action at `now` may go ahead (and takes a token).
    pub fn allow(&mut self, now: u64) -> bool {
        self.refill(now);
        if self.tokens == 0 {
            return false;
        }
        self.tokens -= 1;
        true
    }

    /// Milliseconds from `now` until the next token (0: one is there).
    pub fn wait_ms(&mut self, now: u64) -> u64 {
        self.refill(now);
        if self.tokens > 0 {
            return 0;
        }
        self.refilled_at
            .saturating_add(self.refill_ms)
            .saturating_sub(now)
    }

    /// Whether the bucket is full again at `now` (a full bucket is the same
    /// as a new one, so it may be forgotten).
    pub fn is_full(&mut self, now: u64) -> bool {
        self.refill(now);
        self.tokens >= self.capacity
    }
}

/// A connection's budget of frames: [`BURST`] at once, then one every
/// [`REFILL_MS`].
#[derive(Clone, Debug)]
pub struct RateLimit(TokenBucket);

impl RateLimit {
    /// A full bucket at `now`.
    pub fn new(now: u64) -> RateLimit {
        RateLimit(TokenBucket::new(BURST, REFILL_MS, now))
    }

    /// Whether a frame arriving at `now` may be handled (and takes a token).
    pub fn allow(&mut self, now: u64) -> bool {
        self.0.allow(now)
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

    #[test]
    fn an_empty_bucket_says_how_long_until_the_next_token() {
        let mut bucket = TokenBucket::new(2, 30_000, 0);
        assert_eq!(bucket.wait_ms(0), 0);
        assert!(bucket.allow(0) && bucket.allow(1_000));
        assert!(!bucket.allow(1_000));
        assert_eq!(bucket.wait_ms(1_000), 29_000);
        assert!(!bucket.is_full(1_000));
        assert!(bucket.allow(30_000));
        assert!(bucket.is_full(90_000));
    }
}
