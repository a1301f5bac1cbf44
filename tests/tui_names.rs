//! Names at 80 columns (issue 21 item 12): a name that must be cut ends in
//! `…`, and two units never read the same: at Agincourt "Archers of the
//! right wing" and "Archers of the right centre" would both read "Archers
//! of the righ…"; cut apart, each keeps its end.

use herald::battle::warlords::{Battle, Setup};
use herald::dice::SeededDice;
use herald::tui::theme::Theme;
use herald::tui::warlords::app::App;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::collections::BTreeSet;

fn army(file: &str) -> herald::rules::warlords::army::Army {
    let path = format!("{}/armies/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    herald::store::warlords::army::read_army(&path, &text)
        .expect("the bundled army loads")
        .army
}

fn screen(app: &App, width: u16, height: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    let buf = terminal.backend().buffer();
    (0..height)
        .map(|y| (0..width).map(|x| buf[(x, y)].symbol()).collect())
        .collect()
}

#[test]
fn cut_names_at_80_columns_never_read_alike() {
    for (a, b) in [
        ("agincourt-1415-english.toml", "agincourt-1415-french.toml"),
        (
            "bannockburn-1314-english.toml",
            "bannockburn-1314-scots.toml",
        ),
        (
            "hastings-1066-anglo-saxon.toml",
            "hastings-1066-norman.toml",
        ),
    ] {
        let setup = Setup::new(vec![army(a)], vec![army(b)]).unwrap();
        let app = App::new(
            Battle::new(setup),
            SeededDice::new(1),
            Theme::plain(),
            "names",
        );
        let rows = screen(&app, 80, 40);
        // Each unit row: its name is what stands under the header's "unit",
        // up to its "type".
        let mut seen = BTreeSet::new();
        let mut columns = None;
        for row in &rows {
            let chars: Vec<char> = row.chars().collect();
            let text: String = chars.iter().collect();
            if let (Some(u), Some(t)) = (text.find(" unit "), text.find(" type ")) {
                let at = |byte: usize| text[..byte].chars().count() + 1;
                columns = Some((at(u), at(t)));
                continue;
            }
            let Some((from, to)) = columns else { continue };
            let id: String = chars[..from].iter().collect();
            let id = id.trim().trim_start_matches('›').trim();
            let is_id = id.len() >= 2
                && (id.starts_with('a') || id.starts_with('b'))
                && id[1..].chars().all(|c| c.is_ascii_digit());
            if !is_id {
                continue;
            }
            let name: String = chars[from..to.min(chars.len())].iter().collect();
            let name = name.trim().to_string();
            assert!(
                seen.insert(name.clone()),
                "{a}: two units read {name:?}\n{}",
                rows.join("\n")
            );
        }
        assert!(seen.len() >= 10, "{a}: the rows were read: {seen:?}");
    }
}
