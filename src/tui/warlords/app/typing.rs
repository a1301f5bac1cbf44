//! The players' own dice, typed in.

use super::App;
use crate::dice::{Colour, Dice};
use crate::tui::warlords::dialog::{Dialog, TypeDice};

impl App {
    pub(super) fn open_typing(&mut self) {
        let Some(Dialog::Resolve(r)) = self.dialogs.last() else {
            return;
        };
        if r.rolled.is_some() {
            return;
        }
        if let Some(Dialog::Resolve(r)) = self.dialogs.last_mut() {
            r.kept = None; // t: the referee types other dice
        }
        let Some(Dialog::Resolve(r)) = self.dialogs.last() else {
            return;
        };
        match self.needs(&r.procedure) {
            Ok(groups) => {
                let typed = vec![Dice::default(); groups.len()];
                let Some(ask) = TypeDice::next_ask(&groups, &typed) else {
                    return self.roll(None);
                };
                self.dialogs.push(Dialog::TypeDice(TypeDice {
                    groups,
                    typed,
                    ask,
                    text: String::new(),
                    error: None,
                    quick: None,
                    moved_on: false,
                }))
            }
            Err(e) => self.set_resolve_error(e),
        }
    }

    /// A face typed straight on a panel before its roll: the field opens
    /// with it, and once every die the panel lists is in, they are used.
    pub(super) fn type_face(&mut self, c: char) {
        if matches!(self.dialogs.last(), Some(Dialog::Resolve(r)) if r.rolled.is_none()) {
            self.open_typing();
            if let Some(Dialog::TypeDice(t)) = self.dialogs.last_mut() {
                t.quick = Some(
                    t.groups
                        .iter()
                        .map(|(_, n)| n.white + n.red + n.yellow)
                        .sum(),
                );
            }
        }
        let Some(Dialog::TypeDice(t)) = self.dialogs.last_mut() else {
            return;
        };
        // Faces alone (no colour named, no `|`): counted against the prompt.
        let bare = !t
            .text
            .chars()
            .chain([c])
            .any(|c| matches!(c.to_ascii_lowercase(), 'w' | 'r' | 'y' | '|'));
        let faces = t.text.chars().filter(char::is_ascii_digit).count();
        if bare && c.is_ascii_digit() && faces >= t.ask.count {
            // Every die of this prompt is in, and none follows: one too many.
            t.error = Some(format!(
                "{} asked here and all in: a face more is one too many (Backspace changes one, Enter uses them)",
                count_of(t.ask.count, t.ask.colour)
            ));
            return;
        }
        if t.text.chars().count() < 80 {
            t.text.push(c);
            t.error = None;
            t.moved_on = false;
        }
        let faces = t.text.chars().filter(char::is_ascii_digit).count();
        let quick = t.quick.is_some();
        if bare && faces == t.ask.count {
            // This prompt's faces are in: on to the red or yellow dice that
            // follow, by themselves (docs/console.md); the last ones are
            // used at once when typed on the panel, else Enter uses them.
            if !self.move_on_typed() && quick {
                self.submit_typed();
            }
        } else if quick && !bare {
            // Colours named on the panel: used once every die it lists is in.
            let all: usize = t
                .groups
                .iter()
                .map(|(_, n)| n.white + n.red + n.yellow)
                .sum();
            if t.text.chars().filter(char::is_ascii_digit).count() == all {
                self.submit_typed();
            }
        }
    }

    /// The faces of the prompt are in: the field asks for the next colour,
    /// when one follows, with no Enter (docs/console.md). Says whether it
    /// moved on (none follows: every die is typed).
    fn move_on_typed(&mut self) -> bool {
        let n = self.dialogs.len();
        let (Some(Dialog::Resolve(r)), Some(Dialog::TypeDice(t))) = (
            n.checked_sub(2).and_then(|i| self.dialogs.get(i)),
            self.dialogs.last(),
        ) else {
            return false;
        };
        let Ok(typed) = typed_dice(t) else {
            return false;
        };
        let Ok(groups) = self.needs_given(&r.procedure, &typed) else {
            return false;
        };
        let over = groups.iter().zip(&typed).any(|((_, need), have)| {
            need.per_colour()
                .into_iter()
                .any(|(colour, n)| have.of(colour).len() > n)
        });
        if over {
            return false;
        }
        if let Some(ask) = TypeDice::next_ask(&groups, &typed)
            && let Some(Dialog::TypeDice(t)) = self.dialogs.last_mut()
        {
            t.groups = groups;
            t.typed = typed;
            t.ask = ask;
            t.text.clear();
            t.error = None;
            t.moved_on = true;
            return true;
        }
        false
    }

