//! Solved tables on disk, for the native engines (`--tables DIR`): which
//! variants a directory holds (read from each file's header at once) and
//! each variant's table, read the first time a game needs it.
//!
//! ```no_run
//! use quoridor_rules::{Position, Variant};
//! use quoridor_solver::shelf::TableShelf;
//! let shelf = TableShelf::open("tables".as_ref()).expect("a directory of tables");
//! let start = Position::new(Variant::new(5, 2).expect("5x5"));
//! if let Some(Ok(solved)) = shelf.lookup(&start) {
//!     println!("{}: best {}", solved.exact.value, solved.exact.moves[0].0);
//! }
//! ```

use super::accuracy::perfect_move;
use super::exact::Exact;
use super::table::{Table, TableError, MAGIC};
use quoridor_rules::{Move, Position, Variant};
use std::fmt;
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The tables of a directory (or one table file), by variant.
#[derive(Debug)]
pub struct TableShelf {
    entries: Vec<ShelfEntry>,
}

/// One table file: its variant from the header, its table once read.
#[derive(Debug)]
struct ShelfEntry {
    path: PathBuf,
    size: u8,
    walls: u8,
    table: OnceLock<Result<Arc<Table>, String>>,
}

/// Why `--tables` cannot be used.
#[derive(Debug)]
pub enum ShelfError {
    /// The path cannot be read.
    Read {
        /// The path as given.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The path holds no table file.
    Empty(PathBuf),
    /// Two files hold the same variant.
    Duplicate {
        /// The variant.
        size: u8,
        /// Walls each.
        walls: u8,
        /// The two files.
        paths: [PathBuf; 2],
    },
}

impl fmt::Display for ShelfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShelfError::Read { path, error } => {
                write!(f, "cannot read the tables at {}: {error}", path.display())
            }
            ShelfError::Empty(path) => write!(
                f,
                "no solver table in {} (tables are written by `quoridor solve --out FILE`)",
                path.display()
            ),
            ShelfError::Duplicate { size, walls, paths } => write!(
                f,
                "two tables for {size}x{size} with {walls} walls each: {} and {}",
                paths[0].display(),
                paths[1].display()
            ),
        }
    }
}

impl std::error::Error for ShelfError {}

/// What a table says about a position: its exact values (as the page
/// shows them) and the line of best play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The position's value and every legal move's, best first.
    pub exact: Exact,
    /// Best play from the position: [`LINE_MOVES`] moves at most, or until
    /// a pawn is home (a drawn line repeats).
    pub line: Vec<Move>,
}

/// Longest line of best play [`TableShelf::lookup`] gives.
pub const LINE_MOVES: usize = 32;

impl TableShelf {
    /// The tables at `path`: every file of the directory that starts as a
    /// solver table does (other files are skipped), or the one file `path`.
    /// Reads only the headers; a table is read when first looked up.
    pub fn open(path: &Path) -> Result<TableShelf, ShelfError> {
        let read_error = |error| ShelfError::Read {
            path: path.to_path_buf(),
            error,
        };
        let files: Vec<PathBuf> = if path.is_dir() {
            let mut files = Vec::new();
            for entry in std::fs::read_dir(path).map_err(read_error)? {
                let entry = entry.map_err(read_error)?;
                if entry.file_type().map_err(read_error)?.is_file() {
                    files.push(entry.path());
                }
            }
            files.sort();
            files
        } else {
            vec![path.to_path_buf()]
        };
        let mut entries: Vec<ShelfEntry> = Vec::new();
        for file in files {
            let header = read_header(&file).map_err(|error| ShelfError::Read {
                path: file.clone(),
                error,
            })?;
            let Some((size, walls)) = header else {
                continue;
            };
            if let Some(first) = entries.iter().find(|e| (e.size, e.walls) == (size, walls)) {
                return Err(ShelfError::Duplicate {
                    size,
                    walls,
                    paths: [first.path.clone(), file],
                });
            }
            entries.push(ShelfEntry {
                path: file,
                size,
                walls,
                table: OnceLock::new(),
            });
        }
        if entries.is_empty() {
            return Err(ShelfError::Empty(path.to_path_buf()));
        }
        Ok(TableShelf { entries })
    }

    /// The variants held, as (board size, walls each), in file-name order.
    pub fn variants(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.entries.iter().map(|e| (e.size, e.walls))
    }

    /// The table of `variant`'s board and wall count, read on first use;
    /// `None` if the shelf holds none, `Some(Err)` if its file cannot be
    /// read (said once per file, then remembered).
    pub fn table(&self, variant: Variant) -> Option<Result<Arc<Table>, String>> {
        let entry = self
            .entries
            .iter()
            .find(|e| (e.size, e.walls) == (variant.size(), variant.walls()))?;
        Some(
            entry
                .table
                .get_or_init(|| read_table(&entry.path).map(Arc::new))
                .clone(),
        )
    }

    /// The value of `pos` and of each of its moves, if a table covers it.
    pub fn lookup(&self, pos: &Position) -> Option<Result<Solved, String>> {
        Some(match self.table(pos.variant())? {
            Ok(table) => Ok(Solved {
                exact: Exact::of(&table, pos)?,
                line: best_line(&table, pos, LINE_MOVES),
            }),
            Err(e) => Err(e),
        })
    }
}

