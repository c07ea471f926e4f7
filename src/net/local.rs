//! Between tabs of this browser: a reply link opened on the host's device hands its code to
//! the table running in another tab (a `BroadcastChannel`).

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The channel a reply page hands a reply to the table on.
pub const REPLY_CHANNEL: &str = "kartenrunde.replies";

/// A channel listened to; closed when dropped.
pub struct Channel {
    channel: web_sys::BroadcastChannel,
    _on: Closure<dyn FnMut(JsValue)>,
}

impl Channel {
    /// Listens on `name`: each text message goes to `f`, whose answer (if any) is posted
    /// back. None where the browser has no such channels.
    pub fn listen(name: &str, f: impl Fn(String) -> Option<String> + 'static) -> Option<Channel> {
        let channel = web_sys::BroadcastChannel::new(name).ok()?;
        let back = channel.clone();
        let on = Closure::<dyn FnMut(JsValue)>::new(move |ev: JsValue| {
            let text = ev
                .dyn_ref::<web_sys::MessageEvent>()
                .and_then(|m| m.data().as_string());
            if let Some(answer) = text.and_then(&f) {
                let _ = back.post_message(&answer.into());
            }
        });
        channel.set_onmessage(Some(on.as_ref().unchecked_ref()));
        Some(Channel { channel, _on: on })
    }

    pub fn post(&self, text: &str) {
        let _ = self.channel.post_message(&text.into());
    }
}

impl Drop for Channel {
    fn drop(&mut self) {
        self.channel.set_onmessage(None);
        self.channel.close();
    }
}
