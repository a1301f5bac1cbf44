//! One form for the facts Herald cannot see (DESIGN.md), for every rule
//! system: the toggles, counts, distances and choices the referee tells
//! about the event being prepared. A system lists its facts in one
//! function over its event; the form walks that list once to draw it and
//! once to change the fact the referee touched, so the two never drift.
//!
//! What the form gives every system: one key per fact (shown beside it);
//! digits typed straight into a number (`r` `1` `5`: 15 cm), with ←/→,
//! +/- and Space still stepping; a choice of units picked by a unit's
//! number; defaults marked with where they come from (the battle's record,
//! the units, an assumption); and facts that stay unsaid until the referee
//! says them, the roll and the odds waiting for them.
//!
//! A system writes its facts and its words, not its widgets:
//!
//! ```
//! use herald::tui::facts::{Facts, Form, Input};
//!
//! struct Shot { range_cm: u32, in_cover: bool }
//!
//! // The system's list: each fact with its key, its words and its value.
//! fn shot_facts(f: &mut Form, s: &mut Shot) {
//!     f.number('r', "range, cm", &mut s.range_cm, (0, 200), 1).unsaid();
//!     f.flag('c', "the target is in cover", &mut s.in_cover);
//! }
//!
//! let mut shot = Shot { range_cm: 0, in_cover: false };
//! let mut form = Facts::default();
//! // The range is not said yet: the roll and the odds wait for it.
//! assert_eq!(form.unsaid(form.list(|f| shot_facts(f, &mut shot))).len(), 1);
//! for key in [Input::Key('r'), Input::Digit(1), Input::Digit(5), Input::Key('c')] {
//!     form.input(key, |f| shot_facts(f, &mut shot)).unwrap();
//! }
//! assert_eq!((shot.range_cm, shot.in_cover), (15, true));
//! assert!(form.unsaid(form.list(|f| shot_facts(f, &mut shot))).is_empty());
//! ```
//!
//! The panel keeps a [`Facts`] beside its event; its keymap sends every
//! character it does not bind itself to [`Facts::input`] through
//! [`Input::typed`] (digits type, letters are facts' keys), and ↑↓, Space,
//! ←→, +/- and Backspace as [`Input`]s; it refuses the roll while
//! [`Facts::unsaid`] lists a fact; and [`view::body`] draws the facts with
//! the system's plan and odds. A walk without an edit must change nothing
//! (each write puts back what it read), since listing walks the event too.

pub mod form;
pub mod view;

pub use form::{Form, Mark};

/// Keys a fact may not take: the panel's own (`t` types dice, `q` quits,
/// `u` undoes, `?` helps; `+`, `-` and Space step) and the digits, which
/// type numbers.
pub const RESERVED: &[char] = &['t', 'q', 'u', '?', '+', '-', ' '];

/// What kind of value a fact holds, for how keys change it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Yes or no: its key, Space or ←/→ turn it over.
    Flag,
    /// A number: digits type it, ←/→ and +/- step it.
    Number,
    /// One of a list: its key or → the next, ← the one before; digits the
    /// numbered one (a unit's number, a step's).
    Choice,
    /// One of several lines for one value: its key sets the value to it.
    Option,
    /// A measure to the tenth (inches), held in tenths: digits type its
    /// whole part, `.` and one digit its tenth; ←/→ and +/- step it.
    Tenths,
}

/// Where a fact's value comes from, shown beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// As the referee set it, or at its plain start (a toggle off, the
    /// first of a choice): nothing to mark.
    Plain,
    /// Held from the battle's record or given by the units until the
    /// referee says otherwise: the words say where (`its files`,
    /// `Herald's record: it charged`).
    Record(String),
    /// Assumed until said (`0 (assumed)`): a plain default the referee
    /// should see is one.
    Assumed,
    /// Not said yet: the roll and the odds wait for it.
    Unsaid,
}

/// One fact as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    /// Its key.
    pub key: char,
    /// What it is, in the rules' words.
    pub label: String,
    /// Its value now, in words (`yes`, `15`, `flank`).
    pub value: String,
    /// A toggle that is on, a count above 0, a choice off its first (for its style).
    pub on: bool,
    /// How keys change it.
    pub kind: Kind,
    /// Where its value comes from.
    pub source: Source,
    /// Keys that each pick one of its values, with the value's words (a
    /// choice keyed by letter, [`Form::keyed`]); empty for most facts.
    pub picks: Vec<(char, String)>,
}

