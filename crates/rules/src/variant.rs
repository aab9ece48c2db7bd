//! Game variants: board size, walls per player, start squares.

use super::bitboard::{MAX_SIZE, MIN_SIZE};
use super::moves::Player;
use super::square::Square;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Most walls a player may start with.
pub const MAX_WALLS: u8 = 20;

/// The rules parameters of a game: an `n`×`n` board (3 to 11), walls per
/// player (0 to 20) and the two start squares.
///
/// ```
/// use quoridor_rules::Variant;
/// let v = Variant::new(7, 8).unwrap();
/// assert_eq!(v.start(quoridor_rules::Player::One).to_string(), "d1");
/// assert!(Variant::new(12, 10).is_err());
/// assert_eq!(Variant::default(), Variant::new(9, 10).unwrap());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "VariantFields")]
pub struct Variant {
    size: u8,
    walls: u8,
    start: [Square; 2],
}

/// The unchecked fields, for deserialising through [`Variant::with_start`].
#[derive(Deserialize)]
struct VariantFields {
    size: u8,
    walls: u8,
    start: [Square; 2],
}

impl TryFrom<VariantFields> for Variant {
    type Error = VariantError;
    fn try_from(f: VariantFields) -> Result<Variant, VariantError> {
        Variant::new(f.size, f.walls)?.with_start(f.start[0], f.start[1])
    }
}

/// Why a variant is not allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// Board size outside 3..=11.
    Size(u8),
    /// More than 20 walls per player.
    Walls(u8),
    /// A start square that is off the board, on its own goal row, or shared.
    Start(String),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Size(n) => write!(
                f,
                "board size {n} is not supported (use {MIN_SIZE} to {MAX_SIZE})"
            ),
            VariantError::Walls(w) => {
                write!(f, "{w} walls per player is too many (at most {MAX_WALLS})")
            }
            VariantError::Start(why) => write!(f, "bad start squares: {why}"),
        }
    }
}

impl std::error::Error for VariantError {}

impl Default for Variant {
    /// The standard game: 9×9, 10 walls each, pawns on e1 and e9.
    fn default() -> Variant {
        Variant::new(9, 10).expect("the standard variant is valid")
    }
}

impl Variant {
    /// A board of `size` with `walls` per player and the pawns in the middle
    /// of their back rows (left of the middle on even sizes).
    pub fn new(size: u8, walls: u8) -> Result<Variant, VariantError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(VariantError::Size(size));
        }
        if walls > MAX_WALLS {
            return Err(VariantError::Walls(walls));
        }
        let middle = (size - 1) / 2;
        let start = [
            Square::new(middle, 0).ok_or(VariantError::Size(size))?,
            Square::new(middle, size - 1).ok_or(VariantError::Size(size))?,
        ];
        Ok(Variant { size, walls, start })
    }

    /// The same variant with other start squares for player 1 and player 2.
    /// Each must be on the board, off its own goal row, and they must differ.
    pub fn with_start(self, one: Square, two: Square) -> Result<Variant, VariantError> {
        let n = self.size;
        for (player, sq) in [(Player::One, one), (Player::Two, two)] {
            if !sq.on_board(n) {
                return Err(VariantError::Start(format!(
                    "{sq} is off the {n}x{n} board"
                )));
            }
            if sq.rank() == self.goal_rank(player) {
                return Err(VariantError::Start(format!(
                    "{sq} is on the goal row of {player}"
                )));
            }
        }
        if one == two {
            return Err(VariantError::Start(format!("both pawns on {one}")));
        }
        Ok(Variant {
            start: [one, two],
            ..self
        })
    }

    /// Squares per side.
    pub const fn size(self) -> u8 {
        self.size
    }

    /// Walls each player starts with.
    pub const fn walls(self) -> u8 {
        self.walls
    }

    /// Where `player`'s pawn starts.
    pub const fn start(self, player: Player) -> Square {
        self.start[player.index()]
    }

    /// Whether the start squares are the default ones for this size.
    pub fn has_default_start(self) -> bool {
        Variant::new(self.size, self.walls).is_ok_and(|d| d.start == self.start)
    }

    /// The 0-based rank `player` must reach.
    pub const fn goal_rank(self, player: Player) -> u8 {
        match player {
            Player::One => self.size - 1,
            Player::Two => 0,
        }
    }
}
