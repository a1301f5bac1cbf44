//! Melee (2.6; W-16 to W-20): each opponent's dice and modifiers, casualty
//! figures by width, the cumulative outcomes, Broken units losing stands,
//! falling back and losing flank stands (2.6.2), following up (2.6.3),
//! champions leaving (W-7) and personalities hit (3.1.3.1, W-18, W-21).

use super::COLUMN_PIKE;
use super::charge::lose_pavises;
use super::counted::TwoHighest;
use super::next::{Next, set_fleeing};
use super::personality::{self, Fate, Personality, PersonalityTrait as P};
use super::unit::{Formation, Morale, TroopType, Unit, UnitTrait, Weapon};
use crate::dice::{Dice, DiceCount};
use crate::rules::explain::{Explanation, Modifier, cite, possessive, sec, total};
use crate::rules::house::{House, HouseValue};
use crate::rules::{RulesError, Side};
use serde::Serialize;

/// The facts of the table around one opponent of a Melee, told by the referee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeleeFacts {
    /// It charged (or counter-charged) into this Melee this turn.
    pub charging: bool,
    /// Flanks and rear of the enemy unit it (or its supports) overlaps or contacts: +1 die each.
    pub enemy_flanks: u32,
    /// Its own flanks touched by an enemy front: -1 each.
    pub flanks_contacted: u32,
    /// Its rear touched by an enemy front: -2.
    pub rear_contacted: bool,
    /// Contacted this turn on flank or rear by a charging enemy heavy unit: -2.
    pub struck_by_charging_heavy: bool,
    /// The opponent is uphill of it: -1.
    pub opponent_uphill: bool,
    /// It fights an enemy to its front (rank dice and Pike's +2 need this).
    pub enemy_in_front: bool,
    /// Its first round of Melee: champions leave at its end (1.7.5, W-7).
    pub first_round: bool,
    /// Every front-rank stand holds a personality (W-20); by default, when
    /// it has at least as many active personalities as its width.
    pub personalities_fill_front: Option<bool>,
    /// Names of its personalities in the stands the enemy hit; by default all active (3.1.3.1).
    pub personalities_in_hit_stands: Option<Vec<String>>,
}

impl Default for MeleeFacts {
    /// Standing to receive, enemy in front, first round.
    fn default() -> Self {
        MeleeFacts {
            charging: false,
            enemy_flanks: 0,
            flanks_contacted: 0,
            rear_contacted: false,
            struck_by_charging_heavy: false,
            opponent_uphill: false,
            enemy_in_front: true,
            first_round: true,
            personalities_fill_front: None,
            personalities_in_hit_stands: None,
        }
    }
}

/// One opponent of a Melee: the unit and the facts around it.
#[derive(Clone, Debug)]
pub struct MeleeSide<'a> {
    /// The opponent unit.
    pub unit: &'a Unit,
    /// What the referee said of it.
    pub facts: MeleeFacts,
}

impl<'a> MeleeSide<'a> {
    /// An opponent with default facts.
    pub fn new(unit: &'a Unit) -> Self {
        MeleeSide {
            unit,
            facts: MeleeFacts::default(),
        }
    }
}

/// Both opponents' dice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MeleeDice {
    /// Side a's dice.
    pub a: Dice,
    /// Side b's dice.
    pub b: Dice,
}

/// One opponent's plan: its dice and modifiers.
#[derive(Clone, Debug)]
pub struct SidePlan<'a> {
    /// The opponent and its situation.
    pub side: MeleeSide<'a>,
    /// White dice it rolls (2.6.1 A).
    pub dice: u32,
    /// Why: the extra dice, each reason with how many dice it gives.
    pub extra_dice: Vec<Modifier>,
    /// Every modifier to its score (2.6.1 B).
    pub modifiers: Vec<Modifier>,
    /// The house option `column_pike` gave it its Pike rank dice and +2 (W-33).
    pub column_pike: bool,
}

/// A Melee about to be rolled.
#[derive(Clone, Debug)]
pub struct Melee<'a> {
    /// Side a.
    pub a: SidePlan<'a>,
    /// Side b.
    pub b: SidePlan<'a>,
    /// The Melee is on rough ground (own armour counts too).
    pub rough_ground: bool,
}

/// One opponent's result.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SideResult {
    /// White dice rolled for the Melee.
    pub dice_rolled: u32,
    /// Two highest plus modifiers (never below 0).
    pub score: i32,
    /// Casualty figures it put on the enemy (W-17).
    pub casualties_inflicted: u32,
    /// Stands of an already Broken enemy it destroyed (1.7.3, W-17).
    pub stands_destroyed: u32,
    /// Which dice counted.
    #[serde(skip)]
    pub read: Option<TwoHighest>,
}

/// Whether the winner follows up a unit that falls back (2.6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FollowUp {
    /// Berserk: must follow up into contact.
    Must,
    /// Ready: may choose.
    May,
    /// Worn or Broken: cannot.
    Cannot,
}

/// A personality hit in the Melee.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MeleeHit {
    /// The side he fights on.
    pub side: Side,
    /// His name.
    pub name: String,
    /// His fate.
    pub fate: Fate,
}

