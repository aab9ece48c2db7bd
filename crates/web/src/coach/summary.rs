//! The review's summary: accuracy and judgement counts per player, hints used.

use yew::prelude::*;

use quoridor_review::{Judgement, ReviewSummary};
use quoridor_rules::Player;

/// Props of [`ReviewSummaryTable`].
#[derive(Properties, PartialEq)]
pub struct SummaryProps {
    /// What the review found.
    pub summary: ReviewSummary,
}

/// A table with a column per player and a row per measure (accuracy, then
/// each judgement's count), narrow enough for a phone's width as lichess
/// lays it out; carries `data-accuracy-1` and `data-accuracy-2` (0–100, one
/// decimal).
#[function_component(ReviewSummaryTable)]
pub fn review_summary(props: &SummaryProps) -> Html {
    let s = &props.summary;
    let accuracy = |p: Player| s.accuracy[p.index()].map(|a| format!("{a:.1}"));
    let heads = Player::BOTH
        .iter()
        .map(|p| html! { <th scope="col">{ p.to_string() }</th> });
    let accuracies = Player::BOTH.iter().map(|&p| {
        html! { <td class="accuracy">{ accuracy(p).unwrap_or_else(|| "–".into()) }</td> }
    });
    let rows = Judgement::ALL.iter().map(|&j| {
        let counts = Player::BOTH
            .iter()
            .map(|p| html! { <td>{ s.counts[p.index()][j as usize] }</td> });
        html! {
            <tr data-judgement-row={j.name()}>
                <th scope="row" class={classes!("judgement", j.name())}>{ j.name() }</th>
                { for counts }
            </tr>
        }
    });
    // `html!` takes no attribute names with a digit after a hyphen, so
    // the element is built by hand.
    let mut tag = yew::virtual_dom::VTag::new("div");
    tag.add_attribute("class", "review-summary");
    tag.add_attribute("data-testid", "review-summary");
    for p in Player::BOTH {
        if let Some(a) = accuracy(p) {
            let name = match p {
                Player::One => "data-accuracy-1",
                Player::Two => "data-accuracy-2",
            };
            tag.add_attribute(name, a);
        }
    }
    tag.add_child(html! {
        <table>
            <thead><tr><th></th>{ for heads }</tr></thead>
            <tbody>
                <tr data-judgement-row="accuracy"><th scope="row">{ "accuracy" }</th>{ for accuracies }</tr>
                { for rows }
            </tbody>
        </table>
    });
    tag.add_child(html! {
        <p class="hints-used" data-testid="hints-used">{ format!("Hints used: {}", s.hints) }</p>
    });
    tag.into()
}
