//! The servers a table across the internet uses: a signalling server, through which devices
//! in different homes find each other in a room (the matchbox project's `matchbox_server`
//! protocol, see [`super::room`]), and the STUN/TURN servers WebRTC needs across home routers
//! and mobile networks. None are ours: a deployer names them in `net.json` beside
//! `index.html` (the boot page keeps its last copy under [`SITE_KEY`], so a change needs no
//! rebuild and works offline), and a player may name others in the settings ([`OWN_KEY`]),
//! which then win (read by `host::servers`). With no signalling server the table between devices joins by invitation
//! and reply, with no server at all.

use serde::{Deserialize, Serialize};

/// The site's `net.json` as the boot page last fetched it.
pub const SITE_KEY: &str = "kartenrunde.net.site";
/// This device's own choice (the settings); absent: the site's.
pub const OWN_KEY: &str = "kartenrunde.net.own";

/// Longer texts are not read (a config is a few hundred bytes).
const MAX_TEXT: usize = 16 * 1024;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct NetConfig {
    /// The signalling server's address (`wss://…` or `ws://…`); empty: no rooms.
    pub signal: String,
    #[serde(rename = "iceServers")]
    pub ice_servers: Vec<IceServer>,
    /// Only relayed connections (through a TURN server): the devices never learn each
    /// other's addresses.
    #[serde(rename = "relayOnly")]
    pub relay_only: bool,
}

/// One STUN or TURN server, as WebRTC's `RTCIceServer`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IceServer {
    #[serde(deserialize_with = "one_or_many")]
    pub urls: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credential: Option<String>,
}

/// `urls`: one address, or a list of them (as WebRTC takes it). A visitor of its own: serde's
/// untagged enums buffer their input through a large generic reader.
fn one_or_many<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Urls;
    impl<'de> serde::de::Visitor<'de> for Urls {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an address or a list of addresses")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
            Ok(vec![v.to_string()])
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut a: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some(u) = a.next_element::<String>()? {
                out.push(u);
            }
            Ok(out)
        }
    }
    d.deserialize_any(Urls)
}

/// Why a configuration cannot be used (each has its own sentence in the player's language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// Not JSON of this shape.
    Unreadable,
    /// The signalling server's address is not a `ws://`/`wss://` (or `http(s)://`) address.
    Signal,
    /// A STUN/TURN address does not start with `stun:`, `stuns:`, `turn:` or `turns:`.
    IceUrl(String),
    /// A TURN server without user name and password.
    TurnCredentials(String),
    /// Relayed connections only, but no TURN server.
    RelayWithoutTurn,
}

impl ConfigError {
    pub fn key(&self) -> &'static str {
        match self {
            ConfigError::Unreadable => "netcfg.unreadable",
            ConfigError::Signal => "netcfg.bad_signal",
            ConfigError::IceUrl(_) => "netcfg.bad_ice",
            ConfigError::TurnCredentials(_) => "netcfg.turn_credentials",
            ConfigError::RelayWithoutTurn => "netcfg.relay_without_turn",
        }
    }

    /// The address the sentence is about, if any.
    pub fn what(&self) -> &str {
        match self {
            ConfigError::IceUrl(u) | ConfigError::TurnCredentials(u) => u,
            _ => "",
        }
    }
}

fn is_turn(url: &str) -> bool {
    url.starts_with("turn:") || url.starts_with("turns:")
}

impl NetConfig {
    /// Reads and checks a configuration (`net.json`, or what the settings stored). An
    /// `http(s)://` signalling address is taken as the WebSocket address on the same host.
    pub fn parse(text: &str) -> Result<NetConfig, ConfigError> {
        if text.len() > MAX_TEXT {
            return Err(ConfigError::Unreadable);
        }
        let mut c: NetConfig = serde_json::from_str(text).map_err(|_| ConfigError::Unreadable)?;
        c.check()?;
        c.signal = normal_signal(&c.signal).ok_or(ConfigError::Signal)?;
        Ok(c)
    }

    /// Checks the addresses and credentials.
    pub fn check(&self) -> Result<(), ConfigError> {
        normal_signal(&self.signal).ok_or(ConfigError::Signal)?;
        for s in &self.ice_servers {
            for u in &s.urls {
                let known = ["stun:", "stuns:", "turn:", "turns:"]
                    .iter()
                    .any(|p| u.starts_with(p) && u.len() > p.len());
                if !known || u.chars().any(char::is_whitespace) {
                    return Err(ConfigError::IceUrl(u.clone()));
                }
                let named = |x: &Option<String>| x.as_deref().is_some_and(|x| !x.is_empty());
                if is_turn(u) && !(named(&s.username) && named(&s.credential)) {
                    return Err(ConfigError::TurnCredentials(u.clone()));
                }
            }
        }
        if self.relay_only && !self.has_turn() {
            return Err(ConfigError::RelayWithoutTurn);
        }
        Ok(())
    }

    /// A room can be made (a signalling server is named).
    pub fn rooms(&self) -> bool {
        !self.signal.is_empty()
    }

