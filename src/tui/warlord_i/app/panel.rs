//! A procedure's panel: the event being prepared with the referee's facts,
//! Herald's dice or the players' typed in, the losing player's choice
//! after a melee's dice (WI-20), and the result once recorded.

use super::{App, facts};
use crate::battle::warlord_i::{Battle, Entry, Event};
use crate::dice::{DiceError, DiceSource, Die, ScriptedDice, faces};
use crate::rules::Side;
use crate::rules::warlord_i::{Response, WinnerMoves};
use crate::tui::facts::{Fact, Facts, Input, view::unsaid_words};
use crate::tui::warlord_i::keymap::Context;

/// An open panel.
#[derive(Clone, Debug)]
pub struct Panel {
    /// The event being prepared, its dice not yet rolled.
    pub event: Event,
    /// The facts' form: the selected fact, what is typed, what is said.
    pub form: Facts,
    /// The players' dice typed so far, while typing.
    pub typing: Option<String>,
    /// A roll waiting for a player's choice, and whose: a melee's losing
    /// player's (Rule 76, WI-20; the melee's side a or b), or the order
    /// of play's winner's, first or second (Rule 26, WI-3; the battle's
    /// side).
    pub pending: Option<(Event, Side)>,
    /// The players' dice are being typed straight (a digit with no number
    /// selected): the roll goes as the last face is typed.
    pub straight: bool,
    /// Why the last try was refused, in the referee's words.
    pub error: Option<String>,
    /// The entry the event made, once recorded.
    pub result: Option<Entry>,
    /// How far the result is scrolled (↑↓), so what changed and why are
    /// reachable on a small screen.
    pub scroll: u16,
}

impl Panel {
    /// A panel preparing `event`.
    pub fn new(event: Event) -> Panel {
        Panel {
            event,
            form: Facts::default(),
            typing: None,
            pending: None,
            straight: false,
            error: None,
            result: None,
            scroll: 0,
        }
    }

    /// Its facts as they stand.
    pub fn facts(&self, battle: &Battle) -> Vec<Fact> {
        let mut event = self.event.clone();
        self.form.list(|f| facts::list(battle, &mut event, f))
    }

    /// Its facts not said yet: the roll and the odds wait for them.
    pub fn unsaid(&self, battle: &Battle) -> Vec<Fact> {
        self.form.unsaid(self.facts(battle))
    }

    /// Where its keys go.
    pub fn context(&self) -> Context {
        if self.result.is_some() {
            Context::Result
        } else if let Some((e, _)) = &self.pending {
            match e {
                Event::OrderOfPlay { .. } => Context::Winner,
                _ => Context::Response,
            }
        } else if self.typing.is_some() {
            Context::TypeDice
        } else {
            Context::Panel
        }
    }
}

/// Why the battle refuses `event` as its facts stand, known before the
/// dice and before every fact is said: a step out of turn (Rule 25; issue
/// 33 item 5), a C-in-C's transfer beyond his CCPs (WI-5), a unit's second
/// shot (Rule 25 step 4), a unit on the table dicing to enter (Rule 47).
/// The roll is then refused too, and the odds are not shown.
pub fn refusal(battle: &Battle, event: &Event) -> Option<String> {
    if let Some(why) = out_of_turn(battle, event) {
        return Some(format!("refused: {why}"));
    }
    match event {
        Event::CommandTest { co, transfer, .. } => battle
            .command_test_plan(*co, *transfer)
            .err()
            .map(|e| format!("refused: {e}")),
        Event::Shooting {
            shooter,
            target,
            situation,
            ..
        } if battle.unit(*shooter).is_some_and(|u| u.shot) => battle
            .shooting_plan(*shooter, *target, situation)
            .err()
            .map(|e| format!("refused: {e}")),
        // Rule 62: a steady unit does not rout for friends through it "while shaken".
        Event::Rout { .. } => battle
            .state()
            .check(battle.setup(), event)
            .err()
            .map(|e| format!("refused: {e}")),
        // Rule 47: only troops off the table dice to enter or return.
        Event::EnterField { unit, .. } if battle.unit(*unit).is_some_and(|u| !u.removed) => {
            tried(battle, event).map(|e| format!("refused: {e}"))
        }
        _ => None,
    }
}

