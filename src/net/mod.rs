//! Play between devices: the codes that carry connection data between two devices
//! ([`code`]) and the browser's WebRTC data channels ([`rtc`]). Knows no game: what is sent
//! over a channel is `play::remote`'s.

pub mod code;
pub mod rtc;
