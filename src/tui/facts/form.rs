//! The walk over a system's facts: each call lists one fact and, when the
//! referee's key is for it, changes it first.

use super::{Edit, Fact, Kind, Source};

/// The walk a system's list of facts is handed: one call per fact, in the
/// order the panel shows them.
pub struct Form<'s> {
    said: &'s mut Vec<char>,
    at: usize,
    edit: Option<(usize, Edit)>,
    out: Vec<Fact>,
    /// The selected fact's digits before and after a digit typed or
    /// erased (a numbered set reads them whole, however many).
    pub(super) digits: (String, String),
}

/// The fact just listed, to mark where its value comes from.
pub struct Mark<'a> {
    fact: &'a mut Fact,
    said: bool,
}

impl Mark<'_> {
    /// It stays unsaid until the referee says it (a step or a digit): the
    /// roll and the odds wait for it.
    pub fn unsaid(self) {
        if !self.said {
            self.fact.source = Source::Unsaid;
            self.fact.value = "not said".to_string();
            self.fact.on = false;
        }
    }

    /// While `holds` (the value is what the record gives), it is marked as
    /// the record's, in `why`'s words (`its files`, `Herald's record: it
    /// charged`).
    pub fn from_record(self, holds: bool, why: impl Into<String>) {
        if holds {
            self.fact.source = Source::Record(why.into());
        }
    }

    /// Until the referee says it, while `holds` (the value is the plain
    /// default), it is marked as assumed.
    pub fn assumed(self, holds: bool) {
        if holds && !self.said {
            self.fact.source = Source::Assumed;
        }
    }
}

impl<'s> Form<'s> {
    /// A walk applying `edit` to the fact at its index.
    pub(super) fn new(said: &'s mut Vec<char>, edit: Option<(usize, Edit)>) -> Form<'s> {
        Form {
            said,
            at: 0,
            edit,
            out: Vec::new(),
            digits: (String::new(), String::new()),
        }
    }

    /// The facts listed.
    pub(super) fn finish(self) -> Vec<Fact> {
        self.out
    }

    /// The edit for the next fact, if it is the one edited.
    fn hit(&mut self, key: char) -> Option<Edit> {
        let i = self.at;
        self.at += 1;
        match self.edit {
            Some((t, e)) if t == i => {
                // A number's key only selects it; anything else says it.
                if e != Edit::Key && !self.said.contains(&key) {
                    self.said.push(key);
                }
                Some(e)
            }
            _ => None,
        }
    }

    fn push(&mut self, key: char, label: String, value: String, on: bool, kind: Kind) -> Mark<'_> {
        let said = self.said.contains(&key);
        self.out.push(Fact {
            key,
            label,
            value,
            on,
            kind,
            source: Source::Plain,
            picks: Vec::new(),
        });
        Mark {
            fact: self.out.last_mut().expect("a fact was just pushed"),
            said,
        }
    }

