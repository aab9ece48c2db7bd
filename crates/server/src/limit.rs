//! Limits per client address: a token bucket of room creations and joins
//! (the HTTP API's writes), a larger one of room reads (`GET
//! /api/rooms/{id}`, which may read the database for a room not in
//! memory), and a count of open WebSockets. The address is
//! the TCP peer's, or, only when the server is told to trust a reverse
//! proxy, the last one the proxy wrote into `X-Forwarded-For` (a client
//! can put anything before it). IPv6 addresses count by their /64 (one
//! host usually has a whole one). Pure but for the locks: the time is
//! passed in.

use crate::rate::TokenBucket;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, Mutex};

/// Room creations and joins one address may make a minute, by default.
pub const DEFAULT_REQUESTS_PER_MINUTE: u32 = 60;
/// WebSockets one address may hold open at once, by default.
pub const DEFAULT_WEBSOCKETS_PER_IP: u32 = 100;
/// Room reads an address may make for each creation or join it may make.
pub const READS_PER_REQUEST: u32 = 10;

/// What one client address may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IpLimits {
    /// Room creations and joins an address may make at once (0: no limit).
    pub requests_burst: u32,
    /// Milliseconds until one more after the burst is spent.
    pub request_refill_ms: u64,
    /// WebSockets an address may hold open at once (0: no limit).
    pub websockets: u32,
}

impl IpLimits {
    /// `requests` room creations and joins at once, then `requests` a
    /// minute; `websockets` open at once (0: no limit, for either).
    pub fn per_minute(requests: u32, websockets: u32) -> IpLimits {
        IpLimits {
            requests_burst: requests,
            request_refill_ms: 60_000 / u64::from(requests.max(1)),
            websockets,
        }
    }

    /// No limit at all.
    pub fn unlimited() -> IpLimits {
        IpLimits::per_minute(0, 0)
    }
}

impl Default for IpLimits {
    fn default() -> IpLimits {
        IpLimits::per_minute(DEFAULT_REQUESTS_PER_MINUTE, DEFAULT_WEBSOCKETS_PER_IP)
    }
}

/// The address a request counts against: `peer` (the TCP peer; `None`
/// when unknown), or with `trust_proxy` the last address of the last
/// `X-Forwarded-For` header in `forwarded` (the one the proxy added),
/// falling back to the peer when there is none or it is not an address.
/// IPv4 in IPv6 is read as IPv4; IPv6 is cut to its /64.
pub fn client_key<'a>(
    peer: Option<IpAddr>,
    forwarded: impl DoubleEndedIterator<Item = &'a str>,
    trust_proxy: bool,
) -> IpAddr {
    let proxied = trust_proxy
        .then(|| forwarded.last())
        .flatten()
        .and_then(|header| header.rsplit(',').next())
        .and_then(parse_address);
    let ip = proxied
        .or(peer)
        .unwrap_or(IpAddr::V6(Ipv6Addr::UNSPECIFIED));
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(Ipv6Addr::from(bits))
            }
        },
    }
}

/// An address as proxies write it: `1.2.3.4`, `2001:db8::1`, or with a
/// port (`1.2.3.4:5678`, `[2001:db8::1]:5678`).
fn parse_address(text: &str) -> Option<IpAddr> {
    let text = text.trim();
    text.parse::<IpAddr>()
        .ok()
        .or_else(|| text.parse::<SocketAddr>().ok().map(|s| s.ip()))
}

/// A request refused: the seconds until the address may try again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetryAfter(pub u64);

/// The buckets and open WebSockets of every address.
#[derive(Debug)]
pub struct IpLimiter {
    limits: IpLimits,
    buckets: Mutex<HashMap<IpAddr, TokenBucket>>,
    reads: Mutex<HashMap<IpAddr, TokenBucket>>,
    sockets: Mutex<HashMap<IpAddr, u32>>,
}

impl IpLimiter {
    /// A limiter enforcing `limits`.
    pub fn new(limits: IpLimits) -> Arc<IpLimiter> {
        Arc::new(IpLimiter {
            limits,
            buckets: Mutex::new(HashMap::new()),
            reads: Mutex::new(HashMap::new()),
            sockets: Mutex::new(HashMap::new()),
        })
    }

