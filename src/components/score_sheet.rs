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

#[component]
pub fn ScoreSheetView(
    names: Vec<String>,
    rows: Vec<SheetRow>,
    #[prop(into)] title: String,
    #[prop(optional, into)] footer: Option<String>,
) -> impl IntoView {
    view! {
        <div class="score-sheet" data-testid="score-sheet">
            <table>
                <caption>{title}</caption>
                <thead>
                    <tr><th></th>{names.iter().map(|n| view! { <th scope="col">{n.clone()}</th> }).collect_view()}</tr>
                </thead>
                <tbody>
                    {rows.into_iter().map(|r| view! {
                        <tr data-testid="sheet-row">
                            <th scope="row">{r.label}</th>
                            {r.cells.into_iter().map(|c| {
                                let title = c.details.join("\n");
                                let detail = title.clone();
                                view! {
                                    <td class:winner=c.winner class:dealer=c.dealer title=title.clone()>
                                        <span class="pts">{if c.points > 0 { format!("+{}", c.points) } else { c.points.to_string() }}</span>
                                        <span class="total">{c.total}</span>
                                        {(!c.details.is_empty()).then(|| view! { <small class="detail">{detail}</small> })}
                                    </td>
                                }
                            }).collect_view()}
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
            {footer.map(|f| view! { <p class="sheet-footer">{f}</p> })}
        </div>
    }
}
