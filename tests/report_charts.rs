//! The course of the battle in the report (issue 27): `herald log SAVE
//! --charts DIR` writes the Markdown report linking two SVG charts, `--html
//! FILE` one self-contained HTML report; both parse as XML, their series
//! read back equal the measure, and the charts agree with the report's own
//! tables of every unit's state.

#[path = "support/course.rs"]
mod course;

use herald::battle::course::Course;
use herald::cli::charts;
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::store::save::SaveFile;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The three scripted turns of Hastings saved in `dir`, and their course.
fn saved(dir: &Path) -> (PathBuf, Course) {
    let mut battle = course::three_turns();
    let path = dir.join("hastings.toml");
    let dice = SeededDice::new(7).position();
    SaveFile::create_from(&path, "hastings", &mut battle, dice).unwrap();
    (path, battle.course())
}

fn herald(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(args)
        .output()
        .expect("herald runs");
    assert!(
        out.status.success(),
        "herald {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Every `(x, y)` of a polyline's points.
fn points(node: roxmltree::Node) -> Vec<(f64, f64)> {
    node.attribute("points")
        .unwrap_or_default()
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').expect("x,y");
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// Reads the strength chart back: each side's line, and checks it is the
/// course's strength under one scale.
fn check_strength_svg(svg: &str, course: &Course) {
    let doc = roxmltree::Document::parse(svg).expect("the strength chart is XML");
    let strokes = charts::side_strokes();
    let lines: Vec<Vec<(f64, f64)>> = strokes
        .iter()
        .map(|stroke| {
            let found: Vec<_> = doc
                .descendants()
                .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke") == Some(stroke))
                .collect();
            assert_eq!(found.len(), 1, "one line of colour {stroke}");
            points(found[0])
        })
        .collect();
    let values = [course.strength(Side::A), course.strength(Side::B)];
    for (line, v) in lines.iter().zip(&values) {
        assert_eq!(line.len(), v.len(), "a point per turn");
    }
    // One scale for both: y = k·value + c, from two different values.
    let (y1, v1) = (lines[0][0].1, f64::from(values[0][0]));
    let (y2, v2) = (lines[1][0].1, f64::from(values[1][0]));
    assert_ne!(v1, v2);
    let k = (y2 - y1) / (v2 - v1);
    assert!(k < 0.0, "more is higher up");
    let c = y1 - k * v1;
    for (line, v) in lines.iter().zip(&values) {
        for (i, (&(x, y), &value)) in line.iter().zip(v).enumerate() {
            let read = (y - c) / k;
            assert!(
                (read - f64::from(value)).abs() < 0.6,
                "point {i}: read {read}, the course says {value}"
            );
            // The turns are evenly spaced.
            let step = line[1].0 - line[0].0;
            assert!((x - line[0].0 - step * i as f64).abs() <= 1.0);
        }
    }
    check_beside(svg, course, k, c);
}

/// Reads the dashed lines of the figure beside the strength back (casualty
/// figures), under the strength lines' scale `y = k·value + c`: they start
/// at the first turn's value and stay within the values charted; the mark
/// `*` is explained under the chart.
fn check_beside(svg: &str, course: &Course, k: f64, c: f64) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    for (side, stroke) in [Side::A, Side::B].into_iter().zip(charts::beside_strokes()) {
        let values = course
            .beside(side)
            .expect("Warlords charts casualty figures");
        let dashes: Vec<Vec<(f64, f64)>> = doc
            .descendants()
            .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke") == Some(&stroke))
            .map(points)
            // The legend's swatch is a level stroke 20 wide; the dashes are in the plot.
            .filter(|p| !(p.len() == 2 && p[0].1 == p[1].1 && p[1].0 - p[0].0 == 20.0))
            .collect();
        assert!(dashes.len() > 1, "a dashed line of colour {stroke}");
        // The scale comes from two strength values far above these: read
        // so far from them, a pixel's rounding is worth up to two figures.
        let read = |y: f64| (y - c) / k;
        let first = read(dashes[0][0].1);
        assert!(
            (first - f64::from(values[0])).abs() < 2.0,
            "{first} {values:?}"
        );
        let (lo, hi) = (*values.iter().min().unwrap(), *values.iter().max().unwrap());
        for &(_, y) in dashes.iter().flatten() {
            let v = read(y);
            assert!(
                v > f64::from(lo) - 2.0 && v < f64::from(hi) + 2.0,
                "{v} {values:?}"
            );
        }
    }
    if !course.marks.is_empty() {
        assert!(svg.contains(charts::MARK_WORDS), "the mark * is explained");
    }
}

/// Reads the morale chart back: for each state, the height of its bars
/// over all turns and both sides is its units counted, under one scale.
fn check_morale_svg(svg: &str, course: &Course) {
    let doc = roxmltree::Document::parse(svg).expect("the morale chart is XML");
    let names = course.state_names();
    let fills = charts::state_fills(names.len());
    let mut scale = None;
    for (i, fill) in fills.iter().enumerate() {
        let height: f64 = doc
            .descendants()
            .filter(|n| n.has_tag_name("rect") && n.attribute("fill") == Some(fill))
            // The legend's swatch is 10 by 10; bars are drawn in the plot.
            .filter(|n| n.attribute("width").and_then(|w| w.parse::<f64>().ok()) != Some(10.0))
            .map(|n| n.attribute("height").unwrap().parse::<f64>().unwrap())
            .sum();
        let count: u32 = course
            .points
            .iter()
            .flat_map(|p| p.measure.sides.iter())
            .map(|s| s.states[i].value)
            .sum();
        if count == 0 {
            assert_eq!(height, 0.0, "{} has no units and no bar", names[i]);
            continue;
        }
        let per_unit = height / f64::from(count);
        let first = *scale.get_or_insert(per_unit);
        // Bars are whole pixels: within a pixel a bar.
        let bars = course.points.len() as f64 * 2.0;
        assert!(
            (per_unit - first).abs() * f64::from(count) <= bars,
            "{}: {height} px for {count} units, {first} px a unit elsewhere",
            names[i]
        );
    }
    assert!(scale.is_some());
}

#[test]
fn charts_are_written_beside_the_markdown_report_and_read_back_equal_the_measure() {
    let dir = tempfile::tempdir().unwrap();
    let (save, course) = saved(dir.path());
    let out = dir.path().join("report");
    let said = herald(&[
        "log",
        save.to_str().unwrap(),
        "--charts",
        out.to_str().unwrap(),
    ]);
    assert!(
        said.contains("hastings-strength.svg") && said.contains("hastings.md"),
        "{said}"
    );
    let strength = std::fs::read_to_string(out.join("hastings-strength.svg")).unwrap();
    let morale = std::fs::read_to_string(out.join("hastings-morale.svg")).unwrap();
    check_strength_svg(&strength, &course);
    check_morale_svg(&morale, &course);
    let md = std::fs::read_to_string(out.join("hastings.md")).unwrap();
    assert!(
        md.contains("![stands by Turn](hastings-strength.svg)"),
        "{md}"
    );
    assert!(md.contains("![units by morale](hastings-morale.svg)"));
    // The course's table, as counted by hand in tests/course.rs.
    assert!(
        md.contains("| 2 | b (English) | 80 | 3 | 0 | 11 | 0 | 0 | 1 |"),
        "{md}"
    );
    assert!(md.contains("- Turn 2, Norman: Duke William wounded"));
    // The plain report is unchanged by the charts: the rest is the same text.
    let plain = herald(&["log", save.to_str().unwrap()]);
    let section = charts::markdown(
        &course,
        Some(("hastings-strength.svg", "hastings-morale.svg")),
    );
    assert_eq!(md.replacen(&section, "", 1), plain);
}

/// The stands of units on the table in each table of every unit's state
/// ("End of turn N" and the turn so far), summed per side.
fn table_stands(md: &str) -> Vec<[u32; 2]> {
    let mut tables = Vec::new();
    let mut current: Option<[u32; 2]> = None;
    for line in md.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if line.starts_with("| unit | side | stands |") {
            current = Some([0, 0]);
            continue;
        }
        match (&mut current, cells.len() > 8 && line.starts_with("| ")) {
            (Some(sum), true) if cells[2] == "a" || cells[2] == "b" => {
                let morale = cells[5];
                if morale.starts_with("dispersed") || morale.contains("taken off the table") {
                    continue;
                }
                let stands: u32 = cells[3].split(' ').next().unwrap().parse().unwrap();
                sum[usize::from(cells[2] == "b")] += stands;
            }
            (Some(_), false) if !line.starts_with("|---") => {
                tables.push(current.take().unwrap());
            }
            _ => {}
        }
    }
    if let Some(sum) = current {
        tables.push(sum);
    }
    tables
}

#[test]
fn the_reports_charts_agree_with_its_own_tables() {
    let dir = tempfile::tempdir().unwrap();
    let (save, course) = saved(dir.path());
    let report = herald(&["log", save.to_str().unwrap()]);
    let tables = table_stands(&report);
    // One table after each turn: turns 1 and 2 ended, turn 3 so far.
    let charted: Vec<[u32; 2]> = course.points[1..]
        .iter()
        .map(|p| {
            [
                p.measure.side(Side::A).strength[0].value,
                p.measure.side(Side::B).strength[0].value,
            ]
        })
        .collect();
    assert_eq!(tables, charted, "{report}");
}

#[test]
fn the_html_report_is_one_xml_file_with_the_charts_inline() {
    let dir = tempfile::tempdir().unwrap();
    let (save, course) = saved(dir.path());
    let file = dir.path().join("hastings.html");
    herald(&[
        "log",
        save.to_str().unwrap(),
        "--html",
        file.to_str().unwrap(),
    ]);
    let html = std::fs::read_to_string(&file).unwrap();
    let xml = html.trim_start_matches("<!DOCTYPE html>");
    let doc = roxmltree::Document::parse(xml).expect("the HTML report is well-formed XML");
    let svgs: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("svg"))
        .collect();
    assert_eq!(svgs.len(), 2, "both charts inline");
    let strength = &xml[svgs[0].range()];
    let morale = &xml[svgs[1].range()];
    check_strength_svg(strength, &course);
    check_morale_svg(morale, &course);
    // Nothing outside the file: no link to an image or a style sheet.
    assert!(
        !doc.descendants()
            .any(|n| n.has_tag_name("img") || n.has_tag_name("link"))
    );
    assert!(html.contains("@page { size: A4"));
    // The report's own content follows: its tables and its rolls.
    assert!(html.contains("<h2>Course of the battle</h2>"));
    assert!(html.contains("End of turn 2"));
    assert!(html.contains("Select fyrd of Wessex (b4)"));
}

