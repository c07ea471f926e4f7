//! Hash-based routes (`#/`, `#/setup/romme`, `#/play/<save-id>`, ...), so `dist/` works on
//! any static host and from any sub-path.

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    Setup(String),
    Play(String),
    /// A stored game watched again: `#/replay/<save-id>`.
    Replay(String),
    Saves,
    Stats,
    Settings,
    /// The rules of a catalog entry: `#/rules/<variant>` with the default options, or
    /// `#/rules/<variant>/<save-id>` with the options of that stored game (its house rules).
    Rules(String, Option<String>),
    /// A shared game arriving by link: `#/link/<payload>`.
    Link(String),
    /// An invitation to a table between devices: `#/join/<code>`.
    Join(String),
    /// A guest's reply to an invitation, opened on the host's device: `#/reply/<code>`.
    Reply(String),
    /// The solver benchmark with n positions per row: `#/bench/<n>`, only in a build with the
    /// feature `bench-page` (never shipped; `tests/e2e/bench_solver.mjs`).
    #[cfg(feature = "bench-page")]
    Bench(usize),
    NotFound(String),
}

impl Route {
    pub fn parse(hash: &str) -> Route {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        let path = path.split('?').next().unwrap_or("");
        let mut parts = path.splitn(2, '/');
        let head = parts.next().unwrap_or("");
        let rest = parts.next().unwrap_or("").trim_end_matches('/');
        match (head, rest) {
            ("", _) => Route::Home,
            ("setup", id) if !id.is_empty() => Route::Setup(id.to_string()),
            ("play", id) if !id.is_empty() => Route::Play(id.to_string()),
            ("replay", id) if !id.is_empty() && !id.contains('/') => Route::Replay(id.to_string()),
            ("rules", rest) if !rest.is_empty() => match rest.split_once('/') {
                None => Route::Rules(rest.to_string(), None),
                Some((v, g)) if !v.is_empty() && !g.is_empty() && !g.contains('/') => {
                    Route::Rules(v.to_string(), Some(g.to_string()))
                }
                _ => Route::NotFound(path.to_string()),
            },
            ("link", payload) if !payload.is_empty() => Route::Link(payload.to_string()),
            ("join", code) if !code.is_empty() => Route::Join(code.to_string()),
            ("reply", code) if !code.is_empty() => Route::Reply(code.to_string()),
            #[cfg(feature = "bench-page")]
            ("bench", n) if n.parse::<usize>().is_ok() => Route::Bench(n.parse().unwrap_or(20)),
            ("saves", "") => Route::Saves,
            ("settings", "") => Route::Settings,
            ("stats", "") => Route::Stats,
            _ => Route::NotFound(path.to_string()),
        }
    }

    pub fn to_hash(&self) -> String {
        match self {
            Route::Home => "#/".into(),
            Route::Setup(id) => format!("#/setup/{id}"),
            Route::Play(id) => format!("#/play/{id}"),
            Route::Replay(id) => format!("#/replay/{id}"),
            Route::Rules(v, None) => format!("#/rules/{v}"),
            Route::Rules(v, Some(g)) => format!("#/rules/{v}/{g}"),
            Route::Link(p) => format!("#/link/{p}"),
            Route::Join(c) => format!("#/join/{c}"),
            Route::Reply(c) => format!("#/reply/{c}"),
            #[cfg(feature = "bench-page")]
            Route::Bench(n) => format!("#/bench/{n}"),
            Route::Saves => "#/saves".into(),
            Route::Settings => "#/settings".into(),
            Route::Stats => "#/stats".into(),
            Route::NotFound(p) => format!("#/{p}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_format_round_trip() {
        for r in [
            Route::Home,
            Route::Setup("romme_kaufen".into()),
            Route::Play("g-17".into()),
            Route::Replay("g-17".into()),
            Route::Saves,
            Route::Stats,
            Route::Settings,
            Route::Link("eyJ2Ijox".into()),
            Route::Join("AQlyb21tZQ".into()),
            Route::Reply("AVJnMWEy".into()),
            #[cfg(feature = "bench-page")]
            Route::Bench(20),
            Route::Rules("romme_raeuber".into(), None),
            Route::Rules("karussell".into(), Some("g1a2b".into())),
        ] {
            assert_eq!(Route::parse(&r.to_hash()), r);
        }
    }

    #[test]
    fn tolerant_parsing() {
        assert_eq!(Route::parse(""), Route::Home);
        assert_eq!(Route::parse("#"), Route::Home);
        assert_eq!(Route::parse("#/settings/"), Route::Settings);
        assert_eq!(Route::parse("#/setup/"), Route::NotFound("setup/".into()));
        assert_eq!(Route::parse("#/zzz"), Route::NotFound("zzz".into()));
        assert_eq!(
            Route::parse("#/rules/romme/"),
            Route::Rules("romme".into(), None)
        );
        assert_eq!(Route::parse("#/rules/"), Route::NotFound("rules/".into()));
        assert_eq!(
            Route::parse("#/rules/romme/a/b"),
            Route::NotFound("rules/romme/a/b".into())
        );
    }
}
