//! Copying text to the clipboard ([`copy_text`], for every Copy button of
//! the page), and a link shown in a read-only field with a Copy button
//! beside it (an invite, a watch link, a game to send), where the notice
//! under the board says whether the clipboard took it.

use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use super::model::Action;

/// Writes `text` to the clipboard; `done` hears whether the clipboard
/// took it (a browser may refuse).
pub fn copy_text(text: &str, done: Callback<bool>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let promise = window.navigator().clipboard().write_text(text);
    wasm_bindgen_futures::spawn_local(async move {
        done.emit(JsFuture::from(promise).await.is_ok());
    });
}

/// The field (`data-testid=testid`) and its button (`testid-copy`); `what`
/// names the link for screen readers and in the notice.
pub fn copy_field(
    text: String,
    testid: &'static str,
    what: &'static str,
    on_action: &Callback<Action>,
) -> Html {
    let onclick = {
        let (text, on_action) = (text.clone(), on_action.clone());
        Callback::from(move |_: MouseEvent| {
            let said = on_action.reform(move |took: bool| {
                Action::Notice(Some(if took {
                    format!("Copied the {what}.")
                } else {
                    format!("The clipboard refused: select the {what} and copy it.")
                }))
            });
            copy_text(&text, said);
        })
    };
    let select = Callback::from(|e: FocusEvent| {
        if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            input.select();
        }
    });
    html! {
        <span class="copy-field">
            <input type="text" readonly=true value={text} aria-label={what}
                data-testid={testid} onfocus={select} />
            <button data-testid={format!("{testid}-copy")} {onclick}>{ "Copy" }</button>
        </span>
    }
}
