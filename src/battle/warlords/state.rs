//! The battle's state and the fold: each event, checked against the turn
//! sequence (2.1, 2.2), re-runs the rules procedure it records and writes
//! the outcome into the units. The state is never changed any other way.

mod charging;
mod next;
mod supporting;

use super::Entry;
use super::Setup;
use super::duty::{Due, Duty};
use super::effects::diff_effects;
use super::event::{Correction, Event, Phase, UnitId};
use crate::battle::BattleError;
use crate::dice::Dice;
use crate::rules::Side;
use crate::rules::house::{House, HouseValue};
use crate::rules::warlords::activation::{Action, Activation};
use crate::rules::warlords::charge::ChargeMove;
use crate::rules::warlords::initiative::{Initiative, InitiativeWinner};
use crate::rules::warlords::melee::{Melee, MeleeDice, MeleeFacts};
use crate::rules::warlords::movement::{BreakOff, Flee, RandomMove};
use crate::rules::warlords::next::{Choice, Verdict};
use crate::rules::warlords::personality::{self, StandLoss};
use crate::rules::warlords::shooting::Shooting;
use crate::rules::warlords::unit::{Formation, Morale, Unit};
use crate::rules::warlords::{COLUMN_PIKE, HEAVY_STOP_CASUALTY};

/// The most stands a correction may give a unit (as the unit table allows).
pub const MAX_STANDS: u32 = 1000;

/// The most spans a random move may roll for (a charge is at most 15, 2.4.2).
pub const MAX_RANDOM_SPANS: u32 = 30;

/// One unit in the battle: its rules state and its place in the turn.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitState {
    /// The unit as the rules see it now.
    pub unit: Unit,
    /// It has activated this turn (2.2).
    pub activated: bool,
    /// The referee took it off the table.
    pub removed: bool,
    /// Halted by shooting this turn: no counter-charge (2.4.4.2, W-30).
    pub halted_this_turn: bool,
    /// What this turn's activation let it do, for the referee's choice (2.2.2).
    pub verdict: Option<Verdict>,
    /// What it chose after that activation (W-27).
    pub chosen: Vec<Choice>,
    /// The charge (or counter-charge) it made this turn.
    pub charge: Option<ChargeMade>,
    /// It lost stands this turn for having no direction to flee (1.7.3).
    pub trapped_this_turn: bool,
    /// It rolled as an opponent in a Melee this turn (2.6: once a phase).
    pub fought_this_turn: bool,
    /// The front rank of its last line (Line, Shieldwall or Hedgehog), kept
    /// through a March Column: what a change back to a line proposes
    /// (2.3.1). None when the record holds no line of it.
    pub line_files: Option<u32>,
}

/// A charge declared this turn: its target and its distance, measured by the
/// formation the move started in (2.4.4.1, W-28).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChargeMade {
    /// The enemy charged.
    pub target: UnitId,
    /// The charge distance (0 for a counter-charge, which meets halfway, 2.4.4.2).
    pub spans: u32,
    /// It made contact (W-25).
    pub contact: bool,
    /// It is a counter-charge (2.4.4.2).
    pub counter: bool,
    /// It stopped at stakes, a tabor or a berm on the way: no charge move
    /// or contact after it (3.3.3).
    pub stopped: bool,
    /// It was Halted before it made contact (2.4.4.1); a Halt after contact
    /// (a shower, W-23) leaves it charging.
    pub halted_before_contact: bool,
}

impl UnitState {
    /// A unit as the battle starts.
    pub fn new(unit: Unit) -> UnitState {
        let mut s = UnitState {
            line_files: None,
            unit,
            activated: false,
            removed: false,
            halted_this_turn: false,
            verdict: None,
            chosen: Vec::new(),
            charge: None,
            trapped_this_turn: false,
            fought_this_turn: false,
        };
        s.remember_line();
        // An army file's March Column with its files: the line it came from.
        if s.unit.formation == Formation::MarchColumn && s.unit.files > 1 {
            s.line_files = Some(s.unit.files);
        }
        s
    }

    /// Keeps the front rank of the line it stands in (2.3.1).
    fn remember_line(&mut self) {
        if matches!(
            self.unit.formation,
            Formation::Line | Formation::Shieldwall | Formation::Hedgehog
        ) {
            self.line_files = Some(self.unit.files);
        }
    }

    /// Off the table: Dispersed (1.7.4) or removed by the referee.
    pub fn off_table(&self) -> bool {
        self.removed || self.unit.morale == Morale::Dispersed
    }
}

/// Two units in Melee with each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engagement {
    /// One unit.
    pub a: UnitId,
    /// The enemy unit.
    pub b: UnitId,
    /// Rounds of Melee they have fought while engaged.
    pub rounds: u32,
    /// They fought a round this turn.
    pub fought_this_turn: bool,
}

impl Engagement {
    /// Whether this engagement is between `x` and `y`, either way round.
    pub fn is(&self, x: UnitId, y: UnitId) -> bool {
        (self.a == x && self.b == y) || (self.a == y && self.b == x)
    }

    /// The other unit, if `id` is one of the two.
    pub fn opponent_of(&self, id: UnitId) -> Option<UnitId> {
        if self.a == id {
            Some(self.b)
        } else if self.b == id {
            Some(self.a)
        } else {
            None
        }
    }
}

/// A supporting unit of a Melee (2.6): `unit` supports its friend
/// `opponent` in the Melee of `opponent` against `enemy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Support {
    /// The supporting unit.
    pub unit: UnitId,
    /// The friendly opponent it supports.
    pub opponent: UnitId,
    /// The enemy opponent.
    pub enemy: UnitId,
    /// The edge of `contacts` it contacts.
    pub edge: crate::rules::warlords::supporting::Edge,
    /// The enemy unit it contacts: `enemy` when marked; a supporting unit
    /// of that Melee once another unit became the opponent (2.6).
    pub contacts: UnitId,
}

impl Support {
    /// Whether it belongs to the Melee of `x` and `y`, either way round.
    pub fn of(&self, x: UnitId, y: UnitId) -> bool {
        (self.opponent == x && self.enemy == y) || (self.opponent == y && self.enemy == x)
    }
}

/// Everything the events have made of the battle so far.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The turn, from 1.
    pub turn: u32,
    /// Where the turn stands (2.1).
    pub phase: Phase,
    /// Who holds the initiative this turn, once rolled (2.1.1).
    pub initiative: Option<Side>,
    /// Who held it last turn (wins ties, W-22).
    pub last_holder: Option<Side>,
    /// Side a's units, then side b's.
    pub units: [Vec<UnitState>; 2],
    /// Units in Melee with each other.
    pub engagements: Vec<Engagement>,
    /// Supporting units of the Melees (2.6), as the referee marked them.
    pub supports: Vec<Support>,
    /// What results require before the turn goes on, first due first.
    pub duties: Vec<Duty>,
}

