//! Messages between the page and the engine worker, defined once for both
//! sides. They travel as plain JS objects (serde-wasm-bindgen).

use serde::{Deserialize, Serialize};

/// What the page asks of the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WorkerRequest {
    /// A liveness check; the worker answers [`WorkerResponse::Pong`] with the
    /// same `id` and the text reversed, so a test can tell the answer was
    /// computed in the worker rather than echoed by the page.
    Ping { id: u32, text: String },
}

/// What the worker tells the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WorkerResponse {
    /// The answer to [`WorkerRequest::Ping`].
    Pong {
        id: u32,
        reversed: String,
        /// Name and version of the crate the worker was built from.
        worker: String,
    },
}

/// The worker's answer to one request. Pure, so it is tested natively.
///
/// ```
/// use quoridor::worker::messages::{respond, WorkerRequest, WorkerResponse};
///
/// let reply = respond(WorkerRequest::Ping { id: 7, text: "e2 e8".into() });
/// let WorkerResponse::Pong { id, reversed, .. } = reply;
/// assert_eq!((id, reversed.as_str()), (7, "8e 2e"));
/// ```
pub fn respond(request: WorkerRequest) -> WorkerResponse {
    match request {
        WorkerRequest::Ping { id, text } => WorkerResponse::Pong {
            id,
            reversed: text.chars().rev().collect(),
            worker: worker_name(),
        },
    }
}

/// `quoridor <version>`, the build the worker reports in its answers.
pub fn worker_name() -> String {
    format!("{} {}", env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pong_keeps_the_ping_id_and_reverses_the_text() {
        let reply = respond(WorkerRequest::Ping {
            id: 42,
            text: "a1h".into(),
        });
        assert_eq!(
            reply,
            WorkerResponse::Pong {
                id: 42,
                reversed: "h1a".into(),
                worker: worker_name(),
            }
        );
    }

    #[test]
    fn pong_reverses_by_character_not_byte() {
        let WorkerResponse::Pong { reversed, .. } = respond(WorkerRequest::Ping {
            id: 0,
            text: "žluťoučký".into(),
        });
        assert_eq!(reversed, "ýkčuoťulž");
    }

    #[test]
    fn messages_are_serde_types() {
        fn serde_both_ways<T: Serialize + serde::de::DeserializeOwned>() {}
        serde_both_ways::<WorkerRequest>();
        serde_both_ways::<WorkerResponse>();
    }
}
