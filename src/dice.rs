//! Dice: the three colours of 1.3 and Parker's Warlord's d20, a rolled die,
//! a handful of dice, and the sources they come from (a seeded generator, the players' typed-in dice, or
//! a script for tests). The rules core only ever sees [`Dice`]; it never rolls.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;
use thiserror::Error;

/// The colour of a die (1.3): white for ordinary rolls, red and yellow for
/// personalities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Red: personality checks (3.1.3).
    Red,
    /// Yellow: picks the personality hit (3.1.3.1).
    Yellow,
    /// White: every "nd6" of the rules.
    White,
    /// The twenty-sided die of Parker's Warlord ("Roll 1D20", PW-1); its
    /// only pool, named `d20` in files.
    D20,
}

impl Colour {
    /// The single letter shown beside a die so colour is never the only signal.
    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Yellow => 'Y',
            Colour::White => 'W',
            Colour::D20 => 'D',
        }
    }

    /// The colour's name in lower case.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::White => "white",
            Colour::D20 => "d20",
        }
    }

    /// How many faces a die of this colour has: the colours of 1.3 are d6,
    /// the d20 twenty (PW-1).
    pub fn faces(self) -> u8 {
        match self {
            Colour::D20 => 20,
            _ => 6,
        }
    }
}

/// A pool of dice a rule system rolls, as it declares them
/// (`RuleSystem::DICE`): its colour, which is also its name in files
/// (`dice = { white = [..] }`) and its letter on screen, and its faces.
/// Warlords rolls white, red and yellow d6 (1.3); Warlord I plain d6,
/// written white. A system with other dice (a d20, a die chosen from
/// several) adds its colour here and widens [`Die`] past 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pool {
    /// The pool's colour.
    pub colour: Colour,
    /// How many faces its dice have.
    pub faces: u8,
}

impl Pool {
    /// A pool of six-sided dice of a colour.
    pub const fn d6(colour: Colour) -> Pool {
        Pool { colour, faces: 6 }
    }

    /// Parker's Warlord's one die, 1 to 20 (PW-1).
    pub const fn d20() -> Pool {
        Pool {
            colour: Colour::D20,
            faces: 20,
        }
    }
}

/// One rolled die: a six-sided die showing 1 to 6 (1.3), or a d20 showing
/// 1 to 20 (PW-1). [`Die::new`] makes a d6 only; [`Die::of`] checks a face
/// against its die's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Die(u8);

impl Die {
    /// A die showing `value`, or `None` when `value` is not 1 to 6.
    pub fn new(value: u8) -> Option<Die> {
        (1..=6).contains(&value).then_some(Die(value))
    }

    /// A die of `faces` faces (6 or 20) showing `value`, or `None` when
    /// `value` is not 1 to `faces`.
    pub fn of(value: u8, faces: u8) -> Option<Die> {
        (faces <= MAX_FACES && (1..=faces).contains(&value)).then_some(Die(value))
    }

    /// The face showing.
    pub fn value(self) -> u8 {
        self.0
    }
}

/// The most faces a die Herald rolls has (the d20 of PW-1).
pub const MAX_FACES: u8 = 20;

impl TryFrom<u8> for Die {
    type Error = DiceError;
    /// Any face Herald's dice show (1 to 20); files and typed dice are
    /// checked by their pool's size before they become dice.
    fn try_from(value: u8) -> Result<Self, Self::Error> {
        Die::of(value, MAX_FACES).ok_or(DiceError::Face(i64::from(value)))
    }
}

impl From<Die> for u8 {
    fn from(d: Die) -> u8 {
        d.0
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How many dice of each colour a procedure needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceCount {
    /// White dice.
    pub white: usize,
    /// Red dice.
    pub red: usize,
    /// Yellow dice.
    pub yellow: usize,
    /// d20s (Parker's Warlord).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub d20: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl DiceCount {
    /// `n` white dice and nothing else.
    pub fn white(n: usize) -> Self {
        DiceCount {
            white: n,
            ..Self::default()
        }
    }

    /// The count of one colour.
    pub fn of(&self, colour: Colour) -> usize {
        match colour {
            Colour::Red => self.red,
            Colour::Yellow => self.yellow,
            Colour::White => self.white,
            Colour::D20 => self.d20,
        }
    }

    /// Every colour, with its count, in the order dice are shown.
    pub fn per_colour(&self) -> [(Colour, usize); 4] {
        [
            (Colour::White, self.white),
            (Colour::Red, self.red),
            (Colour::Yellow, self.yellow),
            (Colour::D20, self.d20),
        ]
    }
}

impl fmt::Display for DiceCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .per_colour()
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(c, n)| format!("{n} {}", c.name()))
            .collect();
        if parts.is_empty() {
            write!(f, "no dice")
        } else {
            write!(f, "{}", parts.join(", "))
        }
    }
}

