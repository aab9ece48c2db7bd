//! Where protocol lines go, shared by the reader and the search thread.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Where protocol lines go: shared by the reader and the search thread, one
/// whole line at a time. A failed write (a closed pipe) marks the output
/// closed, which ends the session.
#[derive(Clone)]
pub(super) struct Output {
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
    closed: Arc<AtomicBool>,
}

impl Output {
    pub(super) fn new(writer: Box<dyn Write + Send>) -> Output {
        Output {
            writer: Arc::new(Mutex::new(writer)),
            closed: Arc::new(AtomicBool::new(false)),
        }
    }

    pub(super) fn line(&self, text: &str) {
        let mut w = match self.writer.lock() {
            Ok(w) => w,
            Err(poisoned) => poisoned.into_inner(),
        };
        if writeln!(w, "{text}").and_then(|()| w.flush()).is_err() {
            self.closed.store(true, Ordering::Relaxed);
        }
    }

    pub(super) fn error(&self, message: &str) {
        self.line(&format!("info string error: {message}"));
    }

    pub(super) fn warning(&self, message: &str) {
        self.line(&format!("info string warning: {message}"));
    }

    pub(super) fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }
}
