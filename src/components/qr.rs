//! A link as a QR code, for a friend at the same table to scan with a phone camera. The
//! encoding is the `qrcodegen` crate's (Project Nayuki's reference implementation); this
//! draws its modules as one SVG path (a row's run of dark modules is one rectangle), black on
//! white with the quiet zone of four modules that cameras need.

use crate::ctx::use_app;
use leptos::prelude::*;
use qrcodegen::{QrCode, QrCodeEcc};

/// The quiet zone around the code, in modules (ISO/IEC 18004).
const QUIET: usize = 4;

/// The SVG path of the dark modules of `text`'s QR code and the side of the whole picture in
/// modules (quiet zone included); None when the text is too long for any QR code.
pub fn qr_path(text: &str) -> Option<(String, usize)> {
    // Level L at least: the most data per module (a link carries its own checksum); the
    // encoder raises it where that fits in the same size.
    let code = QrCode::encode_text(text, QrCodeEcc::Low).ok()?;
    let width = code.size();
    let mut path = String::new();
    for y in 0..width {
        let mut x = 0;
        while x < width {
            if code.get_module(x, y) {
                let start = x;
                while x < width && code.get_module(x, y) {
                    x += 1;
                }
                let (px, py, run) = (start as usize + QUIET, y as usize + QUIET, x - start);
                path.push_str(&format!("M{px} {py}h{run}v1h-{run}z"));
            } else {
                x += 1;
            }
        }
    }
    Some((path, width as usize + 2 * QUIET))
}

/// The widest the code is drawn, in CSS pixels (18rem).
const MAX_PX: usize = 288;

/// The pixels per module: whole pixels (no module drawn one pixel wider than its neighbour),
/// as many as fit in [`MAX_PX`], at least two.
pub fn module_px(side: usize) -> usize {
    (MAX_PX / side.max(1)).max(2)
}

/// The QR code of `url`, or a line saying the link is too long for one.
#[component]
pub fn QrView(#[prop(into)] url: Signal<String>) -> impl IntoView {
    let app = use_app();
    let drawn = Memo::new(move |_| url.with(|u| qr_path(u)));
    move || {
        match drawn.get() {
        Some((path, side)) => view! {
            <figure class="share-qr">
                <svg data-testid="share-qr" viewBox=format!("0 0 {side} {side}") role="img"
                    style=format!("width:{}px", side * module_px(side))
                    aria-label=move || app.t("host.share_qr") shape-rendering="crispEdges">
                    <rect width=side height=side fill="#fff"/>
                    <path d=path fill="#000"/>
                </svg>
                <figcaption>{move || app.t("host.share_qr")}</figcaption>
            </figure>
        }
        .into_any(),
        None => view! { <p class="share-qr-none" data-testid="share-qr-none">{move || app.t("host.share_qr_too_long")}</p> }.into_any(),
    }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_becomes_rectangles_inside_the_quiet_zone_and_a_too_long_one_none() {
        let (path, side) = qr_path("https://example.org/kartenrunde/#/link/2AbC").unwrap();
        // Version 3 at level L: 29 modules, plus the quiet zone.
        assert_eq!(side, 29 + 2 * QUIET);
        assert!(
            path.starts_with(&format!("M{QUIET} {QUIET}h7v1h-7z")),
            "{path}"
        );
        assert!(qr_path(&"x".repeat(3000)).is_none());
        assert_eq!(module_px(37), 7);
        assert_eq!(module_px(133), 2);
        assert_eq!(module_px(185), 2);
    }
}
