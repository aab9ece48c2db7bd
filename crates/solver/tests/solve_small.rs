//! The solver (`quoridor_solver`) on the boards small enough for a debug
//! build: every 3x3 wall count and 5x5 without walls, each table checked
//! entry by entry against the rules and compared with the independent brute
//! force on every position reachable from the start.

use quoridor_rules::{Game, Position, Variant};
use quoridor_solver::{brute_force, check_table, solve, Cell, Table, Value};

const BUDGET: u64 = 1 << 30;

fn solved(size: u8, walls: u8) -> Table {
    let variant = Variant::new(size, walls).expect("variant");
    solve(variant, BUDGET, |_, _| {}).expect("small enough").0
}

/// The table passes the consistency check and agrees with the brute force
/// on every reachable position; returns the start position's value.
fn checked_start_value(size: u8, walls: u8) -> Value {
    let table = solved(size, walls);
    let report = check_table(&table, |_, _| {});
    assert!(
        report.passed(),
        "{size}x{size} {walls}: {:?}",
        report.examples
    );
    assert!(report.positions > 0);
    let start = Position::new(table.variant());
    let brute = brute_force(start, 1_000_000).expect("small graph");
    for (pos, value) in &brute {
        assert_eq!(
            table.value(pos),
            Some(*value),
            "{size}x{size} {walls} walls:\n{}",
            pos.diagram()
        );
    }
    table.value(&start).expect("the start is in the table")
}

#[test]
fn every_3x3_wall_count_is_consistent_and_agrees_with_the_brute_force() {
    // No 3x3 configuration holds more than 4 walls, so 4 each is every
    // wall count from there up.
    let values: Vec<Value> = (0..=4).map(|w| checked_start_value(3, w)).collect();
    assert_eq!(
        values,
        [
            Value::Loss(4),
            Value::Loss(8),
            Value::Loss(12),
            Value::Loss(12),
            Value::Loss(12)
        ]
    );
}

#[test]
fn five_by_five_without_walls_is_consistent_and_agrees_with_the_brute_force() {
    assert_eq!(checked_start_value(5, 0), Value::Loss(8));
}

#[test]
fn the_second_player_wins_the_3x3_race_by_jumping() {
    // b2 walks into the jump: player 2 goes b3-b1 at once.
    let table = solved(3, 0);
    let start = Position::new(table.variant());
    let moves = table.move_values(&start);
    let b2 = moves
        .iter()
        .find(|(mv, _)| mv.to_string() == "b2")
        .expect("b2 is legal");
    assert_eq!(b2.1, Value::Loss(2));
    // After b2, player 2's best move is the jump, winning at once.
    let after = *Game::parse_with_variant("b2", table.variant())
        .expect("record")
        .position();
    let best = table.move_values(&after)[0];
    assert_eq!(
        (best.0.to_string(), best.1),
        ("b1".to_string(), Value::Win(1))
    );
}

#[test]
fn the_check_finds_a_corrupted_entry() {
    let table = solved(3, 1);
    let start = Position::new(table.variant());
    let index = table
        .layout()
        .index(table.configs(), &start)
        .expect("indexed") as usize;
    for wrong in [Value::Loss(6), Value::Win(7), Value::Draw] {
        let broken = table.clone().with_cell(index as u64, Cell::of(wrong));
        assert_eq!(broken.value(&start), Some(wrong));
        let report = check_table(&broken, |_, _| {});
        assert!(!report.passed(), "{wrong:?} went unnoticed");
    }
}

#[test]
fn a_table_file_reads_back_and_a_foreign_file_is_refused() {
    let table = solved(4, 1);
    let mut bytes = Vec::new();
    table.write_to(&mut bytes).expect("to memory");
    let read = Table::read_from(&mut bytes.as_slice()).expect("reads back");
    assert_eq!(read.layers(), table.layers());
    assert_eq!(read.variant(), table.variant());
    let mut foreign = bytes.clone();
    foreign[0] = b'X';
    assert!(Table::read_from(&mut foreign.as_slice()).is_err());
    assert!(Table::read_from(&mut &bytes[..bytes.len() - 1]).is_err());
}

#[test]
fn a_variant_too_big_for_the_budget_is_refused_before_allocating() {
    let err = solve(Variant::default(), 1 << 30, |_, _| {}).unwrap_err();
    assert!(err.to_string().contains("GiB"), "{err}");
}

/// Half a minute in a debug build: `cargo test --release -p quoridor-solver --test solve_small
/// -- --ignored` (scripts/solve-table.sh runs it with the big cases).
#[test]
#[ignore]
fn five_by_five_with_one_wall_each_is_consistent_and_agrees_with_the_brute_force() {
    assert_eq!(checked_start_value(5, 1), Value::Loss(12));
}

