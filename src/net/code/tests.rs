use super::*;

/// An offer as Chromium writes it for one negotiated data channel (two candidates: an
/// mDNS name and an IPv4 address; a TCP candidate that is left out).
const CHROME_OFFER: &str = "v=0\r\no=- 4215775240449105457 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 50984 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 192.168.1.23\r\na=candidate:3431279580 1 udp 2113937151 5a1f3c6e-8a2b-4c1d-9e3f-0123456789ab.local 50984 typ host generation 0 network-cost 999\r\na=candidate:1221871432 1 udp 2113937150 192.168.1.23 50985 typ host generation 0 network-cost 999\r\na=candidate:842163049 1 tcp 1518280447 192.168.1.23 9 typ host tcptype active generation 0\r\na=ice-ufrag:Xq7e\r\na=ice-pwd:pS9rSf8RVeXI+mvWk3Rfqw/R\r\na=ice-options:trickle\r\na=fingerprint:sha-256 5F:3A:91:0C:22:AB:CD:EF:01:23:45:67:89:AB:CD:EF:10:32:54:76:98:BA:DC:FE:00:11:22:33:44:55:66:77\r\na=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

fn invite() -> Invite {
    Invite {
        game: "romme".into(),
        variant: "romme_kaufen".into(),
        table: "g1a2b3c4d5e6".into(),
        seat: 2,
        seats: 4,
        name: "Cara".into(),
        token: 0x0123_4567_89ab_cdef,
        ice: ice_of(CHROME_OFFER).unwrap(),
        room: None,
    }
}

#[test]
fn an_invitation_to_a_room_carries_no_connection_data() {
    let inv = Invite {
        ice: Ice::default(),
        room: Some(RoomRef {
            signal: "wss://signal.example.org".into(),
            id: "kr1-0123456789abcdef0123456789abcdef".into(),
        }),
        ..invite()
    };
    let code = inv.encode();
    assert!(code.len() < 170, "{} characters", code.len());
    assert_eq!(Invite::decode(&code), Ok(inv.clone()));
    // Cut or changed, it says so; a reply is not taken for it.
    assert_eq!(Invite::decode(&code[..20]), Err(CodeError::Truncated));
    let mut bad = code.clone().into_bytes();
    bad[30] = if bad[30] == b'A' { b'B' } else { b'A' };
    assert!(Invite::decode(std::str::from_utf8(&bad).unwrap()).is_err());
    // An invitation with connection data still reads as before.
    assert_eq!(Invite::decode(&invite().encode()), Ok(invite()));
    assert_eq!(
        Reply::decode(&code),
        Err(CodeError::WrongKind),
        "a room invitation is no reply"
    );
}

#[test]
fn an_sdp_keeps_what_a_data_channel_needs() {
    let ice = ice_of(CHROME_OFFER).unwrap();
    assert_eq!(ice.ufrag, "Xq7e");
    assert_eq!(ice.pwd, "pS9rSf8RVeXI+mvWk3Rfqw/R");
    assert_eq!(ice.fingerprint[0], 0x5f);
    assert_eq!(ice.fingerprint[31], 0x77);
    // The TCP candidate is left out.
    assert_eq!(ice.candidates.len(), 2);
    assert!(matches!(ice.candidates[0].addr, Addr::Mdns(_)));
    assert_eq!(ice.candidates[1].addr, Addr::V4([192, 168, 1, 23]));
    assert_eq!(ice.candidates[1].port, 50985);
    // The rebuilt SDP says the same again.
    let again = ice_of(&sdp_of(&ice, true)).unwrap();
    assert_eq!(again, ice);
    let sdp = sdp_of(&ice, false);
    assert!(sdp.contains("a=setup:active\r\n"));
    assert!(sdp.contains("5a1f3c6e-8a2b-4c1d-9e3f-0123456789ab.local 50984 typ host"));
    assert!(sdp.contains("a=fingerprint:sha-256 5F:3A:91:"));
}

#[test]
fn an_sdp_without_a_reachable_address_is_said_so() {
    let no_udp: String = CHROME_OFFER
        .lines()
        .filter(|l| !l.contains("udp"))
        .map(|l| format!("{l}\r\n"))
        .collect();
    assert_eq!(ice_of(&no_udp), Err(CodeError::NoAddress));
    assert_eq!(ice_of("v=0\r\n"), Err(CodeError::Damaged));
}