impl State {
    /// The state before any event: turn 1, initiative to roll.
    pub fn start(setup: &Setup) -> State {
        let side = |s: Side| -> Vec<UnitState> {
            setup.units(s).map(|u| UnitState::new(u.clone())).collect()
        };
        State {
            turn: 1,
            phase: Phase::Initiative,
            initiative: None,
            last_holder: None,
            units: [side(Side::A), side(Side::B)],
            engagements: Vec::new(),
            supports: Vec::new(),
            duties: Vec::new(),
        }
    }

    /// A unit's state, if the id names one.
    pub fn get(&self, id: UnitId) -> Option<&UnitState> {
        self.units[id.side as usize].get(id.index)
    }

    fn get_mut(&mut self, id: UnitId) -> &mut UnitState {
        &mut self.units[id.side as usize][id.index]
    }

    /// A unit's state, or the error naming the missing id.
    fn unit(&self, id: UnitId) -> Result<&UnitState, BattleError> {
        self.get(id).ok_or(BattleError::NoUnit(id))
    }

    /// A unit that must be on the table.
    fn on_table(&self, id: UnitId) -> Result<&UnitState, BattleError> {
        let u = self.unit(id)?;
        if u.off_table() {
            let why = if u.removed {
                "the referee took it off the table"
            } else {
                "it is Dispersed (1.7.4)"
            };
            return Err(BattleError::Refused(format!(
                "{} ({id}) is off the table: {why}",
                u.unit.name
            )));
        }
        Ok(u)
    }

