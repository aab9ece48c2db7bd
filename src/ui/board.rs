use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// Squares per side.
    pub size: u8,
}

/// The board as SVG, one unit per square. A placeholder until it draws a
/// real position: empty squares and the two pawns on their start squares.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let size = u32::from(props.size);
    let squares = (0..size * size).map(|i| {
        let (x, y) = (i % size, i / size);
        html! {
            <rect class="square" x={x.to_string()} y={y.to_string()} width="0.84" height="0.84"
                transform="translate(0.08 0.08)" />
        }
    });
    let middle = (size / 2) as f32 + 0.5;
    let bottom = size as f32 - 0.5;
    html! {
        <svg class="board" viewBox={format!("0 0 {size} {size}")} role="img"
            aria-label="Quoridor board">
            { for squares }
            <circle class="pawn pawn-white" cx={middle.to_string()} cy={bottom.to_string()} r="0.32" />
            <circle class="pawn pawn-black" cx={middle.to_string()} cy="0.5" r="0.32" />
        </svg>
    }
}
