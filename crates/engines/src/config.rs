//! What to build: the engine kind, the settings every engine reads and each
//! engine's own ([`EngineConfig`]), and the named presets ([`Preset`]). The
//! option table, links, the protocol and the arena's specs read and write
//! this one value.

use super::alphabeta::AlphaBetaParams;
use super::uct::UctParams;
use quoridor_search::EngineKind;
use quoridor_search::Evaluation;
use quoridor_search::Limits;
use quoridor_search::SearchParams;
use quoridor_text::spelled;
use serde::{Deserialize, Serialize};

/// Which engine to build and the settings it searches with: the engine kind,
/// the settings every engine reads, and each engine's own part. The option
/// table reads and writes it (option `engine` is `kind`), so the engine
/// protocol, the QTP flags, the arena's specs and share links all carry the
/// choice; an engine reads the common part and its own.
///
/// Serialised (serde) only for the worker messages, which page and worker of
/// one build exchange; saved games and share links keep settings as option
/// text (see `ui::link`), so this form may change between versions.
///
/// ```
/// use quoridor_engines::{set_option, EngineConfig};
/// use quoridor_search::{EngineKind, SearchParams};
/// let mut config = EngineConfig::default();
/// set_option(&mut config, "engine", "alphabeta").unwrap();
/// assert_eq!(config.kind, EngineKind::AlphaBeta);
/// assert_eq!(config.params, SearchParams::default());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EngineConfig {
    /// Which engine searches (option `engine`).
    pub kind: EngineKind,
    /// The settings every engine reads.
    pub params: SearchParams,
    /// The UCT engine's own settings (the thesis's parameters 2–4 and 6–10,
    /// UCT's extensions, the tree budgets).
    pub uct: UctParams,
    /// The alpha-beta engine's own settings (options `hash` and `ab_*`).
    pub alphabeta: AlphaBetaParams,
}

/// The parts of the settings, for the options each part brings
/// ([`crate::common_options`] and each engine's).
impl AsRef<SearchParams> for EngineConfig {
    fn as_ref(&self) -> &SearchParams {
        &self.params
    }
}

impl AsMut<SearchParams> for EngineConfig {
    fn as_mut(&mut self) -> &mut SearchParams {
        &mut self.params
    }
}

impl AsRef<UctParams> for EngineConfig {
    fn as_ref(&self) -> &UctParams {
        &self.uct
    }
}

impl AsMut<UctParams> for EngineConfig {
    fn as_mut(&mut self) -> &mut UctParams {
        &mut self.uct
    }
}

impl AsRef<AlphaBetaParams> for EngineConfig {
    fn as_ref(&self) -> &AlphaBetaParams {
        &self.alphabeta
    }
}

impl AsMut<AlphaBetaParams> for EngineConfig {
    fn as_mut(&mut self) -> &mut AlphaBetaParams {
        &mut self.alphabeta
    }
}

impl EngineConfig {
    /// `params` searched by UCT with its default settings.
    pub fn uct(params: SearchParams) -> EngineConfig {
        EngineConfig {
            kind: EngineKind::Uct,
            params,
            ..EngineConfig::default()
        }
    }

    /// `params` searched by engine `kind` with its default settings.
    pub fn of_kind(kind: EngineKind, params: SearchParams) -> EngineConfig {
        EngineConfig {
            kind,
            params,
            ..EngineConfig::default()
        }
    }

    /// The thesis's fixed point: UCT with 2,500 playouts, C 0.1, maxd 2,
    /// wall weight 1, slope 0.3, parameters 6–10 off, no extensions.
    ///
    /// ```
    /// use quoridor_engines::EngineConfig;
    /// use quoridor_search::Limits;
    /// let thesis = EngineConfig::thesis_fixed_point();
    /// assert_eq!(thesis.params.limits, Limits::playouts(2500));
    /// assert_eq!(thesis.uct.max_playout_moves, Some(2));
    /// ```
    pub fn thesis_fixed_point() -> EngineConfig {
        EngineConfig {
            kind: EngineKind::Uct,
            params: SearchParams {
                limits: Limits::playouts(2500),
                pawn_race: false,
                eval: Evaluation::Classic,
                ..SearchParams::default()
            },
            uct: UctParams::thesis(),
            alphabeta: AlphaBetaParams::default(),
        }
    }

    /// A weak opponent for beginners: the thesis engine with few playouts.
    pub fn easy() -> EngineConfig {
        let mut config = EngineConfig::thesis_fixed_point();
        config.params.limits = Limits::playouts(300);
        config
    }
}

/// A named set of all settings (the `preset` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// [`EngineConfig::thesis_fixed_point`].
    Thesis,
    /// [`EngineConfig::default`].
    Default,
    /// [`EngineConfig::easy`].
    Easy,
}

spelled!(Preset {
    Thesis => "thesis",
    Default => "default",
    Easy => "easy",
});

impl Preset {
    /// The settings this preset stands for.
    ///
    /// ```
    /// use quoridor_engines::{EngineConfig, Preset};
    /// assert_eq!("thesis".parse::<Preset>().unwrap().config(), EngineConfig::thesis_fixed_point());
    /// ```
    pub fn config(self) -> EngineConfig {
        match self {
            Preset::Thesis => EngineConfig::thesis_fixed_point(),
            Preset::Default => EngineConfig::default(),
            Preset::Easy => EngineConfig::easy(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FinalMove, PlayoutPolicy};
    use quoridor_text::Choice;

    /// The worker messages spell these enums with serde: the same words.
    fn assert_serde_spells_like_display<C: Choice + Serialize + std::fmt::Display>() {
        for value in C::ALL {
            let json = serde_json::to_string(value).expect("serialise");
            assert_eq!(json, format!("\"{value}\""));
        }
    }

    #[test]
    fn serde_and_display_spell_the_words_alike() {
        assert_serde_spells_like_display::<PlayoutPolicy>();
        assert_serde_spells_like_display::<FinalMove>();
        assert_serde_spells_like_display::<Preset>();
        assert_serde_spells_like_display::<EngineKind>();
    }

    #[test]
    fn presets_read_their_names_in_any_case() {
        assert_eq!("Thesis".parse::<Preset>(), Ok(Preset::Thesis));
        assert_eq!(
            " easy ".parse::<Preset>().map(Preset::config),
            Ok(EngineConfig::easy())
        );
        let err = "hard".parse::<Preset>().expect_err("no such preset");
        assert_eq!(
            err.to_string(),
            "expected thesis, default or easy, got \"hard\""
        );
    }
}
