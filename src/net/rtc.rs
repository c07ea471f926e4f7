//! One WebRTC data channel to one other device, opened by exchanging [`Ice`] codes: the
//! host offers ([`Peer::offer`]), the guest answers ([`Peer::answer`]), the host takes the
//! answer ([`Peer::accept`]). The channel is negotiated (id 0, reliable and ordered) on both
//! sides, so neither waits for the other to announce it. Candidates are gathered completely
//! before a code is made: with no server between the devices there is no second message.

use super::code::{ice_of, sdp_of, with_creds, CodeError, Creds, Ice};
use super::config::IceServer;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    RtcConfiguration, RtcDataChannel, RtcDataChannelInit, RtcDataChannelState,
    RtcIceGatheringState, RtcIceServer, RtcIceTransportPolicy, RtcPeerConnection,
    RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit,
};

/// How the channel stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// Open: messages go both ways.
    Open,
    /// The network dropped for a moment; the browser tries to get it back by itself.
    Interrupted,
    /// Gone for good (closed, failed): a new connection is needed.
    Closed,
}

/// What the owner of a [`Peer`] hears from it.
pub struct Events {
    pub link: Box<dyn Fn(Link)>,
    pub message: Box<dyn Fn(String)>,
}

/// Why a connection could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RtcError {
    /// The browser has no WebRTC (or refused it).
    Unsupported,
    /// The code's data was refused by the browser, or none came out.
    Code(CodeError),
    /// Something else the browser said.
    Browser(String),
}

impl From<JsValue> for RtcError {
    fn from(v: JsValue) -> Self {
        RtcError::Browser(
            v.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
                .or_else(|| v.as_string())
                .unwrap_or_default(),
        )
    }
}

/// A connection to one device. Dropping it closes it.
pub struct Peer {
    pc: RtcPeerConnection,
    dc: RtcDataChannel,
    /// Set once the channel is gone, so a late event reports nothing.
    done: Rc<Cell<bool>>,
    _handlers: Vec<Closure<dyn FnMut(JsValue)>>,
}

impl Drop for Peer {
    fn drop(&mut self) {
        self.done.set(true);
        self.dc.set_onopen(None);
        self.dc.set_onclose(None);
        self.dc.set_onmessage(None);
        self.pc.set_onconnectionstatechange(None);
        self.dc.close();
        self.pc.close();
    }
}

/// A promise that resolves after `ms` milliseconds.
pub async fn sleep(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    });
    let _ = JsFuture::from(p).await;
}

/// The STUN/TURN servers a connection uses (none between devices on one network:
/// `IceConfig::default()`), and whether only relayed connections are allowed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IceConfig {
    pub servers: Vec<IceServer>,
    pub relay_only: bool,
}

/// The browser's configuration for `ice`, with this device's certificate.
async fn config(ice: &IceConfig, with_cert: bool) -> RtcConfiguration {
    let c = RtcConfiguration::new();
    let servers = js_sys::Array::new();
    for s in &ice.servers {
        let server = RtcIceServer::new();
        let urls: js_sys::Array = s.urls.iter().map(|u| JsValue::from_str(u)).collect();
        server.set_urls(&urls);
        if let Some(u) = &s.username {
            server.set_username(u);
        }
        if let Some(p) = &s.credential {
            server.set_credential(p);
        }
        servers.push(&server);
    }
    c.set_ice_servers(&servers);
    if ice.relay_only {
        c.set_ice_transport_policy(RtcIceTransportPolicy::Relay);
    }
    if with_cert {
        if let Some(cert) = super::ident::certificate().await {
            c.set_certificates(&js_sys::Array::of1(&cert));
        }
    }
    c
}

fn description(kind: RtcSdpType, sdp: &str) -> RtcSessionDescriptionInit {
    let d = RtcSessionDescriptionInit::new(kind);
    d.set_sdp(sdp);
    d
}

