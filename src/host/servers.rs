//! Which servers a table across the internet uses (`net::config`): the site's `net.json` as
//! the boot page last fetched it, or this device's own choice from the settings, and the
//! settings' section where a player names them.

use crate::ctx::use_app;
use crate::i18n::common::fill;
use crate::net::config::{NetConfig, OWN_KEY, SITE_KEY};
use crate::storage;
use leptos::prelude::*;

/// The configuration in use: this device's own, else the site's, else none.
pub fn current() -> NetConfig {
    own().or_else(site).unwrap_or_default()
}

/// The site's configuration (`net.json`) as last fetched; None when it has none or it cannot
/// be used.
pub fn site() -> Option<NetConfig> {
    storage::get(SITE_KEY).and_then(|t| NetConfig::parse(&t).ok())
}

/// This device's own configuration (the settings), if one is stored.
pub fn own() -> Option<NetConfig> {
    storage::get(OWN_KEY).and_then(|t| NetConfig::parse(&t).ok())
}

/// The settings' section on servers (its code fetched first: the part `net`).
pub fn settings_part() -> AnyView {
    crate::components::lazy::lazy_view(Box::pin(net_settings_part()), "setup.loading", || {
        ().into_any()
    })
}

#[leptos::wasm_split::wasm_split(net, wasm_split_path = ::leptos::wasm_split, fallible)]
fn net_settings_part() -> Result<AnyView, crate::play::ui_game::LoadError> {
    crate::i18n::install_part(crate::i18n::net::NET);
    Ok(servers_section().into_any())
}

/// The signalling server, the STUN/TURN servers and "relayed only": saved as this device's
/// own choice, or back to the site's.
fn servers_section() -> impl IntoView {
    let app = use_app();
    let site = site();
    let start = own().or_else(|| site.clone()).unwrap_or_default();
    let signal = RwSignal::new(start.signal.clone());
    let servers = RwSignal::new(start.servers_text());
    let relay = RwSignal::new(start.relay_only);
    let said = RwSignal::new(None::<Result<String, String>>);
    let site_text = match site.as_ref().filter(|s| s.rooms()) {
        Some(s) => s.signal.clone(),
        None => String::new(),
    };
    let save = move || {
        let lang = app.lang();
        let wanted = NetConfig {
            signal: signal.get_untracked(),
            ice_servers: NetConfig::servers_of_text(&servers.get_untracked()),
            relay_only: relay.get_untracked(),
        };
        // Checked as a deployer's file is, so what is stored is what a table reads.
        let text = serde_json::to_string(&wanted).unwrap_or_default();
        said.set(Some(match NetConfig::parse(&text) {
            Err(e) => Err(fill(lang, e.key(), &[("what", e.what().to_string())])),
            Ok(c) => {
                signal.set(c.signal.clone());
                let text = serde_json::to_string(&c).unwrap_or_default();
                if storage::set(OWN_KEY, &text) {
                    Ok(app.t("netcfg.saved"))
                } else {
                    Err(app.t("netcfg.not_saved"))
                }
            }
        }));
    };
    let reset = move || {
        storage::remove(OWN_KEY);
        let c = self::site().unwrap_or_default();
        signal.set(c.signal.clone());
        servers.set(c.servers_text());
        relay.set(c.relay_only);
        said.set(Some(Ok(app.t("netcfg.reset_done"))));
    };
    view! {
        <fieldset data-testid="net-settings">
            <legend>{move || app.t("netcfg.title")}</legend>
            <p class="net-note">{move || app.t("netcfg.intro")}</p>
            <p data-testid="net-site">{move || app.t("netcfg.site")}": "
                {let t = site_text.clone(); move || if t.is_empty() { app.t("netcfg.none") } else { t.clone() }}</p>
            <form class="net-settings" on:submit=move |ev| { ev.prevent_default(); save(); }>
                <label class="stacked">
                    <span>{move || app.t("netcfg.signal")}</span>
                    <input type="text" inputmode="url" autocomplete="off" spellcheck="false" data-testid="net-signal"
                        placeholder="wss://signal.example.org"
                        prop:value=move || signal.get() on:input=move |ev| signal.set(event_target_value(&ev))/>
                </label>
                <label class="stacked">
                    <span>{move || app.t("netcfg.servers")}</span>
                    <textarea rows="3" autocomplete="off" spellcheck="false" data-testid="net-servers"
                        placeholder=move || app.t("netcfg.servers_example")
                        prop:value=move || servers.get() on:input=move |ev| servers.set(event_target_value(&ev))></textarea>
                </label>
                <label class="choice">
                    <input type="checkbox" data-testid="net-relay" prop:checked=move || relay.get()
                        on:change=move |ev| relay.set(event_target_checked(&ev))/>
                    <span>{move || app.t("netcfg.relay_only")}</span>
                </label>
                <div class="net-reply-actions">
                    <button class="button primary" type="submit" data-testid="net-save">{move || app.t("netcfg.save")}</button>
                    <button class="button" type="button" data-testid="net-reset" on:click=move |_| reset()>{move || app.t("netcfg.reset")}</button>
                </div>
                {move || said.get().map(|r| match r {
                    Ok(m) => view! { <p class="net-ok" role="status" data-testid="net-saved">{m}</p> }.into_any(),
                    Err(m) => view! { <p class="error-box" role="alert" data-testid="net-not-saved">{m}</p> }.into_any(),
                })}
            </form>
        </fieldset>
    }
}
