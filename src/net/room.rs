//! A room on a signalling server: how devices in different homes find each other. The server
//! is the matchbox project's `matchbox_server` (or any speaking its JSON protocol): a
//! WebSocket at `<server>/<room>`; the server gives this device an id, tells it who else
//! arrives and leaves, and passes a message to one other device by its id. It passes only
//! connection data ([`Said`]): who is the table, which seat a device asks for, and the WebRTC
//! offer and answer (addresses, DTLS fingerprints, one-time ICE credentials). The seat's
//! secret, the names and every game message go over the data channel, device to device.
//!
//! The connection to the server is kept open, and made anew every few seconds while the
//! server is away; a table whose devices are connected does not need it.

use super::rtc::sleep;
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, WebSocket};

/// What this device says to another in the room (the data of a signal).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Said {
    /// The table `table` is here (the host, to each device that arrives).
    Host { table: String },
    /// A device asks for seat `seat` of table `table` (its secret comes later, over the
    /// channel).
    Knock { table: String, seat: u8 },
    /// The host's offer for the seat asked for (an invitation code without secret).
    Offer { code: String },
    /// The guest's answer (a reply code without secret).
    Reply { code: String },
    /// The seat asked for is played from a device that is at the table now.
    Taken,
}

/// What the room reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomEvent {
    /// Connected to the server (again).
    Up,
    /// The server cannot be reached (or was lost); tried again by itself.
    Down,
    /// Another device came into the room.
    Arrived(String),
    /// Another device said something.
    Said(String, Said),
}

/// The server's messages (matchbox_protocol's `PeerEvent`).
#[derive(Deserialize)]
enum PeerEvent {
    IdAssigned(serde::de::IgnoredAny),
    NewPeer(String),
    PeerLeft(serde::de::IgnoredAny),
    Signal { sender: String, data: Said },
}

/// A message to the server (matchbox_protocol's `PeerRequest`).
#[derive(Serialize)]
enum PeerRequest<'a> {
    Signal { receiver: &'a str, data: &'a Said },
    KeepAlive,
}

/// How long to wait before connecting again (ms), and between keep-alives.
const RETRY_MS: i32 = 2_000;
const KEEP_ALIVE_MS: i32 = 20_000;

type Handler = Closure<dyn FnMut(JsValue)>;

struct Inner {
    url: String,
    ws: RefCell<Option<WebSocket>>,
    up: Cell<bool>,
    gone: Cell<bool>,
    on: Box<dyn Fn(RoomEvent)>,
    handlers: RefCell<Vec<Handler>>,
}

/// This device in a room; leaves it when dropped.
pub struct Room(Rc<Inner>);

impl Room {
    /// Enters the room at `url` (a WebSocket address); `on` hears what happens there.
    pub fn open(url: &str, on: impl Fn(RoomEvent) + 'static) -> Room {
        let inner = Rc::new(Inner {
            url: url.to_string(),
            ws: RefCell::new(None),
            up: Cell::new(false),
            gone: Cell::new(false),
            on: Box::new(on),
            handlers: RefCell::new(Vec::new()),
        });
        connect(&inner);
        let weak = Rc::downgrade(&inner);
        wasm_bindgen_futures::spawn_local(async move {
            loop {
                sleep(KEEP_ALIVE_MS).await;
                let Some(i) = weak.upgrade() else { return };
                if i.gone.get() {
                    return;
                }
                send(&i, &PeerRequest::KeepAlive);
            }
        });
        Room(inner)
    }

    /// Says `what` to device `to`; false when the server is not connected.
    pub fn say(&self, to: &str, what: &Said) -> bool {
        send(
            &self.0,
            &PeerRequest::Signal {
                receiver: to,
                data: what,
            },
        )
    }

    pub fn is_up(&self) -> bool {
        self.0.up.get()
    }
}

impl Drop for Room {
    fn drop(&mut self) {
        self.0.gone.set(true);
        if let Some(ws) = self.0.ws.borrow_mut().take() {
            unhook(&ws);
            let _ = ws.close();
        }
        self.0.handlers.borrow_mut().clear();
    }
}

fn send(i: &Inner, req: &PeerRequest) -> bool {
    let Ok(text) = serde_json::to_string(req) else {
        return false;
    };
    let ws = i.ws.borrow();
    let open = ws
        .as_ref()
        .is_some_and(|w| w.ready_state() == WebSocket::OPEN);
    open && ws.as_ref().is_some_and(|w| w.send_with_str(&text).is_ok())
}