impl Peer {
    async fn new(events: Events, ice: &IceConfig) -> Result<Peer, RtcError> {
        // A browser that refuses the kept certificate makes its own (no way back by itself
        // then, but the table works).
        let pc = match RtcPeerConnection::new_with_configuration(&config(ice, true).await) {
            Ok(pc) => pc,
            Err(_) => RtcPeerConnection::new_with_configuration(&config(ice, false).await)
                .map_err(|_| RtcError::Unsupported)?,
        };
        let init = RtcDataChannelInit::new();
        init.set_negotiated(true);
        init.set_id(0);
        let dc = pc.create_data_channel_with_data_channel_dict("kartenrunde", &init);
        let done = Rc::new(Cell::new(false));
        let events = Rc::new(events);
        let mut handlers = Vec::new();
        let report = {
            let (done, events) = (done.clone(), events.clone());
            move |l: Link| {
                if !done.get() {
                    if l == Link::Closed {
                        done.set(true);
                    }
                    (events.link)(l)
                }
            }
        };
        let r = report.clone();
        let open = Closure::<dyn FnMut(JsValue)>::new(move |_| r(Link::Open));
        dc.set_onopen(Some(open.as_ref().unchecked_ref()));
        handlers.push(open);
        let r = report.clone();
        let close = Closure::<dyn FnMut(JsValue)>::new(move |_| r(Link::Closed));
        dc.set_onclose(Some(close.as_ref().unchecked_ref()));
        handlers.push(close);
        let (d, e) = (done.clone(), events.clone());
        let message = Closure::<dyn FnMut(JsValue)>::new(move |ev: JsValue| {
            let data = ev
                .dyn_ref::<web_sys::MessageEvent>()
                .and_then(|m| m.data().as_string());
            if let (false, Some(text)) = (d.get(), data) {
                (e.message)(text);
            }
        });
        dc.set_onmessage(Some(message.as_ref().unchecked_ref()));
        handlers.push(message);
        let pc2 = pc.clone();
        let dc2 = dc.clone();
        let state = Closure::<dyn FnMut(JsValue)>::new(move |_| match pc2.connection_state() {
            RtcPeerConnectionState::Disconnected => report(Link::Interrupted),
            RtcPeerConnectionState::Failed | RtcPeerConnectionState::Closed => report(Link::Closed),
            RtcPeerConnectionState::Connected if dc2.ready_state() == RtcDataChannelState::Open => {
                report(Link::Open)
            }
            _ => {}
        });
        pc.set_onconnectionstatechange(Some(state.as_ref().unchecked_ref()));
        handlers.push(state);
        Ok(Peer {
            pc,
            dc,
            done,
            _handlers: handlers,
        })
    }

    /// The local description once every candidate is known (at most `wait_ms`; what is
    /// known by then is used).
    async fn local_ice(&self, wait_ms: i32) -> Result<Ice, RtcError> {
        let mut waited = 0;
        while self.pc.ice_gathering_state() != RtcIceGatheringState::Complete && waited < wait_ms {
            sleep(40).await;
            waited += 40;
        }
        let sdp = self
            .pc
            .local_description()
            .map(|d| d.sdp())
            .unwrap_or_default();
        ice_of(&sdp).map_err(RtcError::Code)
    }

    /// Takes the description `made` (an offer or answer the browser made; with `creds` as its
    /// ICE credentials, if given) as the local one and returns its connection data once every
    /// candidate is known.
    async fn take_local(
        &self,
        kind: RtcSdpType,
        made: js_sys::Promise,
        creds: Option<&Creds>,
    ) -> Result<Ice, RtcError> {
        let made = JsFuture::from(made).await?;
        let sdp = js_sys::Reflect::get(&made, &"sdp".into())?
            .as_string()
            .unwrap_or_default();
        self.set_local(kind, &sdp, creds).await?;
        self.local_ice(5000).await
    }

    /// Sets `sdp` as the local description, with `creds` written in if given; a browser that
    /// refuses credentials it did not choose gets its own description (no way back by
    /// itself then, but the connection works).
    async fn set_local(
        &self,
        kind: RtcSdpType,
        sdp: &str,
        creds: Option<&Creds>,
    ) -> Result<(), RtcError> {
        if let Some(c) = creds {
            let fixed = description(kind, &with_creds(sdp, c));
            if JsFuture::from(self.pc.set_local_description(&fixed))
                .await
                .is_ok()
            {
                return Ok(());
            }
        }
        JsFuture::from(self.pc.set_local_description(&description(kind, sdp))).await?;
        Ok(())
    }