    /// Enter in the typed-dice field: checks the dice per colour, asks for
    /// the next colour the rules need, and rolls once every die is typed.
    pub(super) fn submit_typed(&mut self) {
        if let Some(Dialog::TypeDice(t)) = self.dialogs.last_mut()
            && t.moved_on
            && t.text.trim().is_empty()
        {
            // The Enter meant for the prompt the field already left.
            t.moved_on = false;
            return;
        }
        let n = self.dialogs.len();
        let (Some(Dialog::Resolve(r)), Some(Dialog::TypeDice(t))) = (
            n.checked_sub(2).and_then(|i| self.dialogs.get(i)),
            self.dialogs.last(),
        ) else {
            return;
        };
        let check = |typed: Vec<Dice>| {
            let groups = self.needs_given(&r.procedure, &typed)?;
            for ((who, need), have) in groups.iter().zip(&typed) {
                for (colour, n) in need.per_colour() {
                    let had = have.of(colour).len();
                    if had > n {
                        return Err(format!(
                            "{who} needs {n} {} dice here, but {had} were given",
                            colour.name()
                        ));
                    }
                }
            }
            Ok((groups, typed))
        };
        let result = match in_one_line(t) {
            // More bare faces than this prompt asks: the prompts that follow, in order.
            Some(faces) => {
                let mut now = t.clone();
                let mut faces = faces.as_str();
                loop {
                    let (chunk, rest) = faces.split_at(now.ask.count.min(faces.len()));
                    now.text = chunk.to_string();
                    faces = rest;
                    match typed_dice(&now).and_then(check) {
                        Err(e) => break Err(e),
                        Ok((groups, typed)) => match TypeDice::next_ask(&groups, &typed) {
                            Some(ask) if !faces.is_empty() => {
                                now.groups = groups;
                                now.typed = typed;
                                now.ask = ask;
                            }
                            None if !faces.is_empty() => {
                                break Err(format!(
                                    "{} face(s) more than this roll needs: {faces}",
                                    faces.len()
                                ));
                            }
                            _ => break Ok((groups, typed)),
                        },
                    }
                }
            }
            None => typed_dice(t).and_then(check),
        };
        let Some(Dialog::TypeDice(t)) = self.dialogs.last_mut() else {
            return;
        };
        match result {
            Err(e) => t.error = Some(e),
            Ok((groups, typed)) => match TypeDice::next_ask(&groups, &typed) {
                Some(ask) => {
                    t.groups = groups;
                    t.typed = typed;
                    t.ask = ask;
                    t.text.clear();
                    t.error = None;
                    // Typed straight on the panel: the next prompt too.
                    t.quick = t.quick.map(|_| ask.count);
                }
                None => {
                    self.dialogs.pop();
                    self.roll(Some(typed));
                }
            },
        }
    }

    pub(super) fn set_resolve_error(&mut self, e: String) {
        if let Some(Dialog::Resolve(r)) = self.dialogs.last_mut() {
            r.error = Some(e);
        }
    }
}

/// `n` dice of a colour in words: "1 red die", "8 white dice".
fn count_of(n: usize, colour: Colour) -> String {
    format!(
        "{n} {} {}",
        colour.name(),
        if n == 1 { "die" } else { "dice" }
    )
}

/// Typed straight on the panel (no `t`), bare faces (no colour named, no
/// `|`) beyond what the prompt asks: the
/// faces in order, to fill this prompt and the ones after it, as the panel
/// lists the dice (white, then red, then yellow; side a before side b).
fn in_one_line(t: &TypeDice) -> Option<String> {
    let faces: String = t.text.chars().filter(|c| !matches!(c, ' ' | ',')).collect();
    (t.quick.is_some() && faces.chars().all(|c| c.is_ascii_digit()) && faces.len() > t.ask.count)
        .then_some(faces)
}

