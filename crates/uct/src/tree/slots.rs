//! How a pool hands out its slots: one atomic count of the slots in use,
//! shared by the node pool and the move-set pool (threads take slots
//! without a lock).

use std::sync::atomic::AtomicUsize;
use std::sync::atomic::Ordering::Relaxed;

/// Takes `count` slots from a pool of `len` slots whose first `used` are in
/// use; returns the first, or `None` when the pool has no room.
pub(super) fn take_slots(used: &AtomicUsize, len: usize, count: usize) -> Option<usize> {
    used.fetch_update(Relaxed, Relaxed, |u| {
        u.checked_add(count).filter(|&end| end <= len)
    })
    .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_handed_out_once_within_the_pool() {
        let used = AtomicUsize::new(3);
        assert_eq!(take_slots(&used, 10, 4), Some(3));
        assert_eq!(take_slots(&used, 10, 4), None, "only 3 left");
        assert_eq!(take_slots(&used, 10, 3), Some(7));
        assert_eq!(used.load(Relaxed), 10);
    }
}