impl Fact {
    /// Whether digits typed go into it.
    pub fn takes_digits(&self) -> bool {
        matches!(self.kind, Kind::Number | Kind::Choice | Kind::Tenths)
    }
}

/// A key pressed in the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// ↑: the fact above.
    Up,
    /// ↓: the fact below.
    Down,
    /// Space, → or +: on or off, one more, the next.
    More,
    /// ← or -: one less, the one before.
    Less,
    /// A digit typed into the selected number.
    Digit(u8),
    /// Backspace: the last digit typed goes.
    Erase,
    /// `.`: the decimal point of a measure to the tenth.
    Point,
    /// A fact's key.
    Key(char),
}

impl Input {
    /// A character typed in the form: a digit types, any other is a key.
    pub fn typed(c: char) -> Input {
        match c.to_digit(10) {
            Some(d) => Input::Digit(d as u8),
            None if c == '.' => Input::Point,
            None => Input::Key(c),
        }
    }
}

/// A change the walk makes to one fact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// By steps: on/off, more or less, the next or the one before.
    Step(i64),
    /// To the number typed so far.
    Type(u32),
    /// Its key was pressed: a flag turns over, a choice goes on, an
    /// option is chosen; a number is only selected.
    Key,
    /// A key of one of its values was pressed (a keyed choice): that value.
    Pick(char),
}

/// The form's state in a panel: which fact is selected, the number being
/// typed into it, and which facts the referee has said.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// The selected fact.
    pub field: usize,
    /// The digits typed into the selected fact so far (a number, or the
    /// numbers of a set's items run together).
    typed: String,
    /// The keys of the facts the referee has said (for unsaid facts).
    said: Vec<char>,
    /// A measure's decimal point was typed, and its tenth when typed.
    point: Option<Option<u32>>,
}

/// The most a typed number holds (a longer one keeps its first digits).
const MAX_TYPED: u32 = 99_999;

/// The most digits kept for the selected fact: a set of units named by
/// their numbers runs them together (`2` `3` `5` `1` `0` …), so this is
/// far more than any number needs.
const MAX_DIGITS: usize = 64;

/// The number typed digits make, its first digits only where it would
/// pass [`MAX_TYPED`].
fn number_of(digits: &str) -> u32 {
    let mut n: u32 = 0;
    for d in digits.chars().filter_map(|c| c.to_digit(10)) {
        match n.checked_mul(10).and_then(|m| m.checked_add(d)) {
            Some(m) if m <= MAX_TYPED => n = m,
            _ => break,
        }
    }
    n
}

impl Facts {
    /// The facts as they stand (the walk changes nothing).
    pub fn list(&self, walk: impl FnOnce(&mut Form)) -> Vec<Fact> {
        let mut said = self.said.clone();
        let mut f = Form::new(&mut said, None);
        walk(&mut f);
        f.finish()
    }

    /// The facts not said yet, from a list.
    pub fn unsaid(&self, facts: Vec<Fact>) -> Vec<Fact> {
        facts
            .into_iter()
            .filter(|f| f.source == Source::Unsaid)
            .collect()
    }

