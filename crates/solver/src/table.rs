//! A solved variant as one table: the value of every position, looked up
//! by [`Layout::index`], and its file format.
//!
//! The file (little-endian throughout), for the engines and the page to read
//! later:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `QSOLVE02` (`QSOLVE01` files, from before the mirror, are refused: solve again) |
//! | 4 | board size, walls per player, player 1's and player 2's start square (bit index `rank * size + file`) |
//! | 4 | number of wall configurations `C` |
//! | `C × B` | each configuration's walls, `B = ⌈2(size−1)²/8⌉` bytes: bit `o·(size−1)² + r·(size−1) + f` is the wall of orientation `o` (0 horizontal) with its corner on file `f`, rank `r` |
//! | 8 | number of entries `E` |
//! | `E × 2` | the entries ([`Cell`]): wall state by wall state, in the order of [`Layout`] (the stored configurations only: one of each mirror-image pair) |
//!
//! The configurations are listed in the solver's order (by walls placed,
//! then as enumerated); a reader enumerates them again and refuses a file
//! whose list differs, so index arithmetic never silently disagrees.

use super::configs::{ConfigId, WallConfigs};
use super::index::Layout;
use super::value::{Cell, Value};
use quoridor_rules::{Move, Orientation, Position, Square, Variant, WallSlots};
use std::fmt;
use std::io::{self, Read, Write};

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"QSOLVE02";

/// Every position of one variant with its value.
#[derive(Clone, Debug)]
pub struct Table {
    configs: WallConfigs,
    layout: Layout,
    /// The entries layer by layer (walls placed); a layer left empty was
    /// dropped to save memory ([`Table::is_complete`]).
    layers: Vec<Vec<Cell>>,
}

/// Why a table file cannot be read.
#[derive(Debug)]
pub enum TableError {
    /// Reading failed.
    Io(io::Error),
    /// The file is not a table, or another enumeration's.
    Format(String),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io(e) => write!(f, "cannot read the table: {e}"),
            TableError::Format(why) => write!(f, "not a solver table: {why}"),
        }
    }
}

impl std::error::Error for TableError {}

impl From<io::Error> for TableError {
    fn from(e: io::Error) -> Self {
        TableError::Io(e)
    }
}

impl Table {
    /// The table of `layers` (each layer's entries in the layout's order, or
    /// none for a layer dropped) numbered by `layout` over `configs`.
    pub fn new(configs: WallConfigs, layout: Layout, layers: Vec<Vec<Cell>>) -> Table {
        Table {
            configs,
            layout,
            layers,
        }
    }

    /// The variant solved.
    pub fn variant(&self) -> Variant {
        self.configs.variant()
    }

    /// The wall configurations.
    pub fn configs(&self) -> &WallConfigs {
        &self.configs
    }

    /// The numbering.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The entries of each layer (empty for a layer dropped).
    pub fn layers(&self) -> &[Vec<Cell>] {
        &self.layers
    }

    /// Whether every layer is held (a solve that kept only the layers of
    /// one position is not).
    pub fn is_complete(&self) -> bool {
        (0..self.layout.layers())
            .all(|k| self.layers[k].len() as u64 == self.layout.layer_entries(k))
    }

    /// The entry at table index `index`; `None` past the end or in a
    /// layer dropped.
    pub fn cell(&self, index: u64) -> Option<Cell> {
        let (layer, within) = self.layout.locate(index)?;
        self.layers.get(layer)?.get(within as usize).copied()
    }

    /// This table with the entry at `index` replaced (for tests that
    /// corrupt a table on purpose).
    pub fn with_cell(mut self, index: u64, cell: Cell) -> Table {
        if let Some((layer, within)) = self.layout.locate(index) {
            if let Some(c) = self
                .layers
                .get_mut(layer)
                .and_then(|l| l.get_mut(within as usize))
            {
                *c = cell;
            }
        }
        self
    }

    /// The value of `pos` for its side to move, if the table covers it (same
    /// board and wall count; the start squares do not matter).
    pub fn value(&self, pos: &Position) -> Option<Value> {
        if pos.variant().walls() != self.layout.walls() {
            return None;
        }
        let index = self.layout.index(&self.configs, pos)?;
        self.cell(index)?.value()
    }

    /// Every legal move of `pos` (by the rules) with its value for the
    /// player making it, best first; empty if the table does not cover `pos`.
    pub fn move_values(&self, pos: &Position) -> Vec<(Move, Value)> {
        let mut moves: Vec<(Move, Value)> = pos
            .legal_moves()
            .into_iter()
            .filter_map(|mv| {
                let mut child = *pos;
                child.play_unchecked(mv);
                self.value(&child).map(|v| (mv, v.for_mover()))
            })
            .collect();
        moves.sort_by_key(|&(_, v)| -v.rank());
        moves
    }

