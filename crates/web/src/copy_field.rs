//! A link shown in a read-only field with a Copy button beside it (an
//! invite, a watch link), saying whether the clipboard took it.

use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CopyFieldProps {
    /// The text to copy.
    pub text: AttrValue,
    /// The field's `data-testid`; the button's is it with `-copy`.
    pub testid: AttrValue,
    /// What the field holds, for screen readers.
    pub label: AttrValue,
}

/// The field and its button.
#[function_component(CopyField)]
pub fn copy_field(props: &CopyFieldProps) -> Html {
    let copied = use_state(|| None::<(AttrValue, bool)>);
    let onclick = {
        let (copied, text) = (copied.clone(), props.text.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(window) = web_sys::window() else {
                return;
            };
            let promise = window.navigator().clipboard().write_text(&text);
            let (copied, text) = (copied.clone(), text.clone());
            wasm_bindgen_futures::spawn_local(async move {
                copied.set(Some((text, JsFuture::from(promise).await.is_ok())));
            });
        })
    };
    let feedback = match &*copied {
        Some((text, true)) if *text == props.text => "Copied.",
        Some((text, false)) if *text == props.text => {
            "The clipboard refused: select and copy the link."
        }
        _ => "",
    };
    let select = Callback::from(|e: FocusEvent| {
        if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            input.select();
        }
    });
    html! {
        <span class="copy-field">
            <input type="text" readonly=true value={props.text.clone()} aria-label={props.label.clone()}
                data-testid={props.testid.clone()} onfocus={select} />
            <button data-testid={format!("{}-copy", props.testid)} {onclick}>{ "Copy" }</button>
            <span class="copy-feedback" aria-live="polite">{ feedback }</span>
        </span>
    }
}
