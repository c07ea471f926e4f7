//! What travels between two devices before they are connected: the host's invitation (its
//! WebRTC connection data for one seat) and the guest's reply (its own), each as a short
//! base64url text for a link or a QR code.
//!
//! Only what a data-channel session needs of an SDP is kept (ICE user fragment and password,
//! the DTLS fingerprint, the candidates); the other side rebuilds a complete SDP from it
//! ([`sdp_of`]). A checksum rejects a link that a messenger cut or changed.

use engine::save::{base64url_decode, base64url_encode};

/// Why a code cannot be used (each has its own sentence in the player's language).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Not a Kartenrunde code at all, or damaged (checksum).
    Damaged,
    /// Cut short (a messenger or a copy lost its end).
    Truncated,
    /// An invitation where a reply is expected, or the other way round.
    WrongKind,
    /// Written by a newer version of Kartenrunde.
    Newer,
    /// The browser's connection data has nothing a guest could reach.
    NoAddress,
}

impl CodeError {
    /// The translation key of the sentence that explains it.
    pub fn key(self) -> &'static str {
        match self {
            CodeError::Damaged => "net.code_damaged",
            CodeError::Truncated => "net.code_truncated",
            CodeError::WrongKind => "net.code_wrong_kind",
            CodeError::Newer => "net.code_newer",
            CodeError::NoAddress => "net.no_address",
        }
    }
}

/// Where a candidate can be reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Addr {
    V4([u8; 4]),
    V6([u8; 16]),
    /// A browser's private name for a local address (`<uuid>.local`).
    Mdns([u8; 16]),
    Name(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Host,
    Srflx,
    Relay,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub kind: Kind,
    pub addr: Addr,
    pub port: u16,
}

/// A side's connection data.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ice {
    pub ufrag: String,
    pub pwd: String,
    pub fingerprint: [u8; 32],
    pub candidates: Vec<Candidate>,
}

impl Ice {
    /// Connection data whose credentials are printable and which names an address.
    fn checked(
        ufrag: String,
        pwd: String,
        fingerprint: [u8; 32],
        candidates: Vec<Candidate>,
    ) -> Result<Ice, CodeError> {
        let safe = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_graphic());
        if !safe(&ufrag) || !safe(&pwd) {
            return Err(CodeError::Damaged);
        }
        if candidates.is_empty() {
            return Err(CodeError::NoAddress);
        }
        Ok(Ice {
            ufrag,
            pwd,
            fingerprint,
            candidates,
        })
    }
}

/// The host's invitation to one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    /// The engine's game name (which part of the app to load).
    pub game: String,
    /// The catalog entry (its title on the guest's screen).
    pub variant: String,
    /// The host's id of the table (the save's id).
    pub table: String,
    pub seat: u8,
    pub seats: u8,
    /// The name the host gave the seat (the guest may change it).
    pub name: String,
    /// The seat's secret: whoever holds it plays the seat (kept on the guest's device).
    pub token: u64,
    /// The host's connection data (empty in an invitation to a room: it comes through the
    /// room, see `net::room`).
    pub ice: Ice,
    /// The room where the host's page is found, in an invitation sent across the internet.
    pub room: Option<RoomRef>,
}

/// A room on a signalling server (`net::room`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomRef {
    /// The signalling server's WebSocket address.
    pub signal: String,
    /// The room's name there (random: only those with a link find it).
    pub id: String,
}

/// A guest's answer to an invitation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub table: String,
    pub seat: u8,
    pub token: u64,
    /// The invitation's ICE user fragment: which offer this answers.
    pub offer: String,
    pub ice: Ice,
}

/// A device's fixed ICE credentials at one seat: the same after a reload, so the other side
/// can keep a connection ready whose answer it wrote itself ([`Ice::identity`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Creds {
    pub ufrag: String,
    pub pwd: String,
}

/// Which side of a seat's connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Host,
    Guest,
}