/// Why the battle would refuse `event` now for the step of the Move it is
/// at (Rule 25), asked of the battle itself: the event is tried on a copy
/// of its state with any dice, and only an out-of-turn refusal counts
/// here (the dice and the facts may still change the rest).
fn out_of_turn(battle: &Battle, event: &Event) -> Option<String> {
    // What the battle judges of the step before anything is applied (a
    // contact out of turn, Rule 25 step 6).
    if let Err(e @ crate::battle::BattleError::OutOfTurn(_)) =
        battle.state().check(battle.setup(), event)
        && !matches!(event, Event::NextPhase)
    {
        return Some(e.to_string());
    }
    // With its facts unsaid the dice cannot be filled; the step is judged
    // on the event as it stands (the battle judges the step first).
    let mut ones = Counter(0);
    let probe = battle
        .complete(event.clone(), &mut ones)
        .unwrap_or_else(|_| event.clone());
    let mut state = battle.state().clone();
    match state.apply(battle.setup(), &probe) {
        Err(e @ crate::battle::BattleError::OutOfTurn(_)) => Some(e.to_string()),
        _ => None,
    }
}

/// Why the battle refuses `event` tried on a copy of its state with any
/// dice, for a refusal the facts and the dice cannot change.
fn tried(battle: &Battle, event: &Event) -> Option<String> {
    let mut ones = Counter(0);
    let probe = battle.complete(event.clone(), &mut ones).ok()?;
    let mut state = battle.state().clone();
    state
        .apply(battle.setup(), &probe)
        .err()
        .map(|e| e.to_string())
}

/// Counts the dice a procedure throws, as the battle fills them.
struct Counter(usize);

impl DiceSource for Counter {
    fn roll(&mut self, _: crate::dice::Colour, count: usize) -> Result<Vec<Die>, DiceError> {
        self.0 += count;
        faces(&vec![1; count])
    }
}

/// How many dice the event throws, as the battle says (Rules 26, 29, 47,
/// 56, 59, 76, 99: the event's own procedure), or why it cannot be rolled.
pub fn dice_needed(battle: &Battle, event: &Event) -> Result<usize, String> {
    let mut c = Counter(0);
    battle
        .complete(event.clone(), &mut c)
        .map_err(|e| e.to_string())?;
    Ok(c.0)
}

impl App {
    /// A key in the panel's facts (`tui::facts`): ↑↓, a step, a digit,
    /// Backspace or a fact's key.
    pub(super) fn fact(&mut self, input: Input) {
        let Some(p) = &mut self.panel else { return };
        let Panel { event, form, .. } = p;
        let b = &self.battle;
        match form.input(input, |f| facts::list(b, event, f)) {
            Ok(()) => p.error = refusal(b, event),
            Err(e) => p.error = Some(e),
        }
    }

    /// Opens a panel on `event`, saying at once if the battle refuses it.
    pub(super) fn open(&mut self, event: Event) {
        let mut p = Panel::new(event);
        p.error = refusal(&self.battle, &p.event);
        // A command test or an entry whose facts are seldom said opens with
        // none selected: digits typed straight are the players' dice.
        if matches!(
            p.event,
            Event::CommandTest { .. } | Event::EnterField { .. }
        ) {
            p.form.field = usize::MAX;
        }
        self.panel = Some(p);
    }

