//! "Copy link": the game, the viewed move and the engine settings as a URL.

use yew::prelude::*;

use super::copy_field::copy_text;
use super::link::encode;
use super::model::Shared;
use super::storage::page_address;

#[derive(Properties, PartialEq)]
pub struct ShareProps {
    /// What the link opens.
    pub shared: Shared,
}

/// A button that copies the link, and the link shown for copying by hand.
#[function_component(ShareLink)]
pub fn share_link(props: &ShareProps) -> Html {
    let shown = use_state(|| false);
    // The link last copied (or refused), with whether the clipboard took
    // it: the feedback speaks of that link only, so it goes once the game
    // (and with it the link) changes.
    let copied = use_state(|| None::<(String, bool)>);
    let url = format!("{}?{}", page_address(), encode(&props.shared));
    let onclick = {
        let (shown, copied, url) = (shown.clone(), copied.clone(), url.clone());
        Callback::from(move |_: MouseEvent| {
            shown.set(true);
            let (copied, link) = (copied.clone(), url.clone());
            copy_text(
                &url,
                Callback::from(move |took| copied.set(Some((link.clone(), took)))),
            );
        })
    };
    let feedback = match &*copied {
        Some((link, true)) if *link == url => "Copied to the clipboard.",
        Some((link, false)) if *link == url => "The clipboard refused; copy the link below.",
        _ => "",
    };
    html! {
        <section class="share">
            <button class="share-button" data-testid="share" {onclick}
                title="Copy a link that opens this game, position and engine settings">
                { "Copy link" }
            </button>
            <span class="share-feedback">{ feedback }</span>
            if *shown {
                <input class="share-url" data-testid="share-url" type="text" readonly=true
                    value={url} onfocus={Callback::from(|e: FocusEvent| {
                        if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                            input.select();
                        }
                    })} />
            }
        </section>
    }
}