    /// The limits it enforces.
    pub fn limits(&self) -> IpLimits {
        self.limits
    }

    /// Whether `ip` may create or join a room at `now` (and takes a token),
    /// or how long it has to wait.
    pub fn request(&self, ip: IpAddr, now: u64) -> Result<(), RetryAfter> {
        let (burst, refill) = (self.limits.requests_burst, self.limits.request_refill_ms);
        take(&self.buckets, ip, now, burst, refill)
    }

    /// Whether `ip` may read a room at `now` (and takes a token): the
    /// writes' allowance times [`READS_PER_REQUEST`].
    pub fn read(&self, ip: IpAddr, now: u64) -> Result<(), RetryAfter> {
        let burst = self.limits.requests_burst.saturating_mul(READS_PER_REQUEST);
        let refill = (self.limits.request_refill_ms / u64::from(READS_PER_REQUEST)).max(1);
        take(&self.reads, ip, now, burst, refill)
    }

    /// A WebSocket of `ip` opens: its permit (held while it is open), or
    /// `None` when the address holds as many as it may.
    pub fn websocket(self: &Arc<IpLimiter>, ip: IpAddr) -> Option<SocketPermit> {
        if self.limits.websockets != 0 {
            let mut sockets = self.sockets.lock().ok()?;
            let open = sockets.entry(ip).or_insert(0);
            if *open >= self.limits.websockets {
                return None;
            }
            *open += 1;
        }
        Some(SocketPermit {
            limiter: self.clone(),
            ip,
        })
    }

    /// The WebSockets `ip` holds open.
    pub fn open_websockets(&self, ip: IpAddr) -> u32 {
        self.sockets
            .lock()
            .map(|sockets| sockets.get(&ip).copied().unwrap_or(0))
            .unwrap_or(0)
    }

    /// Forgets the addresses whose buckets are full again at `now` (they
    /// are the same as new ones); returns how many addresses it still
    /// remembers.
    pub fn prune(&self, now: u64) -> usize {
        [&self.buckets, &self.reads]
            .into_iter()
            .filter_map(|buckets| buckets.lock().ok())
            .map(|mut buckets| {
                buckets.retain(|_, bucket| !bucket.is_full(now));
                buckets.len()
            })
            .sum()
    }
}

/// Takes a token of `ip`'s bucket in `buckets` (made full, `burst` tokens
/// and one back every `refill_ms`, when new; no limit when `burst` is 0),
/// or says how long to wait.
fn take(
    buckets: &Mutex<HashMap<IpAddr, TokenBucket>>,
    ip: IpAddr,
    now: u64,
    burst: u32,
    refill_ms: u64,
) -> Result<(), RetryAfter> {
    if burst == 0 {
        return Ok(());
    }
    let Ok(mut buckets) = buckets.lock() else {
        return Ok(());
    };
    let bucket = buckets
        .entry(ip)
        .or_insert_with(|| TokenBucket::new(burst, refill_ms, now));
    if bucket.allow(now) {
        Ok(())
    } else {
        Err(RetryAfter(bucket.wait_ms(now).div_ceil(1_000).max(1)))
    }
}

/// An open WebSocket counted against its address; dropping it (the
/// connection ended, or the upgrade never happened) frees its place.
#[derive(Debug)]
pub struct SocketPermit {
    limiter: Arc<IpLimiter>,
    ip: IpAddr,
}

