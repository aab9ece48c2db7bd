//! The consistency check: every entry of a solved table against its
//! children's entries, the moves found by the rules' own move generator
//! (not the solver's lookup tables).
//!
//! A win in `d` must have a move to a loss in `d − 1` and none to a faster
//! loss; a loss in `d > 0` only moves to wins, the slowest in `d − 1`; a
//! loss in 0 is a finished game; a draw has a move to a draw and none to a
//! loss. Every index that is a position (pawns apart, both with a path,
//! the side to move not already home) holds a value, and no other does.

use super::index::Layout;
use super::table::Table;
use super::value::Value;
use quoridor_rules::{Player, Position};

/// What the check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Positions checked.
    pub positions: u64,
    /// Entries that break a rule.
    pub violations: u64,
    /// The first few, in words.
    pub examples: Vec<String>,
}

impl CheckReport {
    /// Whether the table passed.
    pub fn passed(&self) -> bool {
        self.violations == 0
    }

    fn fail(&mut self, pos: &Position, why: String) {
        self.violations += 1;
        if self.examples.len() < 10 {
            self.examples.push(format!("{why}\n{}", pos.diagram()));
        }
    }
}

/// Whether `pos` (placed by [`Position::with_pawns`]) is a position the
/// table must hold, by the rules alone.
fn is_position(pos: &Position) -> bool {
    pos.has_path(Player::One) && pos.has_path(Player::Two) && pos.winner() != Some(pos.turn())
}

/// Checks every entry of `table` (which must hold every layer:
/// [`Table::is_complete`]); `progress` is told the wall states done
/// and their total now and then.
pub fn check_table(table: &Table, mut progress: impl FnMut(u64, u64)) -> CheckReport {
    let configs = table.configs();
    let layout: &Layout = table.layout();
    let variant = table.variant();
    let mut report = CheckReport::default();
    let mut done = 0u64;
    for c in 0..configs.len() {
        let config = super::configs::ConfigId(c as u32);
        // A stored position stands for its mirror image too (checked by
        // symmetry).
        let weight = configs.positions_per_stored(config);
        for state in layout.states_of(configs, config) {
            let base = Position::with_walls(variant, configs.slots(config), state.walls_left)
                .expect("enumerated walls fit the board");
            let start = state.id.0 as usize * layout.per_state();
            for index in 0..layout.per_state() {
                let (pawns, turn) = layout.pawns_at(index);
                let cell = table.cell((start + index) as u64).and_then(|c| c.value());
                let Some(pos) = base.with_pawns(pawns, turn) else {
                    if cell.is_some() {
                        report.violations += 1;
                    }
                    continue;
                };
                match (is_position(&pos), cell) {
                    (false, None) => continue,
                    (false, Some(v)) => {
                        report.fail(&pos, format!("not a position, but the table says {v}"));
                        continue;
                    }
                    (true, None) => {
                        report.fail(&pos, "a position missing from the table".into());
                        continue;
                    }
                    (true, Some(value)) => {
                        report.positions += weight;
                        check_position(table, &pos, value, &mut report);
                    }
                }
            }
            done += 1;
            if done % 256 == 0 {
                progress(done, layout.states());
            }
        }
    }
    progress(done, layout.states());
    report
}

/// Checks one position's entry against its children's.
fn check_position(table: &Table, pos: &Position, value: Value, report: &mut CheckReport) {
    let mut children = Vec::new();
    for mv in pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(mv);
        match table.value(&child) {
            Some(v) => children.push(v),
            None => {
                report.fail(
                    pos,
                    format!("after {mv} the position is missing from the table"),
                );
                return;
            }
        }
    }
    let fastest_loss = children
        .iter()
        .filter_map(|v| match v {
            Value::Loss(d) => Some(*d),
            _ => None,
        })
        .min();
    let all_wins = children.iter().all(|v| matches!(v, Value::Win(_)));
    let slowest_win = children
        .iter()
        .filter_map(|v| match v {
            Value::Win(d) => Some(*d),
            _ => None,
        })
        .max();
    let ok = match value {
        Value::Loss(0) => pos.is_over() && children.is_empty(),
        _ if pos.is_over() => false,
        Value::Win(d) => d >= 1 && fastest_loss == Some(d - 1),
        Value::Loss(d) => !children.is_empty() && all_wins && slowest_win == Some(d - 1),
        Value::Draw => fastest_loss.is_none() && children.contains(&Value::Draw),
    };
    if !ok {
        report.fail(
            pos,
            format!("the table says {value}; its children: {children:?}"),
        );
    }
}
