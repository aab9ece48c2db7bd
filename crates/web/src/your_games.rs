//! Your games (`data-testid="your-games"`): the finished games played on
//! this device, newest first, each opening again for replay and review and
//! downloading as a record file; and a record to open, pasted or from a
//! file. The list itself is `quoridor_page::model::past_games`.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::model::past_games::{record_file, PastGame, PastGames};
use crate::model::{Action, Shared};

#[derive(Properties, PartialEq)]
pub struct YourGamesProps {
    /// The finished games, newest first.
    pub past: PastGames,
    /// The game on the board now (its record downloads too).
    pub current: Shared,
    /// Actions for the reducer (opening a game, a notice).
    pub on_action: Callback<Action>,
    /// Closes the list.
    pub on_close: Callback<()>,
}

/// `ms` since 1970 as the browser's local date and time, `2026-12-07 19:40`.
fn local_time(ms: u64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    format!(
        "{}-{:02}-{:02} {:02}:{:02}",
        date.get_full_year(),
        date.get_month() + 1,
        date.get_date(),
        date.get_hours(),
        date.get_minutes()
    )
}

/// A link that downloads `text` as the file `name` (a `data:` address, so
/// nothing is uploaded or kept).
fn download(text: &str, name: String, testid: &'static str, label: &'static str) -> Html {
    let href = format!(
        "data:text/plain;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(text))
    );
    html! {
        <a class="download" data-testid={testid} {href} download={name}>{ label }</a>
    }
}

/// A file name for a game that ended at `when` (`2026-12-07 19:40`).
fn file_name(when: &str) -> String {
    format!("quoridor-{}.txt", when.replace([' ', ':'], "-"))
}

fn row(game: &PastGame, on_action: &Callback<Action>) -> Html {
    let when = local_time(game.ended_ms);
    let open = game.shared().map(|shared| {
        on_action.reform(move |_: MouseEvent| Action::OpenGame(Box::new(shared.clone())))
    });
    let file = game.record_file(&when);
    html! {
        <tr data-testid="past-game" data-result={game.result_text()}>
            <td class="past-when">{ when.clone() }</td>
            <td class="past-opponent">{ &game.opponent }</td>
            <td class="past-result">{ game.result_text() }</td>
            <td class="past-plies">{ game.plies }</td>
            <td class="past-actions">
                <button data-testid="past-open" disabled={open.is_none()} onclick={open}>{ "Open" }</button>
                if let Some(file) = file {
                    { download(&file, file_name(&when), "past-download", "Download") }
                }
            </td>
        </tr>
    }
}

/// Reads the file chosen in `input` and opens it as a record.
fn open_file(input: HtmlInputElement, on_action: Callback<Action>) {
    let Some(file) = input.files().and_then(|files| files.get(0)) else {
        return;
    };
    // A record is a few KB; a large file is not one.
    if file.size() > 1_000_000.0 {
        on_action.emit(Action::Notice(Some(
            "That file is too large to be a game record.".into(),
        )));
        return;
    }
    let promise = file.text();
    wasm_bindgen_futures::spawn_local(async move {
        match JsFuture::from(promise)
            .await
            .ok()
            .and_then(|t| t.as_string())
        {
            Some(text) => on_action.emit(Action::OpenRecord(text)),
            None => on_action.emit(Action::Notice(Some("The file could not be read.".into()))),
        }
    });
}

/// The list and the record box.
#[function_component(YourGames)]
pub fn your_games(props: &YourGamesProps) -> Html {
    let pasted = use_node_ref();
    let on_open_pasted = {
        let (pasted, on_action) = (pasted.clone(), props.on_action.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = pasted.cast::<web_sys::HtmlTextAreaElement>() {
                on_action.emit(Action::OpenRecord(area.value()));
            }
        })
    };
    let on_file = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e
                .target()
                .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
            {
                open_file(input, on_action.clone());
            }
        })
    };
    let now = local_time(js_sys::Date::now() as u64);
    let resigned = props
        .current
        .resigned
        .map(|p| format!("; {p} resigned"))
        .unwrap_or_default();
    let current = record_file(
        &props.current.game,
        &format!("{{Quoridor, {now}{resigned}}}"),
    );
    html! {
        <section class="your-games" data-testid="your-games" aria-label="Your games">
            <h2>{ "Your games" }</h2>
            if props.past.games.is_empty() {
                <p class="past-none">{ "No finished games on this device yet. Games you finish here are listed, newest first." }</p>
            } else {
                <div class="past-scroll">
                    <table class="past-games">
                        <thead><tr><th>{ "Ended" }</th><th>{ "Opponent" }</th><th>{ "Result" }</th><th>{ "Moves" }</th><th></th></tr></thead>
                        <tbody>{ for props.past.games.iter().map(|g| row(g, &props.on_action)) }</tbody>
                    </table>
                </div>
            }
            <div class="record-open">
                <label for="record-text">{ "Open a record (moves in notation, as a record file holds them):" }</label>
                <textarea id="record-text" data-testid="record-text" ref={pasted} rows="3"
                    placeholder="[size 5] [walls 3] c2 c4 b1v …" spellcheck="false" />
                <div class="new-game-buttons">
                    <button data-testid="record-open" onclick={on_open_pasted}>{ "Open record" }</button>
                    <label class="record-file">{ "or a file: " }
                        <input type="file" data-testid="record-file" accept=".txt,text/plain" onchange={on_file} />
                    </label>
                    { download(&current, file_name(&now), "current-download", "Download this game") }
                    <button class="cancel" onclick={props.on_close.reform(|_: MouseEvent| ())}>{ "Close" }</button>
                </div>
            </div>
        </section>
    }
}
