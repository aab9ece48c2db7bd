//! Analysis mode and the analysis views' share of the reducer: snapshots
//! kept per searched position, the tree explorer's previews, and analysis
//! following the board.

use super::analysis::{preview_for, Intent, Searched, MAX_TOP};
use super::AppState;
use crate::worker::messages::{GameData, SearchMode, WorkerResponse};
use quoridor_engines::NodeId;
use quoridor_rules::Move;

impl AppState {
    /// The engine's snapshot of the position the board draws, if it searched it.
    pub fn searched_on_board(&self) -> Option<&Searched> {
        self.analysis.of_position(&self.board.board_moves())
    }

    /// The snapshot the analysis panel shows: the board's position's, else
    /// the shown position's, else the latest.
    pub fn searched_for_panel(&self) -> Option<&Searched> {
        self.searched_on_board()
            .or_else(|| self.analysis.of_position(self.board.shown_moves()))
            .or_else(|| self.analysis.latest())
    }

    /// Whether analysis may be asked for: the board's position is not over.
    /// Asked while the engine thinks of a move, it starts once the move is
    /// played (a click on "Analyse position" is never lost).
    pub fn can_analyse(&self) -> bool {
        !self.board.board_position().is_over()
    }

    /// Keeps the engine's snapshots and the tree explorer's answers.
    pub(super) fn analysis_saw(&mut self, reply: &WorkerResponse) {
        match reply {
            WorkerResponse::Progress { id, info } | WorkerResponse::Done { id, info, .. } => {
                let Some(search) = self.engine.current(*id) else {
                    return;
                };
                let running = matches!(reply, WorkerResponse::Progress { .. });
                self.analysis.record(
                    *id,
                    search.mode,
                    search.game.moves.clone(),
                    info.clone(),
                    running,
                );
            }
            WorkerResponse::Children {
                id,
                node,
                path,
                children,
            } => self
                .analysis
                .tree
                .loaded(*id, *node, path.clone(), children.clone()),
            _ => {}
        }
    }

    pub(super) fn analysis_intent(&mut self, intent: Intent) {
        match intent {
            Intent::Analyse(true) => self.start_analysis(self.board.board_moves()),
            Intent::Analyse(false) => {
                self.analysis.queued = false;
                if self.engine.analysing() {
                    self.engine.search = None;
                }
            }
            Intent::Top(n) => self.analysis.top = n.clamp(1, MAX_TOP),
            Intent::ShowPv(on) => self.analysis.show_pv = on,
            Intent::Hover(mv) => self.analysis.hover = mv,
            Intent::View(ply) => self.board.show(Some(ply)),
            Intent::Toggle(node) => {
                self.analysis.tree.toggle(node);
            }
            Intent::Select(None) => self.board.preview = None,
            Intent::Select(Some(node)) => self.preview_node(node),
            Intent::Refresh => {}
            Intent::TreeWorker(worker) => {
                if self.analysis.tree.selected.is_some() {
                    self.board.preview = None;
                }
                self.analysis.tree.choose_worker(worker);
            }
            Intent::Map(map) => self.tree_map_intent(map),
        }
    }

    /// Shows the tree node's position on the board, the game untouched.
    pub(super) fn preview_node(&mut self, node: NodeId) {
        let tree = &self.analysis.tree;
        let searched = tree
            .search_id
            .and_then(|id| self.analysis.searched.iter().find(|s| s.id == id));
        let (Some(searched), Some(path)) = (searched, tree.path(node)) else {
            return;
        };
        let board = &self.board;
        let found = preview_for(
            board.game.moves(),
            board.shown_moves(),
            &searched.moves,
            path,
        );
        if let Some((view, preview)) = found {
            self.board.view = view;
            self.board.preview = Some(preview);
            self.analysis.tree.selected = Some(node);
        }
    }

    /// Starts analysing the position after `moves`; while the engine thinks
    /// of a move to play, queues analysis until that move is played.
    fn start_analysis(&mut self, moves: Vec<Move>) {
        if self.engine.thinking() {
            self.analysis.queued = true;
            self.page
                .tell("Analysis starts once the engine has played its move.");
            return;
        }
        self.analysis.queued = false;
        let game = GameData::new(self.board.game.variant(), moves);
        let Ok(replayed) = game.replay() else {
            return;
        };
        if replayed.position().is_over() {
            self.page.tell("The game is over in this position.");
            return;
        }
        self.analysis.analysed = Some(game.moves.clone());
        let to_move = replayed.position().turn();
        let config = (self.engine.settings).config_for(self.analysis_engine(to_move));
        self.engine.start(SearchMode::Analysis, game, config);
    }

    /// Analysis follows the board: another shown position (a move played,
    /// another ply viewed) restarts it there; previews (tree, PV) do not.
    pub(super) fn follow_board(&mut self) {
        // Analysis asked for while the engine thought: its move is in.
        if self.analysis.queued && self.engine.search.is_none() {
            let moves = self.board.board_moves();
            self.start_analysis(moves);
        }
        if self.board.preview.is_none() {
            self.analysis.tree.selected = None;
        }
        if self.engine.search.is_none() {
            self.analysis.stopped();
        }
        if !self.engine.analysing() {
            self.analysis.analysed = None;
            return;
        }
        let shown = self.board.shown_moves();
        let previewing = self.board.preview.is_some();
        let on_board = self.analysis.analysed.as_ref().is_some_and(|analysed| {
            analysed.as_slice() == shown || (previewing && analysed.starts_with(shown))
        });
        if !on_board {
            let shown = shown.to_vec();
            self.start_analysis(shown);
        }
    }
}
