//! Move sounds, off until the person switches them on (the switch
//! remembers): a short high knock for a pawn step, a lower, longer one for
//! a wall. Synthesised with Web Audio (no sound files to download).

use std::cell::RefCell;

use web_sys::{AudioContext, OscillatorType};

use quoridor_rules::Move;

thread_local! {
    /// One audio context for the page, made on the first sound (browsers
    /// start audio only after a gesture: the switch's click is one).
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// The tone of a move: frequency in Hz, length in seconds, wave.
fn tone(mv: Move) -> (f32, f64, OscillatorType) {
    match mv {
        Move::Pawn(_) => (660.0, 0.07, OscillatorType::Triangle),
        Move::Wall(_) => (196.0, 0.12, OscillatorType::Square),
    }
}

/// Plays the sound of `mv`; silently does nothing where audio is missing.
pub fn play_move_sound(mv: Move) {
    CONTEXT.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = AudioContext::new().ok();
        }
        if let Some(context) = slot.as_ref() {
            // A context made before any gesture starts suspended.
            let _ignored = context.resume();
            let _ignored = knock(context, mv);
        }
    });
}

/// One short tone with a quick decay.
fn knock(context: &AudioContext, mv: Move) -> Result<(), wasm_bindgen::JsValue> {
    let (frequency, length, wave) = tone(mv);
    let now = context.current_time();
    let oscillator = context.create_oscillator()?;
    oscillator.set_type(wave);
    oscillator.frequency().set_value(frequency);
    let gain = context.create_gain()?;
    let volume = gain.gain();
    volume.set_value_at_time(0.18, now)?;
    volume.exponential_ramp_to_value_at_time(0.001, now + length)?;
    oscillator.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&context.destination())?;
    oscillator.start_with_when(now)?;
    oscillator.stop_with_when(now + length)?;
    Ok(())
}
