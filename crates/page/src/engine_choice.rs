//! Which engine selects the engine panel shows and what they change: one per
//! engine seat, or one "analysis engine" for both sides when people play each
//! other. Plain Rust, so its tests run with `cargo test`.

use super::model::{EngineSettings, Seat};
use quoridor_engines::EngineKind;
use quoridor_rules::Player;

/// One engine select of the panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineChoice {
    /// The select's label.
    pub label: String,
    /// The select's `name` (the link key it stands for).
    pub name: &'static str,
    /// The sides it sets.
    pub players: Vec<Player>,
    /// The engine chosen now.
    pub kind: EngineKind,
}

impl EngineChoice {
    /// `settings` with this choice's sides using `kind`.
    pub fn choose(&self, settings: &EngineSettings, kind: EngineKind) -> EngineSettings {
        self.players
            .iter()
            .fold(settings.clone(), |s, p| s.with_engine(*p, kind))
    }
}

/// The engine selects for these seats: one per engine seat ("Player 1
/// engine"), or a single "Analysis engine" for both sides without one.
pub fn engine_choices(settings: &EngineSettings, seats: [Seat; 2]) -> Vec<EngineChoice> {
    let engines: Vec<Player> = Player::BOTH
        .into_iter()
        .filter(|p| seats[p.index()] == Seat::Engine)
        .collect();
    if engines.is_empty() {
        return vec![EngineChoice {
            label: "Analysis engine".into(),
            name: "engine",
            players: Player::BOTH.to_vec(),
            kind: settings.engine_of(Player::One),
        }];
    }
    engines
        .into_iter()
        .map(|p| EngineChoice {
            label: format!("Player {} engine", p.number()),
            name: if p == Player::One {
                "p1_engine"
            } else {
                "p2_engine"
            },
            players: vec![p],
            kind: settings.engine_of(p),
        })
        .collect()
}

/// Whether some select shows `kind` (its parameters are then on the panel).
pub fn in_use(choices: &[EngineChoice], kind: EngineKind) -> bool {
    choices.iter().any(|c| c.kind == kind)
}

/// The select's text for an engine.
pub fn engine_label(kind: EngineKind) -> &'static str {
    match kind {
        EngineKind::Uct => "UCT (Monte Carlo)",
        EngineKind::AlphaBeta => "Alpha-beta",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_select_per_engine_seat_each_setting_its_side() {
        let settings = EngineSettings::default();
        let choices = engine_choices(&settings, [Seat::Engine; 2]);
        let names: Vec<_> = choices.iter().map(|c| c.name).collect();
        assert_eq!(names, ["p1_engine", "p2_engine"]);
        assert_eq!(choices[1].label, "Player 2 engine");
        let next = choices[1].choose(&settings, EngineKind::AlphaBeta);
        assert_eq!(next.engines, [EngineKind::Uct, EngineKind::AlphaBeta]);
        let again = engine_choices(&next, [Seat::Engine; 2]);
        assert!(in_use(&again, EngineKind::Uct) && in_use(&again, EngineKind::AlphaBeta));
    }

    #[test]
    fn against_the_engine_only_its_seat_is_chosen_and_humans_get_one_analysis_select() {
        let settings = EngineSettings::default();
        let choices = engine_choices(&settings, [Seat::Human, Seat::Engine]);
        assert_eq!(choices.len(), 1);
        assert_eq!(choices[0].players, [Player::Two]);
        let humans = engine_choices(&settings, [Seat::Human; 2]);
        assert_eq!(humans.len(), 1);
        assert_eq!(humans[0].name, "engine");
        let next = humans[0].choose(&settings, EngineKind::AlphaBeta);
        assert_eq!(next.engines, [EngineKind::AlphaBeta; 2]);
        let shown = engine_choices(&next, [Seat::Human, Seat::Engine]);
        assert!(!in_use(&shown, EngineKind::Uct));
    }
}