    /// A key in the form: selects or changes a fact through `walk` (the
    /// same list as [`Facts::list`], over the event to change). Refused
    /// keys say why in the referee's words.
    pub fn input(&mut self, input: Input, mut walk: impl FnMut(&mut Form)) -> Result<(), String> {
        let facts = self.list(&mut walk);
        if facts.is_empty() {
            return Err("this step has no facts to tell: Enter records it".to_string());
        }
        self.field = self.field.min(facts.len() - 1);
        // the digits before and after this key, for a set named by numbers
        let mut digits = (String::new(), String::new());
        let edit = match input {
            Input::Up | Input::Down => {
                let by = if input == Input::Up { -1 } else { 1 };
                self.field = (self.field as i64 + by).clamp(0, facts.len() as i64 - 1) as usize;
                self.typed.clear();
                self.point = None;
                return Ok(());
            }
            Input::More | Input::Less => {
                self.typed.clear();
                self.point = None;
                Edit::Step(if input == Input::More { 1 } else { -1 })
            }
            Input::Key(c) => {
                if let Some(i) = facts.iter().position(|f| f.key == c) {
                    self.field = i;
                    self.typed.clear();
                    self.point = None;
                    Edit::Key
                } else if let Some(i) = facts
                    .iter()
                    .position(|f| f.picks.iter().any(|(k, _)| *k == c))
                {
                    self.field = i;
                    self.typed.clear();
                    self.point = None;
                    Edit::Pick(c)
                } else {
                    return Err(format!("no fact here has the key {c}"));
                }
            }
            Input::Digit(d) => {
                let fact = &facts[self.field];
                if !fact.takes_digits() {
                    return Err(format!(
                        "{} is not a number: digits go to a number or a choice (its key first)",
                        fact.label
                    ));
                }
                let tenths = fact.kind == Kind::Tenths;
                if tenths && let Some(tenth) = self.point {
                    if tenth.is_some() {
                        return Err(format!(
                            "{} is measured to the tenth: one digit after the point",
                            fact.label
                        ));
                    }
                    self.point = Some(Some(u32::from(d)));
                    let whole = number_of(&self.typed);
                    Edit::Type(whole.saturating_mul(10).saturating_add(u32::from(d)))
                } else {
                    let before = self.typed.clone();
                    if self.typed.len() < MAX_DIGITS {
                        self.typed.push(char::from(b'0' + d));
                    }
                    digits = (before, self.typed.clone());
                    let n = number_of(&self.typed);
                    Edit::Type(if tenths { n.saturating_mul(10) } else { n })
                }
            }
            Input::Point => {
                let fact = &facts[self.field];
                if fact.kind != Kind::Tenths {
                    return Err(format!(
                        "{} is a whole number: no decimal point",
                        fact.label
                    ));
                }
                if self.point.is_some() {
                    return Err(format!("{} has its decimal point", fact.label));
                }
                self.point = Some(None);
                Edit::Type(number_of(&self.typed).saturating_mul(10))
            }
            Input::Erase => {
                let tenths = facts[self.field].kind == Kind::Tenths;
                match self.point {
                    // the tenth goes, then the point
                    Some(Some(_)) => {
                        self.point = Some(None);
                        Edit::Type(number_of(&self.typed).saturating_mul(10))
                    }
                    Some(None) => {
                        self.point = None;
                        Edit::Type(number_of(&self.typed).saturating_mul(10))
                    }
                    None => {
                        let before = self.typed.clone();
                        if self.typed.pop().is_none() {
                            return Ok(());
                        }
                        digits = (before, self.typed.clone());
                        let n = number_of(&self.typed);
                        Edit::Type(if tenths { n.saturating_mul(10) } else { n })
                    }
                }
            }
        };
        let mut f = Form::new(&mut self.said, Some((self.field, edit)));
        f.digits = digits;
        walk(&mut f);
        f.finish();
        Ok(())
    }
}

