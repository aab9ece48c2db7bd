//! Telling a finger's tap from a mouse click, on every input path a phone
//! uses. Most browsers send `pointerdown`/`pointerup` of type "touch" and
//! then a `click`; some input paths send only a `click` whose own pointer
//! type is "touch" (Chromium's touch emulation), others the pointer and
//! touch events but no `click` (a synthetic tap gesture), and older browsers
//! a `click` that is a plain `MouseEvent`. A tap is acted on once: at the
//! finger's `pointerup` on the element it went down on, or else at its click.

use std::cell::Cell;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use quoridor_rules::{Square, Wall};

/// Where on the board a finger can tap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// A square (the pawn's target).
    Square(Square),
    /// A groove, named by the wall it places.
    Groove(Wall),
}

/// What a click means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Click {
    /// A mouse (or pen) click: act at once.
    Mouse,
    /// A finger's tap not yet acted on.
    Tap,
    /// The click that follows a tap already acted on at `pointerup`.
    Done,
}

/// The board's record of the finger on it.
#[derive(Debug, Default)]
pub struct Taps {
    /// Where a finger went down and has not lifted or been cancelled.
    pressed: Cell<Option<Spot>>,
    /// A tap was acted on at `pointerup`; its click is to be ignored.
    acted: Cell<bool>,
    /// A touch began and no mouse moved since.
    touch_seen: Cell<bool>,
}

fn is_touch(e: &PointerEvent) -> bool {
    e.pointer_type() == "touch"
}

impl Taps {
    /// Any pointer went down on the board: a finger or a mouse from now on.
    pub fn any_down(&self, e: &PointerEvent) {
        self.touch_seen.set(is_touch(e));
        if !is_touch(e) {
            self.acted.set(false);
        }
    }

    /// A touch began (the touch event, for paths without pointer events).
    pub fn touch_started(&self) {
        self.touch_seen.set(true);
    }

    /// A mouse moved over the board: its clicks are the mouse's.
    pub fn mouse_moved(&self, e: &PointerEvent) {
        if e.pointer_type() == "mouse" {
            self.touch_seen.set(false);
            self.acted.set(false);
        }
    }

    /// A pointer went down on `spot`.
    pub fn down(&self, spot: Spot, e: &PointerEvent) {
        if is_touch(e) {
            self.pressed.set(Some(spot));
            self.acted.set(false);
        }
    }

    /// The browser took the finger over (a scroll or a zoom): no tap.
    pub fn cancel(&self) {
        self.pressed.set(None);
    }

    /// A pointer lifted on `spot`: whether this ends a tap on it, to act on now.
    pub fn up(&self, spot: Spot, e: &PointerEvent) -> bool {
        let tap = is_touch(e) && self.pressed.take() == Some(spot);
        if tap {
            self.acted.set(true);
        }
        tap
    }

    /// What `click` means: the click's own pointer type where the browser
    /// gives one, else whether a touch began since the mouse last moved.
    pub fn click(&self, click: &MouseEvent) -> Click {
        let kind = click.dyn_ref::<PointerEvent>().map(|p| p.pointer_type());
        let tap = kind.as_deref() == Some("touch") || self.touch_seen.get();
        match (tap, self.acted.replace(false)) {
            (true, true) => Click::Done,
            (true, false) => Click::Tap,
            (false, _) => Click::Mouse,
        }
    }
}
