//! COMBAT ACTIVATION and COMBAT RESULTS (HE-16 to HE-21): the ratings, the
//! dice and who chooses, the Defence dice, the result with its conversions,
//! and what it does to both units, in HE-7's order.

use super::tables::{CombatResult, combat_result};
use super::{Attachment, Cards, Characteristic, Draw, Next, Unit, check_faces, faces};
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite};

/// The activation that brought on the combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Activation {
    /// A Combat Activation.
    #[default]
    Combat,
    /// A Charge Activation (HE-14).
    Charge,
}
named_enum!(Activation {
    "combat" => Activation::Combat,
    "charge" => Activation::Charge,
});

/// The option a Devotio is used for (ATTACHMENT CHARACTERISTICS, HE-20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DevotioOption {
    /// +2 to the Combat Rating.
    CombatRating,
    /// +2 to the enemy's Discipline Rating in this activation.
    Discipline,
    /// An immediate Setback Card on the opponent.
    Setback,
}
named_enum!(DevotioOption {
    "combat_rating" => DevotioOption::CombatRating,
    "discipline" => DevotioOption::Discipline,
    "setback" => DevotioOption::Setback,
});

/// Attacker or defender.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The unit given the Combat or Charge Activation.
    Attacker,
    /// The unit it fights.
    Defender,
}
named_enum!(Role {
    "attacker" => Role::Attacker,
    "defender" => Role::Defender,
});

/// Who chooses the result die (HE-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chooser {
    /// The attacker (higher rating).
    Attacker,
    /// The defender (higher rating).
    Defender,
    /// Nobody: equal ratings, one die.
    None,
}
named_enum!(Chooser {
    "attacker" => Chooser::Attacker,
    "defender" => Chooser::Defender,
    "none" => Chooser::None,
});

/// One side of a combat: its unit and what the referee says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CombatSide {
    /// The unit.
    pub unit: Unit,
    /// It fights an enemy on its flank or rear.
    pub flank_or_rear: bool,
    /// Supporting adjacent friendly units not in a ZOC.
    pub supporting_units: u32,
    /// A Warband directly behind it, not in a ZOC.
    pub warband_support: bool,
    /// It is in Rough Terrain.
    pub in_rough: bool,
    /// A downhill charge.
    pub downhill_charge: bool,
    /// (Attacker) attacking across a linear obstacle.
    pub linear_obstacle: bool,
    /// Its Small Cavalry Reserve gives +1.
    pub use_reserve: bool,
    /// Its Praetorian Cohort gives +1.
    pub use_cohort: bool,
    /// (Defender) Defence Points spent on additional Defence dice.
    pub defence_points: u32,
    /// A Defence Point: Stand after Push Back result.
    pub stand_point: bool,
}

impl CombatSide {
    /// A side with its unit and every fact at its default.
    pub fn of(unit: Unit) -> Self {
        CombatSide {
            unit,
            flank_or_rear: false,
            supporting_units: 0,
            warband_support: false,
            in_rough: false,
            downhill_charge: false,
            linear_obstacle: false,
            use_reserve: false,
            use_cohort: false,
            defence_points: 0,
            stand_point: false,
        }
    }
}

/// What the referee says of the combat as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CombatSituation {
    /// Combat or Charge Activation.
    pub activation: Activation,
    /// Squares charged (Scythed Chariots).
    pub charge_squares: u32,
    /// Flat open ground (Phalanx).
    pub flat_open: bool,
    /// The Devotio option used, if any.
    pub devotio: Option<DevotioOption>,
    /// An enemy is to the attacker's front after the follow up (Frenzied).
    pub enemy_in_front_after: bool,
    /// The face the higher-rated player chooses (none: the only die).
    pub chosen: Option<u8>,
    /// Attack Points the attacker's player spends, each re-rolling all the
    /// Combat dice before the choice (COMMAND POINTS Attack, HE-8, HE-17).
    pub attack_rerolls: u32,
}

impl Default for CombatSituation {
    fn default() -> Self {
        CombatSituation {
            activation: Activation::Combat,
            charge_squares: 1,
            flat_open: true,
            devotio: None,
            enemy_in_front_after: true,
            chosen: None,
            attack_rerolls: 0,
        }
    }
}

/// The dice of a combat, pool by pool.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CombatDice {
    /// The attacker's combat dice.
    pub combat: Vec<u8>,
    /// The defender's Defence dice.
    pub defence: Vec<u8>,
    /// One per Stubborn unit about to be pushed back, attacker first.
    pub stubborn: Vec<u8>,
    /// The Praetorian Cohort's keep roll.
    pub cohort: Vec<u8>,
}