/// The scores compared (2.6.1 D, W-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Decision {
    /// The side with the lower score, if the scores differ.
    pub loser: Option<Side>,
    /// The loser falls back 1 span.
    pub falls_back: bool,
    /// At least 2 x and the loser is Irregular Heavy: Unformed.
    pub unformed: bool,
    /// At least 3 x: Broken and flees.
    pub broken: bool,
}

/// What a Melee came to.
#[derive(Clone, Debug, Serialize)]
pub struct MeleeOutcome {
    /// Side a's result.
    pub a: SideResult,
    /// Side b's result.
    pub b: SideResult,
    /// The scores compared.
    #[serde(flatten)]
    pub decision: Decision,
    /// Stands the loser loses on flanks and rear contacted as it falls back (2.6.2).
    pub loser_flank_stands_lost: u32,
    /// Whether the winner follows up (2.6.3).
    pub follow_up: Option<FollowUp>,
    /// The loser broke and the winner is Impetuous: it rolls to go Berserk (2.6.3).
    pub winner_tests_berserk: bool,
    /// Personalities hit.
    pub personalities: Vec<MeleeHit>,
    /// The lines that made the result.
    pub explanation: Explanation,
}

impl Serialize for Side {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl MeleeOutcome {
    /// The loser as the conformance files write it: "a", "b" or "none".
    pub fn loser_name(&self) -> &'static str {
        self.decision.loser.map_or("none", Side::name)
    }

