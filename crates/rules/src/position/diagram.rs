//! The position as a text diagram.

use super::Position;
use crate::moves::Player;

impl Position {
    /// The position as an ASCII diagram: pawns `1` and `2`, walls drawn as
    /// `===` (horizontal) and `#` (vertical), then stocks and the side to move.
    pub fn diagram(&self) -> String {
        let n = self.size() as usize;
        let mut out = String::new();
        let files: String = (0..n)
            .map(|f| format!("  {} ", (b'a' + f as u8) as char))
            .collect();
        let border = format!("    +{}+\n", "-".repeat(4 * n - 1));
        out.push_str(&format!("    {}\n", files.trim_end()));
        out.push_str(&border);
        for rank in (0..n).rev() {
            let mut line = format!("{:>3} |", rank + 1);
            for file in 0..n {
                let s = rank * n + file;
                let pawn = if self.pawns[0] as usize == s {
                    '1'
                } else if self.pawns[1] as usize == s {
                    '2'
                } else {
                    '.'
                };
                line.push_str(&format!(" {pawn} "));
                line.push(if file + 1 == n {
                    '|'
                } else if self.block_east.has(s) {
                    '#'
                } else {
                    ' '
                });
            }
            out.push_str(&format!("{line} {}\n", rank + 1));
            if rank > 0 {
                let mut groove = String::from("    |");
                for file in 0..n {
                    let below = (rank - 1) * n + file;
                    groove.push_str(if self.block_north.has(below) {
                        "==="
                    } else {
                        "   "
                    });
                    groove.push(if file + 1 == n {
                        '|'
                    } else if self.h_walls.has(below) {
                        '='
                    } else if self.v_walls.has(below) {
                        '#'
                    } else {
                        ' '
                    });
                }
                out.push_str(&groove);
                out.push('\n');
            }
        }
        out.push_str(&border);
        out.push_str(&format!("    {}\n", files.trim_end()));
        for p in Player::BOTH {
            out.push_str(&format!(
                "{p} on {}: {} of {} walls left\n",
                self.pawn(p),
                self.walls_left(p),
                self.variant.walls()
            ));
        }
        match self.winner() {
            Some(w) => out.push_str(&format!("{w} has won\n")),
            None => out.push_str(&format!("{} to move\n", self.turn)),
        }
        out
    }
}