/// A planned combat: the ratings with their modifiers, the dice and who chooses.
#[derive(Clone, Debug)]
pub struct Combat {
    attacker: CombatSide,
    defender: CombatSide,
    situation: CombatSituation,
    /// The attacker's modified Combat Rating.
    pub attacker_rating: u32,
    /// The defender's modified Combat Rating.
    pub defender_rating: u32,
    /// Combat dice the attacker rolls.
    pub dice_rolled: usize,
    /// Who chooses the result.
    pub chooser: Chooser,
    /// Cards collected before the dice (a Phalanx Disordered in the flank, a Devotio Setback).
    pre_cards: [Cards; 2],
    /// The defender was made Disordered before the combat (a Phalanx in the flank).
    pre_disordered: bool,
    /// The lines that made the ratings.
    pub explanation: Explanation,
}

/// A combat's outcome.
#[derive(Clone, Debug)]
pub struct CombatOutcome {
    /// The attacker's rating.
    pub attacker_rating: u32,
    /// The defender's rating.
    pub defender_rating: u32,
    /// Dice rolled.
    pub dice_rolled: usize,
    /// Who chose.
    pub chooser: Chooser,
    /// The chosen face.
    pub chosen: u8,
    /// Defence dice rolled.
    pub defence_dice: usize,
    /// A Defence die matched: no effect at all.
    pub cancelled: bool,
    /// The chosen face's result.
    pub roll_result: CombatResult,
    /// The result applied, after conversions (NoEffect if cancelled).
    pub result: CombatResult,
    /// Units that make a push back move, attacker first.
    pub pushed_back: Vec<Role>,
    /// Units removed by the result.
    pub destroyed: Vec<Role>,
    /// Units that must test, attacker first.
    pub discipline_tests: Vec<Role>,
    /// Cards collected by the attacker's player.
    pub attacker_cards: Cards,
    /// Cards collected by the defender's player.
    pub defender_cards: Cards,
    /// The activation ends the phase (HE-6).
    pub reversal_of_fortune: bool,
    /// The attacker afterwards.
    pub attacker: Unit,
    /// The defender afterwards.
    pub defender: Unit,
    /// What follows, in HE-7's order.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// The number of combat dice and who chooses, for two modified ratings (HE-17).
pub fn dice_and_chooser(attacker: u32, defender: u32) -> (usize, Chooser) {
    if attacker == defender {
        return (1, Chooser::None);
    }
    let (h, l) = (attacker.max(defender), attacker.min(defender));
    let dice = if h >= 2 * l { 3 } else { 2 };
    let chooser = if attacker > defender {
        Chooser::Attacker
    } else {
        Chooser::Defender
    };
    (dice, chooser)
}

/// HE-19: the result after the characteristics' conversions, with the reason.
pub fn convert(
    roll: CombatResult,
    attacker: &Unit,
    defender: &Unit,
    flat_open: bool,
) -> (CombatResult, Option<&'static str>) {
    let bt = Characteristic::BattleTrained;
    match roll {
        CombatResult::Grind if attacker.has(Characteristic::Phalanx) && flat_open => {
            if defender.has(bt) {
                (
                    CombatResult::Stand,
                    Some(
                        "a Phalanx's Grind against a Battle Trained unit: the characteristics cancel out, Stand",
                    ),
                )
            } else {
                (
                    CombatResult::PushBack,
                    Some("a Phalanx on flat Open Ground counts a Grind as a Push Back"),
                )
            }
        }
        CombatResult::Grind if defender.has(bt) => {
            if attacker.has(bt) {
                (
                    CombatResult::Stand,
                    Some("both units are Battle Trained: a Grind is a Stand"),
                )
            } else {
                (
                    CombatResult::Repulsed,
                    Some("the defender is Battle Trained: the Grind becomes a Repulsed"),
                )
            }
        }
        CombatResult::Advance if defender.is_skirmisher() => (
            CombatResult::Stand,
            Some("an Advance against a Skirmisher becomes a Stand"),
        ),
        r => (r, None),
    }
}

/// How much a chooser likes a combat result, higher better (HE-17): the
/// attacker wants the defender pushed back and tested, and his own unit
/// neither; the defender the reverse. Stand and no effect are alike.
pub fn liking(r: CombatResult, chooser: Chooser) -> i32 {
    use CombatResult::*;
    let attacker = match r {
        Crunch => 6,
        Advance => 5,
        PushBack => 4,
        Stand | NoEffect => 3,
        Grind => 2,
        Repulsed => 1,
    };
    match chooser {
        Chooser::Defender => -attacker,
        _ => attacker,
    }
}

/// Halves a rating, rounding down (HE-1).
fn halve(r: u32) -> u32 {
    r / 2
}

/// One side's modified Combat Rating (HE-16), with the lines that made it.
fn rating(
    side: &CombatSide,
    enemy: &CombatSide,
    role: Role,
    s: &CombatSituation,
    ex: &mut Explanation,
) -> Result<u32, RulesError> {
    let u = &side.unit;
    let who = match role {
        Role::Attacker => "attacker",
        Role::Defender => "defender",
    };
    let charge = role == Role::Attacker && s.activation == Activation::Charge;
    // (1) base
    let mut base = u.combat_rating;
    let mut base_why = format!("{} ({who}): Combat Rating {base}", u.name);
    if u.has(Characteristic::ScythedChariots) {
        // UNIT CHARACTERISTICS (3) Scythed Chariots, HE-16
        base = if charge {
            match s.charge_squares {
                0 | 1 => 2,
                2 => 3,
                3 => 4,
                _ => 5,
            }
        } else {
            2
        };
        base_why = format!("{} ({who}): Scythed Chariots rate {base}", u.name);
    }
    if side.in_rough {
        // COMBAT ACTIVATION 1: in Rough Terrain Infantry is always 2, Cavalry 1 (HE-16)
        base = if u.is_cavalry() { 1 } else { 2 };
        base_why = format!("{} ({who}) in Rough Terrain: Combat Rating {base}", u.name);
    }
    ex.line(base_why, cite("COMBAT ACTIVATION", "HE-16"));
    // (2) add
    let mut mods = Vec::new();
    let c = |why: &str| cite(why, "HE-16");
    if side.supporting_units > 0 {
        mods.push(Modifier::new(
            side.supporting_units as i32,
            "supporting adjacent friendly units not in ZOC",
            c("COMBAT ACTIVATION"),
        ));
    }
    if side.warband_support {
        if !u.has(Characteristic::Warband) {
            return Err(RulesError::refused(format!(
                "{} is no Warband: only a Warband gets the support of a Warband behind it (COMBAT ACTIVATION, HE-16)",
                u.name
            )));
        }
        mods.push(Modifier::new(
            1,
            "Warband directly behind, not in ZOC",
            c("COMBAT ACTIVATION"),
        ));
    }
    if charge && u.has(Characteristic::Warband) {
        mods.push(Modifier::new(1, "Warband charging", c("COMBAT ACTIVATION")));
    }
    if charge && u.has(Characteristic::FerociousCharge) {
        mods.push(Modifier::new(
            1,
            "Ferocious Charge",
            c("UNIT CHARACTERISTICS (2)"),
        ));
    }
    if side.downhill_charge {
        mods.push(Modifier::new(1, "downhill charge", c("COMBAT ACTIVATION")));
    }
    if u.has(Characteristic::Phalanx) && enemy.unit.is_cavalry() && !side.flank_or_rear {
        mods.push(Modifier::new(
            2,
            "Phalanx fighting Cavalry to its front",
            c("UNIT CHARACTERISTICS (2)"),
        ));
    }
    if !u.lines.is_empty() && !side.flank_or_rear {
        if u.is_infantry() && u.lines.contains(&super::LineKind::Elephant) {
            mods.push(Modifier::new(
                2,
                "Infantry with an Elephant Skirmish Line in front",
                c("COMBAT ACTIVATION"),
            ));
        } else {
            mods.push(Modifier::new(
                1,
                "a Skirmish Line in front",
                c("COMBAT ACTIVATION"),
            ));
        }
    }
    if side.use_cohort {
        if !u.attached(Attachment::PraetorianCohort) {
            return Err(RulesError::refused(format!(
                "{} has no Praetorian Cohort attached (ATTACHMENT CHARACTERISTICS)",
                u.name
            )));
        }
        mods.push(Modifier::new(
            1,
            "Praetorian Cohort",
            c("ATTACHMENT CHARACTERISTICS"),
        ));
    }
    if role == Role::Attacker && s.devotio == Some(DevotioOption::CombatRating) {
        mods.push(Modifier::new(
            2,
            "Devotio",
            cite("ATTACHMENT CHARACTERISTICS", "HE-20"),
        ));
    }
    ex.modifiers(&mods);
    let added = (base as i32 + crate::rules::explain::total(&mods)).max(0) as u32;
    // (3) halve, once for each that applies, after adding (HE-16, gap-filling)
    let mut r = added;
    let mut halvings = Vec::new();
    if side.flank_or_rear {
        halvings.push("combat with enemy on flank or rear");
    }
    if u.disordered {
        halvings.push("Disordered");
    }
    if role == Role::Attacker && side.linear_obstacle {
        halvings.push("attacking across a linear obstacle");
    }
    if u.has(Characteristic::ScythedChariots)
        && (enemy.unit.has(Characteristic::Drilled)
            || enemy.unit.manoeuvre_rating < u.manoeuvre_rating)
    {
        halvings.push("Scythed Chariots engaging a Drilled or nimbler unit");
    }
    for h in halvings {
        r = halve(r);
        ex.line(
            format!("1/2 {h}: {r} (rounding down)"),
            cite("COMBAT ACTIVATION", "HE-1, HE-16"),
        );
    }
    // (4) Small Cavalry Reserve, after all other modifiers
    if side.use_reserve {
        if !u.attached(Attachment::SmallCavalryReserve) {
            return Err(RulesError::refused(format!(
                "{} has no Small Cavalry Reserve attached (ATTACHMENT CHARACTERISTICS)",
                u.name
            )));
        }
        r += 1;
        ex.line(
            format!("+1 Small Cavalry Reserve, after all other modifiers: {r}"),
            cite("ATTACHMENT CHARACTERISTICS", "HE-16"),
        );
    }
    ex.line(
        format!("{} ({who}) fights at {r}", u.name),
        cite("COMBAT ACTIVATION", "HE-16"),
    );
    Ok(r)
}

impl Combat {
    /// Plans the combat: ratings, dice and chooser. A Devotio without a
    /// Charge or without a Devotio attached is refused.
    pub fn plan(
        attacker: &CombatSide,
        defender: &CombatSide,
        situation: CombatSituation,
    ) -> Result<Self, RulesError> {
        let s = situation;
        let mut ex = Explanation::default();
        let mut pre_cards = [Cards::default(); 2];
        let mut pre_disordered = false;
        if s.devotio.is_some() {
            if s.activation != Activation::Charge {
                return Err(RulesError::refused(
                    "a Devotio is used when its Legion declares a Charge Activation (ATTACHMENT CHARACTERISTICS, HE-20)",
                ));
            }
            if !attacker.unit.attached(Attachment::Devotio) {
                return Err(RulesError::refused(format!(
                    "{} has no Devotio attached (ATTACHMENT CHARACTERISTICS, HE-20)",
                    attacker.unit.name
                )));
            }
        }
        if attacker.unit.removed || defender.unit.removed {
            return Err(RulesError::refused("a unit removed from play cannot fight"));
        }
        let mut defender = defender.clone();
        if defender.unit.has(Characteristic::Phalanx) && defender.flank_or_rear {
            // UNIT CHARACTERISTICS (2) Phalanx: attacked in flank or rear, Disordered before the combat (HE-16)
            ex.line(
                format!(
                    "{} is a Phalanx attacked in the flank or rear: Disordered before the combat",
                    defender.unit.name
                ),
                cite("UNIT CHARACTERISTICS (2)", "HE-7, HE-16"),
            );
            if !defender.unit.disordered {
                defender.unit.disordered = true;
                pre_disordered = true;
                // SETBACK AND DISASTER CARDS: unit becomes Disordered, HE-9
                pre_cards[1].add(Cards::SETBACK);
            }
        }
        if s.devotio == Some(DevotioOption::Setback) {
            // ATTACHMENT CHARACTERISTICS Devotio: an immediate Setback Card on the opponent
            pre_cards[1].add(Cards::SETBACK);
            ex.line(
                "Devotio: an immediate Setback Card on the opponent",
                cite("ATTACHMENT CHARACTERISTICS", "HE-20"),
            );
        }
        if s.devotio == Some(DevotioOption::Discipline) {
            ex.line(
                format!(
                    "Devotio: {}'s Discipline Rating is 2 higher in this activation",
                    defender.unit.name
                ),
                cite("ATTACHMENT CHARACTERISTICS", "HE-3, HE-20"),
            );
        }
        let a = rating(attacker, &defender, Role::Attacker, &s, &mut ex)?;
        let d = rating(&defender, attacker, Role::Defender, &s, &mut ex)?;
        let (dice_rolled, chooser) = dice_and_chooser(a, d);
        ex.line(
            match chooser {
                Chooser::None => "equal Combat Ratings: the attacker rolls one die".to_string(),
                c => format!(
                    "{a} against {d}: the attacker rolls {dice_rolled} dice, the {c} (higher) chooses the result"
                ),
            },
            cite("COMBAT ACTIVATION 2", "HE-17"),
        );
        Ok(Combat {
            attacker: attacker.clone(),
            defender,
            situation: s,
            attacker_rating: a,
            defender_rating: d,
            dice_rolled,
            chooser,
            pre_cards,
            pre_disordered,
            explanation: ex,
        })
    }

