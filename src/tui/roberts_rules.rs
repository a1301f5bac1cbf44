//! The Robert's Rules console: the unit table (AV-DV (MAV), stands of
//! original, hits lost of total, Demoralized, Disrupted this half-turn,
//! failed this phase), the half-turn walker over the five phases with the
//! Acting player named (RR-4), and the panels: an Action Roll, Missile
//! Fire, a melee (both sides' rolls, the higher counting), a Pursuit attack
//! and the Break Checks owed at the end of the Combat Phase, each with its
//! facts, the rules' plan and the exact odds before the roll, rolled with
//! Herald's dice (Enter) or typed as rolled at the table (t, checked).

pub mod panel;

use crate::battle::UnitId;
use crate::battle::roberts_rules::state::{ChargeState, LeaderFate, cause_words};
use crate::battle::roberts_rules::{Battle, Event, Phase, RobertsRules, State, Step, Troop};
use crate::dice::{Colour, DiceSource, SeedPosition, SeededDice};
use crate::rules::Side;
use crate::rules::roberts_rules::BreakCause;
use crate::rules::roberts_rules::action_roll::phase_words;
use crate::tui::facts::{Facts, Input, view};
use crate::tui::screen::{Effect, MIN_HEIGHT, MIN_WIDTH, Screen, Status};
use crate::tui::text::cut_words;
use crate::tui::theme::Theme;
use panel::{Draft, Kind, on_table, pursuers};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use std::cell::Cell;

/// A panel open over the tables: its draft, its facts form, dice being
/// typed, a line of words being written.
struct Panel {
    draft: Draft,
    facts: Facts,
    typing: Option<String>,
    writing: Option<(Writing, String)>,
    /// Herald's dice of a roll the rules refused by what they showed (a
    /// Pursuit attack under 13 without the chart's hits): the next Enter
    /// in this panel records these, never new ones (no fishing for dice).
    kept: Option<Vec<u8>>,
    /// The kept dice are the referee's, typed: left the typing (Esc, or a
    /// fact's key after a refusal), they wait for the next Enter.
    kept_typed: bool,
}

/// What a line of words typed in a panel is: the referee's reason, or a
/// modifier with its name for side a (or the only side) or side b.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Writing {
    Reason,
    Modifier(usize),
}

/// The console's state.
pub struct App {
    battle: Battle,
    dice: SeededDice,
    theme: Theme,
    name: String,
    status: Option<Status>,
    unsaved: Option<String>,
    too_small: Cell<bool>,
    panel: Option<Panel>,
}

const KEYS: &str = "r act g charge m fire c melee p pursue d decline k break o morale n nearby h correct e end u/U l V q";

impl App {
    /// A console over a battle.
    pub fn new(battle: Battle, dice: SeededDice, theme: Theme, name: &str) -> App {
        App {
            battle,
            dice,
            theme,
            name: name.to_string(),
            status: None,
            unsaved: None,
            too_small: Cell::new(false),
            panel: None,
        }
    }

    fn say(&mut self, text: impl Into<String>, error: bool) {
        self.status = Some(Status {
            text: text.into(),
            error,
        });
    }

    fn record(&mut self, event: Event) -> Vec<Effect> {
        match self.battle.record(event) {
            Ok(entry) => {
                let s = entry.summary.clone();
                self.say(s, false);
                vec![Effect::Save]
            }
            Err(e) => {
                self.say(e.to_string(), true);
                Vec::new()
            }
        }
    }

