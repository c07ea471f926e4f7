//! A link as a QR code, for a friend at the same table to scan with a phone camera. The
//! encoding is the `qrcode` crate's; this draws its modules as one SVG path (a row's run of
//! dark modules is one rectangle), black on white with the quiet zone of four modules that
//! cameras need.

use crate::ctx::use_app;
use leptos::prelude::*;
use qrcode::{Color, EcLevel, QrCode};

/// The quiet zone around the code, in modules (ISO/IEC 18004).
const QUIET: usize = 4;

/// The SVG path of the dark modules of `text`'s QR code and the side of the whole picture in
/// modules (quiet zone included); None when the text is too long for any QR code.
pub fn qr_path(text: &str) -> Option<(String, usize)> {
    // Level L: the most data per module; a link carries its own checksum.
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::L).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    let mut path = String::new();
    for (y, row) in colors.chunks(width).enumerate() {
        let mut x = 0;
        while x < width {
            if row[x] == Color::Dark {
                let start = x;
                while x < width && row[x] == Color::Dark {
                    x += 1;
                }
                let (px, py, run) = (start + QUIET, y + QUIET, x - start);
                path.push_str(&format!("M{px} {py}h{run}v1h-{run}z"));
            } else {
                x += 1;
            }
        }
    }
    Some((path, width + 2 * QUIET))
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
    }
}