    /// The attacker and the defender as planned (a flanked Phalanx already Disordered).
    pub fn sides(&self) -> (&CombatSide, &CombatSide) {
        (&self.attacker, &self.defender)
    }

    /// The situation planned.
    pub fn situation(&self) -> &CombatSituation {
        &self.situation
    }

    /// The chooser's best pick among `rolled` (HE-17: the side with the
    /// higher rating chooses; Herald only advises): the face whose result,
    /// as converted (HE-19), he likes best, the chance a Defence die
    /// cancels it weighed (a cancelled attack is no effect). The first of
    /// equals in the order rolled.
    pub fn best_pick(&self, rolled: &[u8]) -> u8 {
        let mut best = rolled.first().copied().unwrap_or(1);
        let mut score = f64::MIN;
        for &f in rolled {
            let (r, _) = convert(
                combat_result(f),
                &self.attacker.unit,
                &self.defender.unit,
                self.situation.flat_open,
            );
            let stands = (5.0f64 / 6.0).powi(self.defence_dice(f) as i32);
            let v = liking(r, self.chooser) as f64 * stands
                + liking(CombatResult::NoEffect, self.chooser) as f64 * (1.0 - stands);
            // the first of equals: a difference below rounding is none
            if v > score + 1e-9 {
                score = v;
                best = f;
            }
        }
        best
    }

