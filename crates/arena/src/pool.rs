//! Numbered games spread over threads: each thread takes the next index of
//! the list until none is left, so the games played are the same whatever
//! the number of threads. The arena and self-play both play through it.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Plays `play(index)` for every index of `indices` on `threads` threads;
/// `on_done` hears of each game as it ends (one at a time, in the order they
/// end) and returns whether to go on: after a `false`, no thread starts
/// another game. Returns whether every thread ended normally (a panicking
/// `play` or `on_done` loses its result).
pub fn play_numbered<T: Send>(
    indices: &[usize],
    threads: usize,
    play: &(dyn Fn(usize) -> T + Sync),
    on_done: &mut (dyn FnMut(T) -> bool + Send),
) -> bool {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let done = Mutex::new(on_done);
    let mut all_ended = true;
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.clamp(1, indices.len().max(1)))
            .map(|_| {
                scope.spawn(|| {
                    while !stop.load(Ordering::Relaxed) {
                        let Some(&index) = indices.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            break;
                        };
                        let result = play(index);
                        let Ok(mut on_done) = done.lock() else { break };
                        if !(*on_done)(result) {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                })
            })
            .collect();
        for worker in workers {
            all_ended &= worker.join().is_ok();
        }
    });
    all_ended && !done.is_poisoned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_is_played_once_whatever_the_threads() {
        for threads in [1, 3, 8] {
            let mut seen = Vec::new();
            let ok = play_numbered(&[4, 1, 7], threads, &|i| i * 10, &mut |r| {
                seen.push(r);
                true
            });
            seen.sort_unstable();
            assert!(ok);
            assert_eq!(seen, [10, 40, 70]);
        }
    }

    #[test]
    fn a_false_from_on_done_stops_new_games() {
        let mut seen = 0;
        play_numbered(&[0, 1, 2, 3, 4], 1, &|i| i, &mut |_| {
            seen += 1;
            false
        });
        assert_eq!(seen, 1);
    }
}