    /// The side's result.
    pub fn side(&self, side: Side) -> &SideResult {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    /// Writes the Melee's effects into both units (W-7, W-17, 2.6.2, 1.7.4).
    pub fn apply(&self, melee: &Melee<'_>, a: &mut Unit, b: &mut Unit) {
        for (side, unit) in [(Side::A, &mut *a), (Side::B, &mut *b)] {
            let plan = melee.side(side);
            let enemy = self.side(side.other());
            if plan.side.facts.first_round {
                unit.champions = 0; // W-7
            }
            unit.casualties += enemy.casualties_inflicted;
            unit.lose_stands(enemy.stands_destroyed);
            if self.decision.loser == Some(side) {
                let files = unit.files - flank_files_lost(unit, plan.side.facts.flanks_contacted);
                unit.lose_stands(self.loser_flank_stands_lost);
                if self.loser_flank_stands_lost > 0 {
                    unit.files = files.clamp(1, unit.stands.max(1));
                }
                lose_pavises(unit); // 3.3.3.4: it recoils
                if self.decision.unformed {
                    unit.formation = Formation::Unformed;
                }
                if self.decision.broken {
                    unit.morale = Morale::Broken;
                    unit.champions = 0;
                    set_fleeing(unit); // 1.7.3: it flees next, Unformed (2.4.11)
                }
            }
            for hit in self.personalities.iter().filter(|h| h.side == side) {
                if let Some(p) = unit.personalities.iter_mut().find(|p| p.name == hit.name) {
                    p.status = hit.fate.status();
                }
            }
            let left = if unit.troop_type.has_command_stand() {
                1
            } else {
                0
            };
            if unit.stands <= left {
                unit.morale = Morale::Dispersed; // 1.7.4
            }
        }
    }
}

/// Both units once a Melee's result and the follow-up are applied, and what
/// the rules now require (2.6.2, 2.6.3, 3.1.3.2, W-26).
#[derive(Clone, Debug)]
pub struct MeleeConsequence {
    /// Side a's unit after.
    pub a: Unit,
    /// Side b's unit after.
    pub b: Unit,
    /// The two are still in Melee with each other (W-26).
    pub in_melee: bool,
    /// The winner follows up (W-26).
    pub follows_up: bool,
    /// What is required next, in order, and whose step it is.
    pub next: Vec<(Side, Next)>,
}

impl MeleeOutcome {
    /// The units after this Melee, given whether a winner that may choose
    /// follows up (`follow_up`, W-26), and the steps the rules require: stand
    /// losses with personalities (3.1.3.2), units Dispersed (1.7.4), the
    /// loser's flight, the winner's follow-up, then its Berserk test (2.6.3).
    pub fn after(&self, melee: &Melee<'_>, follow_up: bool) -> MeleeConsequence {
        let (mut a, mut b) = (melee.a.side.unit.clone(), melee.b.side.unit.clone());
        self.apply(melee, &mut a, &mut b);
        let unit = |s: Side| if s == Side::A { &a } else { &b };
        let order = match self.decision.loser {
            Some(l) => [l, l.other()],
            None => [Side::A, Side::B],
        };
        let mut next = Vec::new();
        for side in order {
            let lost = self.side(side.other()).stands_destroyed
                + if self.decision.loser == Some(side) {
                    self.loser_flank_stands_lost
                } else {
                    0
                };
            if lost > 0 {
                for _ in unit(side).active_personalities() {
                    next.push((side, Next::StandLoss));
                }
            }
        }
        let gone = |s: Side| unit(s).morale == Morale::Dispersed;
        for side in order {
            if gone(side) {
                next.push((side, Next::Dispersed));
            }
        }
        let mut follows_up = false;
        let mut in_melee = !gone(Side::A) && !gone(Side::B);
        if let Some(loser) = self.decision.loser {
            let winner = loser.other();
            if self.decision.broken && !gone(loser) {
                next.push((loser, Next::Flee));
            }
            if !gone(loser) && !gone(winner) {
                match self.follow_up {
                    Some(FollowUp::Must) => {
                        next.push((winner, Next::FollowUpMust));
                        follows_up = true;
                    }
                    Some(FollowUp::May) => {
                        next.push((winner, Next::FollowUpMay));
                        follows_up = follow_up;
                    }
                    _ => {}
                }
            }
            if self.winner_tests_berserk && !gone(winner) {
                next.push((winner, Next::BerserkTest));
            }
            in_melee = in_melee && follows_up; // W-26
        }
        MeleeConsequence {
            a,
            b,
            in_melee,
            follows_up,
            next,
        }
    }
}

/// The distinct stands on the contacted flanks and rear of a unit falling
/// back (2.6.2, W-24): a flank edge holds one stand per rank, the rear edge
/// every stand of the last rank, and a corner stand is lost once.
pub fn flank_and_rear_stands(unit: &Unit, flanks: u32, rear: bool) -> u32 {
    let ranks = unit.ranks();
    let Some((&last, front)) = ranks.split_last() else {
        return 0;
    };
    let on_flanks = |width: u32| flanks.min(2).min(width);
    let lost: u32 = front.iter().map(|&w| on_flanks(w)).sum::<u32>()
        + if rear { last } else { on_flanks(last) };
    lost.min(unit.stands)
}

/// The files a unit in a line loses with its flank stands as it falls back
/// (2.6.2: it "loses any stands on each flank ... edge contacted"; W-24: a
/// flank edge holds one stand per rank): a 4x2 that loses one flank file is
/// a 3x2, width 3. A March Column or a Wedge keeps its shape.
pub fn flank_files_lost(unit: &Unit, flanks: u32) -> u32 {
    match unit.formation {
        Formation::MarchColumn | Formation::Wedge => 0,
        _ => flanks.min(2).min(unit.files.saturating_sub(1)),
    }
}

/// A side of a Melee as the rules have it when it charged (the battle
/// makes these changes when the charge is made; a case states the unit as
/// its army file does): a Shieldwall that charged has left it, in Line with
/// the same files (2.3.1.2, W-28).
pub fn as_charged(unit: &mut Unit, facts: &MeleeFacts) {
    if facts.charging {
        super::charge::leave_shieldwall(unit);
    }
}

/// Whether a side may be fighting as the charging unit: a Worn or Broken
/// unit may not charge (1.7.2, W-30). Checked for a case and for a new
/// Melee of a battle; a saved battle replays without it.
pub fn check_charging(unit: &Unit, facts: &MeleeFacts) -> Result<(), RulesError> {
    if facts.charging && matches!(unit.morale, Morale::Worn | Morale::Broken) {
        return Err(RulesError::refused(format!(
            "{} is {} and may not charge (1.7.2, W-30): it fights as a unit that stood to receive, so the charging fact stays off",
            unit.name, unit.morale
        )));
    }
    Ok(())
}

impl<'a> Melee<'a> {
    /// States both opponents' dice and modifiers under the battle's house
    /// options, or why the Melee cannot be fought.
    pub fn plan(
        a: MeleeSide<'a>,
        b: MeleeSide<'a>,
        rough_ground: bool,
        house: &House,
    ) -> Result<Self, RulesError> {
        for (s, other) in [(&a, &b), (&b, &a)] {
            let u = s.unit;
            if u.morale == Morale::Dispersed || u.stands == 0 {
                return Err(RulesError::refused(format!(
                    "{} has left the table and cannot fight",
                    u.name
                )));
            }
            if u.formation == Formation::Hedgehog
                && (s.facts.flanks_contacted > 0
                    || s.facts.rear_contacted
                    || other.facts.enemy_flanks > 0
                    || s.facts.struck_by_charging_heavy)
            {
                return Err(RulesError::refused(format!(
                    "{} is in Hedgehog, which has no flanks or rear: every edge is its front (2.3.1.4)",
                    u.name
                )));
            }
            if s.facts.flanks_contacted > 2 {
                return Err(RulesError::refused(format!(
                    "a unit has 2 flanks; {} flanks_contacted = {} (0 to 2 accepted)",
                    u.name, s.facts.flanks_contacted
                )));
            }
            if s.facts.enemy_flanks > 3 {
                return Err(RulesError::refused(format!(
                    "an enemy has 2 flanks and a rear; enemy_flanks = {} for {} (0 to 3 accepted)",
                    s.facts.enemy_flanks, u.name
                )));
            }
        }
        let column_pike = house.is_on(&COLUMN_PIKE);
        let plan_a = side_plan(a.clone(), &b, rough_ground, column_pike);
        let plan_b = side_plan(b, &a, rough_ground, column_pike);
        Ok(Melee {
            a: plan_a,
            b: plan_b,
            rough_ground,
        })
    }

    /// The Melee between two units with the facts the referee gave for each.
    pub fn between(
        a: &'a Unit,
        facts_a: &MeleeFacts,
        b: &'a Unit,
        facts_b: &MeleeFacts,
        rough_ground: bool,
        house: &House,
    ) -> Result<Self, RulesError> {
        Melee::plan(
            MeleeSide {
                unit: a,
                facts: facts_a.clone(),
            },
            MeleeSide {
                unit: b,
                facts: facts_b.clone(),
            },
            rough_ground,
            house,
        )
    }