    /// Side `side`'s units on the table that have not activated this turn.
    pub fn to_activate(&self, side: Side) -> impl Iterator<Item = UnitId> + '_ {
        self.units[side as usize]
            .iter()
            .enumerate()
            .filter(|(_, u)| !u.off_table() && !u.activated)
            .map(move |(i, _)| UnitId::new(side, i))
    }

    /// The engagement between two units, if they are in Melee.
    pub fn engagement(&self, x: UnitId, y: UnitId) -> Option<&Engagement> {
        self.engagements.iter().find(|e| e.is(x, y))
    }

    /// Two different units on opposite sides, both on the table.
    fn enemies(&self, x: UnitId, y: UnitId) -> Result<(), BattleError> {
        self.on_table(x)?;
        self.on_table(y)?;
        if x.side == y.side {
            return Err(BattleError::Refused(format!(
                "{} ({x}) and {} ({y}) are on the same side",
                self.units[x.side as usize][x.index].unit.name,
                self.units[y.side as usize][y.index].unit.name
            )));
        }
        Ok(())
    }

    /// Ends every engagement of units that left the table, and their
    /// duties, but for the stands they lost with personalities: each man in
    /// a lost stand still rolls, his unit gone or not (3.1.3.2, W-19).
    fn clear_off_table(&mut self) {
        let units = &self.units;
        let off = |id: UnitId| units[id.side as usize][id.index].off_table();
        self.engagements.retain(|e| !off(e.a) && !off(e.b));
        // W-19: a stand-loss step stays owed by a unit that left the table;
        // 2.4.4.1: a charge at a unit that left the table is over.
        self.duties.retain(|d| {
            (!off(d.unit) || matches!(d.due, Due::StandLoss { .. }))
                && !matches!(d.due, Due::Charge { target, .. } if off(target))
        });
        self.prune_supports();
    }

    /// The sequence must be in `phase` for `what`.
    fn expect_phase(&self, phase: Phase, what: &str) -> Result<(), BattleError> {
        if self.phase == phase {
            Ok(())
        } else {
            Err(BattleError::OutOfTurn(format!(
                "{what} belongs to {phase}, but turn {} is at {}; record a go-to to move the sequence first",
                self.turn, self.phase
            )))
        }
    }

    /// Applies one event: checks it against the turn sequence, re-runs its
    /// procedure with its dice, and writes the outcome. On error the state
    /// is unchanged.
    pub fn apply(&mut self, setup: &Setup, event: &Event) -> Result<Entry, BattleError> {
        let turn = self.turn;
        let phase = self.phase;
        let mut entry = Entry::new(turn, phase);
        match event {
            Event::Initiative { a, b } => self.initiative(setup, a, b, &mut entry)?,
            Event::Activation {
                unit,
                situation,
                dice,
                add_champion,
            } => {
                let id = *unit;
                let u = self.on_table(id)?;
                let name = u.unit.name.clone();
                self.expect_phase(Phase::Activation(id.side), &format!("{name}'s activation"))?;
                if u.activated {
                    return Err(BattleError::OutOfTurn(format!(
                        "{name} ({id}) has already activated this turn (2.2); each unit activates once"
                    )));
                }
                let situation = self.seen(id, situation);
                let before = u.unit.clone();
                let plan = Activation::plan(&u.unit, situation)?;
                let out = plan.resolve(dice)?;
                if *add_champion && !out.may_add_champion {
                    return Err(BattleError::Refused(format!(
                        "{name} may not add a champion: it must be Ready, see an enemy ahead, and score at least 3 x its champions (1.7.5, W-7)"
                    )));
                }
                let mut then = out.consequence(&before, &situation);
                let verdict = out.verdict_of(&situation);
                if *add_champion {
                    // Saves written before the choice was its own event (W-27).
                    then = crate::rules::warlords::next::choose(
                        &verdict,
                        then,
                        Choice::AddChampion,
                        Default::default(),
                    )?;
                }
                let mut text = match out.score {
                    Some(score) => format!(
                        "{name} ({id}) activates: {}: score {score} against width {}, {}",
                        dice_text(dice),
                        plan.width,
                        if out.success { "success" } else { "failure" }
                    ),
                    None => format!("{name} ({id}) evades without a roll (2.4.7)"),
                };
                if out.berserk {
                    text.push_str("; goes Berserk");
                }
                if out.forced.contains(&Action::StayInMelee) {
                    text.push_str("; stays in Melee, Berserk (2.4.10, 2.6.3)");
                }
                if out.lost_morale_step {
                    text.push_str(&format!("; loses a morale step: {}", out.morale));
                }
                if *add_champion {
                    text.push_str("; adds a champion");
                } else if out.may_add_champion {
                    text.push_str("; may add a champion");
                }
                entry.summary = text;
                entry.roll(&name, dice);
                entry.explanation = out.explanation.clone();
                entry.explanation.extend(then.explanation);
                let slot = self.get_mut(id);
                slot.unit = then.unit;
                slot.activated = true;
                slot.verdict = Some(verdict);
                if *add_champion {
                    slot.chosen.push(Choice::AddChampion);
                }
                entry.effects = diff_effects(id, &before, &slot.unit);
                // 2.4.4.1, W-25: an earlier reading recorded no event for a
                // charge move that made no contact; the next activation
                // closes its question (a new one is refused first, `check`).
                self.duties
                    .retain(|d| !matches!(d.due, Due::Charge { moved: true, .. }));
                self.owe(id, &then.next, None);
                self.clear_off_table();
            }
            Event::Shooting {
                shooter,
                target,
                situation,
                dice,
            } => {
                let (sid, tid) = (*shooter, *target);
                self.enemies(sid, tid)?;
                if !matches!(self.phase, Phase::Activation(_)) {
                    return Err(BattleError::OutOfTurn(format!(
                        "shooting happens during activations (2.5), but turn {} is at {}",
                        self.turn, self.phase
                    )));
                }
                let s = &self.unit(sid)?.unit;
                let t = &self.unit(tid)?.unit;
                let before = t.clone();
                let plan = Shooting::plan(s, t, *situation)?;
                let out = plan.resolve(dice)?;
                let mut after = before.clone();
                out.apply(&mut after);
                // W-21: a Slippery man's 2 white dice are his, not the shooter's.
                let mut own = dice.clone();
                own.white.truncate(out.dice_rolled as usize);
                let mut text = format!(
                    "{} ({sid}) shoots at {} ({tid}): {}: {} hit(s), {} casualty figure(s)",
                    s.name,
                    t.name,
                    dice_text(&own),
                    out.hits,
                    out.casualties
                );
                if out.halted {
                    text.push_str("; halted");
                }
                if let Some(p) = &out.personality {
                    text.push_str(&format!("; {} {}", p.name, p.fate));
                }
                entry.summary = text;
                let slippery = out.personality.as_ref().map(|p| p.name.as_str());
                roll_apart(&mut entry, &s.name, dice, out.dice_rolled, slippery);
                // The outcome's explanation starts with how the dice were counted.
                entry.explanation = out.explanation;
                let slot = self.get_mut(tid);
                slot.unit = after;
                slot.halted_this_turn |= out.halted; // 2.4.4.2: no counter-charge now
                entry.effects = diff_effects(tid, &before, &self.unit(tid)?.unit);
                if situation.contact {
                    self.done(sid, |d| *d == Due::Shower { at: tid });
                }
            }
            Event::Melee {
                a,
                b,
                facts_a,
                facts_b,
                rough_ground,
                dice,
                before_w24,
            } => {
                let (aid, bid) = (*a, *b);
                self.enemies(aid, bid)?;
                self.expect_phase(Phase::Melee, "a round of Melee")?;
                if self
                    .engagement(aid, bid)
                    .is_some_and(|e| e.fought_this_turn)
                {
                    return Err(BattleError::OutOfTurn(format!(
                        "{aid} and {bid} have already fought their round of Melee this turn (2.1)"
                    )));
                }
                let ua = &self.unit(aid)?.unit;
                let ub = &self.unit(bid)?.unit;
                let (before_a, before_b) = (ua.clone(), ub.clone());
                let (melee, _) =
                    melee_as_recorded(ua, facts_a, ub, facts_b, *rough_ground, dice, &setup.house)?;
                let out = melee.resolve(dice)?;
                let mut then = out.after(&melee, false);
                if *before_w24 && let Some(l) = out.decision.loser {
                    // W-24 (2.6.2): an earlier Herald kept the loser's width
                    // when it lost stands on its flanks; the event stands as recorded.
                    let (was, now) = if l == Side::A {
                        (&before_a, &mut then.a)
                    } else {
                        (&before_b, &mut then.b)
                    };
                    let files = was.files.clamp(1, now.stands.max(1));
                    // State::check says so: the log marks it (W-24).
                    now.files = files;
                }
                let mut text = format!(
                    "Melee: {} ({aid}) scores {} against {} ({bid}) {}",
                    ua.name, out.a.score, ub.name, out.b.score
                );
                match out.decision.loser {
                    None => text.push_str(": a draw"),
                    Some(l) => {
                        let loser = if l == Side::A { &ua.name } else { &ub.name };
                        text.push_str(&format!(": {loser} loses and falls back"));
                        if out.decision.unformed {
                            text.push_str(", Unformed");
                        }
                        if out.decision.broken {
                            text.push_str(", Broken");
                        }
                    }
                }
                for hit in &out.personalities {
                    text.push_str(&format!("; {} {}", hit.name, hit.fate));
                }
                entry.summary = text;
                // W-21: a Slippery man's 2 white dice follow the dice that hit him.
                let hit = |victim: Side| {
                    out.personalities
                        .iter()
                        .find(|h| h.side == victim)
                        .map(|h| h.name.as_str())
                };
                let rolled = (out.a.dice_rolled, out.b.dice_rolled);
                roll_apart(&mut entry, &ua.name, &dice.a, rolled.0, hit(Side::B));
                roll_apart(&mut entry, &ub.name, &dice.b, rolled.1, hit(Side::A));
                entry.explanation = out.explanation.clone();
                drop(melee);
                self.get_mut(aid).unit = then.a;
                self.get_mut(bid).unit = then.b;
                match self.engagements.iter_mut().find(|e| e.is(aid, bid)) {
                    Some(e) => {
                        e.rounds += 1;
                        e.fought_this_turn = true;
                    }
                    None => self.engagements.push(Engagement {
                        a: aid,
                        b: bid,
                        rounds: 1,
                        fought_this_turn: true,
                    }),
                }
                self.get_mut(aid).fought_this_turn = true;
                self.get_mut(bid).fought_this_turn = true;
                // 2.6: its supporting units fought in it; none fights these
                // units again this phase (even if its support ends on the way).
                let all = self.melee_units(aid, bid);
                for e in &mut self.engagements {
                    if all.contains(&e.a) && all.contains(&e.b) {
                        e.fought_this_turn = true;
                    }
                }
                self.say_supporters(aid, bid, &mut entry);
                if let Some(l) = out.decision.loser {
                    let (w, l) = if l == Side::A { (bid, aid) } else { (aid, bid) };
                    self.fall_back_with(w, l, &mut entry);
                }
                entry.effects = diff_effects(aid, &before_a, &self.unit(aid)?.unit);
                entry
                    .effects
                    .extend(diff_effects(bid, &before_b, &self.unit(bid)?.unit));
                let id = |s: Side| if s == Side::A { aid } else { bid };
                let lost = [
                    before_a.stands.saturating_sub(self.unit(aid)?.unit.stands),
                    before_b.stands.saturating_sub(self.unit(bid)?.unit.stands),
                ];
                self.after_melee(&then.next, id, out.decision.loser, lost, &mut entry);
                self.clear_off_table();
            }
            Event::Flee {
                unit,
                obstacle_stands,
                dice,
            } => {
                let id = *unit;
                let u = &self.on_table(id)?.unit;
                if self.phase == Phase::Initiative {
                    return Err(BattleError::OutOfTurn(
                        "units flee during activations or after a Melee, not while initiative is rolled (2.1)"
                            .to_string(),
                    ));
                }
                let before = u.clone();
                let flee = Flee {
                    unit: u,
                    obstacle_stands: *obstacle_stands,
                };
                let out = flee.resolve(dice)?;
                let mut after = before.clone();
                out.apply(&mut after);
                entry.summary = format!(
                    "{} ({id}) flees {} span(s): {}{}{}",
                    u.name,
                    out.distance,
                    dice_text(dice),
                    if out.stands_lost > 0 {
                        format!("; loses {} stand(s)", out.stands_lost)
                    } else {
                        String::new()
                    },
                    if out.dispersed { "; Dispersed" } else { "" }
                );
                entry.roll(&u.name, dice);
                entry.explanation = out.explanation.clone();
                self.get_mut(id).unit = after;
                entry.effects = diff_effects(id, &before, &self.unit(id)?.unit);
                // 2.6.2: a loser that breaks in the Melee phase takes the
                // supporting units of its Melee back with it.
                if self.phase == Phase::Melee {
                    let melees: Vec<(UnitId, UnitId)> = self
                        .supports
                        .iter()
                        .filter(|s| s.opponent == id || s.enemy == id)
                        .map(|s| {
                            if s.enemy == id {
                                (s.opponent, id)
                            } else {
                                (s.enemy, id)
                            }
                        })
                        .collect();
                    for (w, l) in melees {
                        self.end_melee(w, l, &mut entry);
                    }
                }
                // 2.4.11: it moves away from the enemy, out of any Melee.
                let parted: Vec<UnitId> = self
                    .engagements
                    .iter()
                    .filter_map(|e| e.opponent_of(id))
                    .collect();
                self.engagements.retain(|e| e.opponent_of(id).is_none());
                for o in parted {
                    entry
                        .summary
                        .push_str(&format!("; no longer in Melee with {o}"));
                }
                self.done(id, |d| *d == Due::Flee);
                // 2.6.3, W-26: a follow-up is into contact; a loser that fled
                // has left the Melee, so there is nothing left to follow.
                let before = self.duties.len();
                self.duties
                    .retain(|d| !matches!(d.due, Due::FollowUp { loser } if loser == id));
                if self.duties.len() < before {
                    entry.explanation.line(
                        "it fled out of the Melee: the winner has no follow-up to choose",
                        crate::rules::explain::sec("2.6.3, 2.4.11, W-26"),
                    );
                }
                self.clear_off_table();
            }
            Event::BreakOff {
                unit,
                opponent,
                supporting,
                tactician_in_sight,
                dice,
            } => {
                let (id, oid) = (*unit, *opponent);
                self.enemies(id, oid)?;
                let u = self.unit(id)?;
                let name = u.unit.name.clone();
                self.expect_phase(
                    Phase::Activation(id.side),
                    &format!("{name}'s break-off (its activation)"),
                )?;
                if u.activated {
                    return Err(BattleError::OutOfTurn(format!(
                        "{name} ({id}) has already activated this turn (2.2)"
                    )));
                }
                if self.engagement(id, oid).is_none() {
                    return Err(BattleError::Refused(format!(
                        "{name} ({id}) is not in Melee with {oid}; record the engagement first"
                    )));
                }
                let before = u.unit.clone();
                let plan = BreakOff::plan(
                    &u.unit,
                    &self.unit(oid)?.unit,
                    *supporting,
                    *tactician_in_sight,
                )?;
                let out = plan.resolve(dice)?;
                // 2.2.1: a break-off is the unit's activation, so a failure costs
                // what any failed activation costs (W-5); 2.4.8 the move back.
                let then = plan.after(&out, dice)?;
                let after = then.unit;
                entry.summary = format!(
                    "{name} ({id}) tries to break off from {oid}: {}: {}",
                    dice_text(dice),
                    if out.success {
                        match out.distance {
                            Some(d) => format!("breaks off, {d} span(s) back, Unformed"),
                            None => "breaks off".to_string(),
                        }
                    } else {
                        "stays in the Melee".to_string()
                    }
                );
                entry.roll(&name, dice);
                entry.explanation = out.explanation.clone();
                let slot = self.get_mut(id);
                slot.unit = after;
                slot.activated = true;
                if out.success {
                    self.engagements.retain(|e| !e.is(id, oid));
                }
                entry.effects = diff_effects(id, &before, &self.unit(id)?.unit);
                self.owe(id, &then.next, Some(oid));
                self.clear_off_table();
            }
            Event::RandomMove {
                unit,
                spans,
                toward,
                dice,
            } => {
                let id = *unit;
                let u = &self.on_table(id)?.unit;
                if self.phase == Phase::Initiative {
                    return Err(BattleError::OutOfTurn(
                        "units move during activations or after a Melee, not while initiative is rolled (2.1)"
                            .to_string(),
                    ));
                }
                if *spans == 0 || *spans > MAX_RANDOM_SPANS {
                    return Err(BattleError::Refused(format!(
                        "a random move rolls 1 die per span (2.4.9): 1 to {MAX_RANDOM_SPANS} spans, not {spans}"
                    )));
                }
                let name = u.name.clone();
                if let (Some(t), Some(c)) = (toward, self.unit(id)?.charge)
                    && c.target == *t
                    && c.spans > 0
                    && c.spans != *spans
                {
                    return Err(BattleError::Refused(format!(
                        "{name} ({id}) charges {} spans, measured by the formation it started in (2.4.4.1, W-10, W-28), not {spans}",
                        c.spans
                    )));
                }
                let out = RandomMove { spans: *spans }.resolve(dice)?;
                let what = match toward {
                    Some(t) => {
                        self.enemies(id, *t)?;
                        let tname = &self.unit(*t)?.unit.name;
                        let counter = self
                            .unit(id)?
                            .charge
                            .is_some_and(|c| c.counter && c.target == *t);
                        let m = if counter {
                            self.charge_move(*t, id)
                        } else {
                            self.charge_move(id, *t)
                        };
                        match m {
                            // 2.4.4.2: the charger was Halted; the counter-charger goes on.
                            Some(m) if m.by_counter_charger() => format!(
                                "counter-charges {tname} ({t}), which was Halted: completes its movement as a random move (2.4.4.2)"
                            ),
                            // 2.4.4.1: a Random Move past the point it was Halted.
                            Some(ChargeMove::Halted { .. }) => format!(
                                "charges {tname} ({t}), Halted on the way: random move past the point it was Halted (2.4.4.1)"
                            ),
                            // 2.4.4.1: the charge move is completed as a random move.
                            _ => format!("charges {tname} ({t}): random move"),
                        }
                    }
                    None => "random move".to_string(),
                };
                entry.summary = format!(
                    "{name} ({id}) {what} of {spans} span(s): {}: moves {} span(s)",
                    dice_text(dice),
                    out.distance
                );
                entry.roll(&name, dice);
                entry.explanation = out.explanation.clone();
                // 2.2.1: the stopping unit's Random Move; 2.4.10: a Berserk Move toward the enemy.
                let halting = self.done(id, |d| *d == Due::RandomMoveThenHalt);
                if halting {
                    entry.explanation.line(
                        format!("{name} Halts at the end of it"),
                        crate::rules::explain::sec("2.2.1, 2.4.1.1"),
                    );
                }
                if toward.is_none() && !halting {
                    self.done(id, |d| *d == Due::BerserkMove);
                }
                // 2.4.4.1, 2.4.4.2: the charge move is rolled (the charger's,
                // or the counter-charger's on a Halted charger); contact is next.
                if let Some(t) = toward {
                    for d in &mut self.duties {
                        if let Due::Charge { target, moved } = &mut d.due
                            && ((d.unit, *target) == (id, *t) || (d.unit, *target) == (*t, id))
                        {
                            *moved = true;
                        }
                    }
                }
            }
            Event::Reaction {
                unit,
                cause,
                situation,
                dice,
            } => {
                let (id, cid) = (*unit, *cause);
                self.enemies(id, cid)?;
                let u = self.unit(id)?;
                let name = u.unit.name.clone();
                let berserk_test = match self.phase {
                    // 2.4.4, 2.4.4.2, 2.4.7: the target of a charge, or a unit
                    // shooting at the charger, uses up its activation now.
                    Phase::Activation(s) if s == cid.side => false,
                    // 2.6.3: an Impetuous opponent of a unit that breaks rolls at once.
                    Phase::Melee => true,
                    p => {
                        return Err(BattleError::OutOfTurn(format!(
                            "{name} ({id}) reacts to {cid} out of turn: a reaction comes during the enemy's activations (2.4.4) or after a Melee (2.6.3), but turn {} is at {p}",
                            self.turn
                        )));
                    }
                };
                if !berserk_test && u.activated {
                    return Err(BattleError::OutOfTurn(format!(
                        "{name} ({id}) has already activated this turn (2.2); it cannot react to the charge with an activation (2.4.4)"
                    )));
                }
                if berserk_test && !u.unit.is_impetuous() {
                    return Err(BattleError::Refused(format!(
                        "{name} ({id}) is not Impetuous: only Impetuous units roll to go Berserk when an enemy breaks (2.6.3)"
                    )));
                }
                let before = u.unit.clone();
                let mut situation = self.seen(id, situation);
                // Replay does not judge a counter-charge after a Halt again (see Battle::record).
                situation.halted_this_turn = false;
                let plan = Activation::plan(&u.unit, situation)?;
                let out = plan.resolve(dice)?;
                let mut after = before.clone();
                let mut owed = Vec::new();
                let mut counter = false;
                let mut chose = None;
                if berserk_test {
                    // 2.6.3: the roll is only to see whether it goes Berserk.
                    if out.berserk {
                        after.morale = out.morale;
                        after.formation = out.formation;
                        owed.push(crate::rules::warlords::next::Next::BerserkMove);
                    }
                } else {
                    let then = out.consequence(&before, &situation);
                    let verdict = out.verdict_of(&situation);
                    // 2.4.4.2: a counter-charger that succeeds (or goes Berserk) meets
                    // the charger halfway; 2.4.7: an evader that succeeds moves away;
                    // W-29: one that fails flees (its duty comes with the consequence).
                    let choice = if situation.charging && (out.success || out.berserk) {
                        Some(Choice::CounterCharge)
                    } else if situation.evading() && out.success {
                        Some(Choice::Evade)
                    } else {
                        None
                    };
                    counter = choice == Some(Choice::CounterCharge);
                    chose = choice;
                    let mut then = match choice {
                        Some(c) => crate::rules::warlords::next::choose(
                            &verdict,
                            then,
                            c,
                            Default::default(),
                        )?,
                        None => then,
                    };
                    if counter {
                        // 2.4.10 1, 2.4.4.2: a Berserk unit's counter-charge is
                        // its Berserk Move's charge; they meet halfway.
                        then.next
                            .retain(|n| *n != crate::rules::warlords::next::Next::BerserkMove);
                    }
                    owed = then.next;
                    after = then.unit;
                    entry.explanation.extend(then.explanation);
                }
                let cname = self.unit(cid)?.unit.name.clone();
                let why = if berserk_test {
                    format!("rolls to go Berserk as {cname} ({cid}) breaks")
                } else if situation.charging {
                    format!("counter-charges {cname} ({cid})")
                } else if situation.evading() {
                    format!("tries to evade {cname} ({cid})")
                } else {
                    format!("reacts to the charge of {cname} ({cid})")
                };
                let mut text = match out.score {
                    Some(score) => format!(
                        "{name} ({id}) {why}: {}: score {score} against width {}, {}",
                        dice_text(dice),
                        plan.width,
                        if out.success { "success" } else { "failure" }
                    ),
                    None => format!("{name} ({id}) {why}: evades without a roll (2.4.7)"),
                };
                if out.berserk {
                    text.push_str("; goes Berserk");
                } else if berserk_test {
                    text.push_str("; does not go Berserk");
                }
                if !berserk_test && out.lost_morale_step {
                    text.push_str(&format!("; loses a morale step: {}", out.morale));
                }
                entry.summary = text;
                entry.roll(&name, dice);
                let chosen = std::mem::take(&mut entry.explanation);
                entry.explanation = out.explanation.clone();
                entry.explanation.extend(chosen);
                let slot = self.get_mut(id);
                slot.unit = after;
                if !berserk_test {
                    slot.activated = true;
                }
                // W-27: the answer is the activation's one choice, held so a
                // charge's panel rebuilt from the record says it evaded (2.4.7).
                if let Some(c) = chose {
                    slot.chosen.push(c);
                }
                if counter {
                    slot.charge = Some(ChargeMade {
                        target: cid,
                        spans: 0,
                        contact: false,
                        counter: true,
                        stopped: false,
                        halted_before_contact: false,
                    });
                }
                entry.effects = diff_effects(id, &before, &self.unit(id)?.unit);
                if berserk_test {
                    self.done(id, |d| *d == Due::BerserkTest { broke: cid });
                    // 2.6.3, W-26: a winner that has just gone Berserk must follow up.
                    if out.berserk && self.done(id, |d| *d == Due::FollowUp { loser: cid }) {
                        entry.explanation.line(
                            format!(
                                "{name} is now Berserk: it must follow up {cid}, and stays in Melee"
                            ),
                            crate::rules::explain::sec("2.6.3, W-26"),
                        );
                        self.winner_follows(id, cid, &mut entry);
                    }
                }
                self.owe(id, &owed, Some(cid));
                self.clear_off_table();
            }
            Event::StandLoss {
                unit,
                personality,
                enemy,
                dice,
            } => {
                let id = *unit;
                let u = &self.unit(id)?.unit;
                if self.phase == Phase::Initiative {
                    return Err(BattleError::OutOfTurn(
                        "stands are lost in Melee, not while initiative is rolled (3.1.3.2)"
                            .to_string(),
                    ));
                }
                let Some(p) = u
                    .personalities
                    .iter()
                    .find(|p| &p.name == personality && p.is_active())
                else {
                    return Err(BattleError::Refused(format!(
                        "{personality} is not with {} ({id}); the personalities with it are: {}",
                        u.name,
                        names(u)
                    )));
                };
                let vendetta_by = self.vendetta_against(personality, *enemy)?;
                let before = u.clone();
                let out = StandLoss {
                    personality: p.clone(),
                    stands_left: u.stands,
                    vendetta_by,
                }
                .resolve(dice)?;
                entry.summary = format!(
                    "{} ({id}) loses the stand holding {personality}: {}: {}",
                    u.name,
                    dice_text(dice),
                    out.fate
                );
                entry.roll(personality, dice);
                entry.explanation = out.explanation.clone();
                let mut after = before.clone();
                if let Some(p) = after
                    .personalities
                    .iter_mut()
                    .find(|p| &p.name == personality)
                {
                    p.status = out.fate.status();
                }
                self.get_mut(id).unit = after;
                entry.effects = diff_effects(id, &before, &self.unit(id)?.unit);
                // 3.1.3.2: one lost stand said; the step ends with the last.
                if let Some(i) = self
                    .duties
                    .iter()
                    .position(|d| d.unit == id && matches!(d.due, Due::StandLoss { .. }))
                {
                    let people: Vec<String> = self
                        .unit(id)?
                        .unit
                        .active_personalities()
                        .map(|p| p.name.clone())
                        .collect();
                    if let Due::StandLoss { stands, named, .. } = &mut self.duties[i].due {
                        *stands = stands.saturating_sub(1);
                        named.push(personality.clone());
                        // Done when every lost stand is said, or nobody is left to name.
                        if *stands == 0 || people.iter().all(|p| named.contains(p)) {
                            self.duties.remove(i);
                        }
                    }
                }
            }
            Event::Support {
                unit,
                opponent,
                enemy,
                edge,
            } => self.support(*unit, *opponent, *enemy, *edge, &mut entry)?,
            Event::Engage { a, b } => {
                let (x, y) = (*a, *b);
                self.enemies(x, y)?;
                if self.engagement(x, y).is_some() {
                    return Err(BattleError::Refused(format!(
                        "{x} and {y} are already in Melee with each other"
                    )));
                }
                self.engagements.push(Engagement {
                    a: x,
                    b: y,
                    rounds: 0,
                    fought_this_turn: false,
                });
                entry.summary = format!(
                    "{} ({x}) and {} ({y}) are in Melee",
                    self.unit(x)?.unit.name,
                    self.unit(y)?.unit.name
                );
                // W-34 (2.4.1): no unit moves on with an enemy in contact.
                self.in_contact(x, y, &mut entry);
                for id in [x, y] {
                    let before = self.unit(id)?.unit.clone();
                    if before.moving {
                        self.get_mut(id).unit.moving = false;
                        self.get_mut(id).unit.fleeing = false;
                        entry.explanation.line(
                            format!("{} was moving and is in contact: it stops", before.name),
                            crate::rules::explain::sec("2.4.1, W-34"),
                        );
                        entry
                            .effects
                            .extend(diff_effects(id, &before, &self.unit(id)?.unit));
                    }
                }
            }
            Event::Disengage { a, b } => {
                let (x, y) = (*a, *b);
                self.unit(x)?;
                self.unit(y)?;
                if self.engagement(x, y).is_none() {
                    // Saves from before a flight parted its Melee by itself (2.4.11) record it here.
                    entry.summary = format!("{x} and {y} were no longer in Melee");
                    return Ok(entry);
                }
                self.engagements.retain(|e| !e.is(x, y));
                self.prune_supports();
                entry.summary = format!(
                    "{} ({x}) and {} ({y}) are no longer in Melee",
                    self.unit(x)?.unit.name,
                    self.unit(y)?.unit.name
                );
            }
            Event::Correct { unit, correction } => {
                self.correct(*unit, correction, &mut entry)?;
            }
            Event::Choose {
                unit,
                choice,
                target,
                formation,
                files,
                pavises,
            } => {
                let reform = crate::rules::warlords::next::Reform {
                    formation: *formation,
                    files: *files,
                    pavises: *pavises,
                };
                self.choose(*unit, *choice, *target, reform, &mut entry)?
            }
            Event::Contact { charger, target } => self.contact(*charger, *target, &mut entry)?,
            Event::FollowUp {
                unit,
                loser,
                follows,
            } => self.follow_up(*unit, *loser, *follows, &mut entry)?,
            Event::FallBack {
                unit,
                into,
                other,
                other_front,
                rear_stands,
                before_w35,
            } => {
                let stop_casualty = *before_w35 || setup.house.is_on(&HEAVY_STOP_CASUALTY);
                let reform = (*into, *other, *other_front, *rear_stands);
                self.fall_back(*unit, reform, stop_casualty, &mut entry)?
            }
            Event::Defence {
                unit,
                defence,
                charging,
                dice,
            } => self.defence(*unit, *defence, *charging, dice, &mut entry)?,
            Event::Trapped { unit } => self.trapped(*unit, &mut entry)?,
            Event::Calm { unit } => self.calm(*unit, &mut entry)?,
            Event::Dismiss { unit, due } => self.dismiss(*unit, due, &mut entry)?,
            Event::NextPhase => self.next_phase(setup, &mut entry)?,
            Event::Note { unit, text } => {
                // Checked here too, so no note read from a save or made by
                // hand can break the log's one-line summaries.
                if let Some(why) = super::event::note_problem(text) {
                    return Err(BattleError::Refused(why));
                }
                entry.summary = match unit {
                    Some(id) => {
                        let u = self.unit(*id)?;
                        format!("note on {} ({id}): {text}", u.unit.name)
                    }
                    None => format!("note on turn {}: {text}", self.turn),
                };
            }
            Event::GoTo { turn, phase } => {
                if *turn == 0 {
                    return Err(BattleError::Refused("turns are counted from 1".to_string()));
                }
                if *turn != self.turn {
                    if *turn > self.turn {
                        self.last_holder = self.initiative.or(self.last_holder);
                    }
                    self.new_turn_marks();
                }
                self.turn = *turn;
                self.phase = *phase;
                self.duties.clear();
                match phase {
                    Phase::Initiative => self.initiative = None,
                    Phase::Activation(s) if self.initiative.is_none() => self.initiative = Some(*s),
                    _ => {}
                }
                entry.summary = format!("the referee moves the battle to turn {turn}, {phase}");
            }
        }
        // 2.3.1: the front rank of each changed unit's line, kept through a March Column.
        for e in &entry.effects {
            if let Some(s) = self
                .units
                .get_mut(e.unit.side as usize)
                .and_then(|v| v.get_mut(e.unit.index))
            {
                s.remember_line();
            }
        }
        Ok(entry)
    }

    /// Clears what is counted per turn: activations and Melee rounds fought.
    fn new_turn_marks(&mut self) {
        for side in &mut self.units {
            for u in side {
                u.activated = false;
                u.halted_this_turn = false;
                u.verdict = None;
                u.chosen.clear();
                u.charge = None;
                u.trapped_this_turn = false;
                u.fought_this_turn = false;
            }
        }
        self.duties.clear();
        for e in &mut self.engagements {
            e.fought_this_turn = false;
        }
    }

    /// The initiative roll-off (2.1.1, W-22).
    fn initiative(
        &mut self,
        setup: &Setup,
        a: &Dice,
        b: &Dice,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        self.expect_phase(Phase::Initiative, "the initiative roll")?;
        let roll = Initiative {
            last_holder: self.last_holder,
        };
        let (winner, why) = roll.resolve(a, b)?;
        entry.roll(&format!("side a's C-in-C ({})", setup.label(Side::A)), a);
        entry.roll(&format!("side b's C-in-C ({})", setup.label(Side::B)), b);
        let line = why.lines.first().map_or(String::new(), |l| l.text.clone());
        entry.summary = format!("initiative for turn {}: {line}", self.turn);
        entry.explanation = why;
        if let InitiativeWinner::Side(s) = winner {
            self.initiative = Some(s);
            self.phase = Phase::Activation(s); // 2.1: the side with initiative activates first
        }
        Ok(())
    }

    /// The next step of the sequence of 2.1, refused while units still have to activate (2.2).
    fn next_phase(&mut self, setup: &Setup, entry: &mut Entry) -> Result<(), BattleError> {
        match self.phase {
            Phase::Initiative => {
                return Err(BattleError::OutOfTurn(
                    "roll for initiative first (2.1.1); a go-to skips it".to_string(),
                ));
            }
            Phase::Activation(side) => {
                let waiting: Vec<String> = self
                    .to_activate(side)
                    .map(|id| format!("{} ({id})", self.units[side as usize][id.index].unit.name))
                    .collect();
                if !waiting.is_empty() {
                    return Err(BattleError::OutOfTurn(format!(
                        "every unit must activate (2.2); side {} still has to activate: {}",
                        side.name(),
                        waiting.join(", ")
                    )));
                }
                let first = self.initiative.unwrap_or(side);
                self.phase = if side == first {
                    Phase::Activation(side.other()) // 2.1 step 3
                } else {
                    Phase::Melee // 2.1 step 4
                };
            }
            Phase::Melee => {
                let waiting: Vec<String> = self
                    .melees_to_fight()
                    .map(|e| format!("{} against {}", e.a, e.b))
                    .collect();
                if !waiting.is_empty() {
                    return Err(BattleError::OutOfTurn(format!(
                        "every Melee is fought each turn (2.1 step 4); still to fight: {} (or record that they are no longer in Melee)",
                        waiting.join(", ")
                    )));
                }
                self.last_holder = self.initiative.or(self.last_holder);
                self.initiative = None;
                self.turn += 1;
                self.phase = Phase::Initiative;
                self.new_turn_marks();
            }
        }
        let _ = setup;
        // What was left undone is set aside (Battle::record refuses to move on past a required duty).
        self.duties.clear();
        entry.summary = format!("next: turn {}, {}", self.turn, self.phase);
        Ok(())
    }

    /// A referee's correction of one unit.
    fn correct(
        &mut self,
        id: UnitId,
        c: &Correction,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let slot = self.unit(id)?;
        let before = slot.unit.clone();
        let name = before.name.clone();
        let mut after = before.clone();
        let mut removed = slot.removed;
        let mut activated = slot.activated;
        let refuse = |why: String| Err(BattleError::Refused(format!("{name} ({id}): {why}")));
        let what = match c {
            Correction::Morale(m) => {
                if *m != Morale::Dispersed && gone(&after) {
                    return refuse(format!(
                        "it has {} stand(s) left, only its command stand or none: a unit so is Dispersed (1.7.4); correct its stands first",
                        after.stands
                    ));
                }
                after.morale = *m;
                if !m.allows_champions() {
                    after.champions = 0; // W-7
                }
                format!("morale {m}")
            }
            Correction::Champions(n) => {
                if *n > 0 && !after.morale.allows_champions() {
                    return refuse(format!(
                        "a {} unit has no champions (1.7.2, W-7)",
                        after.morale
                    ));
                }
                after.champions = *n;
                format!("{n} champion(s)")
            }
            Correction::Casualties(n) => {
                after.casualties = *n;
                format!("{n} casualty figure(s)")
            }
            Correction::Stands(n) => {
                if *n > MAX_STANDS {
                    return refuse(format!(
                        "{n} stands is more than any unit has (0 to {MAX_STANDS})"
                    ));
                }
                after.stands = *n;
                after.files = after.files.min((*n).max(1));
                if gone(&after) && after.morale != Morale::Dispersed {
                    after.morale = Morale::Dispersed; // 1.7.4
                    after.champions = 0;
                    format!("{n} stand(s): only its command stand or none, Dispersed (1.7.4)")
                } else {
                    format!("{n} stand(s)")
                }
            }
            Correction::Files(n) => {
                if *n == 0 || *n > after.stands.max(1) {
                    return refuse(format!(
                        "files are the stands in the front rank: 1 to {}, not {n}",
                        after.stands.max(1)
                    ));
                }
                after.files = *n;
                format!("{n} file(s)")
            }
            Correction::Formation(f) => {
                after.formation = *f;
                format!("formation {}", f.title())
            }
            Correction::Moving(m) => {
                after.moving = *m;
                if *m { "moving" } else { "stopped" }.to_string()
            }
            Correction::Pavises(true) if after.pavises_lost => {
                return refuse(
                    "its pavises were lost and may not be used again this battle (3.3.3.4); correct 'pavises lost' first if that was wrong"
                        .to_string(),
                );
            }
            Correction::PavisesLost(l) => {
                after.pavises_lost = *l;
                if *l {
                    after.pavises_deployed = false;
                }
                if *l {
                    "pavises lost"
                } else {
                    "pavises not lost"
                }
                .to_string()
            }
            Correction::Pavises(p) => {
                after.pavises_deployed = *p;
                if *p {
                    "pavises deployed"
                } else {
                    "pavises not deployed"
                }
                .to_string()
            }
            Correction::Personality { name: who, status } => {
                let Some(p) = after.personalities.iter_mut().find(|p| &p.name == who) else {
                    return refuse(format!(
                        "no personality '{who}' is with this unit; its personalities are: {}",
                        names(&before)
                    ));
                };
                p.status = *status;
                format!("{who} {status}")
            }
            Correction::PersonalityOrder(order) => {
                // W-32: the first is the rightmost, the first the yellow die counts.
                for (i, who) in order.iter().enumerate() {
                    if order[..i].contains(who) {
                        return refuse(format!("{who} is named twice in the order"));
                    }
                    if !after.personalities.iter().any(|p| &p.name == who) {
                        return refuse(format!(
                            "no personality '{who}' is with this unit; its personalities are: {}",
                            names(&before)
                        ));
                    }
                }
                let rank = |name: &str| order.iter().position(|n| n == name).unwrap_or(order.len());
                after.personalities.sort_by_key(|p| rank(&p.name));
                let names: Vec<&str> = after
                    .personalities
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect();
                format!(
                    "its personalities from the right (W-32): {}",
                    personality::from_the_right(&names)
                )
            }
            Correction::Removed(r) => {
                if !*r && after.morale == Morale::Dispersed {
                    return refuse(
                        "it is Dispersed (1.7.4); correct its morale to bring it back".to_string(),
                    );
                }
                removed = *r;
                if *r {
                    "taken off the table"
                } else {
                    "returned to play"
                }
                .to_string()
            }
            Correction::Activated(a) => {
                activated = *a;
                if *a {
                    "marked as activated"
                } else {
                    "marked as not yet activated"
                }
                .to_string()
            }
        };
        entry.summary = format!("correction: {name} ({id}): {what}");
        let slot = self.get_mut(id);
        slot.unit = after;
        slot.removed = removed;
        slot.activated = activated;
        entry.effects = diff_effects(id, &before, &self.unit(id)?.unit);
        self.clear_off_table();
        Ok(())
    }
}