impl Drop for SocketPermit {
    fn drop(&mut self) {
        if self.limiter.limits.websockets == 0 {
            return;
        }
        if let Ok(mut sockets) = self.limiter.sockets.lock() {
            if let Some(open) = sockets.get_mut(&self.ip) {
                *open = open.saturating_sub(1);
                if *open == 0 {
                    sockets.remove(&self.ip);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn each_address_has_its_own_bucket_and_is_told_when_to_come_back() {
        let limiter = IpLimiter::new(IpLimits::per_minute(3, 0));
        let (a, b) = (ip("192.0.2.1"), ip("192.0.2.2"));
        assert!((0..3).all(|_| limiter.request(a, 1_000).is_ok()));
        assert_eq!(limiter.request(a, 1_000), Err(RetryAfter(20)));
        assert_eq!(limiter.request(a, 20_000), Err(RetryAfter(1)));
        assert!(limiter.request(b, 1_000).is_ok(), "another address");
        assert!(limiter.request(a, 21_000).is_ok(), "a token came back");
        assert!(limiter.request(a, 21_000).is_err());
        // Full buckets are forgotten (b's token came back at 21 s); spent
        // ones are kept.
        assert_eq!(limiter.prune(21_000), 1);
        assert_eq!(limiter.prune(1_000_000), 0);
    }

    #[test]
    fn reads_have_a_bucket_of_their_own_ten_times_the_writes() {
        let limiter = IpLimiter::new(IpLimits::per_minute(3, 0));
        let a = ip("192.0.2.1");
        assert!((0..3).all(|_| limiter.request(a, 1_000).is_ok()));
        assert!(limiter.request(a, 1_000).is_err(), "the writes are spent");
        assert!(
            (0..30).all(|_| limiter.read(a, 1_000).is_ok()),
            "reads still go"
        );
        assert_eq!(limiter.read(a, 1_000), Err(RetryAfter(2)));
        assert!(limiter.read(a, 3_000).is_ok(), "one back every 2 s");
        assert_eq!(limiter.prune(1_000_000), 0);
    }

    #[test]
    fn no_limit_means_none() {
        let limiter = IpLimiter::new(IpLimits::unlimited());
        let a = ip("192.0.2.1");
        assert!((0..10_000).all(|_| limiter.request(a, 0).is_ok()));
        assert!((0..10_000).all(|_| limiter.read(a, 0).is_ok()));
        let permits: Vec<_> = (0..1_000).filter_map(|_| limiter.websocket(a)).collect();
        assert_eq!(permits.len(), 1_000);
    }

    #[test]
    fn websockets_are_counted_while_open() {
        let limiter = IpLimiter::new(IpLimits::per_minute(0, 2));
        let (a, b) = (ip("192.0.2.1"), ip("2001:db8::1"));
        let one = limiter.websocket(a).unwrap();
        let two = limiter.websocket(a).unwrap();
        assert!(limiter.websocket(a).is_none());
        assert!(limiter.websocket(b).is_some(), "another address");
        assert_eq!(limiter.open_websockets(a), 2);
        drop(one);
        let three = limiter.websocket(a).unwrap();
        assert!(limiter.websocket(a).is_none());
        drop((two, three));
        assert_eq!(limiter.open_websockets(a), 0);
    }

    #[test]
    fn forwarded_addresses_count_only_behind_a_trusted_proxy() {
        let peer = Some(IpAddr::V4(Ipv4Addr::LOCALHOST));
        let header = ["203.0.113.9, 198.51.100.7"];
        // Not trusted: the peer, whatever the header says.
        assert_eq!(client_key(peer, header.into_iter(), false), ip("127.0.0.1"));
        // Trusted: the last address, the one the proxy added (the first
        // is whatever the client wrote).
        assert_eq!(
            client_key(peer, header.into_iter(), true),
            ip("198.51.100.7")
        );
        let two = ["203.0.113.9", "198.51.100.8:4711"];
        assert_eq!(client_key(peer, two.into_iter(), true), ip("198.51.100.8"));
        let v6 = ["[2001:db8:1:2:3:4:5:6]:443"];
        assert_eq!(client_key(peer, v6.into_iter(), true), ip("2001:db8:1:2::"));
        // No header, or garbage: the peer.
        assert_eq!(client_key(peer, std::iter::empty(), true), ip("127.0.0.1"));
        assert_eq!(
            client_key(peer, ["unknown"].into_iter(), true),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn ipv6_counts_by_its_64_and_mapped_ipv4_as_ipv4() {
        let none = std::iter::empty();
        assert_eq!(
            client_key(Some(ip("2001:db8::1")), none.clone(), false),
            client_key(Some(ip("2001:db8::ffff:2")), none.clone(), false)
        );
        assert_ne!(
            client_key(Some(ip("2001:db8::1")), none.clone(), false),
            client_key(Some(ip("2001:db8:0:1::1")), none.clone(), false)
        );
        assert_eq!(
            client_key(Some(ip("::ffff:192.0.2.1")), none, false),
            ip("192.0.2.1")
        );
    }
}