    /// The way back to a device that kept a connection ready for this one ([`Peer::standing`]):
    /// answers its offer with this device's fixed `creds`. Nothing goes back (the other side
    /// wrote this answer itself and learns the addresses from the checks), so no candidate is
    /// waited for: the connection is returned at once, before it can open.
    pub async fn come_back(
        offer: &Ice,
        events: Events,
        ice: &IceConfig,
        creds: &Creds,
    ) -> Result<Peer, RtcError> {
        let peer = Peer::new(events, ice).await?;
        let remote = description(RtcSdpType::Offer, &sdp_of(offer, true));
        JsFuture::from(peer.pc.set_remote_description(&remote)).await?;
        let made = JsFuture::from(peer.pc.create_answer()).await?;
        let sdp = js_sys::Reflect::get(&made, &"sdp".into())?
            .as_string()
            .unwrap_or_default();
        peer.set_local(RtcSdpType::Answer, &sdp, Some(creds))
            .await?;
        Ok(peer)
    }

    /// The host's side: a new connection and its invitation's connection data.
    pub async fn offer(events: Events, ice: &IceConfig) -> Result<(Peer, Ice), RtcError> {
        let peer = Peer::new(events, ice).await?;
        let ice = peer
            .take_local(RtcSdpType::Offer, peer.pc.create_offer(), None)
            .await?;
        Ok((peer, ice))
    }

    /// The guest's side: a connection to the device of `offer`, and the reply's data; with
    /// `creds` (this device's fixed credentials) when the other side may expect them.
    pub async fn answer(
        offer: &Ice,
        events: Events,
        ice: &IceConfig,
        creds: Option<&Creds>,
    ) -> Result<(Peer, Ice), RtcError> {
        let peer = Peer::new(events, ice).await?;
        let remote = description(RtcSdpType::Offer, &sdp_of(offer, true));
        JsFuture::from(peer.pc.set_remote_description(&remote)).await?;
        let ice = peer
            .take_local(RtcSdpType::Answer, peer.pc.create_answer(), creds)
            .await?;
        Ok((peer, ice))
    }

    /// A connection kept ready for the other device's return: an offer with this device's
    /// fixed `creds`, whose answer is written here from what the other device will answer
    /// with (`other`: its credentials and certificate, [`Ice::identity`]). When that device
    /// comes back (a reload, a network that dropped) it answers the offer by itself
    /// ([`Peer::answer`] with its fixed credentials) and the channel opens with no further
    /// message. Returns the offer's data to hand to the other device while connected.
    pub async fn standing(
        events: Events,
        ice: &IceConfig,
        creds: &Creds,
        other: &Ice,
    ) -> Result<(Peer, Ice), RtcError> {
        let peer = Peer::new(events, ice).await?;
        let ice = peer
            .take_local(RtcSdpType::Offer, peer.pc.create_offer(), Some(creds))
            .await?;
        peer.accept(&other.identity()).await?;
        Ok((peer, ice))
    }

    /// The host takes the guest's reply: the channel opens once the devices reach each other.
    pub fn accept(&self, reply: &Ice) -> impl std::future::Future<Output = Result<(), RtcError>> {
        let pc = self.pc.clone();
        let answer = description(RtcSdpType::Answer, &sdp_of(reply, false));
        async move {
            JsFuture::from(pc.set_remote_description(&answer)).await?;
            Ok(())
        }
    }

    /// Sends `text`; false when the channel is not open.
    pub fn send(&self, text: &str) -> bool {
        self.dc.ready_state() == RtcDataChannelState::Open && self.dc.send_with_str(text).is_ok()
    }

    pub fn is_open(&self) -> bool {
        self.dc.ready_state() == RtcDataChannelState::Open
    }

    /// The connection failed or was closed (it will not open any more).
    pub fn is_closed(&self) -> bool {
        matches!(
            self.pc.connection_state(),
            RtcPeerConnectionState::Failed | RtcPeerConnectionState::Closed
        )
    }
}