    /// Handles a key.
    pub fn key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        if self.too_small.get() && !matches!(ev.code, KeyCode::Char('q')) {
            self.say(format!("the console needs {MIN_WIDTH}x{MIN_HEIGHT}: nothing is recorded until it has it"), true);
            return Vec::new();
        }
        if self.panel.is_some() {
            return self.panel_key(ev);
        }
        let phase = self.battle.state().phase;
        match ev.code {
            KeyCode::Char('q') => vec![Effect::Quit],
            KeyCode::Char('l') => vec![Effect::OpenLog],
            KeyCode::Char('V') => vec![Effect::OpenCourse],
            KeyCode::Char(c @ ('a' | 'b')) if phase == Phase::Deployment => {
                self.record(Event::Begin {
                    acting: if c == 'a' { Side::A } else { Side::B },
                })
            }
            KeyCode::Char('u') => match self.battle.undo_named() {
                Some(said) => {
                    self.say(format!("undone: {said}; U redoes it"), false);
                    vec![Effect::Save]
                }
                None => {
                    self.say("nothing to undo", true);
                    Vec::new()
                }
            },
            KeyCode::Char('U') => match self.battle.redo() {
                Ok(Some(e)) => {
                    let s = e.summary.clone();
                    self.say(format!("redone: {s}"), false);
                    vec![Effect::Save]
                }
                Ok(None) => {
                    self.say("nothing to redo", true);
                    Vec::new()
                }
                Err(e) => {
                    self.say(e.to_string(), true);
                    Vec::new()
                }
            },
            KeyCode::Char('e') => self.record(Event::EndPhase),
            // RR-20: "The decision to Pursue must be made immediately": d
            // records the decision not to, for the first Pursuit a unit
            // may decline (an Impetuous unit's is refused in words).
            KeyCode::Char('d') if phase != Phase::Deployment => {
                let s = self.battle.state();
                let open: Vec<UnitId> = pursuers(s).into_iter().map(|(u, _)| u).collect();
                let may = open.iter().copied().find(|u| {
                    s.troop(*u)
                        .ok()
                        .and_then(|t| s.open_pursuit(t))
                        .is_some_and(|p| !p.required && !p.pursuing)
                });
                match may.or(open.first().copied()) {
                    Some(unit) => self.record(Event::DeclinePursuit { unit }),
                    None => {
                        self.say(
                            "no Pursuit is open: d declines the Pursuit a unit that pushed an enemy back may attempt (RR-20)",
                            true,
                        );
                        Vec::new()
                    }
                }
            }
            KeyCode::Char('g') if !matches!(phase.step(), Some(Step::Action | Step::Charge)) => {
                self.say(
                    "g declares a charge in the Action Phase and makes each charge owed in the Charge Phase (Charging)",
                    true,
                );
                Vec::new()
            }
            KeyCode::Char(c @ ('r' | 'm' | 'c' | 'p' | 'k' | 'o' | 'h' | 'n' | 'g')) => {
                if phase == Phase::Deployment {
                    self.say(
                        "first say who acts first: a or b (the text does not say)",
                        true,
                    );
                    return Vec::new();
                }
                let kind = match c {
                    'r' => Kind::Action,
                    'm' => Kind::Missile,
                    'c' => Kind::Melee,
                    'p' => Kind::Pursuit,
                    'o' => Kind::Morale,
                    'h' => Kind::Correction,
                    'n' => Kind::Nearby,
                    'g' => Kind::Charge,
                    _ => Kind::Break,
                };
                self.panel = Some(Panel {
                    draft: Draft::new(kind, self.battle.state()),
                    facts: Facts::default(),
                    typing: None,
                    writing: None,
                    kept: None,
                    kept_typed: false,
                });
                self.status = None;
                Vec::new()
            }
            _ => {
                self.say(
                    if phase == Phase::Deployment {
                        "a or b: who is the first Acting player (the text does not say; RR-4); l log, q quit"
                    } else {
                        KEYS
                    },
                    false,
                );
                Vec::new()
            }
        }
    }

    fn panel_key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        let Some(p) = self.panel.as_mut() else {
            return Vec::new();
        };
        if let Some((what, text)) = p.writing.as_mut() {
            match ev.code {
                KeyCode::Esc => {
                    p.writing = None;
                    self.say("nothing written", false);
                }
                KeyCode::Backspace => {
                    text.pop();
                }
                // A digit on an empty line picks a modifier offered: the
                // text's (with its example's size) or one named before.
                KeyCode::Char(c @ '1'..='9')
                    if text.is_empty() && matches!(what, Writing::Modifier(_)) =>
                {
                    let i = (c as u8 - b'1') as usize;
                    let offers = p.draft.offers(self.battle.events());
                    match offers.get(i) {
                        Some((name, Some(v))) => {
                            let Writing::Modifier(side) = *what else {
                                unreachable!("a modifier is being written")
                            };
                            if let Ok(said) = p.draft.name_modifier(side, &format!("{name} {v:+}"))
                            {
                                p.writing = None;
                                self.say(format!("modifier {said}"), false);
                            }
                        }
                        Some((name, None)) => {
                            *text = format!("{name} ");
                            self.say(
                                format!(
                                    "{name}: the text gives no size: type its signed number, Enter"
                                ),
                                false,
                            );
                        }
                        None => self.say(
                            format!("{c} offers nothing: {} offered", offers.len()),
                            true,
                        ),
                    }
                }
                KeyCode::Char(c) if text.chars().count() < 120 => text.push(c),
                KeyCode::Char(_) => self.say("120 characters at most", true),
                KeyCode::Enter => {
                    let (what, text) = (*what, text.clone());
                    match what {
                        Writing::Reason => {
                            p.draft.reason = text.trim().to_string();
                            p.writing = None;
                            self.status = None;
                        }
                        Writing::Modifier(i) => match p.draft.name_modifier(i, &text) {
                            Ok(said) => {
                                p.writing = None;
                                self.say(format!("modifier {said}"), false);
                            }
                            Err(e) => self.say(e, true),
                        },
                    }
                }
                _ => {}
            }
            return Vec::new();
        }
        if p.typing.is_none()
            && let KeyCode::Char(c @ ('W' | 'M' | 'N')) = ev.code
        {
            let what = match c {
                'W' if p.draft.takes_reason() => Writing::Reason,
                'M' if p.draft.modifier_sides() >= 1 => Writing::Modifier(0),
                'N' if p.draft.modifier_sides() == 2 => Writing::Modifier(1),
                _ => {
                    self.say(
                        match c {
                            'W' => "this panel takes no reason",
                            'M' => "this panel takes no modifiers",
                            _ => "N names a modifier for side b of a melee",
                        },
                        true,
                    );
                    return Vec::new();
                }
            };
            let start = if what == Writing::Reason {
                p.draft.reason.clone()
            } else {
                String::new()
            };
            p.writing = Some((what, start));
            self.status = None;
            return Vec::new();
        }
        if let Some(typed) = p.typing.as_mut() {
            // Leaving the typing (Esc, or a fact's key after a refusal)
            // keeps the dice typed for the next Enter: none is lost.
            let leave = |p: &mut Panel| {
                if let Some(t) = p.typing.take().filter(|t| !t.is_empty()) {
                    p.kept = Some(t.bytes().map(|b| b - b'0').collect());
                    p.kept_typed = true;
                }
            };
            match ev.code {
                KeyCode::Esc => {
                    let had = !typed.is_empty();
                    leave(p);
                    if had {
                        self.say(
                            "the dice typed are kept: Enter records them, t types them anew",
                            false,
                        );
                    }
                }
                KeyCode::Backspace => {
                    typed.pop();
                }
                KeyCode::Char(c) if c.is_ascii_digit() => {
                    let d = c as u8 - b'0';
                    if !(1..=6).contains(&d) {
                        self.say(
                            format!("{d} is not a face of a six-sided die: every roll is two d6, 1 to 6 (RR-1)"),
                            true,
                        );
                    } else {
                        typed.push(c);
                    }
                }
                KeyCode::Enter => {
                    let typed: Vec<u8> = typed.bytes().map(|b| b - b'0').collect();
                    return self.roll(Some(typed));
                }
                // A letter is a fact's key, never a die.
                KeyCode::Char(c) if c.is_alphabetic() => {
                    leave(p);
                    return self.panel_key(ev);
                }
                _ => self.say(
                    "type the dice as rolled (1 to 6 each), Enter records, Esc stops typing",
                    false,
                ),
            }
            return Vec::new();
        }
        let state = self.battle.state();
        let input = match ev.code {
            KeyCode::Esc => {
                self.panel = None;
                self.say("nothing recorded", false);
                return Vec::new();
            }
            KeyCode::Enter => return self.roll(None),
            KeyCode::Char('t') => {
                p.typing = Some(String::new());
                if p.kept_typed {
                    p.kept = None;
                    p.kept_typed = false;
                }
                return Vec::new();
            }
            KeyCode::Char('q') => {
                self.panel = None;
                return vec![Effect::Quit];
            }
            KeyCode::Up => Input::Up,
            KeyCode::Down => Input::Down,
            KeyCode::Right | KeyCode::Char(' ' | '+') => Input::More,
            KeyCode::Left | KeyCode::Char('-') => Input::Less,
            KeyCode::Backspace => Input::Erase,
            KeyCode::Char(c) => Input::typed(c),
            _ => return Vec::new(),
        };
        let draft = &mut p.draft;
        if let Err(e) = p.facts.input(input, |f| draft.facts(f, state)) {
            self.say(e, true);
        } else {
            self.status = None;
        }
        Vec::new()
    }

    /// Why the battle refuses the panel's procedure whatever its dice
    /// show, said on the panel before any roll (issue 21) and at Enter:
    /// the rules judge it on a copy of the state with the lowest and the
    /// highest dice, refused in the same words both times. A refusal that
    /// quotes the dice (a Pursuit attack under 13 without the chart's
    /// hits, even where no dice reach 13) is left to the real dice: RR-21
    /// has the chart read at the score they make.
    fn refused_whatever_dice(&self, p: &Panel) -> Option<String> {
        self.draft_refused(&p.draft)
    }

    /// The status of a panel the rules refuse as it stands: Enter records
    /// nothing, so it says what would be accepted: the units (n) whose
    /// event the battle would take, or that the refusal names what comes
    /// first. None while the panel would record.
    fn refused_status(&self, p: &Panel) -> Option<String> {
        let state = self.battle.state();
        let house = &self.battle.setup().house;
        let refused = |d: &Draft| d.needs(state, house).is_err() || self.draft_refused(d).is_some();
        if !refused(&p.draft) {
            return None;
        }
        let accepted: Vec<String> = [Side::A, Side::B]
            .into_iter()
            .flat_map(|side| on_table(state, side))
            .filter(|u| {
                let mut d = p.draft.clone();
                d.unit = *u;
                !refused(&d)
            })
            .map(|u| u.to_string())
            .collect();
        Some(if accepted.is_empty() {
            "refused as it stands: Enter records nothing; the refusal says what the rules take first; Esc closes".to_string()
        } else {
            format!(
                "refused as it stands: Enter records nothing; accepted for: {} (n picks the unit); Esc closes",
                accepted.join(", ")
            )
        })
    }

    fn draft_refused(&self, draft: &Draft) -> Option<String> {
        let state = self.battle.state();
        let setup = self.battle.setup();
        let need = draft.needs(state, &setup.house).ok()?;
        let probe = |face: u8| {
            let event = draft.event_in(&vec![face; need], state, &setup.house);
            let mut probe = state.clone();
            state
                .check(&event)
                .and_then(|_| probe.apply(setup, &event))
                .err()
                .map(|e| e.to_string())
        };
        match (probe(1), probe(6)) {
            (Some(low), Some(high)) if low == high => Some(low),
            _ => None,
        }
    }

    /// Rolls the panel's dice with Herald's dice, or takes those typed
    /// (checked: as many as the roll takes), and records the event. A
    /// procedure the rules refuse is refused before any die is rolled.
    fn roll(&mut self, typed: Option<Vec<u8>>) -> Vec<Effect> {
        let Some(p) = self.panel.as_ref() else {
            return Vec::new();
        };
        let state = self.battle.state();
        let setup = self.battle.setup();
        let need = match p.draft.needs(state, &setup.house) {
            Ok(n) => n,
            Err(e) => {
                self.say(e, true);
                return Vec::new();
            }
        };
        if let Some(e) = self.refused_whatever_dice(p) {
            self.say(e, true);
            return Vec::new();
        }
        let dice: Vec<u8> = match typed {
            Some(t) if t.len() != need => {
                self.say(
                    format!(
                        "{} dice typed; this roll takes {need} (two a roll, RR-1): type them again",
                        t.len()
                    ),
                    true,
                );
                if let Some(p) = self.panel.as_mut() {
                    p.typing = Some(String::new());
                }
                return Vec::new();
            }
            Some(t) => t,
            None if p.kept_typed && p.kept.as_ref().is_some_and(|k| k.len() != need) => {
                let n = p.kept.as_ref().map_or(0, Vec::len);
                self.say(
                    format!(
                        "{n} dice typed; this roll takes {need} (two a roll, RR-1): t types them again"
                    ),
                    true,
                );
                return Vec::new();
            }
            None => match p.kept.clone().filter(|k| k.len() == need) {
                Some(kept) => kept,
                None => match self.dice.roll(Colour::White, need) {
                    Ok(d) => d.iter().map(|d| d.value()).collect(),
                    Err(e) => {
                        self.say(e.to_string(), true);
                        return Vec::new();
                    }
                },
            },
        };
        let typed_in = typed_dice(&self.panel);
        let event = p.draft.event_in(&dice, state, &setup.house);
        let fire_roll = matches!(
            (p.draft.kind, &event),
            (Kind::Missile, Event::Action { .. })
        );
        let effects = self.record(event);
        if effects.is_empty() {
            // Refused by what Herald's dice showed: they stay for the next Enter.
            if !typed_in && let Some(p) = self.panel.as_mut() {
                p.kept = Some(dice);
            }
            return effects;
        }
        let state = self.battle.state();
        let may_fire = self
            .panel
            .as_ref()
            .and_then(|p| state.troop(p.draft.unit).ok())
            .is_some_and(|t| t.may_fire);
        if fire_roll && may_fire {
            // RR-11: the Action Roll succeeded; the attacks follow in this panel.
            if let Some(p) = self.panel.as_mut() {
                p.typing = None;
                p.kept = None;
                p.kept_typed = false;
            }
        } else {
            self.panel = None;
        }
        effects
    }

    /// One unit's row: id, name, AV-DV (MAV), stands of original, hits lost
    /// of total, Demoralized, Disrupted, failed, and what else it owes.
    fn row(id: UnitId, t: &Troop, s: &State, name: &str, width: u16) -> String {
        let u = &t.unit;
        let wide = width >= 110;
        let w = if wide { 26 } else { 18 };
        let yes = |b: bool, s: &'static str| if b { s } else { "" };
        // Most pressing first: the owes column is cut at the screen's edge.
        let mut other = Vec::new();
        if t.routed {
            other.push("routed".to_string());
        } else if t.destroyed {
            other.push("destroyed".to_string());
        }
        if t.broken && !t.gone() {
            other.push("broken".into());
        }
        for c in t.checks_due() {
            other.push(match (c, wide) {
                (BreakCause::LeaderHit, true) => {
                    format!("Break Check: {} (leader)", u.leader_named())
                }
                (BreakCause::LeaderHit, false) => "check: leader".to_string(),
                (_, true) => format!("Break Check: {}", cause_words(c)),
                (BreakCause::StandsLost, false) => "check: stands lost".to_string(),
                (BreakCause::BrokenStandsLost, false) => "check: again".to_string(),
                (_, false) => "check: nearby".to_string(),
            });
        }
        if let Some(c) = t.charge {
            let on = c.target.map_or(String::new(), |x| format!(" on {x}"));
            let what = if c.countercharge {
                "countercharge".to_string()
            } else {
                format!("charge{on}")
            };
            other.push(match c.state {
                ChargeState::Owed if s.charge_lapsed(t) => format!("{what}: lapsed"),
                ChargeState::Owed => format!("{what}: owed"),
                ChargeState::Charged => format!("{what}: went in"),
                ChargeState::Countermanded => format!("{what}: countermanded"),
                ChargeState::Forfeited => format!("{what}: forfeited (Set)"),
                ChargeState::StayedBehind => format!("{what}: stays behind"),
            });
        }
        // a Pursuit lapsed (or whose enemy left the table) is not shown.
        if let Some(p) = s.open_pursuit(t) {
            other.push(format!(
                "pursuit on {}{}",
                p.target,
                if p.pursuing {
                    " (won)"
                } else if p.automatic {
                    " (automatic)"
                } else {
                    ""
                }
            ));
        }
        if t.pushed_back {
            other.push(if wide { "pushed back" } else { "pushed" }.into());
        }
        // A leader's check owed names him already: his title is not said twice.
        let leader_checks = t.checks_due().contains(&BreakCause::LeaderHit);
        if !t.gone() && !leader_checks {
            for l in s.leaders_with(id) {
                other.push(if wide {
                    format!("{}: {}", l.title(), l.name)
                } else {
                    l.title().to_string()
                });
            }
        }
        let gone = t.gone();
        format!(
            "{:<4}{name:<w$}{:<10}{:>6} {:>6} {:<4}{:<4}{:<5}{}",
            id.to_string(),
            u.values(),
            format!("{}/{}", if gone { 0 } else { u.stands }, u.stands_original),
            format!("{}/{}", u.hits_lost, u.total_hits()),
            yes(!gone && u.demoralized(), "Dem"),
            yes(!gone && u.disrupted, "Dis"),
            yes(t.failed, "fail"),
            other.join(", "),
        )
    }

    /// The walker: the five phases with this one marked, who acts and reacts.
    fn walker(&self) -> Vec<String> {
        let s = self.battle.state();
        let setup = self.battle.setup();
        match s.phase {
            Phase::Deployment => vec![
                "Deployment > a or b: who is the first Acting player (the text does not say)"
                    .to_string(),
            ],
            Phase::Half { half, acting, step } => {
                let steps = [
                    Step::Action,
                    Step::Reaction,
                    Step::Assault,
                    Step::Charge,
                    Step::Combat,
                ];
                let line = steps
                    .iter()
                    .map(|x| {
                        if *x == step {
                            format!("[{}]", phase_words(*x))
                        } else {
                            phase_words(*x).to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" > ");
                let player = |s: Side| format!("player {} ({})", s.name(), setup.label(s));
                // RR-4: who does what in each phase.
                let who = match step {
                    Step::Action => format!(
                        "{} acting: moves, maneuvers, declares charges",
                        player(acting)
                    ),
                    Step::Reaction => format!(
                        "{} reacting: countercharge, face, formation, fire, Set",
                        player(acting.other())
                    ),
                    Step::Assault => format!("{} acting: missile fire, Set", player(acting)),
                    Step::Charge => format!(
                        "charges and countercharges advance ({} acting)",
                        player(acting)
                    ),
                    Step::Combat => format!(
                        "stands in contact attack; {} acting picks the order",
                        player(acting)
                    ),
                };
                let mut out = vec![
                    format!(
                        "half-turn {half}: {line} - {} acts, {} reacts",
                        acting.name(),
                        acting.other().name()
                    ),
                    who,
                ];
                let ids = |v: &[UnitId]| {
                    v.iter()
                        .map(|u| u.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let declared: Vec<String> = s
                    .units
                    .iter()
                    .enumerate()
                    .flat_map(|(side, us)| {
                        us.iter().enumerate().filter_map(move |(i, t)| {
                            let c = t.charge?;
                            let id = UnitId::new(if side == 0 { Side::A } else { Side::B }, i);
                            Some(match (c.countercharge, c.target) {
                                (false, Some(x)) => format!("{id} on {x}"),
                                _ => format!("{id} countercharging"),
                            })
                        })
                    })
                    .collect();
                match step {
                    Step::Action if declared.is_empty() => out.push(
                        "charges: none declared (g declares one for a unit that stopped within its base depth of an enemy)"
                            .to_string(),
                    ),
                    Step::Action | Step::Reaction | Step::Assault if !declared.is_empty() => {
                        out.push(format!("charges declared (Charging): {}", declared.join(", ")));
                    }
                    _ => {}
                }
                if step == Step::Reaction {
                    let owed = s.countercharges_owed();
                    if !owed.is_empty() {
                        out.push(format!(
                            "Eager, charged: must attempt a Countercharge (r) before the phase ends (Charging): {}",
                            ids(&owed)
                        ));
                    }
                }
                if step != Step::Combat {
                    // RR-15: a leader checks in the phase his unit is hit;
                    // units named nearby a rout check in it too.
                    let owed = s.checks_due();
                    if !owed.is_empty() {
                        out.push(format!(
                            "Break Checks owed before the phase ends (k) (RR-15): {}",
                            owed.iter()
                                .map(|(u, c)| s.check_words(*u, *c))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ));
                    }
                }
                if step == Step::Charge {
                    let owed = s.charges_owed();
                    let (reluctant, plain): (Vec<UnitId>, Vec<UnitId>) = owed
                        .iter()
                        .partition(|u| s.troop(**u).is_ok_and(|t| t.unit.reluctant()));
                    // Charging: what became of each charge no longer
                    // owed, never "made" of one forfeited, kept back or lapsed.
                    let fates = s.charge_fates();
                    out.push(if owed.is_empty() && fates.is_empty() {
                        "charges owed: none (no charge was declared or countercharge made)"
                            .to_string()
                    } else if owed.is_empty() {
                        format!("charges owed: none (Charging): {}", fates.join("; "))
                    } else {
                        format!(
                            "charges owed (Charging): {}{}; g makes the next, r a Countermand keeps one back",
                            ids(&plain),
                            if reluctant.is_empty() {
                                String::new()
                            } else {
                                format!(
                                    "{}Reluctant, a Morale Check to lead first (RR-12): {}",
                                    if plain.is_empty() { "" } else { "; " },
                                    ids(&reluctant)
                                )
                            }
                        )
                    });
                }
                if let Some(id) = s.nearby_due.first() {
                    out.push(format!(
                        "{} routed: n names the friendly units nearby (Herald does not measure; none is an answer; RR-14, RR-15)",
                        s.rout_words(*id)
                    ));
                }
                if step == Step::Combat {
                    // RR-20: owed as steps before the phase ends; the
                    // Vulnerable retreat roll first (Melee Combat's example).
                    let retreats = s.vulnerable_retreats_owed();
                    if !retreats.is_empty() {
                        out.push(format!(
                            "Vulnerable, pushed back: an Action Roll to retreat its full base depth (r, v) (RR-20): {}",
                            ids(&retreats)
                        ));
                    }
                    let pursuits = s.pursuits_owed();
                    if !pursuits.is_empty() {
                        out.push(format!(
                            "Impetuous, must attempt to Pursue (r, then p) (RR-20): {}",
                            ids(&pursuits)
                        ));
                    }
                    let may: Vec<String> = pursuers(s)
                        .into_iter()
                        .filter(|(u, _)| {
                            s.troop(*u)
                                .ok()
                                .and_then(|t| s.open_pursuit(t))
                                .is_some_and(|p| !p.required && !p.pursuing)
                        })
                        .map(|(u, x)| match s.retreat_before_pursuit(u) {
                            Some(_) => format!("{u} on {x} once {x} has retreated"),
                            None => format!("{u} on {x}"),
                        })
                        .collect();
                    if !may.is_empty() {
                        out.push(format!(
                            "may Pursue (r attempts, d declines) (RR-20): {}",
                            may.join(", ")
                        ));
                    }
                }
                if step == Step::Combat {
                    let due = s.checks_due();
                    out.push(if due.is_empty() {
                        "Break Checks: none owed (units nearby a rout or a lost Captain: n names them)"
                            .to_string()
                    } else {
                        format!(
                            "Break Checks owed (RR-14, RR-15): {}{}",
                            due.iter()
                                .map(|(u, c)| s.check_words(*u, *c))
                                .collect::<Vec<_>>()
                                .join(", "),
                            // RR-14: "At the end of the Combat Phase".
                            if due.iter().any(|(_, c)| *c == BreakCause::StandsLost)
                                && !s.combat_ending
                            {
                                "; for stands lost at the end of the phase, once every combat and Pursuit is resolved"
                            } else {
                                ""
                            }
                        )
                    });
                }
                out
            }
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer) {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            buf.set_string(
                area.x,
                area.y,
                format!("Herald needs {MIN_WIDTH}x{MIN_HEIGHT}"),
                Style::default(),
            );
            return;
        }
        let s = self.battle.state();
        let setup = self.battle.setup();
        let w = area.width as usize;
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let dim = Style::default().add_modifier(Modifier::DIM);
        let title = (
            format!(
                "{} - Robert's Rules of Warfare - turn {}{}",
                self.name,
                s.turn,
                if setup.house.is_default() {
                    String::new()
                } else {
                    format!(" - {}", setup.house.summary())
                }
            ),
            bold,
        );
        let bottom = area.y + area.height - 2;
        // A panel on a short screen keeps the walker's first line and the
        // rows of the units it concerns in sight; a tall one shows all.
        let short_panel = self.panel.is_some() && area.height < 36;
        let walker = self.walker();
        let mut top: Vec<(String, Style)> = vec![title];
        if short_panel {
            if let Some(l) = walker.first() {
                top.push((l.clone(), Style::default()));
            }
        } else {
            for l in &walker {
                for part in wrap_plain(l, w) {
                    top.push((part, Style::default()));
                }
            }
        }
        let mut y = area.y;
        for (text, style) in &top {
            let t = cut_words(text, w);
            buf.set_string(area.x, y, t, *style);
            y += 1;
        }
        let name_w = if area.width >= 110 { 26 } else { 18 };
        let heading_row = (
            format!(
                "{:<4}{:<name_w$}{:<10}{:>6} {:>6} {:<4}{:<4}{:<5}{}",
                "id", "unit", "AV-DV(M)", "stands", "hits", "Dem", "Dis", "fail", "owes"
            ),
            dim,
        );
        let unit_row = |id: UnitId| {
            let t = s.troop(id).ok()?;
            let names = cut_by_words(
                &s.units[id.side as usize]
                    .iter()
                    .map(|t| t.unit.name.clone())
                    .collect::<Vec<_>>(),
                name_w - 1,
            );
            Some((
                Self::row(id, t, s, &names[id.index], area.width),
                if t.gone() { dim } else { Style::default() },
            ))
        };
        if short_panel && let Some(p) = &self.panel {
            let mut ids: Vec<UnitId> = Vec::new();
            for id in p.draft.concerns() {
                if !ids.contains(&id) && s.troop(id).is_ok() {
                    ids.push(id);
                }
            }
            ids.truncate(3);
            let mut rows = vec![heading_row.clone()];
            rows.extend(ids.iter().filter_map(|id| unit_row(*id)));
            for (text, style) in &rows {
                let t = cut_words(text, w);
                buf.set_string(area.x, y, t, *style);
                y += 1;
            }
            let pa = Rect {
                x: area.x,
                y,
                width: area.width,
                height: bottom.saturating_sub(y),
            };
            if let Some(p) = &self.panel {
                self.render_panel(p, pa, buf);
            }
            self.render_foot(area, buf);
            return;
        }
        // The panel takes the lower half of a tall screen.
        let panel_rows = match &self.panel {
            Some(_) => (bottom - y) / 2 + 2,
            None => 0,
        };
        let table_end = bottom - panel_rows;
        // The last event's lines under the tables, wrapped, when there is room.
        let logical = self.last_lines();
        let wrap = |(text, style): &(String, Style)| -> Vec<(String, Style)> {
            wrap_plain(text, w)
                .into_iter()
                .map(|t| (t, *style))
                .collect()
        };
        let all_rows: usize = logical.iter().map(|l| wrap(l).len()).sum();
        let last_rows = if self.panel.is_none() {
            (all_rows as u16).min((table_end - y) / 3)
        } else {
            0
        };
        // The rolls, then the explanation's lines. Cut short, the scores
        // and results (`8 +4 = 12`, `12: ... Pushed Back`) stay in sight,
        // then the last lines; the rolls' row says the log (l) has the rest.
        let last: Vec<(String, Style)> = if all_rows > last_rows as usize && last_rows > 1 {
            let mut first = logical[0].clone();
            let more = " (more: l)";
            if first.0.chars().count() + more.len() <= w {
                first.0.push_str(more);
            }
            let mut budget = (last_rows as usize).saturating_sub(wrap(&first).len());
            let scores = (1..logical.len()).filter(|i| {
                logical[*i]
                    .0
                    .trim_start()
                    .starts_with(|c: char| c.is_ascii_digit())
            });
            let mut keep: Vec<usize> = Vec::new();
            for i in scores.chain((1..logical.len()).rev()) {
                let n = wrap(&logical[i]).len();
                if !keep.contains(&i) && n <= budget {
                    keep.push(i);
                    budget -= n;
                }
            }
            keep.sort_unstable();
            let mut v = wrap(&first);
            v.truncate(last_rows as usize);
            v.extend(keep.into_iter().flat_map(|i| wrap(&logical[i])));
            v
        } else {
            logical.iter().flat_map(wrap).collect()
        };
        let rows = table_end - y - last_rows;
        let mut lines: Vec<(String, Style)> = Vec::new();
        let sides = [Side::A, Side::B];
        // Each side keeps room for its heading and at least its first units.
        let need: Vec<usize> = sides
            .iter()
            .map(|x| s.units[*x as usize].len() + 2)
            .collect();
        let total = rows as usize;
        let mut share = [need[0], need[1]];
        if need[0] + need[1] > total {
            let b = need[1].min(total / 3).max(3.min(total));
            share = [total.saturating_sub(b), b];
        }
        for (k, side) in sides.iter().enumerate() {
            let head = format!(
                "{} {}{}",
                side.name().to_uppercase(),
                setup.label(*side),
                match s.phase.acting() {
                    Some(a) if a == *side => " - Acting",
                    Some(_) => " - Reacting",
                    None => "",
                }
            );
            let leaders = leaders_words(s, *side);
            let mut part: Vec<(String, Style)> =
                if head.chars().count() + leaders.chars().count() + 3 <= w || leaders.is_empty() {
                    vec![(
                        if leaders.is_empty() {
                            head
                        } else {
                            format!("{head} - {leaders}")
                        },
                        bold,
                    )]
                } else {
                    vec![(head, bold), (format!("  {leaders}"), dim)]
                };
            part.push(heading_row.clone());
            for i in 0..s.units[*side as usize].len() {
                if let Some(r) = unit_row(UnitId::new(*side, i)) {
                    part.push(r);
                }
            }
            if part.len() > share[k] {
                let keep = share[k].saturating_sub(1);
                let more = part.len() - keep;
                part.truncate(keep);
                part.push((
                    format!("... {more} more lines: a taller terminal shows them"),
                    dim,
                ));
            }
            lines.extend(part);
        }
        for (text, style) in lines.iter().take(rows as usize) {
            let t = cut_words(text, w);
            buf.set_string(area.x, y, t, *style);
            y += 1;
        }
        for (ly, (text, style)) in
            (table_end - last_rows..).zip(last.iter().take(last_rows as usize))
        {
            let t = cut_words(text, w);
            buf.set_string(area.x, ly, t, *style);
        }
        if let Some(p) = &self.panel {
            let pa = Rect {
                x: area.x,
                y: table_end,
                width: area.width,
                height: panel_rows,
            };
            self.render_panel(p, pa, buf);
        }
        self.render_foot(area, buf);
    }

    /// The last event's summary and the status line, at the foot.
    fn render_foot(&self, area: Rect, buf: &mut Buffer) {
        let s = self.battle.state();
        let setup = self.battle.setup();
        let w = area.width as usize;
        if let Some(e) = self
            .battle
            .events()
            .len()
            .checked_sub(1)
            .and_then(|i| self.battle.entry(i))
        {
            let t = cut_words(&format!("last: {}", e.summary), w);
            buf.set_string(area.x, area.y + area.height - 2, t, Style::default());
        }
        let refused = self.panel.as_ref().and_then(|p| self.refused_status(p));
        let status = match &self.status {
            Some(st) => st.text.clone(),
            None => match (&self.unsaved, &self.panel) {
                (Some(u), _) => format!("NOT SAVED: {u}"),
                (None, Some(p)) if p.typing.is_some() => {
                    "type the dice as rolled, Enter records, Esc stops typing".to_string()
                }
                (None, Some(p)) if matches!(p.writing, Some((Writing::Reason, _))) => {
                    "type the reason, Enter keeps it, Esc drops it".to_string()
                }
                (None, Some(p)) if p.writing.is_some() => {
                    "a digit picks a modifier offered, or type a name and a signed number (uphill +1; 0 takes it off), Enter, Esc"
                        .to_string()
                }
                (None, Some(_)) if refused.is_some() => refused.clone().unwrap_or_default(),
                (None, Some(p)) if p.draft.needs(s, &setup.house) == Ok(0) => format!(
                    "fact keys change the facts{}  Enter records  Esc closes",
                    if p.draft.takes_reason() {
                        "  W reason"
                    } else {
                        ""
                    }
                ),
                (None, Some(p)) => format!(
                    "fact keys{}{}  Enter rolls Herald's dice  t types dice  Esc",
                    if p.draft.modifier_sides() == 2 {
                        "  M/N named modifier"
                    } else {
                        "  M named modifier"
                    },
                    if p.draft.takes_reason() {
                        "  W reason"
                    } else {
                        ""
                    }
                ),
                (None, None) if s.phase == Phase::Deployment => {
                    "a or b acts first  l log  q quit".to_string()
                }
                (None, None) => KEYS.to_string(),
            },
        };
        // A long status takes the row above too (the last event's summary).
        let rows = wrap_plain(&status, w);
        let rows: Vec<String> = if rows.len() > 1 {
            let n = rows.len();
            let mut two = vec![rows[0].clone()];
            // The rows wrap_plain indents are joined without their indent.
            two.push(
                rows[1..n]
                    .iter()
                    .map(|r| r.trim())
                    .collect::<Vec<_>>()
                    .join(" "),
            );
            two
        } else {
            rows
        };
        let first_y = area.y + area.height - rows.len() as u16;
        for (i, r) in rows.iter().enumerate() {
            let r = cut_words(r, w);
            let t = format!("{r:<w$}");
            buf.set_string(
                area.x,
                first_y + i as u16,
                t,
                Style::default().add_modifier(Modifier::REVERSED),
            );
        }
    }

    /// The last event's rolls and explanation.
    fn last_lines(&self) -> Vec<(String, Style)> {
        let Some(e) = self
            .battle
            .events()
            .len()
            .checked_sub(1)
            .and_then(|i| self.battle.entry(i))
        else {
            return Vec::new();
        };
        let dim = Style::default().add_modifier(Modifier::DIM);
        let mut out = Vec::new();
        if !e.rolls.is_empty() {
            out.push((
                format!(
                    "rolled: {}",
                    e.rolls
                        .iter()
                        .map(|r| format!(
                            "{} {}",
                            r.who,
                            r.dice
                                .white
                                .iter()
                                .map(|d| d.value().to_string())
                                .collect::<Vec<_>>()
                                .join("+")
                        ))
                        .collect::<Vec<_>>()
                        .join("; ")
                ),
                Style::default(),
            ));
        }
        for l in &e.explanation.lines {
            out.push((format!("  {} ({})", l.text, l.cite), dim));
        }
        out
    }

    fn render_panel(&self, p: &Panel, area: Rect, buf: &mut Buffer) {
        let s = self.battle.state();
        let setup = self.battle.setup();
        let refused = self.refused_whatever_dice(p);
        let mut draft = p.draft.clone();
        let facts = p.facts.list(|f| draft.facts(f, s));
        let named = |id: UnitId| s.troop(id).map_or(id.to_string(), |t| t.unit.name.clone());
        let title = match (&p.writing, &p.typing) {
            (Some((what, text)), _) => format!(
                "{} - {}: {}_",
                p.draft.kind.title(),
                match what {
                    Writing::Reason => "reason".to_string(),
                    Writing::Modifier(0) if p.draft.modifier_sides() == 2 => {
                        format!("{}'s modifier", named(p.draft.unit))
                    }
                    Writing::Modifier(0) => "modifier".to_string(),
                    Writing::Modifier(_) => format!("{}'s modifier", named(p.draft.target)),
                },
                text
            ),
            (None, Some(t)) => format!(
                "{} - dice typed: {} (t)",
                p.draft.kind.title(),
                if t.is_empty() {
                    "-".to_string()
                } else {
                    t.clone()
                }
            ),
            (None, None) => format!(
                "{} - {}",
                p.draft.kind.title(),
                match p.draft.needs(s, &setup.house) {
                    _ if refused.is_some() => "refused as it stands".to_string(),
                    Ok(0) => "no roll: Enter records it".to_string(),
                    Ok(n) => match &p.kept {
                        Some(k) if p.kept_typed => format!(
                            "dice typed: {} kept: Enter records them, t types anew",
                            k.iter().map(|d| d.to_string()).collect::<String>()
                        ),
                        _ => format!("{n} dice: Enter rolls Herald's, t types them"),
                    },
                    Err(_) => "refused as it stands".to_string(),
                }
            ),
        };
        let bold = Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED);
        let t: String = format!("{title:<width$}", width = area.width as usize)
            .chars()
            .take(area.width as usize)
            .collect();
        buf.set_string(area.x, area.y, t, bold);
        let body = Rect {
            y: area.y + 1,
            height: area.height.saturating_sub(1),
            ..area
        };
        for yy in body.y..body.y + body.height {
            buf.set_string(
                area.x,
                yy,
                " ".repeat(area.width as usize),
                Style::default(),
            );
        }
        let offers = if matches!(p.writing, Some((Writing::Modifier(_), _))) {
            let o = p.draft.offers(self.battle.events());
            (!o.is_empty()).then(|| {
                format!(
                    "offered (a digit picks one): {}",
                    o.iter()
                        .enumerate()
                        .map(|(i, (n, v))| match v {
                            Some(v) => format!("{} {n} {v:+}", i + 1),
                            None => format!("{} {n} (its size)", i + 1),
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
        } else {
            None
        };
        let plan = || {
            let mut out: Vec<Line<'static>> = offers.into_iter().map(Line::from).collect();
            // A step with no roll (a correction) keeps what it would do in
            // sight beside its refusal; a roll shows no odds when refused.
            let rolls = p.draft.needs(s, &setup.house).is_ok_and(|n| n > 0);
            match (refused.clone(), p.draft.plan(s, &setup.house)) {
                (Some(e), Ok(lines)) if !rolls => {
                    out.extend(lines.into_iter().map(Line::from));
                    out.push(Line::from(format!("refused: {e}")));
                }
                (Some(e), _) | (None, Err(e)) => out.push(Line::from(format!("refused: {e}"))),
                (None, Ok(lines)) => out.extend(lines.into_iter().map(Line::from)),
            }
            out
        };
        let options = view::BodyOptions {
            rolls: refused.is_none() && p.draft.needs(s, &setup.house).is_ok_and(|n| n > 0),
            mark_scroll: true,
        };
        view::body_with(
            options,
            &self.theme,
            &facts,
            Some(p.facts.field),
            body,
            buf,
            plan,
        );
    }
}

/// A side's leaders for its heading: on the table, or how they went.
fn leaders_words(s: &State, side: Side) -> String {
    let ls = &s.leaders[side as usize];
    if ls.is_empty() {
        return String::new();
    }
    let words: Vec<String> = ls
        .iter()
        .map(|l| {
            let with = l
                .unit
                .map_or("free".to_string(), |i| UnitId::new(side, i).to_string());
            match l.fate {
                None => format!("{} ({}, {with})", l.name, l.title()),
                Some(LeaderFate::Routed) => format!("{} ({}) routed", l.name, l.title()),
                Some(LeaderFate::WithUnit) => {
                    format!("{} ({}) gone with {with}", l.name, l.title())
                }
            }
        })
        .collect();
    format!("leaders: {}", words.join(", "))
}

/// A line word-wrapped to `width`, continuation rows indented two cells
/// past the line's own indent.
fn wrap_plain(text: &str, width: usize) -> Vec<String> {
    let width = width.max(20);
    if text.chars().count() <= width {
        return vec![text.to_string()];
    }
    let lead = text.chars().take_while(|c| *c == ' ').count();
    let pad = " ".repeat((lead + 2).min(width / 3));
    let mut out = Vec::new();
    let mut row = " ".repeat(lead);
    let mut fresh = true;
    for word in text.trim_start().split(' ').filter(|w| !w.is_empty()) {
        let need = word.chars().count() + usize::from(!fresh);
        if !fresh && row.chars().count() + need > width {
            out.push(std::mem::take(&mut row));
            row = pad.clone();
            fresh = true;
        }
        if !fresh {
            row.push(' ');
        }
        row.push_str(word);
        fresh = false;
    }
    out.push(row);
    out
}

/// Whether the open panel's dice are being typed (not Herald's).
/// Names cut to `width` cells at a word's end, never inside a word:
/// `Elite heavy…`; where two cut names would read the same, each keeps its
/// last word (`Elite heavy… A`, `Elite heavy… B`).
fn cut_by_words(names: &[String], width: usize) -> Vec<String> {
    let front = |words: &[&str], budget: usize| {
        let mut out = String::new();
        for w in words {
            let n = out.chars().count() + usize::from(!out.is_empty()) + w.chars().count();
            if n > budget {
                break;
            }
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(w);
        }
        out
    };
    let plain = |n: &String| {
        let words: Vec<&str> = n.split_whitespace().collect();
        let f = front(&words, width.saturating_sub(1));
        if f.is_empty() {
            format!(
                "{}…",
                n.chars().take(width.saturating_sub(1)).collect::<String>()
            )
        } else {
            format!("{f}…")
        }
    };
    let cut: Vec<String> = names
        .iter()
        .map(|n| {
            if n.chars().count() <= width {
                n.clone()
            } else {
                plain(n)
            }
        })
        .collect();
    names
        .iter()
        .zip(&cut)
        .map(|(n, c)| {
            let twin = n.chars().count() > width && cut.iter().filter(|o| *o == c).count() > 1;
            let words: Vec<&str> = n.split_whitespace().collect();
            match (twin, words.split_last()) {
                (true, Some((last, rest))) if !rest.is_empty() => {
                    let budget = width.saturating_sub(2 + last.chars().count());
                    let f = front(rest, budget);
                    if f.is_empty() {
                        c.clone()
                    } else {
                        format!("{f}… {last}")
                    }
                }
                _ => c.clone(),
            }
        })
        .collect()
}

fn typed_dice(panel: &Option<Panel>) -> bool {
    panel.as_ref().is_some_and(|p| p.typing.is_some())
}

impl Screen for App {
    type System = RobertsRules;

    fn battle(&self) -> &Battle {
        &self.battle
    }

    fn battle_mut(&mut self) -> &mut Battle {
        &mut self.battle
    }

    fn dice_position(&self) -> SeedPosition {
        self.dice.position()
    }

    fn theme(&self) -> Theme {
        self.theme
    }

    fn key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        App::key(self, ev)
    }

    /// The open panel showing its plan and its roll (`N dice: Enter rolls`,
    /// or `Enter records it`): not while a name or modifier is written,
    /// nor while it says `refused` (its plan or its dice refused).
    fn offered_roll(&self) -> Option<crate::battle::roberts_rules::Event> {
        let p = self.panel.as_ref()?;
        let (s, house) = (self.battle.state(), &self.battle.setup().house);
        let silent = p.writing.is_none()
            && p.draft.needs(s, house).is_ok()
            && p.draft.plan(s, house).is_ok()
            && self.refused_whatever_dice(p).is_none();
        silent.then(|| p.draft.event_in(&[], s, house))
    }

    /// The owed steps the walker lists (`walker`): who acts first; an
    /// Eager unit's Countercharge; the charges owed; the first rout whose
    /// nearby units are to be named, the Pursuits, the Vulnerable retreats
    /// and the Break Checks owed.
    fn walker_owes(&self) -> Vec<crate::battle::Owed> {
        use crate::battle::Owed;
        use crate::battle::roberts_rules::Step;
        let s = self.battle.state();
        let each = |what: &'static str, units: Vec<UnitId>| {
            units.into_iter().map(move |u| Owed::of(what, [u]))
        };
        match s.phase {
            Phase::Deployment => vec![Owed::of("who acts first", [])],
            Phase::Half { step, .. } => match step {
                Step::Reaction => each("countercharge", s.countercharges_owed()).collect(),
                Step::Charge => each("charge", s.charges_owed()).collect(),
                Step::Combat => each(
                    "name the units nearby a rout",
                    s.nearby_due.first().copied().into_iter().collect(),
                )
                .chain(each("pursue", s.pursuits_owed()))
                .chain(each("retreat its base depth", s.vulnerable_retreats_owed()))
                .chain(each(
                    "Break Check",
                    s.checks_due().into_iter().map(|(u, _)| u).collect(),
                ))
                .collect(),
                _ => Vec::new(),
            },
        }
    }

    fn tell(&mut self, status: Status) {
        self.status = Some(status);
    }

    fn unsaved(&self) -> Option<&str> {
        self.unsaved.as_deref()
    }

    fn set_unsaved(&mut self, why: Option<String>) {
        self.unsaved = why;
    }

    fn hold_quit(&mut self) {}

    fn resized(&self, width: u16, height: u16) {
        self.too_small.set(width < MIN_WIDTH || height < MIN_HEIGHT);
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        self.render(area, buf);
    }
    /// The last event's lines under the tables and on the `last:` line.
    fn claims(&self) -> Vec<crate::tui::screen::Claim> {
        crate::tui::screen::last_entry_claims(&self.battle)
    }
}
