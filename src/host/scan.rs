//! "Antwort scannen": the host's camera reads a guest's reply QR code from the guest's
//! screen. The picture is decoded in the page (`net::scan`, in a part of the wasm of its own,
//! fetched when the camera is first opened). Offered where the browser lets a page use a
//! camera (a secure context with `mediaDevices`).

use crate::ctx::use_app;
use crate::i18n::tr;
use crate::net::rtc::sleep;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The brightness picture's text, decoded in the part `qr_scan`.
#[leptos::wasm_split::wasm_split(qr_scan, wasm_split_path = ::leptos::wasm_split, fallible)]
fn read_part(
    luma: Vec<u8>,
    w: usize,
    h: usize,
) -> Result<Option<String>, crate::play::ui_game::LoadError> {
    Ok(crate::net::scan::read_qr(&luma, w, h))
}

/// The widest picture decoded (a camera's frame is scaled down to it).
const MAX_W: u32 = 640;

fn media_devices() -> Option<web_sys::MediaDevices> {
    let nav = web_sys::window()?.navigator();
    let has = js_sys::Reflect::get(&nav, &"mediaDevices".into()).ok()?;
    if has.is_undefined() {
        return None;
    }
    nav.media_devices().ok()
}

fn stop(stream: &web_sys::MediaStream) {
    for t in stream.get_tracks().iter() {
        if let Ok(t) = t.dyn_into::<web_sys::MediaStreamTrack>() {
            t.stop();
        }
    }
}

/// One frame of `video` as brightness, at most [`MAX_W`] wide.
fn frame(
    video: &web_sys::HtmlVideoElement,
    canvas: &web_sys::HtmlCanvasElement,
) -> Option<(Vec<u8>, usize, usize)> {
    let (vw, vh) = (video.video_width(), video.video_height());
    if vw == 0 || vh == 0 {
        return None;
    }
    let w = vw.min(MAX_W);
    let h = (u64::from(vh) * u64::from(w) / u64::from(vw)) as u32;
    canvas.set_width(w);
    canvas.set_height(h);
    let ctx = canvas
        .get_context("2d")
        .ok()??
        .dyn_into::<web_sys::CanvasRenderingContext2d>()
        .ok()?;
    ctx.draw_image_with_html_video_element_and_dw_and_dh(
        video,
        0.0,
        0.0,
        f64::from(w),
        f64::from(h),
    )
    .ok()?;
    let data = ctx
        .get_image_data(0.0, 0.0, f64::from(w), f64::from(h))
        .ok()?;
    Some((
        crate::net::scan::luma_of_rgba(&data.data()),
        w as usize,
        h as usize,
    ))
}

/// The back camera's picture; `None` where the browser offers no camera at all, an error
/// where the person (or the browser) refused it.
async fn camera() -> Option<Result<web_sys::MediaStream, wasm_bindgen::JsValue>> {
    let devices = media_devices()?;
    let constraints = web_sys::MediaStreamConstraints::new();
    let video_wish = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&video_wish, &"facingMode".into(), &"environment".into());
    constraints.set_video(&video_wish);
    let got = match devices.get_user_media_with_constraints(&constraints) {
        Ok(p) => JsFuture::from(p).await,
        Err(e) => Err(e),
    };
    Some(got.and_then(|s| s.dyn_into::<web_sys::MediaStream>()))
}

/// The picture's element once the page shows it (up to 2 s; `None` then, or when the camera
/// was closed meanwhile): a dead camera panel, showing and reading nothing, is never left open.
async fn shown_video(
    video: NodeRef<leptos::html::Video>,
    open: RwSignal<bool>,
) -> Option<web_sys::HtmlVideoElement> {
    for _ in 0..40 {
        if let Some(v) = video.get_untracked() {
            return Some(v);
        }
        if open.try_get_untracked() != Some(true) {
            return None;
        }
        sleep(50).await;
    }
    video.get_untracked()
}

/// The button that opens the camera, and the camera's picture while it looks for a reply.
/// `take` gets each code found: Ok closes the camera, Err(why) is shown and looking goes on.
pub(super) fn scan_button(
    take: impl Fn(String) -> Result<(), String> + Copy + 'static,
) -> impl IntoView {
    let app = use_app();
    let t = move |k: &str| tr(app.lang(), k).to_string();
    let open = RwSignal::new(false);
    let said = RwSignal::new(None::<String>);
    // Frames looked at since the camera opened (on the picture as `data-frames`: how far a
    // scan that finds nothing got).
    let frames = RwSignal::new(0u32);
    let video = NodeRef::<leptos::html::Video>::new();
    let stream: StoredValue<Option<web_sys::MediaStream>, LocalStorage> =
        StoredValue::new_local(None);
    let close = move || {
        stream.update_value(|s| {
            if let Some(s) = s.take() {
                stop(&s);
            }
        });
        open.set(false);
    };
    on_cleanup(move || {
        if let Some(Some(s)) = stream.try_get_value() {
            stop(&s);
        }
    });
    let start = move || {
        said.set(None);
        frames.set(0);
        open.set(true);
        spawn_local(async move {
            let lang = app.lang();
            let Some(got) = camera().await else {
                return;
            };
            let Ok(s) = got else {
                said.try_set(Some(tr(lang, "net.camera_denied").to_string()));
                open.try_set(false);
                return;
            };
            let Some(v) = shown_video(video, open).await else {
                stop(&s);
                return close();
            };
            v.set_src_object(Some(&s));
            let _ = v.play().map(super::share::quietly);
            stream.set_value(Some(s));
            let Some(canvas) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.create_element("canvas").ok())
                .and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok())
            else {
                return close();
            };
            while open.try_get_untracked() == Some(true) {
                sleep(250).await;
                let Some((luma, w, h)) = frame(&v, &canvas) else {
                    continue;
                };
                frames.try_update(|n| *n += 1);
                match read_part(luma, w, h).await {
                    Ok(Some(text)) => match take(text) {
                        Ok(()) => return close(),
                        Err(why) => {
                            said.try_set(Some(why));
                            sleep(1500).await;
                        }
                    },
                    Ok(None) => {}
                    Err(_) => {
                        said.try_set(Some(tr(lang, "net.scan_unreachable").to_string()));
                        return close();
                    }
                }
            }
        });
    };
    let offered = media_devices().is_some();
    view! {
        {offered.then(|| view! {
            <button class="button" type="button" data-testid="net-scan" on:click=move |_| if open.get_untracked() { close() } else { start() }>
                {move || if open.get() { t("net.scan_stop") } else { t("net.scan") }}
            </button>
        })}
        <Show when=move || open.get()>
            <video class="net-camera" data-testid="net-camera" data-frames=move || frames.get() node_ref=video autoplay=true muted=true playsinline=true></video>
            <p class="net-hint">{move || t("net.scan_hint_camera")}</p>
        </Show>
        {move || said.get().map(|m| view! { <p class="error-box" role="alert" data-testid="net-scan-error">{m}</p> })}
    }
}