impl Creds {
    /// The credentials of `side` at the seat whose secret is `token` (both devices know it;
    /// what keeps a third device out is the DTLS certificate, not these).
    pub fn of(token: u64, side: Side) -> Creds {
        let mut x = token
            ^ if side == Side::Host {
                0x6b61_7274_656e_4831
            } else {
                0x6b61_7274_656e_4732
            };
        let mut next = || {
            // splitmix64
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let ufrag = format!("{:08x}", next() >> 32);
        let pwd = format!("{:016x}{:08x}", next(), next() >> 32);
        Creds { ufrag, pwd }
    }
}

/// `sdp` (a description the browser made) with `creds` as its ICE credentials.
pub fn with_creds(sdp: &str, creds: &Creds) -> String {
    sdp.split_inclusive('\n')
        .map(|line| {
            let end = if line.ends_with("\r\n") {
                "\r\n"
            } else if line.ends_with('\n') {
                "\n"
            } else {
                ""
            };
            if line.starts_with("a=ice-ufrag:") {
                format!("a=ice-ufrag:{}{end}", creds.ufrag)
            } else if line.starts_with("a=ice-pwd:") {
                format!("a=ice-pwd:{}{end}", creds.pwd)
            } else {
                line.to_string()
            }
        })
        .collect()
}

impl Ice {
    /// What a device with these credentials and certificate answers, without its addresses:
    /// the answer a side writes itself for the other's return.
    pub fn identity(&self) -> Ice {
        Ice {
            candidates: Vec::new(),
            ..self.clone()
        }
    }
}

const VERSION: u8 = 1;

/// Reads `a=` lines of an SDP into [`Ice`]: UDP candidates only (browsers' data channels
/// over TCP candidates gain nothing on one network).
pub fn ice_of(sdp: &str) -> Result<Ice, CodeError> {
    let mut ufrag = None;
    let mut pwd = None;
    let mut fingerprint = None;
    let mut candidates = Vec::new();
    for line in sdp.lines() {
        let line = line.trim();
        if let Some(v) = line.strip_prefix("a=ice-ufrag:") {
            ufrag.get_or_insert(v.to_string());
        } else if let Some(v) = line.strip_prefix("a=ice-pwd:") {
            pwd.get_or_insert(v.to_string());
        } else if let Some(v) = line.strip_prefix("a=fingerprint:sha-256 ") {
            fingerprint = fingerprint.or(parse_fingerprint(v));
        } else if let Some(v) = line.strip_prefix("a=candidate:") {
            if let Some(c) = parse_candidate(v) {
                if !candidates.contains(&c) {
                    candidates.push(c);
                }
            }
        }
    }
    let (Some(ufrag), Some(pwd), Some(fingerprint)) = (ufrag, pwd, fingerprint) else {
        return Err(CodeError::Damaged);
    };
    Ice::checked(ufrag, pwd, fingerprint, candidates)
}

fn parse_fingerprint(hex: &str) -> Option<[u8; 32]> {
    let mut out = [0u8; 32];
    let mut n = 0;
    for part in hex.trim().split(':') {
        *out.get_mut(n)? = u8::from_str_radix(part, 16).ok()?;
        n += 1;
    }
    (n == 32).then_some(out)
}

/// `<foundation> <component> <proto> <priority> <addr> <port> typ <kind> …`
fn parse_candidate(v: &str) -> Option<Candidate> {
    let f: Vec<&str> = v.split_whitespace().collect();
    if f.len() < 8 || f[1] != "1" || !f[2].eq_ignore_ascii_case("udp") || f[6] != "typ" {
        return None;
    }
    let kind = match f[7] {
        "host" => Kind::Host,
        "srflx" => Kind::Srflx,
        "relay" => Kind::Relay,
        _ => return None,
    };
    let port: u16 = f[5].parse().ok()?;
    Some(Candidate {
        kind,
        addr: parse_addr(f[4])?,
        port,
    })
}

fn parse_addr(a: &str) -> Option<Addr> {
    if let Ok(ip) = a.parse::<std::net::Ipv4Addr>() {
        return Some(Addr::V4(ip.octets()));
    }
    if let Ok(ip) = a.parse::<std::net::Ipv6Addr>() {
        return Some(Addr::V6(ip.octets()));
    }
    if let Some(uuid) = a.strip_suffix(".local").and_then(parse_uuid) {
        return Some(Addr::Mdns(uuid));
    }
    (a.len() < 64
        && !a.is_empty()
        && a.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-'))
    .then(|| Addr::Name(a.to_string()))
}

fn parse_uuid(s: &str) -> Option<[u8; 16]> {
    let hex: String = s.chars().filter(|c| *c != '-').collect();
    if hex.len() != 32 || s.len() != 36 {
        return None;
    }
    let mut out = [0u8; 16];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    // Only the canonical lower-case form comes back out unchanged.
    (format_uuid(&out) == s).then_some(out)
}

fn format_uuid(b: &[u8; 16]) -> String {
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..]
    )
}

fn addr_text(a: &Addr) -> String {
    match a {
        Addr::V4(o) => std::net::Ipv4Addr::from(*o).to_string(),
        Addr::V6(o) => std::net::Ipv6Addr::from(*o).to_string(),
        Addr::Mdns(u) => format!("{}.local", format_uuid(u)),
        Addr::Name(n) => n.clone(),
    }
}