/// A handful of rolled dice, per colour, each list in the order rolled.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dice {
    /// White dice in the order rolled (every system's plain dice).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub white: Vec<Die>,
    /// Red dice in the order rolled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub red: Vec<Die>,
    /// Yellow dice in the order rolled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub yellow: Vec<Die>,
    /// d20s in the order rolled (Parker's Warlord, PW-1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub d20: Vec<Die>,
}

impl Dice {
    /// White dice only, from face values (values outside 1..=6 are an error).
    pub fn white(values: &[u8]) -> Result<Dice, DiceError> {
        Ok(Dice {
            white: faces(values)?,
            ..Dice::default()
        })
    }

    /// The dice of one colour.
    pub fn of(&self, colour: Colour) -> &[Die] {
        match colour {
            Colour::Red => &self.red,
            Colour::Yellow => &self.yellow,
            Colour::White => &self.white,
            Colour::D20 => &self.d20,
        }
    }

    /// The dice of one colour, to add to.
    pub fn of_mut(&mut self, colour: Colour) -> &mut Vec<Die> {
        match colour {
            Colour::Red => &mut self.red,
            Colour::Yellow => &mut self.yellow,
            Colour::White => &mut self.white,
            Colour::D20 => &mut self.d20,
        }
    }

    /// How many of each colour this handful holds.
    pub fn count(&self) -> DiceCount {
        DiceCount {
            white: self.white.len(),
            red: self.red.len(),
            yellow: self.yellow.len(),
            d20: self.d20.len(),
        }
    }

    /// Checks that exactly `need` dice were given, naming the colour that is off.
    pub fn expect_exactly(&self, need: DiceCount) -> Result<(), DiceError> {
        for (colour, n) in need.per_colour() {
            let have = self.of(colour).len();
            if have != n {
                return Err(DiceError::Count {
                    colour,
                    need: n,
                    have,
                });
            }
        }
        Ok(())
    }

    /// Rolls whatever is missing from `need` with `source` (dice already here are kept).
    pub fn fill_from(
        &mut self,
        need: DiceCount,
        source: &mut dyn DiceSource,
    ) -> Result<(), DiceError> {
        for (colour, n) in need.per_colour() {
            let have = self.of(colour).len();
            if have < n {
                let more = source.roll(colour, n - have)?;
                self.of_mut(colour).extend(more);
            }
        }
        Ok(())
    }
}

/// Face values to dice; a value outside 1..=6 is an error.
pub fn faces(values: &[u8]) -> Result<Vec<Die>, DiceError> {
    values
        .iter()
        .map(|&v| Die::new(v).ok_or(DiceError::Face(i64::from(v))))
        .collect()
}

/// What can go wrong with dice, in the referee's words.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum DiceError {
    /// A die face outside 1..=6.
    #[error("a die shows 1 to 6; {0} is not a die face")]
    Face(i64),
    /// A face outside its die's size (a d20 shows 1 to 20).
    #[error("a {colour} die shows 1 to {faces}; {value} is not a die face", colour = colour.name(), faces = colour.faces())]
    FaceOf {
        /// The pool whose die it is.
        colour: Colour,
        /// The face given.
        value: i64,
    },
    /// The wrong number of dice of one colour.
    #[error("this roll needs {need} {colour} dice, but {have} were given", colour = colour.name())]
    Count {
        /// The colour that is off.
        colour: Colour,
        /// How many the procedure needs.
        need: usize,
        /// How many were given.
        have: usize,
    },
    /// Typed dice that are not numbers.
    #[error("'{0}' is not a die: type the faces as digits 1 to 6, e.g. '4 3 6' or '436'")]
    Typed(String),
    /// Typed faces of a die larger than a d6 that are not its faces.
    #[error("'{text}' is not a {colour} die: type each face as a number 1 to {faces}, separated by spaces or commas, e.g. '17' or '3 12'", colour = colour.name(), faces = colour.faces())]
    TypedOf {
        /// The pool typed for.
        colour: Colour,
        /// What was typed.
        text: String,
    },
    /// A scripted source ran out.
    #[error("the scripted dice ran out: {colour} die number {index} was wanted", colour = colour.name())]
    ScriptEnded {
        /// The colour wanted.
        colour: Colour,
        /// Which die of that colour (1-based).
        index: usize,
    },
}

