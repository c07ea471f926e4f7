//! This device's DTLS certificate for every connection it makes: kept in IndexedDB (a
//! certificate cannot be written to localStorage), so after a reload the device is the one
//! the other side expects, and a connection the other side kept ready opens with no message
//! between them. Where the browser keeps nothing (IndexedDB refused), a certificate for this
//! page only: everything works except coming back by itself after a reload.

use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbRequest, IdbTransactionMode, RtcCertificate, RtcPeerConnection};

const DB: &str = "kartenrunde-net";
const STORE: &str = "keys";
const KEY: &str = "certificate";
/// A certificate is renewed when it has less than this left (ms): a month.
const MARGIN_MS: f64 = 30.0 * 24.0 * 3600.0 * 1000.0;

thread_local! {
    /// The certificate once known; `Some(None)` while it is being made.
    static CERT: RefCell<Option<Option<RtcCertificate>>> = const { RefCell::new(None) };
}

/// The result of an IndexedDB request once it is done.
async fn done(req: &IdbRequest) -> Result<JsValue, JsValue> {
    let p = js_sys::Promise::new(&mut |ok, err| {
        req.set_onsuccess(Some(&ok));
        req.set_onerror(Some(&err));
    });
    JsFuture::from(p).await?;
    req.result()
}

async fn open() -> Result<IdbDatabase, JsValue> {
    let idb = web_sys::window()
        .ok_or(JsValue::NULL)?
        .indexed_db()?
        .ok_or(JsValue::NULL)?;
    let req = idb.open_with_u32(DB, 1)?;
    let upgrade = Closure::once(move |ev: web_sys::Event| {
        let db = ev
            .target()
            .and_then(|t| t.dyn_into::<IdbRequest>().ok())
            .and_then(|r| r.result().ok())
            .and_then(|d| d.dyn_into::<IdbDatabase>().ok());
        if let Some(db) = db {
            let _ = db.create_object_store(STORE);
        }
    });
    req.set_onupgradeneeded(Some(upgrade.as_ref().unchecked_ref()));
    let db = done(&req).await;
    req.set_onupgradeneeded(None);
    db?.dyn_into().map_err(|_| JsValue::NULL)
}

fn fresh(cert: &RtcCertificate) -> bool {
    cert.expires() - js_sys::Date::now() > MARGIN_MS
}

async fn kept() -> Result<Option<RtcCertificate>, JsValue> {
    let db = open().await?;
    let store = db.transaction_with_str(STORE)?.object_store(STORE)?;
    let got = done(&store.get(&KEY.into())?).await?;
    Ok(got.dyn_into::<RtcCertificate>().ok().filter(fresh))
}

async fn keep(cert: &RtcCertificate) -> Result<(), JsValue> {
    let db = open().await?;
    let store = db
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)?
        .object_store(STORE)?;
    done(&store.put_with_key(cert, &KEY.into())?).await?;
    Ok(())
}

async fn generate() -> Option<RtcCertificate> {
    let alg = js_sys::Object::new();
    let set = |k: &str, v: JsValue| js_sys::Reflect::set(&alg, &k.into(), &v);
    set("name", "ECDSA".into()).ok()?;
    set("namedCurve", "P-256".into()).ok()?;
    // A year (browsers may cap it).
    set("expires", (365.0 * 24.0 * 3600.0 * 1000.0).into()).ok()?;
    let p = RtcPeerConnection::generate_certificate_with_object(&alg).ok()?;
    JsFuture::from(p).await.ok()?.dyn_into().ok()
}

/// This device's certificate (None: the browser makes one per connection).
pub async fn certificate() -> Option<RtcCertificate> {
    loop {
        match CERT.with(|c| c.borrow().clone()) {
            Some(Some(cert)) => return Some(cert),
            // Another connection is making it: one certificate for all.
            Some(None) => super::rtc::sleep(20).await,
            None => break,
        }
    }
    CERT.with(|c| *c.borrow_mut() = Some(None));
    let cert = match kept().await {
        Ok(Some(cert)) => Some(cert),
        _ => {
            let made = generate().await;
            if let Some(c) = &made {
                let _ = keep(c).await;
            }
            made
        }
    };
    // Nothing made: the browser's own per connection (tried again next time).
    CERT.with(|c| *c.borrow_mut() = cert.clone().map(Some));
    cert
}