    /// One side's plan.
    pub fn side(&self, side: Side) -> &SidePlan<'a> {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    /// Personalities of `side` that the enemy's dice can hit, rightmost
    /// first (3.1.3.1): those the referee named, in the order named, or
    /// every active one in the unit's order.
    pub fn candidates(&self, side: Side) -> Vec<&'a Personality> {
        let s = &self.side(side).side;
        let unit: &'a Unit = s.unit;
        match &s.facts.personalities_in_hit_stands {
            Some(names) => names
                .iter()
                .filter_map(|n| unit.active_personalities().find(|p| &p.name == n))
                .collect(),
            None => unit.active_personalities().collect(),
        }
    }

    /// The dice both sides need given those rolled: each side's white dice,
    /// a red and a yellow when the enemy has personalities (3.1.3.1), and 2
    /// more white for a Slippery personality its dice hit (W-21).
    pub fn needs(&self, rolled: &MeleeDice) -> (DiceCount, DiceCount) {
        let mut out = [DiceCount::default(); 2];
        for (i, side) in [Side::A, Side::B].into_iter().enumerate() {
            let plan = self.side(side);
            let enemy = side.other();
            let candidates = self.candidates(enemy);
            let mut need = DiceCount::white(plan.dice as usize);
            if !candidates.is_empty() {
                need.red = 1;
                need.yellow = 1;
            }
            let dice = rolled.side(side);
            if let Some(p) = self.hit_by(side, dice, &candidates)
                && personality::slippery_applies(p, Fate::Wounded)
            {
                need.white += 2;
            }
            out[i] = need;
        }
        (out[0], out[1])
    }

    /// The personality `side`'s dice hit, if the white dice are counted
    /// doubles that cause a casualty and the yellow die finds one (W-18).
    fn hit_by(
        &self,
        side: Side,
        dice: &Dice,
        candidates: &[&'a Personality],
    ) -> Option<&'a Personality> {
        let plan = self.side(side);
        let n = plan.dice as usize;
        if candidates.is_empty() || dice.white.len() < n {
            return None;
        }
        let read = TwoHighest::of(&dice.white[..n]);
        let score = self.score(side, read.sum);
        let harm = score as u32 / self.side(side.other()).side.unit.width().max(1);
        if !read.counted_doubles || harm == 0 {
            return None;
        }
        let yellow = *dice.yellow.first()?;
        personality::pick_by_yellow(candidates.len(), yellow).map(|i| candidates[i])
    }

    /// A side's score for a roll whose two highest dice make `two_highest` (W-16, W-1).
    pub fn score(&self, side: Side, two_highest: u32) -> i32 {
        (two_highest as i32 + total(&self.side(side).modifiers)).max(0)
    }

    /// Casualty figures (or stands of a Broken enemy) a score puts on the enemy (W-17).
    pub fn harm(&self, side: Side, score: i32) -> u32 {
        score.max(0) as u32 / self.side(side.other()).side.unit.width().max(1)
    }

    /// What a score does to the enemy: (casualty figures, stands destroyed).
    /// An enemy already Broken loses stands instead (1.7.3, W-17). Odds use this too.
    pub fn inflicted(&self, side: Side, score: i32) -> (u32, u32) {
        let harm = self.harm(side, score);
        let enemy = self.side(side.other()).side.unit;
        if enemy.morale == Morale::Broken {
            (0, harm.min(enemy.stands))
        } else {
            (harm, 0)
        }
    }

    /// Compares the two scores (2.6.1 D, W-17). Odds use this same function.
    pub fn decide(&self, score_a: i32, score_b: i32) -> Decision {
        let (loser, win, lose) = match score_a.cmp(&score_b) {
            std::cmp::Ordering::Greater => (Side::B, score_a, score_b),
            std::cmp::Ordering::Less => (Side::A, score_b, score_a),
            std::cmp::Ordering::Equal => {
                return Decision {
                    loser: None,
                    falls_back: false,
                    unformed: false,
                    broken: false,
                };
            }
        };
        let loser_unit = self.side(loser).side.unit;
        Decision {
            loser: Some(loser),
            falls_back: true,
            unformed: win >= 2 * lose && loser_unit.is_irregular_heavy(),
            broken: win >= 3 * lose,
        }
    }

