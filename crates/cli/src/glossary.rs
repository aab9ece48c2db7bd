//! The words of the help pages a newcomer may not know, each defined in one
//! line, and the `Terms:` block that ends a page using them.

/// A word the help pages use without explaining it in passing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    Uct,
    Playout,
    AlphaBeta,
    Node,
    Ply,
    Ebf,
    Perft,
    UciStyle,
    Qtp,
    Referee,
    Thesis,
    Preset,
    Shard,
    Elo,
    Wilson,
    Sprt,
}

impl Term {
    /// The word as the block shows it.
    fn word(self) -> &'static str {
        match self {
            Term::Uct => "UCT",
            Term::Playout => "playout",
            Term::AlphaBeta => "alpha-beta",
            Term::Node => "node",
            Term::Ply => "ply",
            Term::Ebf => "EBF",
            Term::Perft => "perft",
            Term::UciStyle => "UCI-style",
            Term::Qtp => "QTP",
            Term::Referee => "referee",
            Term::Thesis => "thesis",
            Term::Preset => "preset",
            Term::Shard => "shard",
            Term::Elo => "Elo",
            Term::Wilson => "Wilson interval",
            Term::Sprt => "SPRT",
        }
    }

    /// What it means, in one line.
    fn definition(self) -> &'static str {
        match self {
            Term::Uct => "the default engine, a Monte Carlo tree search grown by playouts",
            Term::Playout => {
                "one simulated game from a position to its end; UCT plays thousands per move"
            }
            Term::AlphaBeta => {
                "the other engine: a minimax search one move deeper at a time, as chess engines do"
            }
            Term::Node => "a position the engine searched (alpha-beta) or keeps in its tree (UCT)",
            Term::Ply => "one move of one player: a pawn step or a wall",
            Term::Ebf => {
                "effective branching factor, nodes(d)/nodes(d-1): the cost of one more ply"
            }
            Term::Perft => {
                "counts every move sequence of DEPTH moves (a rules check borrowed from chess)"
            }
            Term::UciStyle => {
                "the engine protocol of `quoridor uci`, modelled on chess's Universal Chess Interface"
            }
            Term::Qtp => "Quoridor Text Protocol, modelled on GTP (Go Text Protocol): one command a line",
            Term::Referee => {
                "a program that plays engines against each other (a course's quoridor_referee.py)"
            }
            Term::Thesis => {
                "J. Tomek's 2011 thesis on UCT for Quoridor, whose settings are the thesis preset"
            }
            Term::Preset => "a named set of every engine setting: default, thesis or easy",
            Term::Shard => {
                "one of N slices of a match's games, played on its own and merged afterwards"
            }
            Term::Elo => "a rating scale: 400 points above an opponent expects 10 wins to 1",
            Term::Wilson => "a 95% range for a win rate that stays inside 0–100% even for few games",
            Term::Sprt => {
                "sequential probability ratio test: play until the games tell elo1 from elo0"
            }
        }
    }
}

/// `text`, a blank line and a `Terms:` block defining `terms`, one a line,
/// the definitions aligned; only the block when `text` is empty.
pub fn with_terms(text: &str, terms: &[Term]) -> String {
    let width = terms.iter().map(|t| t.word().len()).max().unwrap_or(0);
    let mut page = if text.is_empty() {
        "Terms:".to_string()
    } else {
        format!("{text}\n\nTerms:")
    };
    for term in terms {
        page.push_str(&format!(
            "\n  {:width$}  {}",
            term.word(),
            term.definition()
        ));
    }
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_aligned_one_a_line() {
        let page = with_terms("About.", &[Term::Ply, Term::Playout]);
        assert_eq!(
            page,
            "About.\n\nTerms:\n  ply      one move of one player: a pawn step or a wall\n  \
             playout  one simulated game from a position to its end; UCT plays thousands per move"
        );
        assert!(with_terms("", &[Term::Ply]).starts_with("Terms:\n  ply  one move"));
    }
}
