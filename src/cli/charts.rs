//! The course of the battle as pictures a referee can send: each side's
//! strength by turn as an SVG line chart, its units by morale as SVG stacked
//! bars (drawn by `plotters`' SVG backend), a Markdown section that links
//! them, and a self-contained HTML report with the charts inline. Text in,
//! text out: the files are written by the `log` command.

use crate::battle::course::Course;
use crate::rules::Side;
use plotters::prelude::*;
use std::fmt::Write;

/// Each side's colour; the sides also differ by marker (a circle, a triangle).
const SIDE_COLOURS: [RGBColor; 2] = [RGBColor(31, 92, 153), RGBColor(191, 64, 32)];

/// The morale states' colours, by tone: the first a system lists (Berserk,
/// Reckless) wild, then steady, then shaken ones; the last two failing and gone.
fn state_colour(i: usize, n: usize) -> RGBColor {
    match (i, n) {
        (i, n) if i + 1 == n => RGBColor(160, 160, 160),
        (i, n) if i + 2 == n => RGBColor(200, 40, 40),
        (0, _) => RGBColor(140, 60, 160),
        (1, _) => RGBColor(60, 150, 70),
        (i, _) => [
            RGBColor(230, 180, 40),
            RGBColor(150, 110, 60),
            RGBColor(235, 125, 35),
        ][(i - 2) % 3],
    }
}

/// The fill each morale state's bars have in the SVG, in the system's
/// order (`#3C9646`), for reading a chart back.
pub fn state_fills(n: usize) -> Vec<String> {
    (0..n).map(|i| hex(state_colour(i, n))).collect()
}

/// Each side's lighter colour, for the figure charted beside its strength.
const BESIDE_COLOURS: [RGBColor; 2] = [RGBColor(120, 170, 220), RGBColor(230, 140, 110)];

/// Each side's line colour in the SVG (`#1F5C99`), for reading a chart back.
pub fn side_strokes() -> [String; 2] {
    [hex(SIDE_COLOURS[0]), hex(SIDE_COLOURS[1])]
}

/// Each side's colour for the dashed line of the figure beside its
/// strength, for reading a chart back.
pub fn beside_strokes() -> [String; 2] {
    [hex(BESIDE_COLOURS[0]), hex(BESIDE_COLOURS[1])]
}

/// What the mark on a turn's label means, under a chart.
pub const MARK_WORDS: &str =
    "* on a turn: a unit broke or a personality fell then (listed in the report)";