fn unhook(ws: &WebSocket) {
    ws.set_onopen(None);
    ws.set_onclose(None);
    ws.set_onmessage(None);
    ws.set_onerror(None);
}

/// Connects to the server; once the connection is lost (or cannot be made), again after a
/// while, until the room is left.
fn connect(inner: &Rc<Inner>) {
    if inner.gone.get() {
        return;
    }
    let Ok(ws) = WebSocket::new(&inner.url) else {
        // A malformed address: said once, not tried again.
        (inner.on)(RoomEvent::Down);
        return;
    };
    let mut handlers = Vec::new();
    let weak: Weak<Inner> = Rc::downgrade(inner);
    let w = weak.clone();
    let open = Closure::<dyn FnMut(JsValue)>::new(move |_| {
        if let Some(i) = w.upgrade() {
            i.up.set(true);
            (i.on)(RoomEvent::Up);
        }
    });
    ws.set_onopen(Some(open.as_ref().unchecked_ref()));
    handlers.push(open);
    let w = weak.clone();
    let message = Closure::<dyn FnMut(JsValue)>::new(move |ev: JsValue| {
        let text = ev
            .dyn_ref::<MessageEvent>()
            .and_then(|m| m.data().as_string());
        let (Some(i), Some(text)) = (w.upgrade(), text) else {
            return;
        };
        // Anything else (a newer server's news, another program's data) is not for us.
        match serde_json::from_str::<PeerEvent>(&text) {
            Ok(PeerEvent::NewPeer(p)) => (i.on)(RoomEvent::Arrived(p)),
            Ok(PeerEvent::Signal { sender, data }) => (i.on)(RoomEvent::Said(sender, data)),
            Ok(PeerEvent::IdAssigned(_) | PeerEvent::PeerLeft(_)) | Err(_) => {}
        }
    });
    ws.set_onmessage(Some(message.as_ref().unchecked_ref()));
    handlers.push(message);
    let w = weak.clone();
    let close = Closure::<dyn FnMut(JsValue)>::new(move |_| {
        let Some(i) = w.upgrade() else { return };
        if i.gone.get() {
            return;
        }
        i.up.set(false);
        (i.on)(RoomEvent::Down);
        let again = w.clone();
        wasm_bindgen_futures::spawn_local(async move {
            sleep(RETRY_MS).await;
            if let Some(i) = again.upgrade() {
                connect(&i);
            }
        });
    });
    ws.set_onclose(Some(close.as_ref().unchecked_ref()));
    handlers.push(close);
    if let Some(old) = inner.ws.borrow_mut().replace(ws) {
        unhook(&old);
    }
    *inner.handlers.borrow_mut() = handlers;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speaks_matchbox_json() {
        let said = Said::Knock {
            table: "t1".into(),
            seat: 2,
        };
        let req = PeerRequest::Signal {
            receiver: "8a0c…",
            data: &said,
        };
        assert_eq!(
            serde_json::to_string(&req).unwrap(),
            r#"{"Signal":{"receiver":"8a0c…","data":{"Knock":{"table":"t1","seat":2}}}}"#
        );
        assert_eq!(
            serde_json::to_string(&PeerRequest::KeepAlive).unwrap(),
            r#""KeepAlive""#
        );
        let ev: PeerEvent =
            serde_json::from_str(r#"{"Signal":{"sender":"p1","data":"Taken"}}"#).unwrap();
        assert!(matches!(ev, PeerEvent::Signal { sender, data: Said::Taken } if sender == "p1"));
        assert!(matches!(
            serde_json::from_str::<PeerEvent>(r#"{"NewPeer":"p2"}"#),
            Ok(PeerEvent::NewPeer(p)) if p == "p2"
        ));
        assert!(matches!(
            serde_json::from_str::<PeerEvent>(r#"{"IdAssigned":"p3"}"#),
            Ok(PeerEvent::IdAssigned(_))
        ));
        // Somebody else's data in the room is not read as ours.
        assert!(serde_json::from_str::<PeerEvent>(
            r#"{"Signal":{"sender":"p","data":{"Offer":"sdp"}}}"#
        )
        .is_err());
    }
}
