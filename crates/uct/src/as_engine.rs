//! The UCT search behind the engine interface ([`SearchEngine`]), with its
//! tree open to the explorer and the tree map ([`TreeView`]).

use super::Uct;
use quoridor_rules::{IllegalMove, Move, Position};
use quoridor_search::{
    ChildInfo, EngineKind, SearchEngine, SearchInfo, SearchParams, Slice, TreeView,
};
use quoridor_search::{MapLimits, NodeId, TreeMap};
use std::num::NonZeroUsize;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

impl SearchEngine for Uct {
    fn kind(&self) -> EngineKind {
        EngineKind::Uct
    }
    fn params(&self) -> &SearchParams {
        Uct::params(self)
    }
    fn set_params(&mut self, params: SearchParams) {
        Uct::set_params(self, params);
    }
    fn root(&self) -> &Position {
        Uct::root(self)
    }
    fn set_game(&mut self, start: Position, moves: &[Move]) -> Result<(), IllegalMove> {
        Uct::set_game(self, start, moves)
    }
    fn stop_flag(&self) -> Arc<AtomicBool> {
        Uct::stop_flag(self)
    }
    fn start(&mut self) {
        Uct::start(self);
    }
    fn run(&mut self, slice: Slice) -> bool {
        Uct::run(self, slice)
    }
    fn is_finished(&self) -> bool {
        Uct::is_finished(self)
    }
    fn best_move(&self) -> Option<Move> {
        Uct::best_move(self)
    }
    fn info(&self, top: usize) -> SearchInfo {
        Uct::info(self, top)
    }
    fn reaches_depth(&self, depth: NonZeroUsize) -> bool {
        let pv = self.principal_variation(depth.get());
        if pv.len() >= depth.get() {
            return true;
        }
        let mut position = *Uct::root(self);
        pv.iter().all(|mv| position.play(*mv).is_ok()) && position.is_over()
    }
    fn tree(&self) -> Option<&dyn TreeView> {
        Some(self)
    }
    fn think(&mut self) -> Option<Move> {
        Uct::think(self)
    }
}

impl TreeView for Uct {
    fn tree_node(&self, id: NodeId) -> Option<(Vec<Move>, Vec<ChildInfo>)> {
        Some((self.path_to(id)?, self.children_of(id)?))
    }
    fn tree_map(&self, path: &[Move], limits: MapLimits) -> Option<TreeMap> {
        Uct::tree_map(self, path, limits)
    }
}
