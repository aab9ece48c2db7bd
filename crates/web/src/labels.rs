//! Label placement for the board's overlays: the geometry is
//! `quoridor_page::labels` (re-exported here, tested natively); this adds the
//! viewport the page is shown in.

pub use quoridor_page::labels::*;

/// [`label_scale`] of the page's viewport (1 where it cannot be read).
pub fn viewport_label_scale() -> f64 {
    web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|w| w.as_f64())
        .map_or(1.0, label_scale)
}
