//! A generic score sheet: one row per deal/round, one column per player, with the points
//! of the row, the running total, marks (dealer, winner) and detail lines per cell.

use leptos::prelude::*;

#[derive(Clone, Debug, PartialEq)]
pub struct SheetCell {
    pub points: i32,
    pub total: i32,
    pub details: Vec<String>,
    pub winner: bool,
    pub dealer: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SheetRow {
    pub label: String,
    pub cells: Vec<SheetCell>,
}

/// The cells of a row an engine keeps per seat, one for each of `seats`: the seat's points
/// and running total (`(points, totals)`, 0 where the row has none), its detail lines as
/// `line` writes them, and its marks from `marks` (winner, dealer).
pub fn seat_cells<L>(
    seats: usize,
    (points, totals): (&[i32], &[i32]),
    details: &[Vec<L>],
    line: impl Fn(&L) -> String,
    marks: impl Fn(usize) -> (bool, bool),
) -> Vec<SheetCell> {
    (0..seats)
        .map(|s| {
            let (winner, dealer) = marks(s);
            SheetCell {
                points: points.get(s).copied().unwrap_or(0),
                total: totals.get(s).copied().unwrap_or(0),
                details: details
                    .get(s)
                    .map(|d| d.iter().map(&line).collect())
                    .unwrap_or_default(),
                winner,
                dealer,
            }
        })
        .collect()
}

/// Escapes text for HTML content and attribute values (player names are typed by players).
pub fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

/// The table's markup. A sheet never changes once shown (a new deal builds a new one), so
/// it is set as one string: a 50-row sheet built node by node kept about 2 KB of render
/// state per cell in the wasm heap for as long as it was shown (docs/DESIGN.md "Memory").
pub fn sheet_markup(names: &[String], rows: &[SheetRow], title: &str) -> String {
    let mut m = String::with_capacity(256 + rows.len() * names.len() * 96);
    m.push_str("<table><caption>");
    escape_into(&mut m, title);
    m.push_str("</caption><thead><tr><th></th>");
    for n in names {
        m.push_str("<th scope=\"col\">");
        escape_into(&mut m, n);
        m.push_str("</th>");
    }
    m.push_str("</tr></thead><tbody>");
    for r in rows {
        m.push_str("<tr data-testid=\"sheet-row\"><th scope=\"row\">");
        escape_into(&mut m, &r.label);
        m.push_str("</th>");
        for c in &r.cells {
            let details = c.details.join("\n");
            m.push_str("<td");
            let class = match (c.winner, c.dealer) {
                (true, true) => " class=\"winner dealer\"",
                (true, false) => " class=\"winner\"",
                (false, true) => " class=\"dealer\"",
                (false, false) => "",
            };
            m.push_str(class);
            if !details.is_empty() {
                m.push_str(" title=\"");
                escape_into(&mut m, &details);
                m.push('"');
            }
            m.push_str("><span class=\"pts\">");
            if c.points > 0 {
                m.push('+');
            }
            m.push_str(&c.points.to_string());
            m.push_str("</span><span class=\"total\">");
            m.push_str(&c.total.to_string());
            m.push_str("</span>");
            if !details.is_empty() {
                m.push_str("<small class=\"detail\">");
                escape_into(&mut m, &details);
                m.push_str("</small>");
            }
            m.push_str("</td>");
        }
        m.push_str("</tr>");
    }
    m.push_str("</tbody></table>");
    m
}

#[component]
pub fn ScoreSheetView(
    names: Vec<String>,
    rows: Vec<SheetRow>,
    #[prop(into)] title: String,
    #[prop(optional, into)] footer: Option<String>,
) -> impl IntoView {
    let table = sheet_markup(&names, &rows, &title);
    view! {
        <div class="score-sheet" data-testid="score-sheet">
            <div class="sheet-table" inner_html=table></div>
            {footer.map(|f| view! { <p class="sheet-footer">{f}</p> })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::{seat_cells, sheet_markup, SheetCell, SheetRow};

    /// A seat the row says nothing about scores 0, without details; the marks are the row's.
    #[test]
    fn seat_cells_take_each_seats_values_and_marks() {
        let details = vec![vec![3, 4], vec![]];
        let cells = seat_cells(
            3,
            (&[5, -2], &[10, 8, 1]),
            &details,
            |n: &i32| format!("line {n}"),
            |s| (s == 1, s == 2),
        );
        assert_eq!(cells.len(), 3);
        assert_eq!((cells[0].points, cells[0].total), (5, 10));
        assert_eq!(cells[0].details, vec!["line 3", "line 4"]);
        assert_eq!((cells[2].points, cells[2].total), (0, 1));
        assert!(cells[1].details.is_empty() && cells[2].details.is_empty());
        let marks: Vec<(bool, bool)> = cells.iter().map(|c| (c.winner, c.dealer)).collect();
        assert_eq!(marks, vec![(false, false), (true, false), (false, true)]);
    }

    fn cell(points: i32, total: i32, details: &[&str], winner: bool, dealer: bool) -> SheetCell {
        SheetCell {
            points,
            total,
            details: details.iter().map(|d| d.to_string()).collect(),
            winner,
            dealer,
        }
    }

    /// Names typed by players are escaped; the marks, the signs and the details are where the
    /// CSS and the tests look for them.
    #[test]
    fn sheet_markup_escapes_names_and_marks_cells() {
        let names = vec!["<b>Ann</b>".to_string(), "Bob & \"Co\"".to_string()];
        let rows = vec![SheetRow {
            label: "1".into(),
            cells: vec![
                cell(-40, -40, &[], true, false),
                cell(25, 25, &["Hand 20", "Joker <5>"], false, true),
            ],
        }];
        let m = sheet_markup(&names, &rows, "Block");
        assert!(
            m.contains("<th scope=\"col\">&lt;b&gt;Ann&lt;/b&gt;</th>"),
            "{m}"
        );
        assert!(m.contains("Bob &amp; &quot;Co&quot;"), "{m}");
        assert!(!m.contains("<b>"), "{m}");
        assert!(m.contains("<td class=\"winner\"><span class=\"pts\">-40</span><span class=\"total\">-40</span></td>"), "{m}");
        assert!(m.contains("<td class=\"dealer\" title=\"Hand 20\nJoker &lt;5&gt;\"><span class=\"pts\">+25</span>"), "{m}");
        assert!(
            m.contains("<small class=\"detail\">Hand 20\nJoker &lt;5&gt;</small>"),
            "{m}"
        );
        assert_eq!(m.matches("data-testid=\"sheet-row\"").count(), 1);
        for tag in [
            "table", "tr", "td", "th", "span", "small", "thead", "tbody", "caption",
        ] {
            assert_eq!(
                m.matches(&format!("<{tag}>")).count() + m.matches(&format!("<{tag} ")).count(),
                m.matches(&format!("</{tag}>")).count(),
                "{tag}: {m}"
            );
        }
    }
}