/// Best play from `pos` by `table`: `most` moves at most, or until a pawn
/// is home.
pub fn best_line(table: &Table, pos: &Position, most: usize) -> Vec<Move> {
    let mut pos = *pos;
    let mut line = Vec::new();
    while line.len() < most && pos.winner().is_none() {
        let Some(mv) = perfect_move(table, &pos) else {
            break;
        };
        if pos.play(mv).is_err() {
            break;
        }
        line.push(mv);
    }
    line
}

/// The board size and walls each of a table file, or `None` for a file
/// that is not a table.
fn read_header(path: &Path) -> std::io::Result<Option<(u8, u8)>> {
    let mut head = [0u8; 12];
    let mut file = File::open(path)?;
    let mut read = 0;
    while read < head.len() {
        match file.read(&mut head[read..])? {
            0 => return Ok(None),
            n => read += n,
        }
    }
    // Any version: one this build cannot read is refused when first needed,
    // saying so, rather than skipped.
    Ok((head[..6] == MAGIC[..6]).then_some((head[8], head[9])))
}

fn read_table(path: &Path) -> Result<Table, String> {
    let file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Table::read_from(&mut BufReader::new(file))
        .map_err(|e: TableError| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{solve, Value};

    fn write_table(dir: &Path, name: &str, size: u8, walls: u8) -> Table {
        let variant = Variant::new(size, walls).expect("variant");
        let (table, _) = solve(variant, 1 << 30, |_, _| {}).expect("solved");
        let mut file = File::create(dir.join(name)).expect("create");
        table.write_to(&mut file).expect("write");
        table
    }

    #[test]
    fn a_directory_serves_each_variant_it_holds_and_skips_other_files() {
        let dir = tempfile::tempdir().expect("dir");
        let t3 = write_table(dir.path(), "3x3-1.qsolve", 3, 1);
        write_table(dir.path(), "4x4-0.qsolve", 4, 0);
        std::fs::write(dir.path().join("README"), "not a table").expect("write");
        let shelf = TableShelf::open(dir.path()).expect("opened");
        assert_eq!(shelf.variants().collect::<Vec<_>>(), [(3, 1), (4, 0)]);
        let start = Position::new(Variant::new(3, 1).expect("3x3"));
        let solved = shelf.lookup(&start).expect("covered").expect("read");
        assert_eq!(Some(solved.exact.value), t3.value(&start));
        assert_eq!(solved.exact.moves, t3.move_values(&start));
        assert_eq!(solved.exact.value, Value::Loss(8));
        // The line is best play to the end: 8 plies, player 2's pawn home.
        assert_eq!(solved.line.len(), 8);
        let mut pos = start;
        for (ply, &mv) in solved.line.iter().enumerate() {
            let before = t3.value(&pos);
            pos.play(mv).expect("legal");
            // Each move keeps the value: the mover's value after it is the
            // value before (a win one ply nearer, a loss one ply nearer).
            let after = t3.value(&pos).map(Value::for_mover).or(Some(Value::Win(1)));
            assert_eq!(after, before, "ply {ply}");
        }
        assert!(pos.winner().is_some());
        // Another wall count of the same board is not covered.
        assert!(shelf
            .lookup(&Position::new(Variant::new(3, 2).expect("3x3")))
            .is_none());
    }

    #[test]
    fn one_file_is_a_shelf_of_one() {
        let dir = tempfile::tempdir().expect("dir");
        write_table(dir.path(), "t", 3, 0);
        let shelf = TableShelf::open(&dir.path().join("t")).expect("opened");
        assert_eq!(shelf.variants().collect::<Vec<_>>(), [(3, 0)]);
    }

    #[test]
    fn bad_shelves_are_refused_with_the_reason() {
        let dir = tempfile::tempdir().expect("dir");
        let missing = TableShelf::open(&dir.path().join("nothing")).expect_err("missing");
        assert!(matches!(missing, ShelfError::Read { .. }), "{missing}");
        let empty = TableShelf::open(dir.path()).expect_err("empty");
        assert!(empty.to_string().contains("no solver table"), "{empty}");
        write_table(dir.path(), "a", 3, 0);
        write_table(dir.path(), "b", 3, 0);
        let twice = TableShelf::open(dir.path()).expect_err("duplicate");
        assert!(
            twice
                .to_string()
                .starts_with("two tables for 3x3 with 0 walls each"),
            "{twice}"
        );
    }

    #[test]
    fn a_table_of_another_version_is_refused_saying_so() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("old");
        write_table(dir.path(), "old", 3, 1);
        let mut bytes = std::fs::read(&path).expect("read");
        bytes[..8].copy_from_slice(b"QSOLVE01");
        std::fs::write(&path, &bytes).expect("write");
        let shelf = TableShelf::open(dir.path()).expect("found by its header");
        let start = Position::new(Variant::new(3, 1).expect("3x3"));
        let error = shelf.lookup(&start).expect("covered").expect_err("old");
        assert!(
            error.contains("a table of another version (QSOLVE01"),
            "{error}"
        );
    }

    #[test]
    fn a_damaged_table_is_reported_when_first_needed() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("cut");
        write_table(dir.path(), "cut", 3, 1);
        let bytes = std::fs::read(&path).expect("read");
        std::fs::write(&path, &bytes[..bytes.len() / 2]).expect("cut");
        let shelf = TableShelf::open(dir.path()).expect("the header is fine");
        let start = Position::new(Variant::new(3, 1).expect("3x3"));
        let error = shelf
            .lookup(&start)
            .expect("covered")
            .expect_err("cut short");
        assert!(error.contains("cut"), "{error}");
    }
}