/// Logs a unit's dice, and apart from them the 2 white dice a Slippery
/// personality its dice hit rolls for himself (W-21): the unit rolled
/// `rolled` white dice, the rest are his.
fn roll_apart(entry: &mut Entry, who: &str, dice: &Dice, rolled: u32, slippery: Option<&str>) {
    let n = rolled as usize;
    match slippery {
        Some(name) if dice.white.len() > n => {
            let mut own = dice.clone();
            let his = own.white.split_off(n);
            entry.roll(who, &own);
            entry.roll(
                &format!("{name}, Slippery (W-21)"),
                &Dice {
                    white: his,
                    ..Dice::default()
                },
            );
        }
        _ => entry.roll(who, dice),
    }
}

/// Dice as shown in summaries: `W 3 5 6, R 2`.
pub fn dice_text(d: &Dice) -> String {
    use crate::dice::Colour;
    let mut parts = Vec::new();
    for c in [Colour::White, Colour::Red, Colour::Yellow] {
        let ds = d.of(c);
        if !ds.is_empty() {
            let faces: Vec<String> = ds.iter().map(|x| x.to_string()).collect();
            parts.push(format!("{} {}", c.letter(), faces.join(" ")));
        }
    }
    if parts.is_empty() {
        "no dice".to_string()
    } else {
        parts.join(", ")
    }
}