/// A complete SDP for `ice`: an offer (`actpass`) or an answer (`active`), one data-channel
/// section.
pub fn sdp_of(ice: &Ice, offer: bool) -> String {
    let fp: Vec<String> = ice.fingerprint.iter().map(|b| format!("{b:02X}")).collect();
    let mut s = String::with_capacity(700);
    s.push_str("v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n");
    s.push_str("a=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n");
    s.push_str("c=IN IP4 0.0.0.0\r\n");
    for (i, c) in ice.candidates.iter().enumerate() {
        let (kind, base) = match c.kind {
            Kind::Host => ("host", 126u32),
            Kind::Srflx => ("srflx", 100),
            Kind::Relay => ("relay", 0),
        };
        let priority = (base << 24) | ((65535 - i as u32) << 8) | 255;
        let related = if c.kind == Kind::Host {
            ""
        } else {
            " raddr 0.0.0.0 rport 0"
        };
        s.push_str(&format!(
            "a=candidate:{} 1 udp {priority} {} {} typ {kind}{related}\r\n",
            i + 1,
            addr_text(&c.addr),
            c.port
        ));
    }
    // An answer built from a device's fixed identity has none: the other side's checks
    // arrive when it comes back (and "no more candidates" would end the wait at once).
    if !ice.candidates.is_empty() {
        s.push_str("a=end-of-candidates\r\n");
    }
    s.push_str(&format!(
        "a=ice-ufrag:{}\r\na=ice-pwd:{}\r\n",
        ice.ufrag, ice.pwd
    ));
    s.push_str(&format!("a=fingerprint:sha-256 {}\r\n", fp.join(":")));
    s.push_str(if offer {
        "a=setup:actpass\r\n"
    } else {
        "a=setup:active\r\n"
    });
    s.push_str("a=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n");
    s
}

/// Bytes written one field after the other.
#[derive(Default)]
struct Out(Vec<u8>);

impl Out {
    fn str(&mut self, s: &str) {
        let b = &s.as_bytes()[..s.len().min(255)];
        self.0.push(b.len() as u8);
        self.0.extend_from_slice(b);
    }
    fn ice(&mut self, ice: &Ice) {
        self.str(&ice.ufrag);
        self.str(&ice.pwd);
        self.0.extend_from_slice(&ice.fingerprint);
        let cands = &ice.candidates[..ice.candidates.len().min(8)];
        self.0.push(cands.len() as u8);
        for c in cands {
            let kind = match c.kind {
                Kind::Host => 0u8,
                Kind::Srflx => 1,
                Kind::Relay => 2,
            };
            match &c.addr {
                Addr::V4(o) => {
                    self.0.push(kind << 4);
                    self.0.extend_from_slice(o);
                }
                Addr::V6(o) => {
                    self.0.push((kind << 4) | 1);
                    self.0.extend_from_slice(o);
                }
                Addr::Mdns(u) => {
                    self.0.push((kind << 4) | 2);
                    self.0.extend_from_slice(u);
                }
                Addr::Name(n) => {
                    self.0.push((kind << 4) | 3);
                    self.str(n);
                }
            }
            self.0.extend_from_slice(&c.port.to_be_bytes());
        }
    }
    /// Version, kind, payload, then a 16-bit checksum of all before it.
    fn finish(mut self) -> String {
        let sum = checksum(&self.0);
        self.0.extend_from_slice(&sum.to_be_bytes());
        base64url_encode(&self.0)
    }
}

fn checksum(bytes: &[u8]) -> u16 {
    let h = bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    (h ^ (h >> 16)) as u16
}

/// Reads fields in the order [`Out`] wrote them; every read checks the length.
struct In<'a>(&'a [u8]);

impl<'a> In<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], CodeError> {
        if self.0.len() < n {
            return Err(CodeError::Truncated);
        }
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        Ok(a)
    }
    fn u8(&mut self) -> Result<u8, CodeError> {
        Ok(self.take(1)?[0])
    }
    fn str(&mut self) -> Result<String, CodeError> {
        let n = self.u8()? as usize;
        String::from_utf8(self.take(n)?.to_vec()).map_err(|_| CodeError::Damaged)
    }
    fn array<const N: usize>(&mut self) -> Result<[u8; N], CodeError> {
        self.take(N)?.try_into().map_err(|_| CodeError::Truncated)
    }
    fn ice(&mut self) -> Result<Ice, CodeError> {
        let ufrag = self.str()?;
        let pwd = self.str()?;
        let fingerprint = self.array::<32>()?;
        let n = self.u8()?;
        let mut candidates = Vec::new();
        for _ in 0..n {
            let tag = self.u8()?;
            let kind = match tag >> 4 {
                0 => Kind::Host,
                1 => Kind::Srflx,
                2 => Kind::Relay,
                _ => return Err(CodeError::Damaged),
            };
            let addr = match tag & 15 {
                0 => Addr::V4(self.array()?),
                1 => Addr::V6(self.array()?),
                2 => Addr::Mdns(self.array()?),
                3 => Addr::Name(self.str()?),
                _ => return Err(CodeError::Damaged),
            };
            let port = u16::from_be_bytes(self.array()?);
            candidates.push(Candidate { kind, addr, port });
        }
        Ice::checked(ufrag, pwd, fingerprint, candidates)
    }
}

