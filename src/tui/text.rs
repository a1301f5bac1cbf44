//! Text for every console's panels: word-wrapping that keeps styles, an
//! odds bar, and a rules explanation with its citations.

use super::theme::Theme;
use crate::rules::explain::Explanation;
use ratatui::text::{Line, Span};

/// A probability as a percentage and a bar of `width` cells.
pub fn odds_line(t: &Theme, label: &str, p: f64, width: usize) -> Line<'static> {
    let eighths = (p.clamp(0.0, 1.0) * (width * 8) as f64).round() as usize;
    let mut bar = "█".repeat(eighths / 8);
    const PARTS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];
    bar.push_str(PARTS[eighths % 8]);
    Line::from(vec![
        Span::raw(format!("  {label:<22}")),
        Span::raw(figure(label, p)),
        Span::styled(bar, t.bar()),
    ])
}

/// The percentage after an odds label; a label that fills its column keeps
/// a space before a figure that has none of its own (100.0%).
fn figure(label: &str, p: f64) -> String {
    let figure = format!("{:>5.1}% ", p * 100.0);
    if label.chars().count() >= 22 && !figure.starts_with(' ') {
        format!(" {figure}")
    } else {
        figure
    }
}

/// Word-wraps lines to `width` cells, keeping each word's style; a word
/// longer than a row is cut. Continuation rows keep the line's indent.
pub fn wrap(lines: Vec<Line<'static>>, width: usize) -> Vec<Line<'static>> {
    wrap_hanging(lines, width, |line| {
        let first = line.spans.first();
        first.map_or(0, |s| s.content.chars().take_while(|c| *c == ' ').count())
    })
}

/// Word-wraps lines as [`wrap`], continuation rows indented by
/// `indent(line)` cells (at most a third of the row).
pub fn wrap_hanging(
    lines: Vec<Line<'static>>,
    width: usize,
    indent: impl Fn(&Line<'static>) -> usize,
) -> Vec<Line<'static>> {
    let width = width.max(8);
    let mut out = Vec::new();
    for line in lines {
        if line.width() <= width {
            out.push(line);
            continue;
        }
        let indent = indent(&line).min(width / 3);
        let mut row: Vec<Span<'static>> = Vec::new();
        let mut used = 0;
        for span in line.spans {
            let style = span.style;
            for word in span.content.split_inclusive(' ') {
                let mut word = word.to_string();
                let w = Span::raw(word.as_str()).width();
                if used + w.min(width) > width && used > indent {
                    out.push(Line::from(std::mem::take(&mut row)));
                    row.push(Span::raw(" ".repeat(indent)));
                    used = indent;
                    word = word.trim_start().to_string();
                }
                while Span::raw(word.as_str()).width() > width - used {
                    let cut: String = word.chars().take(width - used).collect();
                    word = word.chars().skip(cut.chars().count()).collect();
                    row.push(Span::styled(cut, style));
                    out.push(Line::from(std::mem::take(&mut row)));
                    row.push(Span::raw(" ".repeat(indent)));
                    used = indent;
                }
                used += Span::raw(word.as_str()).width();
                row.push(Span::styled(word, style));
            }
        }
        if !row.is_empty() {
            out.push(Line::from(row));
        }
    }
    out
}

/// The explanation, a line per rule applied.
pub fn explanation(t: &Theme, e: &Explanation) -> Vec<Line<'static>> {
    let mut out = vec![Line::from(Span::styled("Why", t.title()))];
    for l in &e.lines {
        let mut spans = vec![Span::raw(format!("  {}", l.text))];
        if !l.cite.0.is_empty() {
            spans.push(Span::styled(format!("  [{}]", l.cite), t.dim()));
        }
        out.push(Line::from(spans));
    }
    out
}

/// Names cut to `width` cells, each cut one ending in `…`; where two cut
/// names would read the same, both keep their ends instead
/// (`Suren horse …f the right`, `Suren horse …of the left`).
pub fn cut_names(names: &[String], width: usize) -> Vec<String> {
    let head = |n: &str, k: usize| n.chars().take(k).collect::<String>();
    let cut = |n: &String| {
        if n.chars().count() <= width || width == 0 {
            n.clone()
        } else {
            format!("{}…", head(n, width - 1))
        }
    };
    let first: Vec<String> = names.iter().map(cut).collect();
    names
        .iter()
        .zip(&first)
        .map(|(n, c)| {
            let twin = first.iter().filter(|o| *o == c).count() > 1;
            let long = n.chars().count();
            if !twin || long <= width || width < 5 {
                return c.clone();
            }
            let front = (width - 1) / 2;
            let back = width - 1 - front;
            let tail: String = n.chars().skip(long - back).collect();
            format!("{}…{tail}", head(n, front))
        })
        .collect()
}

/// `text` cut to `width` cells at a word's end, ending in `…` (in 24,
/// `charging, in melee, commanded: attack` reads `charging, in melee…`),
/// never in a word as a bare cut would (`charging, in melee, comm`); a
/// single word longer than the width is cut in it, with `…`. Text that
/// fits is whole.
pub fn cut_words(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let head: String = text.chars().take(width).collect();
    // The last space within the room (`…` takes the cell after the word).
    let at_word = head
        .rfind(' ')
        .map(|i| {
            head[..i]
                .trim_end_matches([' ', ',', ';', ':', '(', '·', '-'])
                .to_string()
        })
        .filter(|w| !w.is_empty());
    match at_word {
        Some(w) => format!("{w}…"),
        None => format!("{}…", text.chars().take(width - 1).collect::<String>()),
    }
}

/// A styled line cut to `width` cells as [`cut_words`] cuts its text: at a
/// word's end, with `…` in the style of the span it ends; each span keeps
/// its style, and the line its own. A line that fits is whole.
pub fn cut_line(line: Line<'static>, width: usize) -> Line<'static> {
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    if text.chars().count() <= width {
        return line;
    }
    // the words kept are a head of the text (cut_words trims only its end)
    let mut keep = cut_words(&text, width).chars().count().saturating_sub(1);
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut last = ratatui::style::Style::default();
    for span in &line.spans {
        if keep == 0 {
            break;
        }
        let part: String = span.content.chars().take(keep).collect();
        keep -= part.chars().count();
        last = span.style;
        spans.push(Span::styled(part, span.style));
    }
    if width > 0 {
        spans.push(Span::styled("…", last));
    }
    Line::from(spans).style(line.style)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(line: &Line) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn a_long_odds_label_never_runs_into_its_figure() {
        let t = Theme::plain();
        let long = text(&odds_line(&t, "a casualty figure or more", 1.0, 4));
        assert!(long.contains("a casualty figure or more 100.0%"), "{long}");
        let short = text(&odds_line(&t, "Halted", 0.5, 4));
        assert!(
            short.starts_with("  Halted                 50.0% "),
            "{short}"
        );
    }
}