/// A colour as SVG writes it.
fn hex(c: RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

/// A point's label: `start`, `3`, `3 (now)`.
fn turn_label(course: &Course, at: usize) -> String {
    let p = &course.points[at];
    match p.turn {
        0 => "start".into(),
        n if p.in_progress => format!("{n} (now)"),
        n => n.to_string(),
    }
}

/// Why a chart could not be drawn, in words.
fn drawing<E: std::fmt::Debug>(e: E) -> String {
    format!("the chart could not be drawn: {e:?}")
}

/// Each side's charted strength by turn as an SVG line chart: one line and
/// marker per side, the figure beside it (casualty figures, APs) dashed in
/// a lighter colour, the turns where something fell marked `*` and the
/// mark explained under the chart.
pub fn strength_svg(course: &Course) -> Result<String, String> {
    let mut svg = String::new();
    {
        let whole = SVGBackend::with_string(&mut svg, (720, 380)).into_drawing_area();
        whole.fill(&WHITE).map_err(drawing)?;
        let (root, note) = whole.split_vertically(356);
        if !course.marks.is_empty() {
            note.draw(&Text::new(MARK_WORDS, (12, 4), ("sans-serif", 13)))
                .map_err(drawing)?;
        }
        let n = course.points.len() as u32;
        let (bottom, top) = course.chart_axis();
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("{} by {}", course.strength_name(), course.turn_word),
                ("sans-serif", 18),
            )
            .margin(12)
            .margin_right(36)
            .x_label_area_size(32)
            .y_label_area_size(44)
            .build_cartesian_2d(0u32..n.saturating_sub(1).max(1), bottom..top + 1)
            .map_err(drawing)?;
        let label = |x: &u32| {
            let at = *x as usize;
            if at >= course.points.len() {
                return String::new();
            }
            let marked = course
                .marks
                .iter()
                .any(|m| m.turn == course.points[at].turn);
            format!(
                "{}{}",
                turn_label(course, at),
                if marked { "*" } else { "" }
            )
        };
        chart
            .configure_mesh()
            .x_labels(course.points.len().min(16))
            .x_label_formatter(&label)
            .x_desc(course.turn_word)
            .y_desc(course.strength_name())
            .light_line_style(WHITE)
            .draw()
            .map_err(drawing)?;
        for side in [Side::A, Side::B] {
            let (Some(values), Some(what)) = (course.beside(side), course.beside_name()) else {
                continue;
            };
            let colour = BESIDE_COLOURS[side as usize];
            let data: Vec<(u32, u32)> = (0u32..).zip(values).collect();
            chart
                .draw_series(DashedLineSeries::new(data, 6, 4, colour.stroke_width(2)))
                .map_err(drawing)?
                .label(format!(
                    "{}: {}, {what} (dashed)",
                    side.name(),
                    course.sides[side as usize]
                ))
                .legend(move |(x, y)| {
                    PathElement::new([(x, y), (x + 20, y)], colour.stroke_width(2))
                });
        }
        for side in [Side::A, Side::B] {
            let colour = SIDE_COLOURS[side as usize];
            let data: Vec<(u32, u32)> = (0u32..).zip(course.strength(side)).collect();
            let name = format!("{}: {}", side.name(), course.sides[side as usize]);
            let line = chart
                .draw_series(LineSeries::new(data.clone(), colour.stroke_width(2)))
                .map_err(drawing)?;
            // The sides differ by marker as well as colour: a circle, a triangle.
            match side {
                Side::A => {
                    line.label(name)
                        .legend(move |(x, y)| Circle::new((x + 10, y), 4, colour.filled()));
                    let points = data.iter().map(|&p| Circle::new(p, 4, colour.filled()));
                    chart.draw_series(points).map_err(drawing)?;
                }
                Side::B => {
                    line.label(name)
                        .legend(move |(x, y)| TriangleMarker::new((x + 10, y), 6, colour.filled()));
                    let points = data
                        .iter()
                        .map(|&p| TriangleMarker::new(p, 6, colour.filled()));
                    chart.draw_series(points).map_err(drawing)?;
                }
            }
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(SeriesLabelPosition::MiddleLeft)
            .draw()
            .map_err(drawing)?;
        whole.present().map_err(drawing)?;
    }
    Ok(svg)
}

/// Each side's units by morale state as stacked bars, side a's bar then
/// side b's at every turn, each state its colour (the legend names them).
pub fn morale_svg(course: &Course) -> Result<String, String> {
    let names = course.state_names();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 360)).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let n = course.points.len();
        let most = course
            .points
            .iter()
            .flat_map(|p| p.measure.sides.iter())
            .map(|s| s.states.iter().map(|f| f.value).sum::<u32>())
            .max()
            .unwrap_or(1)
            .max(1);
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!(
                    "{}, side a then b, by {}",
                    course.states_word.to_lowercase(),
                    course.turn_word
                ),
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(32)
            .y_label_area_size(44)
            // Room above the bars (and their a and b) for the legend.
            .build_cartesian_2d(-0.5f64..n as f64 - 0.5, 0f64..f64::from(most) * 2.5)
            .map_err(drawing)?;
        let label = |x: &f64| {
            let at = x.round();
            if (x - at).abs() > 0.01 || at < 0.0 || at as usize >= n {
                return String::new();
            }
            turn_label(course, at as usize)
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n.min(16) * 2 + 1)
            .x_label_formatter(&label)
            .x_desc(course.turn_word)
            .y_desc("units")
            .y_label_formatter(&|v| format!("{v:.0}"))
            .light_line_style(WHITE)
            .draw()
            .map_err(drawing)?;
        for (i, name) in names.iter().enumerate() {
            let colour = state_colour(i, names.len());
            let mut bars = Vec::new();
            for (at, p) in course.points.iter().enumerate() {
                for side in [Side::A, Side::B] {
                    let states = &p.measure.side(side).states;
                    let below: u32 = states[..i].iter().map(|f| f.value).sum();
                    let value = states[i].value;
                    if value == 0 {
                        continue;
                    }
                    let x = at as f64 + if side == Side::A { -0.38 } else { 0.02 };
                    bars.push(Rectangle::new(
                        [(x, f64::from(below)), (x + 0.36, f64::from(below + value))],
                        colour.filled(),
                    ));
                }
            }
            chart
                .draw_series(bars)
                .map_err(drawing)?
                .label(*name)
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled())
                });
        }
        // Which bar is whose: a and b over each pair.
        let mut tags = Vec::new();
        for (at, p) in course.points.iter().enumerate() {
            for side in [Side::A, Side::B] {
                let total: u32 = p.measure.side(side).states.iter().map(|f| f.value).sum();
                let x = at as f64 + if side == Side::A { -0.24 } else { 0.16 };
                tags.push(Text::new(
                    side.name(),
                    (x, f64::from(total) + f64::from(most) * 0.1),
                    ("sans-serif", 13),
                ));
            }
        }
        chart.draw_series(tags).map_err(drawing)?;
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(drawing)?;
        root.present().map_err(drawing)?;
    }
    Ok(svg)
}