    /// A yes-or-no fact: its key, Space or ←/→ turn it over.
    pub fn flag(&mut self, key: char, label: impl Into<String>, v: &mut bool) -> Mark<'_> {
        // Its key or a step turns it over; digits mean nothing to it.
        if let Some(Edit::Key | Edit::Step(_)) = self.hit(key) {
            *v = !*v;
        }
        let value = if *v { "yes" } else { "no" }.to_string();
        self.push(key, label.into(), value, *v, Kind::Flag)
    }

    /// A number from `range.0` to `range.1`: digits type it, ←/→ and +/-
    /// step it by `step`.
    pub fn number(
        &mut self,
        key: char,
        label: impl Into<String>,
        v: &mut u32,
        range: (u32, u32),
        step: u32,
    ) -> Mark<'_> {
        if let Some(e) = self.hit(key) {
            *v = changed(*v, e, range, step);
        }
        let value = v.to_string();
        self.push(key, label.into(), value, *v > 0, Kind::Number)
    }

    /// A measure to the tenth (inches), held in tenths: digits type its
    /// whole part, `.` and a digit its tenth (`1 4 . 5` is 14.5, held as
    /// 145); ←/→ and +/- step it by `step` tenths. Shown `14.5`, or `14`.
    pub fn tenths(
        &mut self,
        key: char,
        label: impl Into<String>,
        v: &mut u32,
        range: (u32, u32),
        step: u32,
    ) -> Mark<'_> {
        if let Some(e) = self.hit(key) {
            *v = changed(*v, e, range, step);
        }
        let value = if v.is_multiple_of(10) {
            (*v / 10).to_string()
        } else {
            format!("{}.{}", *v / 10, *v % 10)
        };
        self.push(key, label.into(), value, *v > 0, Kind::Tenths)
    }

    /// A number as [`Form::number`], but a digit that would take it past
    /// its most starts it anew: a card worth 1 to 10 typed `1` `3` is 3,
    /// not 13 (nor 10).
    pub fn number_anew(
        &mut self,
        key: char,
        label: impl Into<String>,
        v: &mut u32,
        range: (u32, u32),
    ) -> Mark<'_> {
        if let Some(e) = self.hit(key) {
            let e = match e {
                Edit::Type(n) if n > range.1 => Edit::Type(n % 10),
                e => e,
            };
            *v = changed(*v, e, range, 1);
        }
        let value = v.to_string();
        self.push(key, label.into(), value, *v > 0, Kind::Number)
    }

    /// A number the units (or the record) give as `default` until the
    /// referee says otherwise: `None` until then, shown as `6 (its files)`;
    /// said back at `default`, it is theirs again.
    pub fn number_or(
        &mut self,
        key: char,
        label: impl Into<String>,
        v: &mut Option<u32>,
        default: u32,
        range: (u32, u32),
        whose: &str,
    ) -> Mark<'_> {
        if let Some(e) = self.hit(key) {
            let n = changed(v.unwrap_or(default), e, range, 1);
            *v = (n != default).then_some(n);
        }
        let value = v.unwrap_or(default).to_string();
        let theirs = v.is_none();
        let mut mark = self.push(key, label.into(), value, !theirs, Kind::Number);
        if theirs {
            mark.fact.source = Source::Record(whose.to_string());
            mark.said = true;
        }
        mark
    }

    /// One of `all`: its key or → the next, ← the one before (round the
    /// list); digits pick by position from 1.
    pub fn choice<T: Copy + PartialEq>(
        &mut self,
        key: char,
        label: impl Into<String>,
        v: &mut T,
        all: &[T],
        name: impl Fn(T) -> String,
    ) -> Mark<'_> {
        let numbered: Vec<(T, u32)> = all.iter().zip(1..).map(|(t, n)| (*t, n)).collect();
        self.choose(key, label.into(), v, &numbered, name)
    }

    /// One of `all`, as [`Form::choice`], but digits pick the one whose
    /// `number` is typed (a unit's number, `3` for a3; `10` for a10).
    pub fn choice_numbered<T: Copy + PartialEq>(
        &mut self,
        key: char,
        label: impl Into<String>,
        v: &mut T,
        all: &[T],
        name: impl Fn(T) -> String,
        number: impl Fn(T) -> u32,
    ) -> Mark<'_> {
        let numbered: Vec<(T, u32)> = all.iter().map(|t| (*t, number(*t))).collect();
        self.choose(key, label.into(), v, &numbered, name)
    }

    fn choose<T: Copy + PartialEq>(
        &mut self,
        key: char,
        label: String,
        v: &mut T,
        all: &[(T, u32)],
        name: impl Fn(T) -> String,
    ) -> Mark<'_> {
        if let Some(e) = self.hit(key)
            && !all.is_empty()
        {
            // A choice's key changes it (a number's only selects it): said.
            if e == Edit::Key && !self.said.contains(&key) {
                self.said.push(key);
            }
            let i = all.iter().position(|(x, _)| x == v).unwrap_or(0) as i64;
            let n = all.len() as i64;
            match e {
                Edit::Step(d) => *v = all[(i + d).rem_euclid(n) as usize].0,
                Edit::Key => *v = all[(i + 1).rem_euclid(n) as usize].0,
                // Digits that name nothing (yet) leave it: `1` of `10`.
                Edit::Type(t) => {
                    if let Some((x, _)) = all.iter().find(|(_, k)| *k == t) {
                        *v = *x;
                    }
                }
                Edit::Pick(_) => {}
            }
        }
        let on = all.first().map(|(x, _)| x) != Some(v);
        let value = name(*v);
        self.push(key, label, value, on, Kind::Choice)
    }

    /// One of `all`, each with a key of its own that picks it (`m`
    /// Movement, `s` Stop): one line however many there are; its own key
    /// or → goes round them as a choice does. The line shows the keys.
    pub fn keyed<T: Copy + PartialEq>(
        &mut self,
        key: char,
        label: impl Into<String>,
        v: &mut T,
        all: &[(char, T)],
        name: impl Fn(T) -> String,
    ) -> Mark<'_> {
        let at = self.at;
        let picked = match self.edit {
            Some((i, Edit::Pick(c))) if i == at => all.iter().find(|(k, _)| *k == c),
            _ => None,
        };
        if let Some((_, x)) = picked {
            *v = *x;
        }
        let items: Vec<T> = all.iter().map(|(_, x)| *x).collect();
        let name = &name;
        let mark = self.choice(key, label, v, &items, name);
        mark.fact.picks = all.iter().map(|(k, x)| (*k, name(*x))).collect();
        mark
    }

    /// One line of several for one value: on while `v` is `this`; its key
    /// (or Space, →) sets `v` to `this`.
    pub fn option<T: Copy + PartialEq>(
        &mut self,
        key: char,
        label: impl Into<String>,
        v: &mut T,
        this: T,
    ) -> Mark<'_> {
        if let Some(Edit::Key | Edit::Step(_)) = self.hit(key) {
            *v = this;
            // Choosing it says it (a group of options may wait for one).
            if !self.said.contains(&key) {
                self.said.push(key);
            }
        }
        let on = *v == this;
        let value = if on { "yes" } else { "no" }.to_string();
        self.push(key, label.into(), value, on, Kind::Option)
    }

    /// Whether the referee has said the fact with this key (for a group of
    /// options that stays unsaid until one of them is chosen).
    pub fn said(&self, key: char) -> bool {
        self.said.contains(&key)
    }

    /// A set of numbered items (units by their number: `2` for a2, `1`
    /// `0` for a10): each number typed turns its item in or out of the
    /// set; digits run together are read as the longest numbers that
    /// name items (`2` `3` is a2 and a3 when there is no a23). Its key
    /// only selects it (and starts a new number); `none` while empty.
    pub fn numbered_set<T: Copy + PartialEq>(
        &mut self,
        key: char,
        label: impl Into<String>,
        set: &mut Vec<T>,
        all: &[T],
        name: impl Fn(T) -> String,
        number: impl Fn(T) -> u32,
    ) -> Mark<'_> {
        if let Some(Edit::Type(_)) = self.hit(key) {
            // The typed digits so far name these items; the digits before
            // this key (typed or erased) named those: turn over what
            // differs. Every digit counts, however many (`0` `1` names a1).
            let (before, now) = &self.digits;
            let named = |digits: &str| -> Vec<T> { tokens(digits, all, &number) };
            let mut flips = named(now);
            for t in named(before) {
                match flips.iter().position(|x| *x == t) {
                    Some(i) => {
                        flips.remove(i);
                    }
                    None => flips.push(t),
                }
            }
            for t in flips {
                match set.iter().position(|x| *x == t) {
                    Some(i) => {
                        set.remove(i);
                    }
                    None => set.push(t),
                }
            }
        }
        let value = if set.is_empty() {
            "none".to_string()
        } else {
            set.iter().map(|t| name(*t)).collect::<Vec<_>>().join(", ")
        };
        let on = !set.is_empty();
        self.push(key, label.into(), value, on, Kind::Choice)
    }

    /// One flag per item of `all` (its key, its words), each on while
    /// `list` holds the item; the list keeps the order they were turned on.
    pub fn toggles<T: Copy + PartialEq>(&mut self, list: &mut Vec<T>, all: &[(char, T, &str)]) {
        for (key, item, label) in all {
            let mut on = list.contains(item);
            self.flag(*key, *label, &mut on);
            if on != list.contains(item) {
                list.retain(|x| x != item);
                if on {
                    list.push(*item);
                }
            }
        }
    }
}

