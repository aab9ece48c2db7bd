//! A contender started for one game: the in-process engine or the
//! external process, and what it answers for a move.

use super::process::Process;
use super::reply::Reply;
use super::{Contender, EngineError, MatchLimit};
use crate::{Work, WorkUnit};
use quoridor_engines::{new_engine, Engine, EngineConfig, EngineRng, SearchEngine};
use quoridor_rules::{Move, Position, Variant};
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// The settings `config` searches with in one game: its own seed varied by
/// the game's `seed`, and the match's `limit` (if any) instead of its own.
/// Self-play seeds its engine the same way.
pub fn game_config(config: &EngineConfig, limit: MatchLimit, seed: u64) -> EngineConfig {
    let mut game = config.clone();
    let params = &mut game.params;
    params.seed = params.seed.wrapping_mul(1_000_003).wrapping_add(seed);
    if let Some(limits) = limit {
        params.limits = limits;
    }
    game
}

/// A contender ready to play one game.
pub(crate) enum RunningContender {
    Internal(Engine),
    /// The random mover and its generator for this game.
    Random(EngineRng),
    External(Process),
}

impl RunningContender {
    /// Starts `contender` for a game of `variant` adjudicated after
    /// `move_cap` plies; `seed` varies the in-process engine's random
    /// choices from game to game.
    pub fn start(
        contender: &Contender,
        variant: Variant,
        limit: MatchLimit,
        move_cap: usize,
        seed: u64,
        timeout: Duration,
    ) -> Result<RunningContender, EngineError> {
        match contender {
            Contender::Internal {
                config, evaluator, ..
            } => Ok(RunningContender::Internal(new_engine(
                Position::new(variant),
                &game_config(config, limit, seed),
                evaluator.clone(),
            ))),
            Contender::Random => Ok(RunningContender::Random(EngineRng::seed_from_u64(seed))),
            Contender::External {
                command, protocol, ..
            } => Process::start(command, *protocol, variant, limit, move_cap, timeout)
                .map(RunningContender::External),
        }
    }

    /// The engine's move after `moves` from the start of `variant`.
    pub fn reply(&mut self, variant: Variant, moves: &[Move]) -> Result<Reply, EngineError> {
        let started = Instant::now();
        match self {
            RunningContender::Internal(search) => {
                search
                    .set_game(Position::new(variant), moves)
                    .map_err(|e| EngineError::RecordRefused(e.to_string()))?;
                let mv = search.think().ok_or(EngineError::NoMove)?;
                let info = search.info(0);
                Ok(Reply {
                    text: mv.to_string(),
                    work: Some(Work {
                        count: info.searched,
                        unit: WorkUnit::of(&info.engine),
                    }),
                    ms: started.elapsed().as_secs_f64() * 1000.0,
                })
            }
            RunningContender::Random(rng) => {
                let mut game = Position::new(variant);
                for &mv in moves {
                    game.play(mv)
                        .map_err(|e| EngineError::RecordRefused(e.to_string()))?;
                }
                let legal = game.legal_moves();
                if legal.is_empty() {
                    return Err(EngineError::NoMove);
                }
                let mv = legal[rng.random_range(0..legal.len())];
                Ok(Reply {
                    text: mv.to_string(),
                    work: None,
                    ms: started.elapsed().as_secs_f64() * 1000.0,
                })
            }
            RunningContender::External(process) => process.reply(moves, started),
        }
    }
}