    /// Refuses a roll the battle refuses already, or while a fact is
    /// unsaid, in the referee's words.
    fn waits(&mut self) -> bool {
        let Some(p) = &mut self.panel else {
            return false;
        };
        if let Some(why) = refusal(&self.battle, &p.event) {
            p.error = Some(why);
            return true;
        }
        let unsaid = p.unsaid(&self.battle);
        if unsaid.is_empty() {
            // E54 application 3: a charge or other attack is declared on an
            // enemy; said as "none", it is refused in words.
            if let Event::Command {
                unit,
                application: crate::battle::warlord_i::Application::Attack,
                target: None,
                ..
            } = &p.event
            {
                p.error = Some(format!(
                    "refused: a charge or other attack names the enemy it charges or attacks (E54): {} then its number",
                    facts::side_key(unit.side.other())
                ));
                return true;
            }
            return false;
        }
        // A step that throws no dice (a command) is recorded, not rolled.
        let waiting = if matches!(dice_needed(&self.battle, &p.event), Ok(0)) {
            "Enter waits for it"
        } else {
            "the roll waits for it"
        };
        p.error = Some(format!(
            "not said yet: {}; {waiting} (its key, then its value)",
            unsaid_words(&unsaid)
        ));
        true
    }

    /// `t`: a line for the players' dice.
    pub(super) fn open_typing(&mut self) {
        if self.waits() {
            return;
        }
        let Some(p) = &mut self.panel else { return };
        match dice_needed(&self.battle, &p.event) {
            Ok(0) => p.error = Some("this step throws no dice: Enter records it".to_string()),
            Ok(_) => {
                p.typing = Some(String::new());
                p.straight = false;
            }
            Err(e) => p.error = Some(e),
        }
    }

    /// A character typed, or Backspace: into the players' dice while
    /// they are typed, else into the facts (a digit or a fact's key). A
    /// digit with no number selected is the first of the players' dice,
    /// typed straight: the roll goes at the last face (no `t`, no Enter).
    pub(super) fn input(&mut self, c: Option<char>) {
        if let Some(d) = c.filter(char::is_ascii_digit)
            && self.digits_are_dice()
            && let Some(p) = &mut self.panel
        {
            p.typing = Some(d.to_string());
            p.straight = true;
            p.error = None;
            return self.roll_when_typed();
        }
        let Some(p) = &mut self.panel else { return };
        let Some(t) = &mut p.typing else {
            return self.fact(c.map_or(Input::Erase, Input::typed));
        };
        match c {
            Some(c) if t.chars().count() < 40 => t.push(c),
            Some(_) => {}
            None => {
                t.pop();
            }
        }
        p.error = None;
        self.roll_when_typed();
    }

    /// Whether a digit typed now is a die: the panel throws dice, nothing
    /// is typed yet, and no number (or choice) is selected to take it.
    fn digits_are_dice(&self) -> bool {
        let Some(p) = &self.panel else {
            return false;
        };
        if p.typing.is_some() || p.pending.is_some() || p.result.is_some() {
            return false;
        }
        if !matches!(dice_needed(&self.battle, &p.event), Ok(n) if n > 0) {
            return false;
        }
        let facts = p.facts(&self.battle);
        facts.get(p.form.field).is_none_or(|f| !f.takes_digits())
    }

    /// Dice typed straight roll as the last face the roll needs is typed.
    fn roll_when_typed(&mut self) {
        let Some(p) = &self.panel else { return };
        let (true, Some(text)) = (p.straight, &p.typing) else {
            return;
        };
        let faces = text.chars().filter(char::is_ascii_digit).count();
        if matches!(dice_needed(&self.battle, &p.event), Ok(n) if faces >= n) {
            self.roll();
        }
    }

    /// Enter in a panel: Herald's dice (or the typed ones), then the
    /// losing player's choice if a melee needs it, then the record.
    pub(super) fn roll(&mut self) {
        if self.waits() {
            return;
        }
        let Some(p) = &self.panel else { return };
        let event = p.event.clone();
        if facts::unchanged(&self.battle, &event) {
            let text = if matches!(event, Event::GoTo { .. }) {
                "the battle is at that step now: choose another Move or step (←→), or Esc"
            } else {
                "nothing to correct: the field already has that value (change it, or Esc)"
            };
            if let Some(p) = &mut self.panel {
                p.error = Some(text.to_string());
            }
            return;
        }
        let completed = match &p.typing {
            None => self
                .battle
                .complete(event, &mut self.dice)
                .map_err(|e| e.to_string()),
            Some(text) => typed(&self.battle, &event, text),
        };
        match completed {
            Ok(e) => self.respond_or_record(e),
            Err(e) => {
                if let Some(p) = &mut self.panel {
                    p.error = Some(e);
                }
            }
        }
    }

