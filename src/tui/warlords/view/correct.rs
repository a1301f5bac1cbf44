//! The correction form and the formation picker.

use super::{popup, words};
use crate::tui::warlords::action::Action;
use crate::tui::warlords::app::App;
use crate::tui::warlords::dialog::{Correct, Field};
use crate::tui::warlords::keymap::{Context, bindings};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// A correction field's name and value.
fn field_text(f: &Field) -> (String, String) {
    let yes = |b: bool| if b { "yes" } else { "no" }.to_string();
    match f {
        Field::Morale(m) => ("morale".into(), words::morale(*m).into()),
        Field::Champions(n) => ("champions".into(), n.to_string()),
        Field::Casualties(n) => ("casualty figures".into(), n.to_string()),
        Field::Stands(n) => ("stands".into(), n.to_string()),
        Field::Files(n) => ("files (front rank)".into(), n.to_string()),
        Field::Formation(x) => ("formation".into(), words::formation(*x).into()),
        Field::Moving(b) => ("moving".into(), yes(*b)),
        Field::Pavises(b) => ("pavises deployed".into(), yes(*b)),
        Field::Activated(b) => ("activated this turn".into(), yes(*b)),
        Field::Removed(b) => ("off the table".into(), yes(*b)),
        Field::Personality(name, s) => (name.clone(), words::status(*s).into()),
    }
}

/// Draws the correction form.
pub fn correct(app: &App, c: &Correct, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let r = popup::centred(area, 64, c.after.len() as u16 + 6);
    let title = format!("Correct {} ({})", app.name(c.unit), c.unit);
    let inner = popup::frame(app, &title, r, buf);
    let mut lines = Vec::new();
    if let Some(e) = &c.error {
        lines.push(Line::from(vec![
            Span::styled("! ", t.bad()),
            Span::styled(e.clone(), t.warn()),
        ]));
    }
    let rows = inner
        .height
        .saturating_sub(2 + u16::from(c.error.is_some())) as usize;
    let first = crate::tui::table::offset(c.line, rows);
    for (i, (now, was)) in c
        .after
        .iter()
        .zip(&c.before)
        .enumerate()
        .skip(first)
        .take(rows)
    {
        let (name, value) = field_text(now);
        let changed = now != was;
        let style = if i == c.line { t.selected() } else { t.text() };
        let key = crate::tui::warlords::app::field_key(now, &c.after)
            .map_or("  ".to_string(), |k| format!("{k} "));
        let mut spans = vec![
            Span::styled(if i == c.line { "› " } else { "  " }, style),
            Span::styled(key, t.key()),
            Span::styled(format!("{name:<22}"), style),
            Span::styled(
                format!("◂ {value} ▸"),
                if changed { t.warn() } else { style },
            ),
        ];
        if changed {
            spans.push(Span::styled(
                format!("  (was {})", field_text(was).1),
                t.dim(),
            ));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::from(vec![
        Span::styled("↑↓", t.key()),
        Span::raw("/key field  "),
        Span::styled("←→", t.key()),
        Span::raw(" value  "),
        Span::styled("Enter", t.key()),
        Span::raw(" record  "),
        Span::styled("Esc", t.key()),
        Span::raw(" cancel"),
    ]));
    Paragraph::new(lines).render(inner, buf);
}

/// Draws the formation picker: the formation keys, the front rank and the pavises.
pub fn formation(
    app: &App,
    pick: &crate::tui::warlords::dialog::FormationPick,
    area: Rect,
    buf: &mut Buffer,
) {
    let t = &app.theme;
    // 2.3.1, 2.3.3: out of a March Column, the front rank offered is a line's.
    let column = app
        .battle
        .unit(pick.unit)
        .is_some_and(|u| u.unit.formation == crate::rules::warlords::unit::Formation::MarchColumn);
    let r = popup::centred(area, 64, 13 + u16::from(column));
    let title = format!("New formation for {}", app.name(pick.unit));
    let inner = popup::frame(app, &title, r, buf);
    let unit = app.battle.unit(pick.unit).map(|u| &u.unit);
    // 2.3.1.2–2.3.1.4: only the formations the unit may take are listed.
    let may = |a: Action| match (a, unit) {
        (Action::PickFormation(f), Some(u)) => crate::rules::warlords::next::may_form(u, f).is_ok(),
        // 3.3.3.4: pavises are offered to pavisiers only.
        (Action::PavisesToggle, Some(u)) => {
            pick.pavises || crate::rules::warlords::next::may_deploy_pavises(u).is_ok()
        }
        _ => true,
    };
    let mut lines: Vec<Line> = bindings()
        .filter(|b| b.context == Context::Formation && may(b.action))
        .map(|b| {
            Line::from(vec![
                Span::styled(format!("  {} ", b.key.label()), t.key()),
                Span::raw(b.help),
            ])
        })
        .collect();
    if column {
        lines.push(Line::from(
            "  out of the column: its last line or a proper one (2.3.1)",
        ));
    }
    lines.push(Line::from(format!(
        "  front rank: {} stand(s); pavises {}",
        pick.files,
        if pick.pavises {
            "deployed"
        } else {
            "not deployed"
        }
    )));
    lines.push(Line::from(vec![
        Span::styled("  Esc", t.key()),
        Span::raw(" back"),
    ]));
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