/// Checks a list's keys: each fact its own key, a letter, none the
/// panel's own ([`RESERVED`]). Every system's lists are held to it by
/// their tests.
pub fn check_keys(facts: &[Fact]) -> Result<(), String> {
    let mut seen: Vec<(char, &str)> = Vec::new();
    for f in facts {
        let keys = std::iter::once(f.key).chain(f.picks.iter().map(|(k, _)| *k));
        for (n, key) in keys.enumerate() {
            // A keyed choice may list its own key among its values' keys.
            if n > 0 && key == f.key {
                continue;
            }
            if !key.is_ascii_alphabetic() || RESERVED.contains(&key) {
                return Err(format!("{}: the key {:?} is not a fact's", f.label, key));
            }
            if let Some((_, g)) = seen.iter().find(|(k, _)| *k == key) {
                return Err(format!("{g} and {} share the key {key}", f.label));
            }
            seen.push((key, &f.label));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    struct Event {
        range: u32,
        cover: bool,
        bases: Option<u32>,
        from: usize,
        unit: u32,
        cause: u8,
    }

    fn walk(f: &mut Form, e: &mut Event) {
        f.number('r', "range, cm", &mut e.range, (0, 200), 1)
            .unsaid();
        f.flag('c', "in cover", &mut e.cover);
        f.number_or('b', "bases shooting", &mut e.bases, 6, (1, 8), "its files");
        f.choice('f', "shot from", &mut e.from, &[0, 1, 2], |i| {
            ["front", "flank", "rear"][i].to_string()
        });
        f.choice_numbered(
            'a',
            "target",
            &mut e.unit,
            &[1, 3, 10],
            |u| format!("a{u}"),
            |u| u,
        );
        f.option('d', "a disaster", &mut e.cause, 1);
        f.option('p', "pressing home", &mut e.cause, 2);
    }

    fn press(form: &mut Facts, e: &mut Event, keys: &[Input]) {
        for k in keys {
            form.input(*k, |f| walk(f, e)).unwrap();
        }
    }

    #[test]
    fn a_key_per_fact_digits_into_numbers_and_steps() {
        let mut e = Event {
            unit: 1,
            ..Event::default()
        };
        let mut form = Facts::default();
        let list = form.list(|f| walk(f, &mut e.clone()));
        check_keys(&list).unwrap();
        assert_eq!(list[0].source, Source::Unsaid);
        assert_eq!(
            (list[2].value.as_str(), &list[2].source),
            ("6", &Source::Record("its files".to_string()))
        );
        press(
            &mut form,
            &mut e,
            &[Input::Key('r'), Input::Digit(1), Input::Digit(5)],
        );
        assert_eq!(e.range, 15);
        assert!(form.unsaid(form.list(|f| walk(f, &mut e))).is_empty());
        press(&mut form, &mut e, &[Input::More, Input::More, Input::Less]);
        assert_eq!(e.range, 16);
        press(
            &mut form,
            &mut e,
            &[Input::Digit(2), Input::Erase, Input::Digit(7)],
        );
        assert_eq!(e.range, 7);
        // Beyond the most: the most.
        press(
            &mut form,
            &mut e,
            &[Input::Digit(9), Input::Digit(9), Input::Digit(9)],
        );
        assert_eq!(e.range, 200);
        press(&mut form, &mut e, &[Input::Key('c')]);
        assert!(e.cover);
        // Back at the units' figure, the count is theirs again.
        press(&mut form, &mut e, &[Input::Key('b'), Input::Digit(4)]);
        assert_eq!(e.bases, Some(4));
        press(&mut form, &mut e, &[Input::Key('b'), Input::Digit(6)]);
        assert_eq!(e.bases, None);
        press(
            &mut form,
            &mut e,
            &[Input::Key('f'), Input::Key('f'), Input::Key('f')],
        );
        assert_eq!(e.from, 0, "a choice's key goes round");
        press(&mut form, &mut e, &[Input::Digit(3)]);
        assert_eq!(e.from, 2, "digits pick by position");
        press(
            &mut form,
            &mut e,
            &[Input::Key('a'), Input::Digit(1), Input::Digit(0)],
        );
        assert_eq!(e.unit, 10, "digits pick a unit by its number");
        press(&mut form, &mut e, &[Input::Key('p')]);
        assert_eq!(e.cause, 2);
        let list = form.list(|f| walk(f, &mut e));
        assert!(list[6].on && !list[5].on);
    }

    #[test]
    fn refusals_say_why() {
        let mut e = Event::default();
        let mut form = Facts::default();
        let err = form
            .input(Input::Key('z'), |f| walk(f, &mut e))
            .unwrap_err();
        assert!(err.contains("no fact here has the key z"), "{err}");
        form.input(Input::Key('c'), |f| walk(f, &mut e)).unwrap();
        let err = form
            .input(Input::Digit(3), |f| walk(f, &mut e))
            .unwrap_err();
        assert!(err.contains("in cover is not a number"), "{err}");
    }

    #[test]
    fn keys_are_checked() {
        let fact = |key| Fact {
            key,
            label: format!("fact {key}"),
            value: String::new(),
            on: false,
            kind: Kind::Flag,
            source: Source::Plain,
            picks: Vec::new(),
        };
        assert!(check_keys(&[fact('a'), fact('b')]).is_ok());
        assert!(check_keys(&[fact('a'), fact('a')]).is_err());
        assert!(check_keys(&[fact('t')]).is_err());
        assert!(check_keys(&[fact('1')]).is_err());
    }
}