    /// Turns both sides' dice into the outcome, with its explanation.
    pub fn resolve(&self, dice: &MeleeDice) -> Result<MeleeOutcome, RulesError> {
        let (need_a, need_b) = self.needs(dice);
        for (side, need) in [(Side::A, need_a), (Side::B, need_b)] {
            dice.side(side).expect_exactly(need).map_err(|e| {
                RulesError::dice(
                    e,
                    format!(
                        "side {} ({}) rolls {} white dice in this Melee, plus a red and a yellow when the enemy has personalities (2.6.1 A, 3.1.3.1)",
                        side.name(),
                        self.side(side).side.unit.name,
                        self.side(side).dice
                    ),
                )
            })?;
        }
        let mut why = Explanation::default();
        let mut results = [SideResult::default(), SideResult::default()];
        for (i, side) in [Side::A, Side::B].into_iter().enumerate() {
            let plan = self.side(side);
            let n = plan.dice as usize;
            let read = TwoHighest::of(&dice.side(side).white[..n]);
            let score = self.score(side, read.sum);
            let unit = plan.side.unit;
            why.line(
                // N4: each side by its unit's name, never "a" or "b".
                format!("— {}: {} dice", unit.name, plan.dice),
                sec("2.6.1 A"),
            );
            if plan.column_pike {
                // W-33: say where the house option changed the result.
                why.line(
                    format!("  {}", COLUMN_PIKE.line(HouseValue::YesNo(true))),
                    COLUMN_PIKE.cite(),
                );
            }
            for d in &plan.extra_dice {
                let n = d.value;
                why.line(
                    format!(
                        "  +{n} {}: {}",
                        if n == 1 { "die" } else { "dice" },
                        d.reason
                    ),
                    d.cite.clone(),
                );
            }
            let shown: Vec<String> = dice.side(side).white[..n]
                .iter()
                .map(|d| d.to_string())
                .collect();
            why.line(
                format!(
                    "  rolled {}: the two highest make {}",
                    shown.join(" "),
                    read.sum
                ),
                sec("2.6.1 A"),
            );
            for m in &plan.modifiers {
                why.line(format!("  {:+} {}", m.value, m.reason), m.cite.clone());
            }
            why.line(format!("  score {score}"), cite("2.6.1 B", "W-16"));
            results[i] = SideResult {
                dice_rolled: plan.dice,
                score,
                read: Some(read),
                ..SideResult::default()
            };
        }
        for (i, side) in [Side::A, Side::B].into_iter().enumerate() {
            let own = &self.side(side).side.unit.name;
            let enemy = self.side(side.other()).side.unit;
            let harm = self.harm(side, results[i].score);
            let width = enemy.width();
            let (casualties, stands_destroyed) = self.inflicted(side, results[i].score);
            results[i].casualties_inflicted = casualties;
            results[i].stands_destroyed = stands_destroyed;
            if enemy.morale == Morale::Broken {
                why.line(
                    format!("{own} {} / width {width} = {harm}: {} was already Broken and loses {} stand(s)", results[i].score, enemy.name, results[i].stands_destroyed),
                    cite("1.7.3, 2.6.1 C", "W-17"),
                );
            } else {
                why.line(
                    format!(
                        "{own} {} / width {width} = {harm} casualty figure(s) on {}",
                        results[i].score, enemy.name
                    ),
                    cite("2.6.1 C", "W-1, W-17"),
                );
            }
        }
        let decision = self.decide(results[0].score, results[1].score);
        let (follow_up, winner_tests_berserk, flank_loss) =
            self.explain_decision(&decision, &results, &mut why);
        let personalities = self.personality_hits(dice, &results, &decision, &mut why);
        for side in [Side::A, Side::B] {
            let unit = self.side(side).side.unit;
            let lost = results[side.other() as usize].stands_destroyed
                + if decision.loser == Some(side) {
                    flank_loss
                } else {
                    0
                };
            if lost > 0 && unit.active_personalities().next().is_some() {
                why.line(
                    format!("{} loses {lost} stand(s): for each personality in a lost stand, roll a red die against his Prowess", unit.name),
                    cite("3.1.3.2", "W-19"),
                );
            }
        }
        for side in [Side::A, Side::B] {
            let plan = self.side(side);
            if plan.side.facts.first_round && plan.side.unit.champions > 0 {
                why.line(
                    format!(
                        "{} {} champion(s) leave after its first round of Melee",
                        possessive(&plan.side.unit.name),
                        plan.side.unit.champions
                    ),
                    cite("1.7.5", "W-7"),
                );
            }
        }
        let [a, b] = results;
        Ok(MeleeOutcome {
            a,
            b,
            decision,
            loser_flank_stands_lost: flank_loss,
            follow_up,
            winner_tests_berserk,
            personalities,
            explanation: why,
        })
    }

