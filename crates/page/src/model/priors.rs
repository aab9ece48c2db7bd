//! The network's priors known to the page: what the first engine worker
//! answered about the positions the page shows them for (the analysed
//! position's candidates, the tree explorer's open nodes, the board under
//! the policy overlay), and whether the overlay is on. The analysis panel,
//! the tree explorer and the overlay all read this one store.

use super::asks::ask_for;
use crate::worker::messages::{GameData, MovePrior};
use quoridor_engines::NodeId;
use quoridor_rules::{Move, Variant};

/// Answers kept: the positions of a long game and an explored tree.
pub const ANSWERS_KEPT: usize = 300;

/// The network's priors known to the page (see the module doc).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PriorStore {
    /// Answers per position (as the game leading to it), the latest last.
    answers: Vec<(GameData, Vec<MovePrior>)>,
    /// Variants (size, walls) the network cannot give priors for (no
    /// policy head, or not 9×9): never asked about again.
    unsupported: Vec<(u8, u8)>,
    /// Positions asked for and not answered yet.
    pending: Vec<GameData>,
    /// Requests for the worker, numbered: the app sends each batch once.
    pub outbox: (u64, Vec<GameData>),
    /// Whether the board shows the policy overlay.
    pub overlay: bool,
}

/// Board size and walls each.
fn key(variant: Variant) -> (u8, u8) {
    (variant.size(), variant.walls())
}

impl PriorStore {
    /// The priors of the position after `game`'s moves (in its legal
    /// moves' order), if known.
    pub fn get(&self, game: &GameData) -> Option<&[MovePrior]> {
        self.answers
            .iter()
            .rev()
            .find(|(g, _)| g == game)
            .map(|(_, p)| p.as_slice())
    }

    /// The prior of `mv` in the position after `game`'s moves, if known.
    pub fn prior(&self, game: &GameData, mv: Move) -> Option<f64> {
        self.get(game)?.iter().find(|p| p.mv == mv).map(|p| p.prior)
    }

    /// Whether the worker is computing `game`'s priors.
    pub fn is_pending(&self, game: &GameData) -> bool {
        self.pending.contains(game)
    }

    /// Whether the network gives no priors on `variant`'s boards.
    pub fn is_unsupported(&self, variant: Variant) -> bool {
        self.unsupported.contains(&key(variant))
    }

    /// Asks for every position of `wanted` not known, not asked for and
    /// not of a variant without priors: the asks go out as the next batch.
    pub fn want(&mut self, wanted: impl IntoIterator<Item = GameData>) {
        let mut pending = std::mem::take(&mut self.pending);
        let mut outbox = std::mem::take(&mut self.outbox);
        ask_for(&mut pending, &mut outbox, wanted, |game| {
            self.is_unsupported(game.variant) || self.get(game).is_some()
        });
        self.pending = pending;
        self.outbox = outbox;
    }

    /// The worker's answer about `game`.
    pub fn received(&mut self, game: GameData, priors: Option<Vec<MovePrior>>) {
        self.pending.retain(|g| *g != game);
        match priors {
            Some(priors) => {
                self.answers.retain(|(g, _)| *g != game);
                self.answers.push((game, priors));
                if self.answers.len() > ANSWERS_KEPT {
                    self.answers.remove(0);
                }
            }
            None => {
                if !self.is_unsupported(game.variant) {
                    self.unsupported.push(key(game.variant));
                }
                self.pending.retain(|g| key(g.variant) != key(game.variant));
            }
        }
    }
}

impl super::AppState {
    /// The game leading to the position the board draws (a preview's too).
    pub fn board_game(&self) -> GameData {
        GameData::new(self.board.game.variant(), self.board.board_moves())
    }

    /// The games leading to the tree explorer's open nodes, by node.
    fn open_nodes(&self) -> Vec<(NodeId, GameData)> {
        let tree = &self.analysis.tree;
        let Some(searched) = tree
            .search_id
            .and_then(|id| self.analysis.searched.iter().find(|s| s.id == id))
        else {
            return Vec::new();
        };
        let variant = self.board.game.variant();
        tree.expanded
            .iter()
            .filter_map(|&node| {
                let path = tree.path(node)?;
                let moves = searched.moves.iter().chain(path).copied().collect();
                Some((node, GameData::new(variant, moves)))
            })
            .collect()
    }

    /// The known priors of the tree explorer's open nodes' children: per
    /// open node, its position's priors.
    pub fn tree_priors(&self) -> Vec<(NodeId, Vec<MovePrior>)> {
        self.open_nodes()
            .into_iter()
            .filter_map(|(node, game)| Some((node, self.priors.get(&game)?.to_vec())))
            .collect()
    }