/// The dice a typed-dice field holds with what was just typed: bare digits
/// are the colour asked for; `W: 6 6 4  R: 3  Y: 1` names the colours; `|`
/// starts the next group's dice (Melee: side a's, then side b's).
pub(super) fn typed_dice(t: &TypeDice) -> Result<Vec<Dice>, String> {
    let mut typed = t.typed.clone();
    typed.resize(t.groups.len(), Dice::default());
    let parts: Vec<&str> = t.text.split('|').collect();
    if parts.len() > 1 && parts.len() != t.groups.len() {
        return Err(format!(
            "{} part(s) typed between |, but this roll has {} group(s) of dice",
            parts.len(),
            t.groups.len()
        ));
    }
    for (p, part) in parts.iter().enumerate() {
        let (dice, labelled) = read_colours(part, t.ask.colour)?;
        if !labelled && parts.len() == 1 && dice.of(t.ask.colour).len() != t.ask.count {
            let who = t
                .ask
                .group
                .and_then(|g| t.groups.get(g))
                .map_or(String::new(), |(w, _)| format!(" for {w}"));
            return Err(format!(
                "this roll needs {} {} dice{who} now, but {} were given",
                t.ask.count,
                t.ask.colour.name(),
                dice.of(t.ask.colour).len()
            ));
        }
        let group = if parts.len() > 1 {
            Some(p)
        } else {
            t.ask.group
        };
        match group {
            Some(g) => {
                for c in [Colour::White, Colour::Red, Colour::Yellow] {
                    typed[g].of_mut(c).extend_from_slice(dice.of(c));
                }
            }
            None => {
                // Every group's white dice in order; red and yellow go to the
                // one group that needs them.
                let mut white = dice.white.as_slice();
                for (g, (_, need)) in t.groups.iter().enumerate() {
                    let take = need.white.min(white.len());
                    let (mine, rest) = white.split_at(take);
                    typed[g].white.extend_from_slice(mine);
                    white = rest;
                }
                // Too many: the last group holds them, and the count check refuses.
                typed[t.groups.len() - 1].white.extend_from_slice(white);
                for c in [Colour::Red, Colour::Yellow] {
                    if dice.of(c).is_empty() {
                        continue;
                    }
                    let wanting: Vec<usize> = (0..t.groups.len())
                        .filter(|&g| t.groups[g].1.of(c) > 0)
                        .collect();
                    match wanting.as_slice() {
                        [g] => typed[*g].of_mut(c).extend_from_slice(dice.of(c)),
                        // One side's dice only (a shot, W-15): the yellow its red
                        // dice may call for is its own; the count check judges it.
                        [] if t.groups.len() == 1 => {
                            typed[0].of_mut(c).extend_from_slice(dice.of(c))
                        }
                        _ => {
                            return Err(format!(
                                "more than one side may need {} dice: type each side's dice apart, e.g. W: 6 6 R: 3 | W: 5 4 R: 2",
                                c.name()
                            ));
                        }
                    }
                }
            }
        }
    }
    Ok(typed)
}

/// Reads typed faces, `W`/`R`/`Y` switching the colour (bare digits are
/// `colour`); also says whether any colour was named.
pub(super) fn read_colours(text: &str, colour: Colour) -> Result<(Dice, bool), String> {
    let mut dice = Dice::default();
    let mut now = colour;
    let mut labelled = false;
    for ch in text.chars() {
        match ch.to_ascii_lowercase() {
            'w' | 'r' | 'y' => {
                labelled = true;
                now = match ch.to_ascii_lowercase() {
                    'w' => Colour::White,
                    'r' => Colour::Red,
                    _ => Colour::Yellow,
                };
            }
            ' ' | ',' | ':' => {}
            d if d.is_ascii_digit() => {
                let v = d.to_digit(10).unwrap_or(0) as u8;
                let die = crate::dice::Die::new(v).ok_or_else(|| {
                    format!("'{v}' is not a die: a {} die shows 1 to 6", now.name())
                })?;
                dice.of_mut(now).push(die);
            }
            other => {
                return Err(format!(
                    "'{other}' is not a die: type faces 1 to 6 (4 3 6 or 436), colours as W: R: Y:"
                ));
            }
        }
    }
    Ok((dice, labelled))
}
