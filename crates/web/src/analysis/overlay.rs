//! Everything the analysis draws on the board, as one overlay.

use yew::prelude::*;

use super::candidate_labels::DrawnCandidates;
use super::candidates::Candidates;
use super::pv_ghosts::PvGhosts;
use crate::labels::LabelBox;
use crate::model::analysis::Searched;
use quoridor_rules::{Move, Position};

/// Props of [`AnalysisOverlay`].
#[derive(Properties, PartialEq)]
pub struct AnalysisOverlayProps {
    /// The position the board draws.
    pub position: Position,
    /// The engine's snapshot of that position, if it searched it.
    pub searched: Option<Searched>,
    /// The candidates drawn of that snapshot, with their labels.
    pub drawn: Option<DrawnCandidates>,
    /// Boxes of the labels on the board (the candidates' and the policy
    /// overlay's), which a line's numbers keep clear of.
    #[prop_or_default]
    pub reserved: Vec<LabelBox>,
    /// The candidate under the pointer (its line is drawn).
    pub hover: Option<Move>,
    /// Draw the principal variation.
    pub show_pv: bool,
    /// The pointer entered or left a candidate.
    pub on_hover: Callback<Option<Move>>,
    /// A candidate was clicked.
    #[prop_or_default]
    pub on_play: Callback<Move>,
}

/// Candidates, and the hovered candidate's line or the principal variation
/// as numbered ghosts. Goes inside the board's `<svg>`.
#[function_component(AnalysisOverlay)]
pub fn analysis_overlay(props: &AnalysisOverlayProps) -> Html {
    let Some(searched) = &props.searched else {
        return Html::default();
    };
    let info = &searched.info;
    let hovered_line = props
        .hover
        .and_then(|mv| info.children.iter().find(|c| c.mv == mv))
        .map(|c| {
            if c.pv.is_empty() {
                vec![c.mv]
            } else {
                c.pv.clone()
            }
        });
    let line = hovered_line.or_else(|| props.show_pv.then(|| info.pv.clone()));
    // The line's numbers keep clear of the labels on the board.
    let reserved = props.reserved.clone();
    html! {
        <g class="analysis-overlay">
            if let Some(drawn) = props.drawn.clone() {
                <Candidates size={props.position.size()} {drawn}
                    on_hover={props.on_hover.clone()} on_play={props.on_play.clone()} />
            }
            if let Some(line) = line {
                <PvGhosts position={props.position} {line} {reserved} />
            }
        </g>
    }
}