    /// Asks the worker for the priors the page shows: the analysis panel's
    /// position, the tree explorer's open nodes, and with the overlay on,
    /// the board's position (not during a live game between people).
    pub(super) fn priors_follow(&mut self) {
        let mut wanted: Vec<GameData> = self
            .searched_for_panel()
            .map(|s| GameData::new(self.board.game.variant(), s.moves.clone()))
            .into_iter()
            .collect();
        wanted.extend(self.open_nodes().into_iter().map(|(_, game)| game));
        if self.priors.overlay && self.engine_help_allowed() {
            wanted.push(self.board_game());
        }
        self.priors.want(wanted);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &str) -> GameData {
        let moves = moves
            .split_whitespace()
            .map(|m| m.parse().expect("notation"))
            .collect();
        GameData::new(Variant::default(), moves)
    }

    fn priors(list: &[(&str, f64)]) -> Vec<MovePrior> {
        list.iter()
            .map(|&(mv, prior)| MovePrior {
                mv: mv.parse().expect("notation"),
                prior,
            })
            .collect()
    }

    #[test]
    fn each_position_is_asked_for_once_until_answered() {
        let mut store = PriorStore::default();
        store.want([game(""), game("e2"), game("")]);
        assert_eq!(store.outbox, (1, vec![game(""), game("e2")]));
        store.want([game("")]);
        assert_eq!(store.outbox.0, 1, "no new batch for a pending position");
        store.received(game(""), Some(priors(&[("e2", 0.75), ("d1h", 0.25)])));
        assert_eq!(
            store.prior(&game(""), "e2".parse().expect("move")),
            Some(0.75)
        );
        assert_eq!(store.prior(&game(""), "e3".parse().expect("move")), None);
        assert_eq!(store.get(&game("")).map(<[MovePrior]>::len), Some(2));
        store.want([game("")]);
        assert_eq!(store.outbox.0, 1, "known: not asked again");
        store.want([game("e2 e8")]);
        assert_eq!(store.outbox, (2, vec![game("e2 e8")]));
    }

    #[test]
    fn a_variant_without_priors_is_never_asked_about_again() {
        let mut store = PriorStore::default();
        store.want([game(""), game("e2")]);
        store.received(game(""), None);
        assert!(store.is_unsupported(Variant::default()));
        // The other pending ask of that variant is answered the same way.
        store.want([game("e2"), game("e2 e8")]);
        assert_eq!(store.outbox.0, 1);
        assert_eq!(store.get(&game("")), None);
    }

    #[test]
    fn the_overlay_asks_for_the_boards_position_and_analysis_for_its_own() {
        use super::super::{Action, AppState, Seat, Shared};
        use crate::worker::messages::{SearchId, WorkerResponse};
        use quoridor_engines::{SearchParams, Uct, UctParams};
        let record = quoridor_rules::Game::parse_with_variant("e2 e8", Variant::default());
        let shared = Shared {
            game: record.expect("legal record"),
            seats: [Seat::Human; 2],
            ..Shared::default()
        };
        let mut state = AppState::from_shared(shared, 1);
        state.apply(Action::View(None), 1);
        assert!(state.priors.outbox.1.is_empty(), "nothing shown: no ask");
        state.apply(Action::PolicyOverlay(true), 1);
        assert_eq!(state.priors.outbox, (1, vec![game("e2 e8")]));
        state.apply(Action::View(Some(1)), 1);
        assert_eq!(state.priors.outbox, (2, vec![game("e2")]));
        state.apply(Action::PolicyOverlay(false), 1);
        // Analysis of the latest position: its snapshot's position is asked for.
        state.apply(Action::View(None), 1);
        state.apply(
            Action::Analysis(super::super::analysis::Intent::Analyse(true)),
            1,
        );
        let id = state.engine.search.as_ref().map_or(SearchId(0), |s| s.id);
        let pos = *state.board.game.position();
        let params = SearchParams::default();
        let info = Uct::new(
            pos,
            params,
            UctParams::default(),
            quoridor_engines::learned::test_evaluator(),
        )
        .info(4);
        state.apply(
            Action::WorkerReplied(WorkerResponse::Progress { id, info }),
            1,
        );
        assert!(
            state.priors.is_pending(&game("e2 e8")),
            "{:?}",
            state.priors.outbox
        );
        let e3 = "e3".parse().expect("move");
        state.apply(
            Action::WorkerReplied(WorkerResponse::Priors {
                game: game("e2 e8"),
                priors: Some(priors(&[("e3", 0.75), ("e7h", 0.25)])),
            }),
            1,
        );
        assert_eq!(state.priors.prior(&game("e2 e8"), e3), Some(0.75));
        assert!(!state.priors.is_pending(&game("e2 e8")));
    }
}