#[test]
fn keeping_two_layers_gives_the_same_values_for_the_position_and_its_moves() {
    use quoridor_solver::{solve_keeping, Keep};
    let variant = Variant::new(3, 2).expect("variant");
    let (all, _) = solve(variant, BUDGET, |_, _| {}).expect("small");
    for record in ["", "a2h", "a2h b1h"] {
        let game = Game::parse_with_variant(record, variant).expect("record");
        let pos = *game.position();
        let placed = pos.walls().count() as u8;
        let (lean, _) =
            solve_keeping(variant, BUDGET, Keep::Around(placed), |_, _| {}).expect("small");
        assert!(!lean.is_complete());
        assert_eq!(lean.value(&pos), all.value(&pos), "{record}");
        assert_eq!(lean.move_values(&pos), all.move_values(&pos), "{record}");
        let mut bytes = Vec::new();
        assert!(
            lean.write_to(&mut bytes).is_err(),
            "a partial table is not written"
        );
    }
}

#[test]
fn no_draw_on_3x3_or_on_4x4_with_up_to_one_wall_each() {
    let cases = (0..=4).map(|w| (3, w)).chain([(4, 0), (4, 1)]);
    for (size, walls) in cases {
        let variant = Variant::new(size, walls).expect("variant");
        let (_, stats) = solve(variant, BUDGET, |_, _| {}).expect("small");
        assert_eq!(stats.draws, 0, "{size}x{size} {walls}");
        assert_eq!(stats.positions, stats.wins + stats.losses);
    }
}

/// The first draws: 5x5 with two walls each (slow in a debug build; run by
/// scripts/solve-table.sh). Prints one of them.
#[test]
#[ignore]
fn draws_appear_on_5x5_with_two_walls_each() {
    let table = solved(5, 2);
    let configs = table.configs();
    let layout = table.layout();
    let mut draws = 0;
    for c in 0..configs.len() {
        let config = quoridor_solver::configs::ConfigId(c as u32);
        for state in layout.states_of(configs, config) {
            let base =
                Position::with_walls(table.variant(), configs.slots(config), state.walls_left)
                    .expect("walls");
            for index in 0..layout.per_state() {
                let i = state.id.0 * layout.per_state() as u64 + index as u64;
                if table.cell(i).and_then(|c| c.value()) == Some(Value::Draw) {
                    let (pawns, turn) = layout.pawns_at(index);
                    let pos = base.with_pawns(pawns, turn).expect("a position");
                    if draws == 0 {
                        println!("{}", pos.diagram());
                        for (mv, v) in table.move_values(&pos) {
                            println!("  {mv} {v}");
                        }
                    }
                    draws += 1;
                }
            }
        }
    }
    assert!(draws > 0);
    println!("{draws} drawn positions");
}

/// `pos` seen in a mirror held beside the board: files reversed, walls too.
fn mirrored(pos: &Position) -> Position {
    use quoridor_rules::{Bitboard, Orientation, Player, WallSlots};
    let n = usize::from(pos.size());
    let flip_square = |s: usize| (s / n) * n + (n - 1 - s % n);
    // A wall's corner is its south-west square; mirrored, the wall's
    // two files swap, so its corner moves to file n - 2 - file.
    let flip_slot = |s: usize| (s / n) * n + (n - 2 - s % n);
    let slots = pos.wall_slots();
    let mut flipped = WallSlots::EMPTY;
    for o in Orientation::BOTH {
        flipped[o] = slots[o]
            .iter()
            .map(flip_slot)
            .fold(Bitboard::EMPTY, Bitboard::with);
    }
    let left = [pos.walls_left(Player::One), pos.walls_left(Player::Two)];
    Position::with_walls(pos.variant(), flipped, left)
        .and_then(|p| {
            p.with_pawns(
                [
                    flip_square(pos.pawn_index(Player::One)),
                    flip_square(pos.pawn_index(Player::Two)),
                ],
                pos.turn(),
            )
        })
        .expect("a mirrored position is a position")
}

#[test]
fn every_value_equals_its_mirror_images() {
    for (size, walls) in [(3, 4), (4, 1), (5, 0)] {
        let table = solved(size, walls);
        let start = Position::new(table.variant());
        let reachable = brute_force(start, 1_000_000).expect("small graph");
        let mut asymmetric = 0;
        for pos in reachable.keys() {
            let mirror = mirrored(pos);
            assert_eq!(mirrored(&mirror), *pos);
            if table.value(pos) != table.value(&mirror) {
                asymmetric += 1;
            }
        }
        assert_eq!(asymmetric, 0, "{size}x{size} {walls}");
    }
}