/// Only its command stand left, or none (Skirmishers have no command stand): Dispersed (1.7.4).
fn gone(u: &Unit) -> bool {
    u.stands <= u32::from(u.troop_type.has_command_stand())
}

/// The names of a unit's personalities, or "none".
fn names(u: &Unit) -> String {
    if u.personalities.is_empty() {
        return "none".to_string();
    }
    u.personalities
        .iter()
        .map(|p| p.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A round of Melee as its dice were rolled: under the battle's house
/// options, or, for a round saved before W-33 whose dice fit only the text
/// read literally (Pike in a March Column with their rank dice), under
/// `column_pike` (`true`: it stands as recorded, and `check` says so).
pub(super) fn melee_as_recorded<'u>(
    ua: &'u Unit,
    facts_a: &MeleeFacts,
    ub: &'u Unit,
    facts_b: &MeleeFacts,
    rough_ground: bool,
    dice: &MeleeDice,
    house: &House,
) -> Result<(Melee<'u>, bool), crate::rules::RulesError> {
    let fits = |m: &Melee<'_>| {
        let (na, nb) = m.needs(dice);
        dice.a.count() == na && dice.b.count() == nb
    };
    let today = Melee::between(ua, facts_a, ub, facts_b, rough_ground, house)?;
    if fits(&today) || house.is_on(&COLUMN_PIKE) {
        return Ok((today, false));
    }
    // W-33: an earlier Herald read 2.6.1 A literally.
    let mut literal = house.clone();
    if literal.set(&COLUMN_PIKE, HouseValue::YesNo(true)).is_err() {
        return Ok((today, false));
    }
    let earlier = Melee::between(ua, facts_a, ub, facts_b, rough_ground, &literal)?;
    if (earlier.a.column_pike || earlier.b.column_pike) && fits(&earlier) {
        Ok((earlier, true))
    } else {
        Ok((today, false))
    }
}
