//! Engine seeds from the browser's random source.

/// A new engine seed, so games against the engine vary: 32 random bits
/// from `getrandom` (the browser's `crypto.getRandomValues`), within the
/// `seed` option's range so a search can be replayed. Each worker's own seed
/// is derived from it ([`quoridor_engines::tree_params`]). Should the browser
/// refuse, `Math.random()` stands in: a seed needs variety, not secrecy.
pub fn fresh_seed() -> u64 {
    let mut bytes = [0u8; 4];
    match getrandom::getrandom(&mut bytes) {
        Ok(()) => u64::from(u32::from_le_bytes(bytes)),
        Err(_) => (js_sys::Math::random() * f64::from(u32::MAX)) as u64,
    }
}
