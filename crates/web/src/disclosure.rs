//! A panel a player opens on purpose: a header button that shows or hides
//! its content, its state remembered in `localStorage` under its key. The
//! engine's settings and the analysis sit behind these, so a first visit
//! sees the board and the game's own controls first.

use yew::prelude::*;

use super::storage::{remember_flag, remembered_flag};

/// A yes/no page preference kept in `localStorage` under `key`: its value
/// and a click handler that flips and stores it.
#[hook]
pub fn use_remembered_toggle(key: &'static str) -> (bool, Callback<MouseEvent>) {
    let open = use_state(|| remembered_flag(key));
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| {
            let next = !*open;
            remember_flag(key, next);
            open.set(next);
        })
    };
    (*open, toggle)
}

#[derive(Properties, PartialEq)]
pub struct DisclosureProps {
    /// The header's text ("Engine").
    pub title: AttrValue,
    /// A short line beside the title saying what is inside.
    #[prop_or_default]
    pub summary: AttrValue,
    /// The `localStorage` key of its open state.
    pub storage_key: &'static str,
    /// `data-testid` of the panel; its toggle is `{testid}-toggle`.
    pub testid: &'static str,
    /// The content, rendered only while open.
    pub children: Html,
}

/// A remembered open/closed panel (`aria-expanded` on its toggle).
#[function_component(Disclosure)]
pub fn disclosure(props: &DisclosureProps) -> Html {
    let (open, toggle) = use_remembered_toggle(props.storage_key);
    let body_id = format!("{}-body", props.testid);
    html! {
        <section class={classes!("disclosure", open.then_some("open"))} data-testid={props.testid}>
            <h2 class="disclosure-title">
                <button class="disclosure-toggle" data-testid={format!("{}-toggle", props.testid)}
                    aria-expanded={open.to_string()} aria-controls={body_id.clone()} onclick={toggle}>
                    <span class="disclosure-arrow" aria-hidden="true">{ if open { "▾" } else { "▸" } }</span>
                    { props.title.clone() }
                    if !props.summary.is_empty() {
                        <span class="disclosure-summary">{ props.summary.clone() }</span>
                    }
                </button>
            </h2>
            if open {
                <div class="disclosure-body" id={body_id}>{ props.children.clone() }</div>
            }
        </section>
    }
}