    /// A melee's loser must choose (Rule 76, WI-20), the order of play's
    /// winner too (Rule 26, WI-3): the player is asked, never Herald. Any
    /// other event is recorded.
    fn respond_or_record(&mut self, event: Event) {
        if let Event::OrderOfPlay { dice, .. } = &event {
            let face = |d: &crate::dice::Dice| d.white.first().map(|f| f.value());
            let winner = match (face(&dice.a), face(&dice.b)) {
                (Some(a), Some(b)) if a > b => Some(Side::A),
                (Some(a), Some(b)) if b > a => Some(Side::B),
                _ => None,
            };
            if let Some(w) = winner {
                if let Some(p) = &mut self.panel {
                    p.typing = None;
                    p.pending = Some((event, w));
                }
                return;
            }
        }
        if let Event::Melee {
            a,
            b,
            facts_a,
            facts_b,
            simultaneous,
            dice,
        } = &event
            && let Ok(Some(loser)) =
                self.battle
                    .melee_choice_due(*a, *b, facts_a, facts_b, *simultaneous, dice)
        {
            if let Some(p) = &mut self.panel {
                p.typing = None;
                p.pending = Some((event, loser));
            }
            return;
        }
        self.record(event);
    }

    /// The order of play's winner chooses to move first or second
    /// (Rule 26, WI-3); then it is recorded.
    pub(super) fn choose_order(&mut self, moves: WinnerMoves) {
        let Some(p) = &mut self.panel else { return };
        let Some((Event::OrderOfPlay { dice, .. }, _)) = p.pending.take() else {
            return;
        };
        self.record(Event::OrderOfPlay {
            winner_moves: moves,
            dice,
        });
    }

    /// The losing player's choice, then the melee is recorded.
    pub(super) fn respond(&mut self, response: Response) {
        let Some(p) = &mut self.panel else { return };
        if !matches!(p.pending, Some((Event::Melee { .. }, _))) {
            return;
        }
        let Some((mut event, loser)) = p.pending.take() else {
            return;
        };
        if let Event::Melee {
            facts_a, facts_b, ..
        } = &mut event
        {
            match loser {
                Side::A => facts_a.response = response,
                Side::B => facts_b.response = response,
            }
        }
        self.record(event);
    }

    /// Records the event; the panel shows what it did.
    fn record(&mut self, event: Event) {
        match self.battle.record(event) {
            Ok(entry) => {
                let entry = entry.clone();
                self.say(entry.summary.clone());
                if let Some(p) = &mut self.panel {
                    p.typing = None;
                    p.straight = false;
                    p.error = None;
                    p.result = Some(entry);
                }
            }
            Err(e) => {
                let text = e.to_string();
                if let Some(p) = &mut self.panel {
                    p.error = Some(text.clone());
                }
                self.refuse(text);
            }
        }
    }
}

/// The event with the players' dice typed in one line: digits 1 to 6, as
/// many as the procedure throws, in the order it throws them (side a's
/// first for the order of play and a melee).
fn typed(battle: &Battle, event: &Event, text: &str) -> Result<Event, String> {
    let need = dice_needed(battle, event)?;
    let dice = crate::dice::parse_typed(text, need).map_err(|e| match e {
        DiceError::Count { need, have, .. } => {
            format!("this roll throws {need} dice, but {have} were typed")
        }
        other => other.to_string(),
    })?;
    let values: Vec<u8> = dice.iter().map(|d| d.value()).collect();
    let mut source = ScriptedDice::white(&values).map_err(|e| e.to_string())?;
    battle
        .complete(event.clone(), &mut source)
        .map_err(|e| e.to_string())
}