/// Where dice come from. The rules never call this; the battle and the console do.
pub trait DiceSource {
    /// Rolls `count` dice of `colour`.
    fn roll(&mut self, colour: Colour, count: usize) -> Result<Vec<Die>, DiceError>;
}

/// Herald's own dice: a ChaCha8 generator from a seed. Its position can be
/// saved and restored, so a resumed battle rolls the very next die it would have.
#[derive(Clone, Debug)]
pub struct SeededDice {
    seed: u64,
    rng: ChaCha8Rng,
}

/// Where a [`SeededDice`] stands: enough to restore it exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedPosition {
    /// The seed the generator started from.
    pub seed: u64,
    /// How many 32-bit words it has produced.
    pub word_pos: u128,
}

impl SeededDice {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> Self {
        SeededDice {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Where the generator stands now.
    pub fn position(&self) -> SeedPosition {
        SeedPosition {
            seed: self.seed,
            word_pos: self.rng.get_word_pos(),
        }
    }

    /// A generator put back exactly where `pos` says.
    pub fn restore(pos: SeedPosition) -> Self {
        let mut d = SeededDice::new(pos.seed);
        d.rng.set_word_pos(pos.word_pos);
        d
    }
}

impl DiceSource for SeededDice {
    fn roll(&mut self, colour: Colour, count: usize) -> Result<Vec<Die>, DiceError> {
        let faces = colour.faces();
        Ok((0..count)
            .map(|_| Die(self.rng.random_range(1..=faces)))
            .collect())
    }
}

/// Dice given in advance, per colour, handed out in order (tests, replays).
#[derive(Clone, Debug, Default)]
pub struct ScriptedDice {
    white: VecDeque<Die>,
    red: VecDeque<Die>,
    yellow: VecDeque<Die>,
    d20: VecDeque<Die>,
    handed: DiceCount,
}

impl ScriptedDice {
    /// A script holding these dice.
    pub fn new(dice: &Dice) -> Self {
        ScriptedDice {
            white: dice.white.iter().copied().collect(),
            red: dice.red.iter().copied().collect(),
            yellow: dice.yellow.iter().copied().collect(),
            d20: dice.d20.iter().copied().collect(),
            handed: DiceCount::default(),
        }
    }

    /// White dice only, from face values.
    pub fn white(values: &[u8]) -> Result<Self, DiceError> {
        Ok(ScriptedDice::new(&Dice::white(values)?))
    }
}

impl DiceSource for ScriptedDice {
    fn roll(&mut self, colour: Colour, count: usize) -> Result<Vec<Die>, DiceError> {
        let (queue, handed) = match colour {
            Colour::Red => (&mut self.red, &mut self.handed.red),
            Colour::Yellow => (&mut self.yellow, &mut self.handed.yellow),
            Colour::White => (&mut self.white, &mut self.handed.white),
            Colour::D20 => (&mut self.d20, &mut self.handed.d20),
        };
        let mut out = Vec::with_capacity(count);
        for _ in 0..count {
            *handed += 1;
            out.push(queue.pop_front().ok_or(DiceError::ScriptEnded {
                colour,
                index: *handed,
            })?);
        }
        Ok(out)
    }
}

/// The players' physical dice, typed in by the referee for one roll: a source
/// that hands out exactly the typed faces, checked per colour against the
/// count the roll needs.
#[derive(Clone, Debug)]
pub struct TypedDice(ScriptedDice);

impl TypedDice {
    /// Reads typed text per colour (see [`parse_typed`]), checking each count against `need`.
    pub fn new(white: &str, red: &str, yellow: &str, need: DiceCount) -> Result<Self, DiceError> {
        let count = |text: &str, colour: Colour| -> Result<Vec<Die>, DiceError> {
            parse_typed(text, need.of(colour)).map_err(|e| match e {
                DiceError::Count { need, have, .. } => DiceError::Count { colour, need, have },
                other => other,
            })
        };
        let dice = Dice {
            white: count(white, Colour::White)?,
            red: count(red, Colour::Red)?,
            yellow: count(yellow, Colour::Yellow)?,
            d20: Vec::new(),
        };
        Ok(TypedDice(ScriptedDice::new(&dice)))
    }

