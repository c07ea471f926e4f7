//! Play between devices: the codes that carry connection data between two devices
//! ([`code`]), the browser's WebRTC data channels ([`rtc`]) with this device's certificate
//! ([`ident`]) and the hand-over between tabs
//! of one browser ([`local`]). Knows no game: what is sent
//! over a channel is `play::remote`'s.

pub mod code;
pub mod config;
pub mod ident;
pub mod local;
pub mod room;
pub mod rtc;
pub mod scan;