#[test]
fn invitations_and_replies_round_trip_and_stay_short() {
    let inv = invite();
    let code = inv.encode();
    assert_eq!(Invite::decode(&code), Ok(inv.clone()));
    // A QR code of version 10 or less holds the whole link (about 40 more characters).
    assert!(code.len() < 200, "{} characters: {code}", code.len());
    let reply = Reply {
        table: inv.table.clone(),
        seat: 2,
        token: inv.token,
        offer: inv.ice.ufrag.clone(),
        ice: inv.ice.clone(),
    };
    assert_eq!(Reply::decode(&reply.encode()), Ok(reply.clone()));
    // The one is not taken for the other.
    assert_eq!(Reply::decode(&code), Err(CodeError::WrongKind));
    assert_eq!(Invite::decode(&reply.encode()), Err(CodeError::WrongKind));
}

#[test]
fn damaged_codes_are_refused_with_a_reason() {
    let code = invite().encode();
    // Cut anywhere.
    for cut in [1, 5, 20, code.len() / 2, code.len() - 1] {
        let e = Invite::decode(&code[..code.len() - cut]).unwrap_err();
        assert!(
            matches!(e, CodeError::Truncated | CodeError::Damaged),
            "cut {cut}: {e:?}"
        );
    }
    // One character changed anywhere.
    for at in (0..code.len()).step_by(7) {
        let mut b = code.clone().into_bytes();
        b[at] = if b[at] == b'A' { b'B' } else { b'A' };
        let text = String::from_utf8(b).unwrap();
        assert!(Invite::decode(&text).is_err(), "changed at {at}");
    }
    assert_eq!(Invite::decode(""), Err(CodeError::Truncated));
    assert!(Invite::decode("%%%").is_err());
    assert!(Invite::decode("hallo welt").is_err());
}

#[test]
fn a_newer_version_is_named() {
    let mut o = Out::default();
    o.0.extend_from_slice(&[VERSION + 1, b'I', 0, 0, 0, 0, 0, 0]);
    assert_eq!(Invite::decode(&o.finish()), Err(CodeError::Newer));
}

#[test]
fn the_code_is_found_in_a_pasted_link() {
    let code = invite().encode();
    let link = format!("https://example.org/kartenrunde/#/join/{code}");
    assert_eq!(code_in(&link), code);
    assert_eq!(code_in(&format!("  {code}\n")), code);
    assert_eq!(code_in("http://x/#/reply/abc/"), "abc");
}

#[test]
fn arbitrary_bytes_never_panic() {
    let mut seed = 7u64;
    for n in 0..2000 {
        let len = n % 120;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (seed >> 33) as u8
            })
            .collect();
        let text = base64url_encode(&bytes);
        let _ = Invite::decode(&text);
        let _ = Reply::decode(&text);
        // With a valid checksum, too: the fields' own checks must hold.
        let mut o = Out(vec![VERSION, if n % 2 == 0 { b'I' } else { b'R' }]);
        o.0.extend_from_slice(&bytes);
        let text = o.finish();
        let _ = Invite::decode(&text);
        let _ = Reply::decode(&text);
    }
}

#[test]
fn fixed_credentials_are_the_same_on_both_devices_and_differ_by_side_and_seat() {
    let h = Creds::of(7, Side::Host);
    assert_eq!(h, Creds::of(7, Side::Host));
    assert_ne!(h, Creds::of(7, Side::Guest));
    assert_ne!(h, Creds::of(8, Side::Host));
    // ICE wants at least 4 and 22 characters of its alphabet.
    assert!(h.ufrag.len() >= 4 && h.pwd.len() >= 22);
    assert!(h.pwd.bytes().all(|b| b.is_ascii_hexdigit()));
}

#[test]
fn credentials_are_written_into_a_description() {
    let c = Creds::of(1, Side::Guest);
    let sdp = with_creds(CHROME_OFFER, &c);
    let ice = ice_of(&sdp).unwrap();
    assert_eq!(
        (ice.ufrag.as_str(), ice.pwd.as_str()),
        (c.ufrag.as_str(), c.pwd.as_str())
    );
    // Nothing else changes.
    assert_eq!(
        sdp.len() - CHROME_OFFER.len(),
        c.ufrag.len() + c.pwd.len() - 4 - 24
    );
    assert_eq!(ice.candidates, ice_of(CHROME_OFFER).unwrap().candidates);
}

#[test]
fn an_answer_from_an_identity_names_no_address_and_does_not_end_the_wait() {
    let id = ice_of(CHROME_OFFER).unwrap().identity();
    let sdp = sdp_of(&id, false);
    assert!(!sdp.contains("a=candidate"));
    assert!(!sdp.contains("end-of-candidates"));
    assert!(sdp.contains("a=setup:active\r\n") && sdp.contains("a=ice-ufrag:Xq7e\r\n"));
}