    /// Explains the outcome moves and finds follow-ups and flank losses (2.6.1 D, 2.6.2, 2.6.3).
    fn explain_decision(
        &self,
        d: &Decision,
        results: &[SideResult; 2],
        why: &mut Explanation,
    ) -> (Option<FollowUp>, bool, u32) {
        let Some(loser) = d.loser else {
            why.line(
                format!("scores equal ({}): nobody falls back", results[0].score),
                cite("2.6.1 D", "W-17"),
            );
            return (None, false, 0);
        };
        let winner = loser.other();
        let (ws, ls) = (
            results[winner as usize].score,
            results[loser as usize].score,
        );
        let lplan = self.side(loser);
        let lunit = lplan.side.unit;
        let wunit = self.side(winner).side.unit;
        why.line(
            format!("{ws} > {ls}: {} falls back 1 span", lunit.name),
            cite("2.6.1 D", "W-17"),
        );
        if ws >= 2 * ls {
            if d.unformed {
                why.line(
                    format!(
                        "{ws} >= 2 x {ls} and {} are Irregular Heavy: Unformed",
                        lunit.name
                    ),
                    cite("2.6.1 D", "W-17"),
                );
            } else {
                why.line(
                    format!(
                        "{ws} >= 2 x {ls}, but {} are not Irregular Heavy: not Unformed",
                        lunit.name
                    ),
                    cite("2.6.1 D", "W-17"),
                );
            }
        }
        if d.broken {
            why.line(
                format!(
                    "{ws} >= 3 x {ls}: {} is Broken, loses its champions and flees",
                    lunit.name
                ),
                cite("1.7.3, 2.6.1 D", "W-17"),
            );
        }
        let flank_loss = flank_and_rear_stands(
            lunit,
            lplan.side.facts.flanks_contacted,
            lplan.side.facts.rear_contacted,
        );
        if flank_loss > 0 {
            why.line(
                format!("falling back, {} loses the {flank_loss} stand(s) on its flanks and rear contacted by enemy fronts (a corner stand once)", lunit.name),
                cite("2.6.2", "W-24"),
            );
        }
        let hedgehog = wunit.formation == Formation::Hedgehog;
        let follow_up = match wunit.morale {
            // 2.3.1.4: a Hedgehog may not move, so it never follows up.
            _ if hedgehog => FollowUp::Cannot,
            Morale::Berserk => FollowUp::Must,
            Morale::Ready => FollowUp::May,
            _ => FollowUp::Cannot,
        };
        why.line(
            match follow_up {
                FollowUp::Must => format!("{} is Berserk and must follow up", wunit.name),
                FollowUp::May => format!("{} is Ready and may follow up", wunit.name),
                FollowUp::Cannot if hedgehog => {
                    format!(
                        "{} is in Hedgehog, which may not move: it does not follow up",
                        wunit.name
                    )
                }
                FollowUp::Cannot => {
                    format!("{} is {} and cannot follow up", wunit.name, wunit.morale)
                }
            },
            sec(if hedgehog { "2.3.1.4, 2.6.3" } else { "2.6.3" }),
        );
        let tests = d.broken && tests_berserk_when_enemy_breaks(wunit);
        if tests {
            why.line(
                format!(
                    "{} is Impetuous: it rolls an activation at once to see if it goes Berserk",
                    wunit.name
                ),
                sec("2.6.3"),
            );
        }
        (Some(follow_up), tests, flank_loss)
    }

    /// Personalities hit by each side's dice (3.1.3.1, W-18, W-21).
    fn personality_hits(
        &self,
        dice: &MeleeDice,
        results: &[SideResult; 2],
        d: &Decision,
        why: &mut Explanation,
    ) -> Vec<MeleeHit> {
        let mut hits = Vec::new();
        for side in [Side::A, Side::B] {
            let victim_side = side.other();
            let candidates = self.candidates(victim_side);
            if candidates.is_empty() {
                continue;
            }
            let r = &results[side as usize];
            let read = r.read.expect("read set above");
            let harm = r.casualties_inflicted + r.stands_destroyed;
            let my = dice.side(side);
            if !read.counted_doubles || harm == 0 {
                why.line(
                    format!(
                        "{} counted dice {} doubles{}: no personality of {} is hit",
                        possessive(&self.side(side).side.unit.name),
                        if read.counted_doubles {
                            "are"
                        } else {
                            "are not"
                        },
                        if harm == 0 {
                            " and caused no casualty"
                        } else {
                            ""
                        },
                        self.side(victim_side).side.unit.name
                    ),
                    cite("3.1.3.1", "W-18"),
                );
                continue;
            }
            let (red, yellow) = (my.red[0], my.yellow[0]);
            let Some(i) = personality::pick_by_yellow(candidates.len(), yellow) else {
                why.line(
                    format!("{} doubles caused casualties; yellow {yellow} is more than the {} personalities: nobody is hit", possessive(&self.side(side).side.unit.name), candidates.len()),
                    cite("3.1.3.1", "W-18"),
                );
                continue;
            };
            let p = candidates[i];
            let mut fate = personality::hit_fate(red, yellow);
            why.line(
                format!(
                    "{} doubles caused casualties: yellow {yellow} picks {} ({}); red {red} {} yellow: {fate}",
                    possessive(&self.side(side).side.unit.name),
                    p.name,
                    personality::place_from_the_right(yellow),
                    if fate == Fate::Killed { "equals" } else { "is not" }
                ),
                cite("3.1.3.1", "W-18"),
            );
            let bodyguard = p.has(P::FanaticalBodyguard);
            fate = personality::bodyguard(p, fate, personality::Arena::Melee, why);
            let victim_breaks = d.loser == Some(victim_side) && d.broken;
            if fate == Fate::Wounded && victim_breaks {
                if bodyguard {
                    why.line(
                        format!(
                            "his unit breaks, but {}'s fanatical bodyguard keeps him from capture",
                            p.name
                        ),
                        cite("3.1.2", "W-21"),
                    );
                } else {
                    fate = Fate::Captured;
                    why.line(
                        format!("his unit breaks: the wounded {} is captured", p.name),
                        cite("3.1.3.1", "W-18"),
                    );
                }
            }
            let avenger = self
                .side(side)
                .side
                .unit
                .active_personalities()
                .find(|q| q.vendetta.as_deref() == Some(p.name.as_str()));
            if let (Fate::Captured, Some(q)) = (fate, avenger) {
                fate = Fate::Killed;
                why.line(
                    format!(
                        "{} has a vendetta against {}: captured becomes killed",
                        q.name, p.name
                    ),
                    cite("3.1.2", "W-21"),
                );
            }
            if personality::slippery_applies(p, fate) {
                let n = self.side(side).dice as usize;
                let left = self.side(victim_side).side.unit.stands;
                fate = personality::slippery(p, fate, left, [my.white[n], my.white[n + 1]], why);
            }
            hits.push(MeleeHit {
                side: victim_side,
                name: p.name.clone(),
                fate,
            });
        }
        hits
    }
}

