//! A link shown in a read-only field with a Copy button beside it (an
//! invite, a watch link, a game to send); the notice under the board says
//! whether the clipboard took it.

use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use super::model::Action;

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
            let Some(window) = web_sys::window() else {
                return;
            };
            let promise = window.navigator().clipboard().write_text(&text);
            let on_action = on_action.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let said = match JsFuture::from(promise).await {
                    Ok(_) => format!("Copied the {what}."),
                    Err(_) => format!("The clipboard refused: select the {what} and copy it."),
                };
                on_action.emit(Action::Notice(Some(said)));
            });
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