/// The course as a Markdown section: the charts (when written beside the
/// report, `images` names their files), each side's strength and units by
/// morale by turn in a table, and the marked turns.
pub fn markdown(course: &Course, images: Option<(&str, &str)>) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "## Course of the battle\n");
    if let Some((strength, morale)) = images {
        let _ = writeln!(
            o,
            "![{} by {}]({strength})\n\n![{}]({morale})\n",
            course.strength_name(),
            course.turn_word,
            course.states_word.to_lowercase()
        );
    }
    let names = course.state_names();
    let strength_names: Vec<&str> = course.points[0].measure.sides[0]
        .strength
        .iter()
        .map(|f| f.name)
        .collect();
    let _ = write!(o, "| {} | side |", course.turn_word);
    for n in strength_names.iter().chain(&names) {
        let _ = write!(o, " {n} |");
    }
    let _ = writeln!(o);
    let columns = 2 + strength_names.len() + names.len();
    let _ = writeln!(o, "|{}", "---|".repeat(columns));
    for (at, p) in course.points.iter().enumerate() {
        for side in [Side::A, Side::B] {
            let m = p.measure.side(side);
            let _ = write!(
                o,
                "| {} | {} ({}) |",
                turn_label(course, at),
                side.name(),
                course.sides[side as usize]
            );
            for f in m.strength.iter().chain(&m.states) {
                let _ = write!(o, " {} |", f.value);
            }
            let _ = writeln!(o);
        }
    }
    let _ = writeln!(o);
    if course.marks.is_empty() {
        let _ = writeln!(o, "No unit has broken and no personality has fallen.\n");
    } else {
        let _ = writeln!(o, "Marked turns (`*`):\n");
        for m in &course.marks {
            let _ = writeln!(
                o,
                "- {} {}, {}: {}",
                course.turn_word, m.turn, course.sides[m.side as usize], m.what
            );
        }
        let _ = writeln!(o);
    }
    o
}

/// A self-contained HTML report: the course with its charts inline, then
/// the whole Markdown report, styled to print on A4.
pub fn html(title: &str, course: &Course, report: &str) -> Result<String, String> {
    let strength = strength_svg(course)?;
    let morale = morale_svg(course)?;
    let body = |md: &str| {
        let mut out = String::new();
        let options = pulldown_cmark::Options::ENABLE_TABLES;
        pulldown_cmark::html::push_html(&mut out, pulldown_cmark::Parser::new_ext(md, options));
        out
    };
    let mut o = String::new();
    let _ = writeln!(o, "<!DOCTYPE html>");
    let _ = writeln!(o, "<html lang=\"en\"><head><meta charset=\"utf-8\" />");
    let _ = writeln!(o, "<title>{}</title>", escape(title));
    let _ = writeln!(o, "<style>{CSS}</style></head><body>");
    let _ = writeln!(o, "<h1>{}</h1>", escape(title));
    let _ = writeln!(o, "<section class=\"course\"><h2>Course of the battle</h2>");
    let _ = writeln!(
        o,
        "<div class=\"charts\">{}{}</div>",
        strip_prolog(&strength),
        strip_prolog(&morale)
    );
    // The course's table and marks: its Markdown without the heading.
    let section = markdown(course, None);
    let section = section.trim_start_matches("## Course of the battle\n");
    let _ = writeln!(o, "{}</section>", body(section));
    let _ = writeln!(o, "{}", body(report));
    let _ = writeln!(o, "</body></html>");
    Ok(o)
}

/// Print to A4: small type, tables kept whole, each turn from a new column of text.
const CSS: &str = "@page { size: A4; margin: 12mm } \
body { font-family: sans-serif; font-size: 9pt; line-height: 1.25 } \
h1 { font-size: 14pt } h2 { font-size: 12pt; margin-top: 1.2em } h3 { font-size: 10pt } \
.charts svg { width: 48%; height: auto } \
table { border-collapse: collapse; break-inside: avoid; margin: 0.5em 0 } \
td, th { border: 1px solid #999; padding: 1px 4px; font-size: 8pt } \
ol, ul { margin: 0.2em 0 } li { margin: 0 } \
section.course { break-after: page }";

/// An SVG without an XML declaration, to sit inside HTML.
fn strip_prolog(svg: &str) -> &str {
    match svg.find("<svg") {
        Some(at) => &svg[at..],
        None => svg,
    }
}

/// Text for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
