//! Retrograde analysis: every position of a variant solved from the end
//! backwards, with repetition handled exactly.
//!
//! Walls never leave the board, so a wall move always leads to a wall state
//! with more walls. The solver takes the wall states from the fullest layer
//! down; inside one wall state only pawn moves remain, a small graph (at
//! most `cells² × 2` positions) whose exits into fuller states are already
//! solved. In it, values settle in order of distance (a bucket queue): a
//! position with a child lost in `d` plies is won in `d + 1` (the first such
//! child is the nearest), a position whose last child turns out won in `d`
//! (all of them won, the last the farthest) is lost in `d + 1`. What never
//! settles is a draw: the side to move cannot be forced to lose and cannot
//! force a win, and the pawns may walk in circles for ever.

use super::census::Census;
use super::configs::{ConfigId, WallConfigs};
use super::index::{Layout, WallState};
use super::table::Table;
use super::value::{Cell, Value};
use quoridor_rules::{Player, Position, Variant};
use std::fmt;

/// Why a variant was not solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The tables would not fit in the memory allowed.
    TooBig {
        /// Bytes the tables need at least: counted up front
        /// ([`Census`]), or as far as the enumeration got.
        needs_at_least: u128,
        /// Bytes they need at most (the up-front count).
        needs_at_most: u128,
        /// Legal wall configurations: at least and at most.
        configs: (u128, u128),
        /// Positions: at least.
        positions_at_least: u128,
        /// Bytes allowed.
        budget: u64,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::TooBig {
                needs_at_least,
                needs_at_most,
                configs,
                positions_at_least,
                budget,
            } => {
                let gib = |bytes: u128| bytes as f64 / GIB;
                write!(
                    f,
                    "the tables need at least {}",
                    size_gib(gib(*needs_at_least))
                )?;
                if needs_at_most > needs_at_least {
                    write!(f, " and at most {}", size_gib(gib(*needs_at_most)))?;
                }
                write!(
                    f,
                    " ({} to {} wall configurations, at least {} positions), more than the \
                     {:.1} GiB allowed (--memory-gib)",
                    amount(configs.0),
                    amount(configs.1),
                    amount(*positions_at_least),
                    gib(u128::from(*budget))
                )?;
                if gib(*needs_at_least) > f64::from(MAX_MEMORY_GIB) {
                    write!(
                        f,
                        "; no machine holds that (--memory-gib goes up to {MAX_MEMORY_GIB})"
                    )?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for SolveError {}

/// The most memory a solve may be given, in GiB (`--memory-gib`).
pub const MAX_MEMORY_GIB: u32 = 1024;

/// GiB as people read them: `28.9 GiB`, `1.2e21 GiB`.
fn size_gib(gib: f64) -> String {
    if gib < 1e6 {
        format!("{gib:.1} GiB")
    } else {
        format!("{gib:.1e} GiB")
    }
}

/// A count as people read it: `454,481`, `1.2e21`.
fn amount(n: u128) -> String {
    if n >= 1_000_000_000_000 {
        return format!("{:.1e}", n as f64);
    }
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

const GIB: f64 = (1u64 << 30) as f64;

/// Counts from one solve: of the whole variant, the mirror images the table
/// does not store included.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Wall configurations enumerated.
    pub configs: u64,
    /// Wall states (configuration and stock split).
    pub states: u64,
    /// Wall states stored (one of each mirror-image pair).
    pub stored_states: u64,
    /// Positions (legal pawn placements with either side to move).
    pub positions: u64,
    /// Positions won by the side to move.
    pub wins: u64,
    /// Positions lost by the side to move (the finished ones included).
    pub losses: u64,
    /// Positions drawn.
    pub draws: u64,
    /// Unfinished positions without a legal move (the rules make none; a
    /// nonzero count would be a bug, and such positions count as draws).
    pub stuck: u64,
}

/// Which layers (positions by walls placed) a solve keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Every layer: the whole table, for lookups anywhere, the consistency
    /// check and the table file.
    All,
    /// Only the layer with this many walls placed and the next, enough for
    /// the value of a position there and its moves'; the solve holds two
    /// adjacent layers at a time, so it needs much less memory.
    Around(u8),
}

/// Solves every position of `variant` (any pawn squares, any walls up to
/// both stocks, either side to move) within `budget` bytes, keeping every
/// layer; `progress` is told the wall states done and their total now and
/// then.
pub fn solve(
    variant: Variant,
    budget: u64,
    progress: impl FnMut(u64, u64),
) -> Result<(Table, SolveStats), SolveError> {
    solve_keeping(variant, budget, Keep::All, progress)
}

/// Bytes the stored entries take with `keep`.
fn stored_bytes(layout: &Layout, keep: Keep) -> u64 {
    let layers: Vec<u64> = (0..layout.layers())
        .map(|k| layout.layer_entries(k) * 2)
        .collect();
    kept_bytes(&layers, keep)
}

/// Of layers taking these bytes, what `keep` holds at once: all of them,
/// or the largest two adjacent ones.
fn kept_bytes(layers: &[u64], keep: Keep) -> u64 {
    match keep {
        Keep::All => layers.iter().sum(),
        Keep::Around(_) => layers
            .windows(2)
            .map(|w| w[0] + w[1])
            .max()
            .unwrap_or_else(|| layers.iter().sum()),
    }
}

/// [`solve`], keeping the layers `keep` says.
pub fn solve_keeping(
    variant: Variant,
    budget: u64,
    keep: Keep,
    mut progress: impl FnMut(u64, u64),
) -> Result<(Table, SolveStats), SolveError> {
    let walls = variant.walls();
    let max_placed = 2 * walls;
    // About 200 bytes per configuration: its walls, reach sets, children
    // and hash entry.
    let bytes_for = |layer_start: &[u32]| {
        let entries = Layout::layer_entries_at_least(layer_start, variant.size(), walls);
        let bytes: Vec<u64> = entries.iter().map(|e| e * 2).collect();
        kept_bytes(&bytes, keep) + u64::from(layer_start.last().copied().unwrap_or(0)) * 200
    };
    // Counted up front: what no budget holds is refused before anything is
    // enumerated.
    let census = Census::of(variant);
    let keep_two = matches!(keep, Keep::Around(_));
    let too_big = |needs_at_least: u128| SolveError::TooBig {
        needs_at_least,
        needs_at_most: census.bytes_at_most(keep_two).max(needs_at_least),
        configs: (census.configs_at_least, census.configs_at_most),
        positions_at_least: census.positions_at_least,
        budget,
    };
    if census.bytes_at_least(keep_two) > u128::from(budget) {
        return Err(too_big(census.bytes_at_least(keep_two)));
    }
    let mut counted = 0;
    let configs = WallConfigs::enumerate(variant, max_placed, |starts| {
        counted = bytes_for(starts);
        counted <= budget
    })
    .map_err(|_| too_big(u128::from(counted).max(census.bytes_at_least(keep_two))))?;
    let layout = Layout::new(&configs, walls);
    let states = (0..configs.len() as u32)
        .map(|c| Layout::splits(walls, configs.placed(ConfigId(c))).count() as u64)
        .sum();
    let mut stats = SolveStats {
        configs: configs.len() as u64,
        states,
        stored_states: layout.states(),
        ..SolveStats::default()
    };
    let needs = stored_bytes(&layout, keep) + configs.len() as u64 * 200;
    if needs > budget {
        return Err(too_big(u128::from(needs)));
    }
    let mut layers: Vec<Vec<Cell>> = vec![Vec::new(); layout.layers()];
    let mut scratch = Scratch::default();
    let mut done = 0u64;
    for placed in (0..=max_placed).rev() {
        let k = usize::from(placed);
        if let Keep::Around(p) = keep {
            // Layer k + 2 was needed only by layer k + 1, now solved.
            if k + 2 < layers.len() && k + 2 > usize::from(p) + 1 {
                layers[k + 2] = Vec::new();
            }
        }
        layers[k] = vec![Cell::NONE; layout.layer_entries(k) as usize];
        let (lower, upper) = layers.split_at_mut(k + 1);
        let mine = &mut lower[k];
        let fuller: &[Cell] = upper.first().map_or(&[], |l| l.as_slice());
        for config in configs.layer(placed) {
            for state in layout.states_of(&configs, config) {
                solve_state(
                    &configs,
                    &layout,
                    state,
                    mine,
                    fuller,
                    &mut scratch,
                    &mut stats,
                );
                done += 1;
                if done % 256 == 0 {
                    progress(done, stats.stored_states);
                }
            }
        }
    }
    if let Keep::Around(p) = keep {
        for (k, layer) in layers.iter_mut().enumerate() {
            if k < usize::from(p) {
                *layer = Vec::new();
            }
        }
    }
    progress(done, stats.stored_states);
    Ok((Table::new(configs, layout, layers), stats))
}

/// What one pawn placement's children are waiting for.
#[derive(Clone, Copy, Debug)]
enum Event {
    /// The position at this index (inside the wall state) has settled.
    Settled(u32),
    /// A child of this position, in a fuller wall state, has the value
    /// (lost: `true`, won: `false`) at the bucket's distance.
    Outside { parent: u32, lost: bool },
}

/// Buffers reused from one wall state to the next.
#[derive(Default)]
struct Scratch {
    /// Children not yet known to be won, per index.
    open: Vec<u32>,
    /// `parents[parent_start[i]..parent_start[i + 1]]`: the indices with a
    /// pawn move to index `i`.
    parent_start: Vec<u32>,
    parents: Vec<u32>,
    /// Pawn-move edges as (child, parent), before sorting into `parents`.
    edges: Vec<(u32, u32)>,
    /// `buckets[d]`: what settles at distance `d`.
    buckets: Vec<Vec<Event>>,
}

impl Scratch {
    fn push(&mut self, distance: u16, event: Event) {
        let d = usize::from(distance);
        if self.buckets.len() <= d {
            self.buckets.resize_with(d + 1, Vec::new);
        }
        self.buckets[d].push(event);
    }
}

/// Solves the positions of one wall state; fuller states are solved.
fn solve_state(
    configs: &WallConfigs,
    layout: &Layout,
    state: WallState,
    layer: &mut [Cell],
    fuller: &[Cell],
    scratch: &mut Scratch,
    stats: &mut SolveStats,
) {
    let per_state = layout.per_state();
    let placed = usize::from(configs.placed(state.config));
    let start = (state.id.0 - layout.layer_first_state(placed)) as usize * per_state;
    let mine = &mut layer[start..start + per_state];
    let fuller_first = if placed + 1 < layout.layers() {
        layout.layer_first_state(placed + 1)
    } else {
        layout.states()
    };
    let variant = configs.variant();
    let base = Position::with_walls(variant, configs.slots(state.config), state.walls_left)
        .expect("enumerated walls fit the board");
    let reach = Player::BOTH.map(|p| configs.reach(state.config, p));
    scratch.open.clear();
    scratch.open.resize(per_state, 0);
    scratch.edges.clear();
    for b in &mut scratch.buckets {
        b.clear();
    }
    // Each position stored here stands for its mirror image too.
    let weight = configs.positions_per_stored(state.config);
    let mut valid = 0u64;
    for (index, cell) in mine.iter_mut().enumerate() {
        let (pawns, turn) = layout.pawns_at(index);
        if !reach[0].has(pawns[0]) || !reach[1].has(pawns[1]) {
            continue;
        }
        let Some(pos) = base.with_pawns(pawns, turn) else {
            continue;
        };
        match pos.winner() {
            Some(w) if w == turn => continue,
            Some(_) => {
                valid += 1;
                *cell = Cell::of(Value::Loss(0));
                scratch.push(0, Event::Settled(index as u32));
                continue;
            }
            None => valid += 1,
        }
        let mut children = 0u32;
        for target in pos.pawn_targets().iter() {
            let mut moved = pawns;
            moved[turn.index()] = target;
            let child = layout.pawn_index(moved, turn.other());
            scratch.edges.push((child as u32, index as u32));
            children += 1;
        }
        if state.walls_left[turn.index()] > 0 {
            let mut left = state.walls_left;
            left[turn.index()] -= 1;
            for &(_, grown) in configs.children(state.config) {
                let cut_off = !configs.reach(grown, Player::One).has(pawns[0])
                    || !configs.reach(grown, Player::Two).has(pawns[1]);
                if cut_off {
                    continue;
                }
                children += 1;
                let (child_state, child_pawns) = layout
                    .stored_state(configs, grown, left[0], pawns)
                    .expect("a wall move leads to an enumerated state");
                let child = (child_state.0 - fuller_first) as usize * per_state
                    + layout.pawn_index(child_pawns, turn.other());
                match fuller[child].value() {
                    Some(Value::Loss(d)) => scratch.push(
                        d,
                        Event::Outside {
                            parent: index as u32,
                            lost: true,
                        },
                    ),
                    Some(Value::Win(d)) => scratch.push(
                        d,
                        Event::Outside {
                            parent: index as u32,
                            lost: false,
                        },
                    ),
                    Some(Value::Draw) => {}
                    None => unreachable!("a legal wall move leads to a position"),
                }
            }
        }
        if children == 0 {
            stats.stuck += weight;
        }
        scratch.open[index] = children;
    }
    // Parents of each index, grouped by child (counting sort).
    scratch.parent_start.clear();
    scratch.parent_start.resize(per_state + 1, 0);
    for &(child, _) in &scratch.edges {
        scratch.parent_start[child as usize + 1] += 1;
    }
    for i in 0..per_state {
        scratch.parent_start[i + 1] += scratch.parent_start[i];
    }
    scratch.parents.clear();
    scratch.parents.resize(scratch.edges.len(), 0);
    let mut fill = scratch.parent_start.clone();
    for &(child, parent) in &scratch.edges {
        scratch.parents[fill[child as usize] as usize] = parent;
        fill[child as usize] += 1;
    }
    // Settle in order of distance.
    let mut d = 0usize;
    while d < scratch.buckets.len() {
        let events = std::mem::take(&mut scratch.buckets[d]);
        for &event in &events {
            match event {
                Event::Settled(child) => {
                    let lost = matches!(mine[child as usize].value(), Some(Value::Loss(_)));
                    let (a, b) = (
                        scratch.parent_start[child as usize] as usize,
                        scratch.parent_start[child as usize + 1] as usize,
                    );
                    for k in a..b {
                        let parent = scratch.parents[k];
                        settle_parent(mine, scratch, parent, lost, d as u16);
                    }
                }
                Event::Outside { parent, lost } => {
                    settle_parent(mine, scratch, parent, lost, d as u16)
                }
            }
        }
        scratch.buckets[d] = events;
        scratch.buckets[d].clear();
        d += 1;
    }
    // What never settled is a draw.
    for (index, cell) in mine.iter_mut().enumerate() {
        if *cell == Cell::NONE && is_position(layout, &base, &reach, index) {
            *cell = Cell::of(Value::Draw);
        }
        match cell.value() {
            Some(Value::Win(_)) => stats.wins += weight,
            Some(Value::Loss(_)) => stats.losses += weight,
            Some(Value::Draw) => stats.draws += weight,
            None => {}
        }
    }
    stats.positions += valid * weight;
}

/// One child of `parent` has settled at `d` (lost for its side to move, or
/// won); settles `parent` if that decides it.
fn settle_parent(mine: &mut [Cell], scratch: &mut Scratch, parent: u32, lost: bool, d: u16) {
    let p = parent as usize;
    if mine[p] != Cell::NONE {
        return;
    }
    let value = if lost {
        Value::Win(d + 1)
    } else {
        scratch.open[p] -= 1;
        if scratch.open[p] > 0 {
            return;
        }
        Value::Loss(d + 1)
    };
    mine[p] = Cell::of(value);
    scratch.push(d + 1, Event::Settled(parent));
}

/// Whether `index` of the wall state of `base` is a position (the same test
/// as the first pass: pawns apart, on squares that reach their goals, the
/// side to move not already home).
fn is_position(
    layout: &Layout,
    base: &Position,
    reach: &[quoridor_rules::Bitboard; 2],
    index: usize,
) -> bool {
    let (pawns, turn) = layout.pawns_at(index);
    reach[0].has(pawns[0])
        && reach[1].has(pawns[1])
        && base
            .with_pawns(pawns, turn)
            .is_some_and(|pos| pos.winner() != Some(turn))
}