#[test]
fn a_file_for_the_charts_folder_or_a_folder_for_the_html_is_refused_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let (save, _) = saved(dir.path());
    let file = dir.path().join("notes.txt");
    std::fs::write(&file, "the referee's notes").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args([
            "log",
            save.to_str().unwrap(),
            "--charts",
            file.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("--charts takes a folder") && said.contains("left as it is"),
        "{said}"
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "the referee's notes"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args([
            "log",
            save.to_str().unwrap(),
            "--html",
            dir.path().to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("--html takes the HTML file to write"),
        "{said}"
    );
}

/// Two saves of one battle (the same `name` inside) chart into one folder
/// side by side, each under its file's name; a file already there is
/// replaced and the line naming it says so (issue 36 item 4).
#[test]
fn two_saves_of_one_battle_never_write_over_each_other_and_a_replaced_file_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let (save, _) = saved(dir.path());
    let copy = dir.path().join("hastings-turn-3.toml");
    std::fs::copy(&save, &copy).unwrap();
    let out = dir.path().join("report");
    let first = herald(&[
        "log",
        save.to_str().unwrap(),
        "--charts",
        out.to_str().unwrap(),
    ]);
    let second = herald(&[
        "log",
        copy.to_str().unwrap(),
        "--charts",
        out.to_str().unwrap(),
    ]);
    for f in [
        "hastings.md",
        "hastings-strength.svg",
        "hastings-morale.svg",
        "hastings-turn-3.md",
        "hastings-turn-3-strength.svg",
        "hastings-turn-3-morale.svg",
    ] {
        assert!(out.join(f).is_file(), "{f}: {first}{second}");
    }
    assert!(!first.contains("in place of") && !second.contains("in place of"));
    let md = std::fs::read_to_string(out.join("hastings-turn-3.md")).unwrap();
    assert!(md.contains("(hastings-turn-3-strength.svg)"), "{md}");
    let again = herald(&[
        "log",
        save.to_str().unwrap(),
        "--charts",
        out.to_str().unwrap(),
    ]);
    assert_eq!(
        again.matches("in place of the file that was there").count(),
        3,
        "{again}"
    );
}