    /// Defence dice the defender rolls against `chosen` (HE-17).
    pub fn defence_dice(&self, chosen: u8) -> usize {
        let cat = self.defender.unit.has(Characteristic::Cataphracts)
            && combat_result(chosen) != CombatResult::Repulsed;
        1 + usize::from(cat) + self.defender.defence_points as usize
    }

    /// Resolves the combat with its dice.
    pub fn resolve(&self, dice: &CombatDice) -> Result<CombatOutcome, RulesError> {
        for (pool, f) in [
            ("combat", &dice.combat),
            ("defence", &dice.defence),
            ("stubborn", &dice.stubborn),
            ("cohort", &dice.cohort),
        ] {
            check_faces(pool, f)?;
        }
        let s = &self.situation;
        let mut ex = self.explanation.clone();
        let mut combat = Draw::new("combat", &dice.combat);
        let mut rolled = combat.take(
            self.dice_rolled,
            "the attacker's combat roll (COMBAT ACTIVATION 2)",
        )?;
        ex.line(
            format!("combat dice: {}", faces(rolled)),
            cite("COMBAT ACTIVATION 2", "HE-17"),
        );
        // COMMAND POINTS Attack: "Re-roll all Combat dice", before the choice (HE-8, HE-17)
        for _ in 0..s.attack_rerolls {
            rolled = combat.take(
                self.dice_rolled,
                "an Attack Point re-roll of all the Combat dice (COMMAND POINTS)",
            )?;
            ex.line(
                format!(
                    "an Attack Point re-rolls all the Combat dice: {}",
                    faces(rolled)
                ),
                cite("COMMAND POINTS", "HE-8, HE-17"),
            );
        }
        combat.done()?;
        let chosen = match (self.dice_rolled, s.chosen) {
            (1, None) => rolled[0],
            (1, Some(c)) if c == rolled[0] => c,
            (_, Some(c)) if rolled.contains(&c) => c,
            (_, Some(c)) => {
                return Err(RulesError::refused(format!(
                    "the chosen face {c} is not among the combat dice ({}) (HE-17)",
                    faces(rolled)
                )));
            }
            (_, None) => {
                return Err(RulesError::refused(format!(
                    "the {} chooses one of the {} combat dice ({}): say which (HE-17; Herald never chooses)",
                    self.chooser,
                    self.dice_rolled,
                    faces(rolled)
                )));
            }
        };
        let roll_result = combat_result(chosen);
        // In words on screen, not the file's word (`push_back`).
        let said = roll_result.to_string().replace('_', " ");
        if self.dice_rolled > 1 {
            ex.line(
                format!("the {} chooses {chosen}: {said}", self.chooser),
                cite("COMBAT RESULTS", "HE-17"),
            );
        } else {
            ex.line(format!("{chosen}: {said}"), cite("COMBAT RESULTS", "HE-18"));
        }
        let defence_count = self.defence_dice(chosen);
        let mut defence = Draw::new("defence", &dice.defence);
        let dd = defence.take(
            defence_count,
            "the defender's Defence dice (COMBAT ACTIVATION 3)",
        )?;
        defence.done()?;
        let cancelled = dd.contains(&chosen);
        ex.line(
            format!(
                "Defence dice: {}{}",
                faces(dd),
                if cancelled {
                    format!(": one shows {chosen}, the attack has no effect")
                } else {
                    ": no match".to_string()
                }
            ),
            cite("COMBAT ACTIVATION 3", "HE-17"),
        );
        let mut att = self.attacker.unit.clone();
        let mut def = self.defender.unit.clone();
        att.activated = true;
        let mut cards = self.pre_cards;
        let mut cohort = Draw::new("cohort", &dice.cohort);
        let mut stubborn = Draw::new("stubborn", &dice.stubborn);
        // used attachments leave play (ATTACHMENT CHARACTERISTICS)
        if s.devotio.is_some() {
            att.attachments.retain(|a| *a != Attachment::Devotio);
        }
        for (side, unit) in [(&self.attacker, &mut att), (&self.defender, &mut def)] {
            if side.use_reserve {
                unit.attachments
                    .retain(|a| *a != Attachment::SmallCavalryReserve);
            }
            if side.use_cohort {
                let keep = cohort
                    .one("the Praetorian Cohort's roll after use (ATTACHMENT CHARACTERISTICS)")?;
                if keep <= 3 {
                    unit.attachments
                        .retain(|a| *a != Attachment::PraetorianCohort);
                    ex.line(
                        format!("Praetorian Cohort rolls {keep}: removed"),
                        cite("ATTACHMENT CHARACTERISTICS", "HE-16"),
                    );
                } else {
                    ex.line(
                        format!("Praetorian Cohort rolls {keep}: remains"),
                        cite("ATTACHMENT CHARACTERISTICS", "HE-16"),
                    );
                }
            }
        }
        cohort.done()?;
        let mut out = CombatOutcome {
            attacker_rating: self.attacker_rating,
            defender_rating: self.defender_rating,
            dice_rolled: self.dice_rolled,
            chooser: self.chooser,
            chosen,
            defence_dice: defence_count,
            cancelled,
            roll_result,
            result: CombatResult::NoEffect,
            pushed_back: Vec::new(),
            destroyed: Vec::new(),
            discipline_tests: Vec::new(),
            attacker_cards: Cards::default(),
            defender_cards: Cards::default(),
            reversal_of_fortune: false,
            attacker: att.clone(),
            defender: def.clone(),
            next: Vec::new(),
            explanation: Explanation::default(),
        };
        // (1) conversions, HE-19
        let result = if cancelled {
            CombatResult::NoEffect
        } else {
            let (r, why) = convert(roll_result, &att, &def, s.flat_open);
            if let Some(why) = why {
                ex.line(why, cite("COMBAT RESULTS", "HE-19"));
            }
            r
        };
        out.result = result;
        // which units the result pushes back and tests (COMBAT RESULTS, HE-18)
        let (push, test): ([bool; 2], [bool; 2]) = match result {
            CombatResult::Repulsed => ([true, false], [true, false]),
            CombatResult::Grind => ([true, true], [true, true]),
            CombatResult::PushBack => ([false, true], [false, false]),
            CombatResult::Advance | CombatResult::Crunch => ([false, true], [false, true]),
            CombatResult::Stand | CombatResult::NoEffect => ([false, false], [false, false]),
        };
        let mut moved = [false; 2];
        let mut destroyed = [false; 2];
        let mut tests = test;
        let mut risk = [false; 2];
        risk[1] = self.pre_disordered;
        let sides = [&self.attacker, &self.defender];
        // (2) Stubborn rolls, then the push backs, attacker first (HE-7, HE-20)
        for i in 0..2 {
            if !push[i] {
                continue;
            }
            let unit = if i == 0 { &mut att } else { &mut def };
            let side = sides[i];
            if unit.has(Characteristic::ScythedChariots) {
                // UNIT CHARACTERISTICS (3) Scythed Chariots: Pushed Back, destroyed; a single Setback
                unit.removed = true;
                destroyed[i] = true;
                tests[i] = false;
                cards[i].add(Cards::SETBACK);
                ex.line(
                    format!(
                        "{}: Scythed Chariots Pushed Back are destroyed (one Setback Card)",
                        unit.name
                    ),
                    cite("UNIT CHARACTERISTICS (3)", "HE-9, HE-20"),
                );
                continue;
            }
            if unit.has(Characteristic::Stubborn) {
                let d = stubborn.one("a Stubborn unit's roll (UNIT CHARACTERISTICS (3))")?;
                if d >= 5 {
                    // UNIT CHARACTERISTICS (3) Stubborn: 5-6 stays, no card, no test
                    tests[i] = false;
                    ex.line(
                        format!(
                            "{} is Stubborn and rolls {d}: it is not Pushed Back, no card, no test",
                            unit.name
                        ),
                        cite("UNIT CHARACTERISTICS (3)", "HE-20"),
                    );
                    continue;
                }
                ex.line(
                    format!(
                        "{} is Stubborn and rolls {d}: Pushed Back as usual",
                        unit.name
                    ),
                    cite("UNIT CHARACTERISTICS (3)", "HE-20"),
                );
            }
            if unit.is_formed() {
                // COMBAT RESULTS, SETBACK AND DISASTER CARDS: Formed unit Pushed Back, HE-9
                cards[i].add(Cards::SETBACK);
            }
            if unit.has(Characteristic::Immobile) {
                ex.line(
                    format!(
                        "{} is Immobile: it is not moved (its card and test stand)",
                        unit.name
                    ),
                    cite("UNIT CHARACTERISTICS (2)", "HE-20"),
                );
            } else if side.stand_point {
                ex.line(format!("a Defence Point: {} stands after the Push Back (the Setback Card is still collected)", unit.name), cite("COMMAND POINTS", "HE-20"));
            } else {
                moved[i] = true;
                risk[i] = true;
                ex.line(
                    format!("{} is Pushed Back", unit.name),
                    cite("COMBAT RESULTS", "HE-18"),
                );
            }
            if i == 1
                && self.attacker.unit.has(Characteristic::ScythedChariots)
                && matches!(
                    result,
                    CombatResult::PushBack | CombatResult::Advance | CombatResult::Crunch
                )
                && !unit.has(Characteristic::Immobile)
            {
                // UNIT CHARACTERISTICS (3) Scythed Chariots: the enemy is Disordered before its test
                if !unit.disordered {
                    unit.disordered = true;
                    cards[i].add(Cards::SETBACK);
                    risk[i] = true;
                }
                ex.line(
                    format!(
                        "Scythed Chariots: {} is Disordered before any test",
                        unit.name
                    ),
                    cite("UNIT CHARACTERISTICS (3)", "HE-7, HE-20"),
                );
            }
        }
        stubborn.done()?;
        let roles = [Role::Attacker, Role::Defender];
        for i in 0..2 {
            if moved[i] {
                out.pushed_back.push(roles[i]);
                out.next.push(if i == 0 {
                    Next::PushBackAttacker
                } else {
                    Next::PushBackDefender
                });
            }
            if destroyed[i] {
                out.destroyed.push(roles[i]);
            }
        }
        // (3) the victor's follow up, HE-21
        let gone = [moved[0] || destroyed[0], moved[1] || destroyed[1]];
        if result != CombatResult::Grind && gone[0] != gone[1] {
            let (loser, victor) = if gone[0] { (0, 1) } else { (1, 0) };
            let lu = if loser == 0 { &att } else { &def };
            let vu = if victor == 0 { &att } else { &def };
            if lu.has(Characteristic::RearGuard) {
                ex.line(
                    format!("{} is a Rear-Guard: no follow up", lu.name),
                    cite("UNIT CHARACTERISTICS (3)", "HE-21"),
                );
            } else if vu.has(Characteristic::Immobile) {
                ex.line(
                    format!("{} is Immobile: no follow up", vu.name),
                    cite("UNIT CHARACTERISTICS (2)", "HE-21"),
                );
            } else {
                out.next.push(if victor == 0 {
                    Next::FollowUpAttacker
                } else {
                    Next::FollowUpDefender
                });
            }
        }
        // (4) Discipline Tests, attacker first
        for i in 0..2 {
            if tests[i] {
                out.discipline_tests.push(roles[i]);
                out.next.push(if i == 0 {
                    Next::DisciplineTestAttacker
                } else {
                    Next::DisciplineTestDefender
                });
            }
        }
        // (5) risk to generals, HE-30
        for (i, u) in [&att, &def].into_iter().enumerate() {
            if risk[i] && u.general.is_some() {
                out.next.push(if i == 0 {
                    Next::GeneralRiskAttacker
                } else {
                    Next::GeneralRiskDefender
                });
            }
        }
        // (6) Skirmish and Reserve Lines of units that fought the enemy to their front, HE-31
        for (i, u) in [&att, &def].into_iter().enumerate() {
            if !u.lines.is_empty() && !sides[i].flank_or_rear && !u.removed {
                out.next.push(if i == 0 {
                    Next::LineOutcomeAttacker
                } else {
                    Next::LineOutcomeDefender
                });
            }
        }
        // (7) Frenzied's second Combat Activation, HE-20
        let repulse_or_grind = matches!(result, CombatResult::Repulsed | CombatResult::Grind);
        if att.has(Characteristic::Frenzied) && !att.removed {
            if repulse_or_grind {
                ex.line(
                    "Frenzied: after a Repulse or Grind there is no second combat",
                    cite("UNIT CHARACTERISTICS (2)", "HE-20"),
                );
            } else if s.enemy_in_front_after {
                out.next.push(Next::Combat);
                ex.line(
                    "Frenzied: a second Combat Activation follows against the enemy to its front",
                    cite("UNIT CHARACTERISTICS (2)", "HE-7, HE-20"),
                );
            }
        }
        // (8) Reversal of Fortune: Repulsed or Grind, as applied (HE-6)
        if repulse_or_grind {
            out.reversal_of_fortune = true;
            ex.line(
                format!("{result}: Reversal of Fortune"),
                cite("REVERSAL OF FORTUNE", "HE-6"),
            );
        }
        for (i, who) in ["attacker", "defender"].into_iter().enumerate() {
            if !cards[i].is_empty() {
                ex.line(
                    format!("the {who}'s player collects {}", cards[i].words()),
                    cite("SETBACK AND DISASTER CARDS", "HE-9"),
                );
            }
        }
        out.attacker_cards = cards[0];
        out.defender_cards = cards[1];
        out.attacker = att;
        out.defender = def;
        out.explanation = ex;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::homunculus_est::{Class, LineKind};

    fn foot(cr: u32) -> Unit {
        Unit::new("foot", Class::FormedInfantry, cr, 4, 7)
    }

    fn dice(c: &[u8], d: &[u8]) -> CombatDice {
        CombatDice {
            combat: c.to_vec(),
            defence: d.to_vec(),
            ..Default::default()
        }
    }

    #[test]
    fn dice_count_and_chooser() {
        assert_eq!(dice_and_chooser(3, 3), (1, Chooser::None));
        assert_eq!(dice_and_chooser(5, 3), (2, Chooser::Attacker));
        assert_eq!(dice_and_chooser(2, 4), (3, Chooser::Defender));
        assert_eq!(dice_and_chooser(1, 0), (3, Chooser::Attacker));
    }

    #[test]
    fn rough_terrain_replaces_then_halving_rounds_down() {
        let mut a = CombatSide::of(foot(5));
        a.in_rough = true;
        a.supporting_units = 1;
        let mut d = CombatSide::of(Unit::new("cav", Class::Cavalry, 4, 3, 7));
        d.in_rough = true;
        d.flank_or_rear = true;
        let p = Combat::plan(&a, &d, CombatSituation::default()).unwrap();
        assert_eq!((p.attacker_rating, p.defender_rating), (3, 0));
        assert_eq!(p.dice_rolled, 3);
    }

    #[test]
    fn elephant_line_gives_infantry_two_only_to_the_front() {
        let mut u = foot(3);
        u.lines = vec![LineKind::Elephant, LineKind::Infantry];
        let a = CombatSide::of(u);
        let d = CombatSide::of(foot(3));
        assert_eq!(
            Combat::plan(&a, &d, CombatSituation::default())
                .unwrap()
                .attacker_rating,
            5
        );
        let mut a2 = a.clone();
        a2.flank_or_rear = true;
        assert_eq!(
            Combat::plan(&a2, &d, CombatSituation::default())
                .unwrap()
                .attacker_rating,
            1
        );
    }

    #[test]
    fn grind_pushes_both_and_nobody_follows_up() {
        let p = Combat::plan(
            &CombatSide::of(foot(3)),
            &CombatSide::of(foot(3)),
            CombatSituation::default(),
        )
        .unwrap();
        let o = p.resolve(&dice(&[2], &[5])).unwrap();
        assert_eq!(o.pushed_back, vec![Role::Attacker, Role::Defender]);
        assert!(o.reversal_of_fortune);
        assert_eq!(o.attacker_cards.setback + o.defender_cards.setback, 2);
        assert_eq!(
            o.next,
            vec![
                Next::PushBackAttacker,
                Next::PushBackDefender,
                Next::DisciplineTestAttacker,
                Next::DisciplineTestDefender
            ]
        );
    }

    #[test]
    fn stubborn_five_holds() {
        let mut u = foot(3);
        u.characteristics.push(Characteristic::Stubborn);
        let p = Combat::plan(
            &CombatSide::of(foot(3)),
            &CombatSide::of(u),
            CombatSituation::default(),
        )
        .unwrap();
        let mut d = dice(&[6], &[1]);
        d.stubborn = vec![5];
        let o = p.resolve(&d).unwrap();
        assert!(
            o.pushed_back.is_empty()
                && o.discipline_tests.is_empty()
                && o.defender_cards.is_empty()
        );
        assert!(o.next.is_empty());
        assert!(
            p.resolve(&dice(&[6], &[1])).is_err(),
            "the Stubborn die is missing"
        );
    }

    #[test]
    fn advance_against_skirmishers_is_a_stand_and_chosen_must_be_rolled() {
        let sk = Unit::new("sk", Class::SkirmishingInfantry, 1, 3, 8);
        let p = Combat::plan(
            &CombatSide::of(foot(4)),
            &CombatSide::of(sk),
            CombatSituation::default(),
        )
        .unwrap();
        let s = CombatSituation {
            chosen: Some(5),
            ..Default::default()
        };
        let p2 = Combat::plan(
            &CombatSide::of(foot(4)),
            &CombatSide::of(Unit::new("sk", Class::SkirmishingInfantry, 1, 3, 8)),
            s,
        )
        .unwrap();
        let o = p2.resolve(&dice(&[5, 2, 2], &[1])).unwrap();
        assert_eq!(o.result, CombatResult::Stand);
        assert!(
            p.resolve(&dice(&[5, 2, 2], &[1])).is_err(),
            "no choice said"
        );
    }

    #[test]
    fn scythed_chariots_rate_by_charge_and_are_halved_against_the_drilled() {
        let mut ch = Unit::new("ch", Class::Cavalry, 9, 3, 8);
        ch.characteristics.push(Characteristic::ScythedChariots);
        let s = CombatSituation {
            activation: Activation::Charge,
            charge_squares: 3,
            ..Default::default()
        };
        let mut drilled = foot(2);
        drilled.characteristics.push(Characteristic::Drilled);
        let p = Combat::plan(&CombatSide::of(ch.clone()), &CombatSide::of(foot(2)), s).unwrap();
        assert_eq!(p.attacker_rating, 4);
        let p = Combat::plan(&CombatSide::of(ch), &CombatSide::of(drilled), s).unwrap();
        assert_eq!(p.attacker_rating, 2);
    }
}
