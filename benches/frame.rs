//! The console's frame budget (DESIGN.md): a keypress frame of a 200-unit
//! battle at 200×50 draws and diffs in ≤ 1 ms and writes ≤ 4 KB; the first
//! frame of Hastings comes within 50 ms of start.

use criterion::{Criterion, criterion_group, criterion_main};
use herald::battle::warlords::{Battle, Setup};
use herald::dice::SeededDice;
use herald::rules::warlords::army::{Army, Contingent};
use herald::rules::warlords::personality::Personality;
use herald::rules::warlords::unit::{TroopType, Unit};
use herald::tui::theme::Theme;
use herald::tui::warlords::app::App;
use ratatui::Terminal;
use ratatui::backend::{CrosstermBackend, TestBackend};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::{TerminalOptions, Viewport};
use std::cell::Cell;
use std::hint::black_box;
use std::io::Write;
use std::rc::Rc;

/// A terminal stand-in that counts the bytes written to it.
struct Counter(Rc<Cell<usize>>);

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.set(self.0.get() + buf.len());
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A battle of 100 units a side, some with personalities.
fn big_battle() -> App {
    let army = |side: &str| {
        let units = (0..100)
            .map(|i| {
                let t = [
                    TroopType::CloseFoot,
                    TroopType::Cavalry,
                    TroopType::LooseFoot,
                ][i % 3];
                let mut u = Unit::new(&format!("{side} unit number {i}"), t, 4 + (i % 6) as u32);
                if i % 4 == 0 {
                    let mut p = Personality::new(&format!("Lord {i} of {side}"));
                    p.commander = true;
                    u.personalities.push(p);
                }
                u
            })
            .collect();
        Army {
            name: format!("{side} army"),
            side: side.to_string(),
            contingents: vec![Contingent {
                name: format!("{side} host"),
                general: None,
                c_in_c: true,
                units,
                notes: None,
            }],
            notes: None,
        }
    };
    let setup = Setup::new(vec![army("English")], vec![army("Norman")]).expect("two sides");
    App::new(
        Battle::new(setup),
        SeededDice::new(1),
        Theme::coloured(),
        "bench",
    )
}

fn down() -> KeyEvent {
    KeyEvent::new(KeyCode::Down, KeyModifiers::NONE)
}

fn up() -> KeyEvent {
    KeyEvent::new(KeyCode::Up, KeyModifiers::NONE)
}

fn frame(c: &mut Criterion) {
    let mut app = big_battle();
    let mut terminal = Terminal::new(TestBackend::new(200, 50)).expect("terminal");
    terminal
        .draw(|f| f.render_widget(&app, f.area()))
        .expect("draw");
    // Walk down the table and back so every frame changes the selection.
    let mut n = 0u32;
    c.bench_function("keypress frame, 200 units, 200x50 (TestBackend)", |b| {
        b.iter(|| {
            n += 1;
            app.key(if (n / 150).is_multiple_of(2) {
                down()
            } else {
                up()
            });
            terminal
                .draw(|f| f.render_widget(&app, f.area()))
                .expect("draw");
            black_box(terminal.backend().buffer().area);
        })
    });

    // The bytes a keypress frame writes to a real terminal (crossterm, diffed).
    let mut app = big_battle();
    let area = Rect::new(0, 0, 200, 50);
    let bytes = Rc::new(Cell::new(0usize));
    let mut out = Terminal::with_options(
        CrosstermBackend::new(Counter(bytes.clone())),
        TerminalOptions {
            viewport: Viewport::Fixed(area),
        },
    )
    .expect("terminal");
    out.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    let mut worst = 0usize;
    for _ in 0..50 {
        bytes.set(0);
        app.key(down());
        out.draw(|f| f.render_widget(&app, f.area())).expect("draw");
        worst = worst.max(bytes.get());
    }
    eprintln!("keypress frame, 200 units, 200x50: at most {worst} bytes written");
    c.bench_function(
        "keypress frame, 200 units, 200x50 (crossterm into memory)",
        |b| {
            b.iter(|| {
                n += 1;
                app.key(if (n / 150).is_multiple_of(2) {
                    down()
                } else {
                    up()
                });
                out.draw(|f| f.render_widget(&app, f.area())).expect("draw");
            })
        },
    );
}

fn first_frame(c: &mut Criterion) {
    c.bench_function(
        "first frame of Hastings, 120x40 (load armies, build, draw)",
        |b| {
            b.iter(|| {
                let setup = herald::tui::run::hastings().expect("Hastings loads");
                let app = App::new(
                    Battle::new(setup),
                    SeededDice::new(1),
                    Theme::coloured(),
                    "hastings",
                );
                let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("terminal");
                terminal
                    .draw(|f| f.render_widget(&app, f.area()))
                    .expect("draw");
                black_box(terminal.backend().buffer().area);
            })
        },
    );
}

criterion_group!(benches, frame, first_frame);
criterion_main!(benches);