    /// A TURN server is named (a guest who cannot reach the host directly is relayed).
    pub fn has_turn(&self) -> bool {
        self.ice_servers
            .iter()
            .any(|s| s.urls.iter().any(|u| is_turn(u)))
    }

    /// The WebSocket address of room `room`.
    pub fn room_url(signal: &str, room: &str) -> String {
        format!("{}/{room}", signal.trim_end_matches('/'))
    }

    /// The STUN/TURN servers as the settings' text: one server per line, its address, then
    /// user name and password if it has them.
    pub fn servers_text(&self) -> String {
        let mut lines = Vec::new();
        for s in &self.ice_servers {
            for u in &s.urls {
                let mut line = u.clone();
                if let (Some(n), Some(p)) = (&s.username, &s.credential) {
                    line = format!("{line} {n} {p}");
                }
                lines.push(line);
            }
        }
        lines.join("\n")
    }

    /// The settings' text of STUN/TURN servers (see [`Self::servers_text`]) read back.
    pub fn servers_of_text(text: &str) -> Vec<IceServer> {
        text.lines()
            .filter_map(|l| {
                let mut w = l.split_whitespace();
                let url = w.next()?.to_string();
                Some(IceServer {
                    urls: vec![url],
                    username: w.next().map(str::to_string),
                    credential: w.next().map(str::to_string),
                })
            })
            .collect()
    }

    /// What WebRTC is given.
    pub fn ice(&self) -> super::rtc::IceConfig {
        super::rtc::IceConfig {
            servers: self.ice_servers.clone(),
            relay_only: self.relay_only,
        }
    }
}

/// A signalling address as a WebSocket address (`ws://`/`wss://`, no trailing slash); empty
/// stays empty. None when it is no such address.
fn normal_signal(s: &str) -> Option<String> {
    let s = s.trim().trim_end_matches('/');
    if s.is_empty() {
        return Some(String::new());
    }
    let s = if let Some(rest) = s.strip_prefix("https://") {
        format!("wss://{rest}")
    } else if let Some(rest) = s.strip_prefix("http://") {
        format!("ws://{rest}")
    } else {
        s.to_string()
    };
    let rest = s
        .strip_prefix("wss://")
        .or_else(|| s.strip_prefix("ws://"))?;
    let host = rest.split('/').next().unwrap_or("");
    let fine = !host.is_empty() && !s.chars().any(|c| c.is_whitespace() || c == '?' || c == '#');
    fine.then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deployers_file_is_read() {
        let c = NetConfig::parse(
            r#"{"signal":"https://signal.example.org/","iceServers":[
                {"urls":"stun:stun.example.org:3478"},
                {"urls":["turn:turn.example.org:3478?transport=udp"],"username":"kr","credential":"pw"}]}"#,
        )
        .unwrap();
        assert_eq!(c.signal, "wss://signal.example.org");
        assert!(c.rooms() && c.has_turn() && !c.relay_only);
        assert_eq!(
            NetConfig::room_url(&c.signal, "kr1-ab"),
            "wss://signal.example.org/kr1-ab"
        );
        // The settings' text and back.
        let text = c.servers_text();
        assert_eq!(
            text,
            "stun:stun.example.org:3478\nturn:turn.example.org:3478?transport=udp kr pw"
        );
        assert_eq!(NetConfig::servers_of_text(&text), c.ice_servers);
    }

    #[test]
    fn an_empty_file_means_no_rooms() {
        let c = NetConfig::parse("{}").unwrap();
        assert!(!c.rooms() && !c.has_turn());
        assert_eq!(NetConfig::parse(r#"{"signal":""}"#).unwrap(), c);
    }

    #[test]
    fn bad_configurations_say_why() {
        assert_eq!(NetConfig::parse("nonsense"), Err(ConfigError::Unreadable));
        assert_eq!(NetConfig::parse("[1]"), Err(ConfigError::Unreadable));
        assert_eq!(
            NetConfig::parse(r#"{"signal":"signal.example.org"}"#),
            Err(ConfigError::Signal)
        );
        assert_eq!(
            NetConfig::parse(r#"{"signal":"wss://"}"#),
            Err(ConfigError::Signal)
        );
        assert_eq!(
            NetConfig::parse(r#"{"iceServers":[{"urls":"http://x"}]}"#),
            Err(ConfigError::IceUrl("http://x".into()))
        );
        assert_eq!(
            NetConfig::parse(r#"{"iceServers":[{"urls":"turn:x:3478"}]}"#),
            Err(ConfigError::TurnCredentials("turn:x:3478".into()))
        );
        assert_eq!(
            NetConfig::parse(r#"{"relayOnly":true,"iceServers":[{"urls":"stun:x"}]}"#),
            Err(ConfigError::RelayWithoutTurn)
        );
        let long = format!("{{\"signal\":\"ws://{}\"}}", "a".repeat(20_000));
        assert_eq!(NetConfig::parse(&long), Err(ConfigError::Unreadable));
    }
}