    /// Reads typed text for each pool of `pools` (see [`parse_typed_of`]),
    /// each face checked against its pool's size and each count against
    /// `need`; a pool not listed is typed empty.
    pub fn pools(typed: &[(Pool, &str)], need: DiceCount) -> Result<Self, DiceError> {
        let mut dice = Dice::default();
        for &(pool, text) in typed {
            *dice.of_mut(pool.colour) = parse_typed_of(text, need.of(pool.colour), pool)?;
        }
        dice.expect_exactly(need)?;
        Ok(TypedDice(ScriptedDice::new(&dice)))
    }
}

impl DiceSource for TypedDice {
    fn roll(&mut self, colour: Colour, count: usize) -> Result<Vec<Die>, DiceError> {
        self.0.roll(colour, count)
    }
}

/// Reads the faces of physical dice typed by the referee: digits 1 to 6,
/// separated by spaces or commas or run together ("4 3 6", "4,3,6", "436"),
/// and checks that exactly `expected` dice were typed.
pub fn parse_typed(text: &str, expected: usize) -> Result<Vec<Die>, DiceError> {
    let mut out = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || c == ',') {
        if token.is_empty() {
            continue;
        }
        for ch in token.chars() {
            match ch.to_digit(10).and_then(|d| Die::new(d as u8)) {
                Some(d) => out.push(d),
                None => return Err(DiceError::Typed(token.to_string())),
            }
        }
    }
    if out.len() != expected {
        return Err(DiceError::Count {
            colour: Colour::White,
            need: expected,
            have: out.len(),
        });
    }
    Ok(out)
}

/// Reads the typed faces of one pool's dice and checks each against the
/// pool's size and the count against `expected`. A d6 pool reads as
/// [`parse_typed`] does (digits may run together); a larger die needs each
/// face as its own number ("17 3" or "17,3": "173" would be ambiguous).
pub fn parse_typed_of(text: &str, expected: usize, pool: Pool) -> Result<Vec<Die>, DiceError> {
    if pool.faces <= 9 {
        return parse_typed(text, expected).map_err(|e| match e {
            DiceError::Count { need, have, .. } => DiceError::Count {
                colour: pool.colour,
                need,
                have,
            },
            other => other,
        });
    }
    let mut out = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || c == ',') {
        if token.is_empty() {
            continue;
        }
        let die = token
            .parse::<u8>()
            .ok()
            .and_then(|v| Die::of(v, pool.faces))
            .ok_or_else(|| DiceError::TypedOf {
                colour: pool.colour,
                text: token.to_string(),
            })?;
        out.push(die);
    }
    if out.len() != expected {
        return Err(DiceError::Count {
            colour: pool.colour,
            need: expected,
            have: out.len(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn die_accepts_one_to_six_only() {
        assert!(Die::new(0).is_none());
        assert!(Die::new(7).is_none());
        assert_eq!(Die::new(6).map(Die::value), Some(6));
    }

    #[test]
    fn seeded_dice_resume_at_the_same_die() {
        let mut a = SeededDice::new(42);
        a.roll(Colour::White, 17).unwrap();
        let pos = a.position();
        let next_a = a.roll(Colour::White, 10).unwrap();
        let mut b = SeededDice::restore(pos);
        assert_eq!(b.roll(Colour::White, 10).unwrap(), next_a);
    }

    #[test]
    fn seeded_dice_are_fair_enough() {
        let mut d = SeededDice::new(7);
        let mut seen = [0usize; 7];
        for die in d.roll(Colour::White, 6000).unwrap() {
            seen[die.value() as usize] += 1;
        }
        assert_eq!(seen[0], 0);
        for &n in &seen[1..] {
            assert!((800..1200).contains(&n), "face count {n}");
        }
    }

    #[test]
    fn typed_dice_forms() {
        let v = |s: &str| -> Vec<u8> {
            parse_typed(s, 3)
                .unwrap()
                .iter()
                .map(|d| d.value())
                .collect()
        };
        assert_eq!(v("4 3 6"), vec![4, 3, 6]);
        assert_eq!(v("4,3,6"), vec![4, 3, 6]);
        assert_eq!(v("436"), vec![4, 3, 6]);
        assert!(matches!(parse_typed("4 7 1", 3), Err(DiceError::Typed(_))));
        assert!(matches!(parse_typed("4 0", 2), Err(DiceError::Typed(_))));
        assert_eq!(
            parse_typed("4 3", 3),
            Err(DiceError::Count {
                colour: Colour::White,
                need: 3,
                have: 2
            })
        );
    }

    #[test]
    fn typed_dice_are_checked_per_colour() {
        let need = DiceCount {
            white: 2,
            red: 1,
            yellow: 1,
            d20: 0,
        };
        let mut typed = TypedDice::new("4 3", "5", "2", need).unwrap();
        let mut dice = Dice::default();
        dice.fill_from(need, &mut typed).unwrap();
        assert_eq!(dice.white, faces(&[4, 3]).unwrap());
        assert_eq!(dice.red, faces(&[5]).unwrap());
        assert_eq!(
            TypedDice::new("4 3", "", "2", need).unwrap_err(),
            DiceError::Count {
                colour: Colour::Red,
                need: 1,
                have: 0
            }
        );
    }

    #[test]
    fn scripted_dice_run_out_with_a_clear_error() {
        let mut s = ScriptedDice::white(&[1, 2]).unwrap();
        assert_eq!(s.roll(Colour::White, 2).unwrap().len(), 2);
        assert_eq!(
            s.roll(Colour::White, 1),
            Err(DiceError::ScriptEnded {
                colour: Colour::White,
                index: 3
            })
        );
    }

    #[test]
    fn a_d20_shows_1_to_20_and_a_d6_still_1_to_6() {
        assert_eq!(Die::of(20, 20).map(Die::value), Some(20));
        assert!(Die::of(21, 20).is_none());
        assert!(Die::of(0, 20).is_none());
        assert!(Die::of(7, 6).is_none());
        assert!(Die::new(7).is_none(), "Die::new is a d6");
        assert_eq!(Pool::d20().faces, 20);
        assert_eq!(Colour::D20.name(), "d20");
        assert_eq!(Colour::White.faces(), 6);
    }

    #[test]
    fn typed_d20_faces_are_numbers_checked_by_size() {
        let v = |s: &str, n| -> Vec<u8> {
            parse_typed_of(s, n, Pool::d20())
                .unwrap()
                .iter()
                .map(|d| d.value())
                .collect()
        };
        assert_eq!(v("17", 1), vec![17]);
        assert_eq!(v(" 3, 20 ", 2), vec![3, 20]);
        let e = parse_typed_of("21", 1, Pool::d20()).unwrap_err();
        assert!(matches!(e, DiceError::TypedOf { .. }));
        assert!(e.to_string().contains("1 to 20"), "{e}");
        assert!(matches!(
            parse_typed_of("x", 1, Pool::d20()),
            Err(DiceError::TypedOf { .. })
        ));
        assert_eq!(
            parse_typed_of("3 4", 1, Pool::d20()),
            Err(DiceError::Count {
                colour: Colour::D20,
                need: 1,
                have: 2
            })
        );
        // A d6 pool still reads digits run together and refuses a 7.
        assert_eq!(
            parse_typed_of("43", 2, Pool::d6(Colour::White)).unwrap(),
            faces(&[4, 3]).unwrap()
        );
        assert!(parse_typed_of("7", 1, Pool::d6(Colour::White)).is_err());
        let need = DiceCount {
            d20: 1,
            ..DiceCount::default()
        };
        let mut typed = TypedDice::pools(&[(Pool::d20(), "19")], need).unwrap();
        let mut dice = Dice::default();
        dice.fill_from(need, &mut typed).unwrap();
        assert_eq!(dice.d20[0].value(), 19);
    }

    #[test]
    fn seeded_d20s_show_every_face_and_d6_rolls_are_unchanged() {
        let mut d = SeededDice::new(7);
        let mut seen = [0usize; 21];
        for die in d.roll(Colour::D20, 4000).unwrap() {
            seen[die.value() as usize] += 1;
        }
        assert_eq!(seen[0], 0);
        assert!(seen[1..].iter().all(|&n| n > 100), "{seen:?}");
        // The d6 stream of a seed is what it was before the d20 came.
        let mut a = SeededDice::new(42);
        let mut b = ChaCha8Rng::seed_from_u64(42);
        let mine: Vec<u8> = a
            .roll(Colour::White, 50)
            .unwrap()
            .iter()
            .map(|d| d.value())
            .collect();
        let raw: Vec<u8> = (0..50).map(|_| b.random_range(1..=6u8)).collect();
        assert_eq!(mine, raw);
    }

    #[test]
    fn fill_from_keeps_given_dice() {
        let mut dice = Dice::white(&[6]).unwrap();
        let mut src = ScriptedDice::white(&[2, 3]).unwrap();
        dice.fill_from(DiceCount::white(3), &mut src).unwrap();
        assert_eq!(dice.white, faces(&[6, 2, 3]).unwrap());
    }
}