    /// Writes the table in the file format above (a table with layers
    /// dropped cannot be written).
    pub fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        if !self.is_complete() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the table holds only some layers",
            ));
        }
        let variant = self.variant();
        let n = variant.size();
        out.write_all(MAGIC)?;
        out.write_all(&[
            n,
            self.layout.walls(),
            variant.start(quoridor_rules::Player::One).index(n) as u8,
            variant.start(quoridor_rules::Player::Two).index(n) as u8,
        ])?;
        out.write_all(&(self.configs.len() as u32).to_le_bytes())?;
        for c in 0..self.configs.len() {
            out.write_all(&pack(self.configs.slots(ConfigId(c as u32)), n))?;
        }
        out.write_all(&self.layout.entries().to_le_bytes())?;
        let mut buffer = Vec::with_capacity(1 << 16);
        for chunk in self.layers.iter().flat_map(|l| l.chunks(1 << 15)) {
            buffer.clear();
            for cell in chunk {
                buffer.extend_from_slice(&cell.0.to_le_bytes());
            }
            out.write_all(&buffer)?;
        }
        Ok(())
    }

    /// Reads a table written by [`Table::write_to`], enumerating its wall
    /// configurations again (and checking them against the file's).
    pub fn read_from(input: &mut impl Read) -> Result<Table, TableError> {
        let mut magic = [0u8; 8];
        input.read_exact(&mut magic)?;
        if magic[..6] == MAGIC[..6] && &magic != MAGIC {
            return Err(TableError::Format(format!(
                "a table of another version ({}, this build reads {}): write it again with `quoridor solve --out`",
                String::from_utf8_lossy(&magic),
                String::from_utf8_lossy(MAGIC)
            )));
        }
        if &magic != MAGIC {
            return Err(TableError::Format("wrong magic bytes".into()));
        }
        let mut head = [0u8; 4];
        input.read_exact(&mut head)?;
        let [n, walls, one, two] = head;
        let variant = Variant::new(n, walls)
            .and_then(|v| {
                let square = |i: u8| Square::from_index(usize::from(i), n);
                if usize::from(one.max(two)) < usize::from(n) * usize::from(n) {
                    v.with_start(square(one), square(two))
                } else {
                    Err(quoridor_rules::VariantError::Start("off the board".into()))
                }
            })
            .map_err(|e| TableError::Format(e.to_string()))?;
        let count = read_u32(input)? as usize;
        let configs = WallConfigs::enumerate(variant, 2 * walls, |starts| {
            starts.last().is_some_and(|&c| c as usize <= count)
        })
        .map_err(|_| TableError::Format("more wall configurations than the file lists".into()))?;
        if configs.len() != count {
            return Err(TableError::Format(format!(
                "{count} wall configurations listed, {} enumerated",
                configs.len()
            )));
        }
        let mut buf = vec![0u8; config_bytes(n)];
        for c in 0..count {
            input.read_exact(&mut buf)?;
            if buf != pack(configs.slots(ConfigId(c as u32)), n) {
                return Err(TableError::Format(format!(
                    "wall configuration {c} differs from the enumeration"
                )));
            }
        }
        let layout = Layout::new(&configs, walls);
        let mut entries = [0u8; 8];
        input.read_exact(&mut entries)?;
        if u64::from_le_bytes(entries) != layout.entries() {
            return Err(TableError::Format("wrong number of entries".into()));
        }
        let mut layers = Vec::with_capacity(layout.layers());
        for k in 0..layout.layers() {
            let mut raw = vec![0u8; layout.layer_entries(k) as usize * 2];
            input.read_exact(&mut raw)?;
            layers.push(
                raw.chunks_exact(2)
                    .map(|b| Cell(u16::from_le_bytes([b[0], b[1]])))
                    .collect(),
            );
        }
        Ok(Table::new(configs, layout, layers))
    }
}

fn read_u32(input: &mut impl Read) -> io::Result<u32> {
    let mut b = [0u8; 4];
    input.read_exact(&mut b)?;
    Ok(u32::from_le_bytes(b))
}

/// Bytes per configuration in the file.
fn config_bytes(size: u8) -> usize {
    let slots = 2 * (usize::from(size) - 1).pow(2);
    slots.div_ceil(8)
}

/// The walls as the file's bits.
fn pack(slots: WallSlots, size: u8) -> Vec<u8> {
    let n = usize::from(size);
    let m = n - 1;
    let mut packed = vec![0u8; config_bytes(size)];
    for (o, &set) in slots.iter() {
        let base = if o == Orientation::Horizontal {
            0
        } else {
            m * m
        };
        for slot in set.iter() {
            let bit = base + (slot / n) * m + slot % n;
            packed[bit / 8] |= 1 << (bit % 8);
        }
    }
    packed
}
