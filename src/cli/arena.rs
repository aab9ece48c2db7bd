//! `quoridor arena`: engine-vs-engine matches between two settings, with the
//! colours alternating, run on both cores; prints each game and a summary with
//! an Elo estimate.

use crate::game::{Game, Move, Player, Position, Variant};
use crate::search::{set_option, Search, SearchParams};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// A finished (or adjudicated) arena game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// Index of the game (0-based); engine A moves first in even games.
    pub index: usize,
    /// Whether engine A won.
    pub a_won: bool,
    /// Moves played.
    pub record: Game,
    /// Whether the game hit the move cap and was decided by path lengths.
    pub adjudicated: bool,
}

/// Most moves in an arena game before it is adjudicated by path lengths.
pub const MOVE_CAP: usize = 300;

/// Reads `preset=thesis,uct_c=0.3,…` into parameters (later entries win).
pub fn parse_spec(spec: &str) -> Result<SearchParams, String> {
    let mut params = SearchParams::default();
    for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) = part
            .split_once('=')
            .ok_or_else(|| format!("expected name=value in {part:?}"))?;
        set_option(&mut params, name.trim(), value.trim())?;
    }
    Ok(params)
}

/// Plays one game between `a` and `b` (A first when `index` is even).
pub fn play_game(a: &SearchParams, b: &SearchParams, variant: Variant, index: usize) -> GameResult {
    let a_first = index % 2 == 0;
    let seed = index as u64 * 7919 + 17;
    let mut params = [a.clone(), b.clone()];
    for (i, p) in params.iter_mut().enumerate() {
        p.seed = p.seed.wrapping_mul(1_000_003).wrapping_add(seed + i as u64);
    }
    let start = Position::new(variant);
    let mut engines = params.map(|p| Search::new(start, p));
    let mut game = Game::new(variant);
    let mut adjudicated = false;
    while game.winner().is_none() {
        if game.moves().len() >= MOVE_CAP {
            adjudicated = true;
            break;
        }
        let to_move = game.position().turn();
        let engine_a_to_move = (to_move == Player::One) == a_first;
        let engine = &mut engines[usize::from(!engine_a_to_move)];
        let mv: Option<Move> = engine
            .set_game(start, game.moves())
            .ok()
            .and_then(|_| engine.think());
        let Some(mv) = mv else {
            adjudicated = true;
            break;
        };
        if game.play(mv).is_err() {
            // An engine returning an illegal move loses at once.
            return GameResult {
                index,
                a_won: !engine_a_to_move,
                record: game,
                adjudicated: true,
            };
        }
    }
    let winner = game.winner().unwrap_or_else(|| {
        let pos = game.position();
        let d = |p| pos.distance_to_goal(p).unwrap_or(u32::MAX);
        // Shorter path wins; the side to move breaks ties.
        if d(Player::One) < d(Player::Two)
            || (d(Player::One) == d(Player::Two) && pos.turn() == Player::One)
        {
            Player::One
        } else {
            Player::Two
        }
    });
    GameResult {
        index,
        a_won: (winner == Player::One) == a_first,
        record: game,
        adjudicated,
    }
}

/// Elo difference for a score fraction, with a ~95% margin from `games`.
pub fn elo(score: f64, games: usize) -> (f64, f64) {
    let s = score.clamp(0.5 / games as f64, 1.0 - 0.5 / games as f64);
    let diff = -400.0 * (1.0 / s - 1.0).log10();
    let sd = (s * (1.0 - s) / games as f64).sqrt();
    let hi = (s + 1.96 * sd).min(0.999);
    let lo = (s - 1.96 * sd).max(0.001);
    let margin = (-400.0 * (1.0 / hi - 1.0).log10() - -400.0 * (1.0 / lo - 1.0).log10()) / 2.0;
    (diff, margin)
}

/// `quoridor arena --a SPEC --b SPEC [--games N] [--size N] [--walls W] [--threads T]`.
pub fn arena(args: &[String]) -> Result<(), String> {
    let mut spec_a = String::from("preset=default");
    let mut spec_b = String::from("preset=thesis");
    let mut games = 20usize;
    let mut size = 9u8;
    let mut walls = 10u8;
    let mut threads = 2usize;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || -> Result<usize, String> {
            value
                .parse()
                .map_err(|_| format!("{flag} needs a whole number, got {value:?}"))
        };
        match flag.as_str() {
            "--a" => spec_a = value.clone(),
            "--b" => spec_b = value.clone(),
            "--games" => games = number()?.max(1),
            "--size" => size = u8::try_from(number()?).map_err(|_| "--size too large")?,
            "--walls" => walls = u8::try_from(number()?).map_err(|_| "--walls too large")?,
            "--threads" => threads = number()?.clamp(1, 64),
            other => return Err(format!("unknown arena option {other:?}")),
        }
    }
    let a = parse_spec(&spec_a).map_err(|e| format!("--a: {e}"))?;
    let b = parse_spec(&spec_b).map_err(|e| format!("--b: {e}"))?;
    let variant = Variant::new(size, walls).map_err(|e| e.to_string())?;
    println!("arena: A = {spec_a}");
    println!("       B = {spec_b}");
    println!("       {games} games on {size}x{size}, {walls} walls, {threads} threads");
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= games {
                    break;
                }
                let r = play_game(&a, &b, variant, index);
                println!(
                    "game {:>3}: A plays {} — {} wins in {} moves{}  {}",
                    r.index + 1,
                    if r.index % 2 == 0 { "first " } else { "second" },
                    if r.a_won { "A" } else { "B" },
                    r.record.moves().len(),
                    if r.adjudicated { " (adjudicated)" } else { "" },
                    r.record
                );
                if let Ok(mut all) = results.lock() {
                    all.push(r);
                }
            });
        }
    });
    let results = results.into_inner().map_err(|_| "a game thread failed")?;
    let a_wins = results.iter().filter(|r| r.a_won).count();
    let first_wins = results
        .iter()
        .filter(|r| r.a_won == (r.index % 2 == 0))
        .count();
    let score = a_wins as f64 / results.len() as f64;
    let (diff, margin) = elo(score, results.len());
    println!(
        "result: A {a_wins} – B {} ({:.1}% for A), Elo A−B ≈ {diff:+.0} ± {margin:.0}; first player won {first_wins}",
        results.len() - a_wins,
        score * 100.0
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_sets_preset_then_overrides() {
        let p = parse_spec("preset=thesis, uct_c=0.3").expect("valid spec");
        assert_eq!(p.uct_c, 0.3);
        assert_eq!(p.max_playout_moves, Some(2));
        assert!(parse_spec("uct_c").is_err());
        assert!(parse_spec("nonsense=1").is_err());
    }

    #[test]
    fn elo_is_zero_at_even_score_and_positive_above() {
        assert!(elo(0.5, 100).0.abs() < 1e-9);
        assert!(elo(0.75, 100).0 > 150.0);
    }

    #[test]
    fn a_small_game_finishes_with_a_legal_record() {
        let quick = parse_spec("playouts=200,time_ms=0").expect("valid spec");
        let variant = Variant::new(5, 2).expect("valid variant");
        let r = play_game(&quick, &quick, variant, 1);
        let replay = Game::parse_with_variant(&r.record.to_string(), variant).expect("legal");
        assert_eq!(replay.moves(), r.record.moves());
        assert!(r.record.winner().is_some() || r.adjudicated);
    }
}
