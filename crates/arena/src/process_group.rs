//! External engines as process groups: each engine command runs under
//! `sh -c` as the leader of a new process group, so everything it starts (a
//! wrapper script's engine, `bash -c …`'s children) can be killed with one
//! `kill(-pgid, SIGKILL)` when its game ends, when the arena exits, or on
//! Ctrl-C ([`kill_all_engines`]). The last lines the engine wrote to stderr
//! are kept for error messages.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, ChildStderr, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Process groups of the engines running now.
static LIVE_GROUPS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

fn live_groups() -> MutexGuard<'static, Vec<i32>> {
    LIVE_GROUPS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Kills every engine process group still running (for a Ctrl-C handler).
pub fn kill_all_engines() {
    for pgid in live_groups().drain(..) {
        signal_group(pgid);
    }
}

fn signal_group(pgid: i32) {
    // SAFETY: kill(2) has no memory-safety preconditions; a group that is
    // already gone only makes it return ESRCH.
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
}

/// An engine process started by `sh -c command` in its own process group,
/// with piped stdin and stdout. Dropping it kills the whole group.
pub(crate) struct EngineChild {
    child: Child,
    pgid: i32,
}

impl EngineChild {
    /// Starts `command`; returns the child and its stderr tail.
    pub fn spawn(command: &str) -> std::io::Result<(EngineChild, StderrTail)> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()?;
        let pgid = i32::try_from(child.id()).unwrap_or(i32::MAX);
        live_groups().push(pgid);
        let tail = StderrTail::collect(child.stderr.take());
        Ok((EngineChild { child, pgid }, tail))
    }

    /// The child, for its pipes.
    pub fn child(&mut self) -> &mut Child {
        &mut self.child
    }

    /// The leader's exit status if it has exited (without reaping it, so the
    /// group id stays its own until the group is killed).
    pub fn exit_status(&mut self) -> Option<ExitStatus> {
        // SAFETY: siginfo_t is plain data for which all zeroes is valid.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let pid = libc::id_t::try_from(self.pgid).unwrap_or(0);
        // SAFETY: `info` is a valid siginfo_t to write into; WNOWAIT leaves
        // the child waitable.
        let found = unsafe {
            libc::waitid(
                libc::P_PID,
                pid,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            )
        };
        // SAFETY: waitid filled `info` (si_pid is 0 if the child still runs).
        if found != 0 || unsafe { info.si_pid() } == 0 {
            return None;
        }
        // `try_wait` would reap the leader, so build the status from the
        // siginfo instead.
        // SAFETY: as above, `info` was filled by waitid for an exited child.
        let status = unsafe { info.si_status() };
        Some(if info.si_code == libc::CLD_EXITED {
            ExitStatus::from_raw((status & 0xff) << 8)
        } else {
            ExitStatus::from_raw(status & 0x7f)
        })
    }

    /// Waits up to `within` for the leader to exit.
    pub fn exited_within(&mut self, within: Duration) -> bool {
        let deadline = Instant::now() + within;
        loop {
            if self.exit_status().is_some() {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// How long a killed group may take to disappear.
const GROUP_EXIT_WAIT: Duration = Duration::from_millis(500);

impl Drop for EngineChild {
    fn drop(&mut self) {
        signal_group(self.pgid);
        let _ignored = self.child.wait();
        // SIGKILL is delivered asynchronously: wait until no member of the
        // group is left (kill with signal 0 fails with ESRCH), so the engine
        // is gone when the game or the arena ends.
        let deadline = Instant::now() + GROUP_EXIT_WAIT;
        // SAFETY: signal 0 only checks that the group exists.
        while unsafe { libc::kill(-self.pgid, 0) } == 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        live_groups().retain(|&g| g != self.pgid);
    }
}

/// The last lines an engine wrote to stderr, collected by a thread.
pub(crate) struct StderrTail {
    lines: Arc<Mutex<VecDeque<String>>>,
    closed: Arc<AtomicBool>,
}

/// Lines of stderr kept.
const TAIL_LINES: usize = 5;
/// Characters kept of each line.
const TAIL_LINE_CHARS: usize = 200;

impl StderrTail {
    fn collect(stderr: Option<ChildStderr>) -> StderrTail {
        let tail = StderrTail {
            lines: Arc::new(Mutex::new(VecDeque::new())),
            closed: Arc::new(AtomicBool::new(stderr.is_none())),
        };
        if let Some(stderr) = stderr {
            let (lines, closed) = (Arc::clone(&tail.lines), Arc::clone(&tail.closed));
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stderr);
                let mut buf = Vec::new();
                while matches!(reader.read_until(b'\n', &mut buf), Ok(n) if n > 0) {
                    let line: String = String::from_utf8_lossy(&buf)
                        .trim_end()
                        .chars()
                        .take(TAIL_LINE_CHARS)
                        .collect();
                    buf.clear();
                    let mut lines = lines.lock().unwrap_or_else(|p| p.into_inner());
                    if lines.len() == TAIL_LINES {
                        lines.pop_front();
                    }
                    lines.push_back(line);
                }
                closed.store(true, Ordering::Release);
            });
        }
        tail
    }

    /// The kept lines joined with ` | `, after waiting briefly for the
    /// engine's last words (empty if it wrote nothing).
    pub fn text(&self) -> String {
        let deadline = Instant::now() + Duration::from_millis(200);
        while !self.closed.load(Ordering::Acquire) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        let lines = self.lines.lock().unwrap_or_else(|p| p.into_inner());
        lines.iter().cloned().collect::<Vec<_>>().join(" | ")
    }
}