/// The bytes of a code after its checks (checksum, version, kind `want`).
fn open(text: &str, want: u8) -> Result<Vec<u8>, CodeError> {
    let bytes = base64url_decode(text.trim()).map_err(|_| CodeError::Damaged)?;
    if bytes.len() < 4 {
        return Err(CodeError::Truncated);
    }
    let (body, sum) = bytes.split_at(bytes.len() - 2);
    if checksum(body).to_be_bytes() != sum {
        // A cut code fails here too; a short one is more likely cut than changed.
        return Err(if bytes.len() < 60 {
            CodeError::Truncated
        } else {
            CodeError::Damaged
        });
    }
    if body[0] > VERSION {
        return Err(CodeError::Newer);
    }
    if body[0] != VERSION {
        return Err(CodeError::Damaged);
    }
    if body[1] != want {
        return Err(CodeError::WrongKind);
    }
    Ok(body[2..].to_vec())
}

impl Invite {
    pub fn encode(&self) -> String {
        let mut o = Out::default();
        o.0.extend_from_slice(&[VERSION, b'I']);
        o.str(&self.game);
        o.str(&self.variant);
        o.str(&self.table);
        o.0.extend_from_slice(&[self.seat, self.seats]);
        o.str(&self.name);
        o.0.extend_from_slice(&self.token.to_be_bytes());
        match &self.room {
            // An invitation to a room: the kind says so, the room replaces the connection data.
            Some(room) => {
                o.0[1] = b'M';
                o.str(&room.signal);
                o.str(&room.id);
            }
            None => o.ice(&self.ice),
        }
        o.finish()
    }

    /// An invitation with its connection data, or to a room.
    pub fn decode(text: &str) -> Result<Invite, CodeError> {
        let (kind, body) = match open(text, b'I') {
            Err(CodeError::WrongKind) => (b'M', open(text, b'M')?),
            other => (b'I', other?),
        };
        let mut i = In(&body);
        let game = i.str()?;
        let variant = i.str()?;
        let table = i.str()?;
        let seat = i.u8()?;
        let seats = i.u8()?;
        let name = i.str()?;
        let token = u64::from_be_bytes(i.array()?);
        let (ice, room) = if kind == b'M' {
            let signal = i.str()?;
            let id = i.str()?;
            let fine = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_graphic());
            if !fine(&signal) || !fine(&id) {
                return Err(CodeError::Damaged);
            }
            (Ice::default(), Some(RoomRef { signal, id }))
        } else {
            (i.ice()?, None)
        };
        if seat >= seats {
            return Err(CodeError::Damaged);
        }
        Ok(Invite {
            game,
            variant,
            table,
            seat,
            seats,
            name,
            token,
            ice,
            room,
        })
    }
}

impl Reply {
    pub fn encode(&self) -> String {
        let mut o = Out::default();
        o.0.extend_from_slice(&[VERSION, b'R']);
        o.str(&self.table);
        o.0.push(self.seat);
        o.0.extend_from_slice(&self.token.to_be_bytes());
        o.str(&self.offer);
        o.ice(&self.ice);
        o.finish()
    }

    pub fn decode(text: &str) -> Result<Reply, CodeError> {
        let body = open(text, b'R')?;
        let mut i = In(&body);
        let table = i.str()?;
        let seat = i.u8()?;
        let token = u64::from_be_bytes(i.array()?);
        let offer = i.str()?;
        let ice = i.ice()?;
        Ok(Reply {
            table,
            seat,
            token,
            offer,
            ice,
        })
    }
}

/// The code in a pasted text: a whole link (`…#/join/<code>`, `…#/reply/<code>`) or the
/// code alone.
pub fn code_in(text: &str) -> &str {
    let t = text.trim();
    for marker in ["#/join/", "#/reply/"] {
        if let Some(at) = t.find(marker) {
            return t[at + marker.len()..].trim_end_matches('/');
        }
    }
    t
}

#[cfg(test)]
mod tests;
