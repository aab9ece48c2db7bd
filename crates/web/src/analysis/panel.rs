//! The side panel's analysis section.

use yew::prelude::*;

use super::controls::AnalysisControls;
use super::iterations::IterationTable;
use super::pv_line::PvLine;
use super::stats::SearchStats;
use super::tree::TreeExplorer;
use super::tree_map_panel::TreeMapPanel;
use super::visit_chart::VisitChart;
use super::win_graph::WinGraph;
use crate::model::analysis::{AnalysisState, Intent, Searched};
use crate::worker::messages::MovePrior;
use quoridor_engines::NodeId;
use quoridor_rules::Move;

/// Props of [`AnalysisPanel`].
#[derive(Properties, PartialEq)]
pub struct AnalysisPanelProps {
    /// The analysis state.
    pub state: AnalysisState,
    /// The snapshot to show (of the board's position, else the latest).
    pub searched: Option<Searched>,
    /// The game's moves.
    pub game: Vec<Move>,
    /// The ply the board shows.
    pub shown: usize,
    /// Whether analysis is running.
    pub running: bool,
    /// Whether analysis may start now.
    pub can_start: bool,
    /// What the user asks for.
    pub on_intent: Callback<Intent>,
    /// Engine workers in the page's pool (UCT searches on all of them).
    #[prop_or_default]
    pub workers: usize,
    /// The network's priors of the shown snapshot's position, when known.
    #[prop_or_default]
    pub priors: Option<Vec<MovePrior>>,
    /// The network's priors of the tree explorer's open nodes' positions.
    #[prop_or_default]
    pub tree_priors: Vec<(NodeId, Vec<MovePrior>)>,
    /// The board's shown position ends the game.
    #[prop_or_default]
    pub over: bool,
}

/// Analysis controls, stats, best line, visit bars (alpha-beta: the
/// iteration table), win graph, tree explorer (UCT) and tree map.
#[function_component(AnalysisPanel)]
pub fn analysis_panel(props: &AnalysisPanelProps) -> Html {
    let intent = &props.on_intent;
    let searched = props.searched.as_ref();
    let info = searched.map(|s| s.info.clone());
    let (children, root_visits, root_win) = info
        .as_ref()
        .map(|i| {
            (
                i.children.clone(),
                i.uct().map_or(0, |t| t.root_visits),
                i.win_probability,
            )
        })
        .unwrap_or_default();
    let alphabeta = info.as_ref().and_then(|i| i.alphabeta());
    let first_ply = searched.map_or(0, |s| s.moves.len());
    // Alpha-beta searches on one worker.
    let workers = if alphabeta.is_some() {
        1
    } else {
        props.workers.max(1)
    };
    html! {
        <section class="analysis-panel" data-testid="analysis">
            <AnalysisControls running={props.running} can_start={props.can_start}
                top={props.state.top} on_run={intent.reform(Intent::Analyse)}
                on_top={intent.reform(Intent::Top)} />
            <SearchStats info={info.clone()} running={searched.is_some_and(|s| s.running)} {workers}
                over={props.over} />
            <PvLine pv={info.as_ref().map(|i| i.pv.clone()).unwrap_or_default()}
                {first_ply}
                on_board={props.state.show_pv} on_toggle={intent.reform(Intent::ShowPv)} />
            if let Some(ab) = alphabeta {
                <IterationTable rows={ab.iterations.clone()} {first_ply} />
            } else {
                <VisitChart children={children} {root_visits} priors={props.priors.clone()} />
            }
            <WinGraph points={props.state.graph(&props.game)} plies={props.game.len()}
                shown={props.shown} on_select={intent.reform(Intent::View)} />
            if alphabeta.is_some() {
                <p class="tree-note">{ "Alpha-beta keeps no search tree: its table stores \
                    positions, not a tree to explore. The iterations and the tree map show its work." }</p>
            } else {
                <TreeExplorer tree={props.state.tree.clone()} {root_visits} {root_win}
                    on_toggle={intent.reform(Intent::Toggle)} on_select={intent.reform(Intent::Select)}
                    on_refresh={intent.reform(|()| Intent::Refresh)} {workers}
                    on_worker={intent.reform(Intent::TreeWorker)}
                    priors={props.tree_priors.clone()} />
            }
            <TreeMapPanel state={props.state.map.clone()} on_intent={intent.reform(Intent::Map)}
                alphabeta={alphabeta.cloned()} {first_ply} {workers}
                tree_worker={props.state.tree.worker} />
        </section>
    }
}