/// A number after an edit, within `range`.
fn changed(v: u32, e: Edit, (min, max): (u32, u32), step: u32) -> u32 {
    let n = match e {
        Edit::Step(d) => i64::from(v) + d * i64::from(step),
        Edit::Type(n) => i64::from(n),
        Edit::Key | Edit::Pick(_) => i64::from(v),
    };
    n.clamp(i64::from(min), i64::from(max)) as u32
}

/// The items typed digits name, read left to right, each the longest
/// number (two digits, then one) that names an item; a digit naming none
/// is passed over.
fn tokens<T: Copy>(digits: &str, all: &[T], number: &impl Fn(T) -> u32) -> Vec<T> {
    let find = |n: u32| all.iter().copied().find(|t| number(*t) == n);
    let d: Vec<u32> = digits.chars().filter_map(|c| c.to_digit(10)).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < d.len() {
        if i + 1 < d.len()
            && d[i] != 0
            && let Some(t) = find(d[i] * 10 + d[i + 1])
        {
            out.push(t);
            i += 2;
            continue;
        }
        if let Some(t) = find(d[i]) {
            out.push(t);
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::facts::{Facts, Input};

    fn walk(f: &mut Form, set: &mut Vec<u32>) {
        f.numbered_set(
            'u',
            "units",
            set,
            &[1, 2, 3, 10, 11],
            |u| format!("a{u}"),
            |u| u,
        );
    }

    fn typed(keys: &[Input]) -> Vec<u32> {
        let mut set = Vec::new();
        let mut form = Facts::default();
        for k in keys {
            form.input(*k, |f| walk(f, &mut set)).unwrap();
        }
        set
    }

    #[test]
    fn a_numbered_set_takes_units_by_their_numbers() {
        use Input::{Digit, Key};
        assert_eq!(typed(&[Digit(2), Digit(3)]), vec![2, 3]);
        assert_eq!(typed(&[Digit(1), Digit(0)]), vec![10]);
        assert_eq!(typed(&[Digit(2), Digit(1), Digit(0)]), vec![2, 10]);
        // The fact's key starts a new number: a1, then a2.
        assert_eq!(typed(&[Digit(1), Key('u'), Digit(2)]), vec![1, 2]);
        // The same unit again takes it out.
        assert_eq!(typed(&[Digit(3), Key('u'), Digit(3)]), Vec::<u32>::new());
        // However long the run: 2 3 10 11 1 (wi3 F2: from the sixth digit
        // on, each took the last unit out or back).
        let mut long = typed(&[2, 3, 1, 0, 1, 1, 1].map(Digit));
        long.sort_unstable();
        assert_eq!(long, vec![1, 2, 3, 10, 11]);
        // Backspace takes back the last digit's unit, not the first's.
        assert_eq!(typed(&[Digit(2), Digit(3), Input::Erase]), vec![2]);
    }
}