impl MeleeDice {
    /// One side's dice.
    pub fn side(&self, side: Side) -> &Dice {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }
}

/// Whether a winner (or a unit supporting it) rolls at once to go Berserk
/// when its enemy breaks: Impetuous, and Ready as going Berserk needs (2.6.3, W-6).
pub fn tests_berserk_when_enemy_breaks(unit: &Unit) -> bool {
    unit.is_impetuous() && unit.morale == Morale::Ready
}

/// The dice and modifiers of one opponent against the other (2.6.1 A–B, W-16, W-20, W-21).
/// `column_pike`: the house option of W-33.
fn side_plan<'a>(
    me: MeleeSide<'a>,
    them: &MeleeSide<'a>,
    rough_ground: bool,
    column_pike: bool,
) -> SidePlan<'a> {
    let u = me.unit;
    let e = them.unit;
    let mut extra = Vec::new();
    let front = me.facts.enemy_in_front && u.is_formed();
    // W-33, 2.3, 2.6.1 A: a March Column is no pike block, so its Pike get
    // neither rank dice nor the +2, unless the house option column_pike is on.
    let pike_column = u.troop_type == TroopType::Pike && u.formation == Formation::MarchColumn;
    let pike_block = u.troop_type == TroopType::Pike && (!pike_column || column_pike);
    let by_option = front && pike_column && column_pike;
    let pike_cite = |section: &str| {
        if by_option {
            cite(&format!("2.3, {section}"), "W-33, house option")
        } else {
            cite(section, "W-16")
        }
    };
    let full = u.full_ranks();
    if front && u.troop_type == TroopType::CloseFoot && full >= 2 {
        extra.push(Modifier::new(
            1,
            "Close Foot with a 2nd rank fighting a unit in front",
            cite("2.6.1 A", "W-3, W-16"),
        ));
    }
    let rank_dice_for = if u.formation == Formation::Shieldwall {
        Some("Shieldwall")
    } else if pike_block {
        Some("Pike")
    } else {
        None
    };
    if let (true, Some(what)) = (front, rank_dice_for) {
        extra.push(Modifier::new(
            full as i32,
            format!("{full} full rank(s) of {what}"),
            if what == "Pike" && by_option {
                pike_cite("2.6.1 A")
            } else {
                cite("2.6.1 A", "W-3, W-16")
            },
        ));
    }
    if me.facts.enemy_flanks > 0 {
        extra.push(Modifier::new(
            me.facts.enemy_flanks as i32,
            format!(
                "{} enemy flank(s)/rear overlapped or contacted",
                me.facts.enemy_flanks
            ),
            sec("2.6.1 A"),
        ));
    }
    if u.has(UnitTrait::Veteran) {
        extra.push(Modifier::new(1, "Veteran", sec("2.6.1 A")));
    }
    for p in e.active_personalities().filter(|p| p.has(P::Hated)) {
        extra.push(Modifier::new(
            1,
            format!("against the Hated {}", p.name),
            cite("3.1.2", "W-16, W-21"),
        ));
    }
    extra.retain(|m| m.value > 0);
    let dice = 2 + extra.iter().map(|m| m.value).sum::<i32>() as u32;

    let mut m = Vec::new();
    let opp_armour = e.armour_with_shield();
    m.push(Modifier::new(
        opp_armour,
        format!("{} armour", possessive(&e.name)),
        cite("2.6.1 B", "W-16"),
    ));
    if rough_ground {
        m.push(Modifier::new(
            u.armour_with_shield(),
            "own armour, on rough ground",
            cite("2.6.1 B", "W-16"),
        ));
    }
    if me.facts.charging {
        m.push(Modifier::new(1, "charging", sec("2.6.1 B")));
        if u.champions > 0 {
            m.push(Modifier::new(
                u.champions as i32,
                format!("{} champion(s) with the charging unit", u.champions),
                sec("2.6.1 B"),
            ));
        }
        if u.formation == Formation::Wedge && e.formation == Formation::Shieldwall {
            m.push(Modifier::new(
                1,
                "Wedge charging Shieldwall",
                sec("2.6.1 B"),
            ));
        }
        if u.troop_type == TroopType::Cavalry && e.troop_type != TroopType::Pike {
            m.push(Modifier::new(
                1,
                "Cavalry charging any but Pike",
                cite("2.6.1 B", "W-16"),
            ));
            if u.carries(Weapon::Lances) {
                m.push(Modifier::new(
                    1,
                    "Cavalry with lances charging any but Pike",
                    cite("2.6.1 B", "W-16"),
                ));
            }
        }
    }
    if u.has(UnitTrait::Elite) {
        m.push(Modifier::new(1, "Elite", sec("2.6.1 B")));
    }
    // W-33, 2.3, 2.6.1 B: only a pike block (or a column under column_pike).
    if pike_block && front {
        m.push(Modifier::new(
            2,
            "Pike fighting a unit in front",
            pike_cite("2.6.1 B"),
        ));
    }
    if me.facts.opponent_uphill {
        m.push(Modifier::new(-1, "uphill opponent", sec("2.6.1 B")));
    }
    if u.has_only_light_weapons() {
        m.push(Modifier::new(-1, "light weapons", cite("2.6.1 B", "W-16")));
    }
    if me.facts.flanks_contacted > 0 {
        m.push(Modifier::new(
            -(me.facts.flanks_contacted as i32),
            format!(
                "{} flank(s) contacted by an enemy front",
                me.facts.flanks_contacted
            ),
            sec("2.6.1 B"),
        ));
    }
    if me.facts.rear_contacted {
        m.push(Modifier::new(
            -2,
            "rear contacted by an enemy front",
            sec("2.6.1 B"),
        ));
    }
    if me.facts.struck_by_charging_heavy {
        m.push(Modifier::new(
            -2,
            "contacted this turn on flank or rear by a charging enemy heavy unit",
            sec("2.6.1 B"),
        ));
    }
    let active: Vec<&Personality> = u.active_personalities().collect();
    // W-20: by default, as many active personalities as front-rank stands
    // (a Wedge's front rank is its point, 2.3.1.3).
    let fill = me
        .facts
        .personalities_fill_front
        .unwrap_or(!active.is_empty() && active.len() as u32 >= u.front_rank());
    if fill && let Some(low) = active.iter().map(|p| p.prowess).min() {
        m.push(Modifier::new(
            i32::from(low),
            "Prowess: every front-rank stand holds a personality (lowest)",
            cite("3.1.2", "W-20"),
        ));
    }
    for p in &active {
        for n in &p.nemesis {
            if e.active_personalities().any(|q| &q.name == n) {
                m.push(Modifier::new(
                    1,
                    format!("{} fights his nemesis {n}", p.name),
                    cite("3.1.2", "W-21"),
                ));
            }
        }
    }
    for p in e.active_personalities().filter(|p| p.has(P::Bounty)) {
        m.push(Modifier::new(
            1,
            format!("the bounty on {}", p.name),
            cite("3.1.2", "W-21"),
        ));
    }
    if let Some(c) = u.commander().filter(|c| c.has(P::Coward)) {
        m.push(Modifier::new(
            -1,
            format!("{} commands and is a Coward", c.name),
            cite("3.1.2", "W-0, W-21"),
        ));
    }
    m.retain(|x| x.value != 0);
    SidePlan {
        side: me,
        dice,
        extra_dice: extra,
        modifiers: m,
        column_pike: by_option,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlords::HOUSE;

    fn house(column_pike: bool) -> House {
        let mut h = House::defaults(HOUSE);
        h.set(&COLUMN_PIKE, HouseValue::YesNo(column_pike)).unwrap();
        h
    }

    // W-33, 2.3, 2.6.1 A-B: a Pike March Column of 10 is no pike block.
    #[test]
    fn pike_in_a_march_column_get_no_rank_dice_nor_plus_2_unless_column_pike() {
        let mut pike = Unit::new("Pikes", TroopType::Pike, 10);
        pike.formation = Formation::MarchColumn;
        let foe = Unit::new("Foot", TroopType::CloseFoot, 4);
        let f = MeleeFacts::default();
        let ruled = Melee::between(&pike, &f, &foe, &f, false, &house(false)).unwrap();
        assert_eq!(ruled.a.dice, 2);
        assert!(ruled.a.extra_dice.is_empty());
        assert!(!ruled.a.modifiers.iter().any(|m| m.reason.contains("Pike")));
        assert!(!ruled.a.column_pike);

        let literal = Melee::between(&pike, &f, &foe, &f, false, &house(true)).unwrap();
        assert_eq!(literal.a.dice, 12);
        assert!(literal.a.column_pike);
        let plus2 = literal
            .a
            .modifiers
            .iter()
            .find(|m| m.reason == "Pike fighting a unit in front")
            .unwrap();
        assert_eq!(plus2.value, 2);
        let dice = MeleeDice {
            a: Dice::white(&[1; 12]).unwrap(),
            b: Dice::white(&[1; 2]).unwrap(),
        };
        let out = literal.resolve(&dice).unwrap();
        assert!(
            out.explanation
                .to_string()
                .contains("house option 'pike in a column'"),
            "{}",
            out.explanation
        );

        // A pike block in Line keeps both, whatever the option.
        pike.formation = Formation::Line;
        pike.files = 2;
        let block = Melee::between(&pike, &f, &foe, &f, false, &house(false)).unwrap();
        assert_eq!(block.a.dice, 2 + 5);
        assert!(
            block
                .a
                .modifiers
                .iter()
                .any(|m| m.value == 2 && m.reason.starts_with("Pike"))
        );
        assert!(!block.a.column_pike);
    }
}
