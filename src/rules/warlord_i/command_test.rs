//! The command test (Rule 29, WI-4, WI-5): a CO throws one die per star;
//! each die loses 1 if he is wavering, routed, in melee, evading, pursuing,
//! reckless or dispersed (once), 1 if wounded or 2 if badly wounded,
//! captured or killed, 1 per unit his division has lost, and 1 for an
//! isolated unit's CO using his initiative; each die gives at least 0 CCPs.
//! CCPs from the C-in-C arrive less 1 per whole 10 cm between the bases.

use super::co::{Co, CoActivity, CoStatus};
use super::{expect_dice, faces};
use crate::dice::{Dice, DiceCount};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};
use crate::rules::named::Named;

/// CCPs the C-in-C gives a divisional CO (Rule 29, WI-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Transfer {
    /// CCPs the C-in-C gives up.
    pub ccps: u32,
    /// Centimetres between the two command bases.
    pub distance_cm: u32,
}

impl Transfer {
    /// What arrives: the CCPs less 1 per whole 10 cm, at least 0 (Rule 29, WI-1, WI-5).
    pub fn received(&self) -> u32 {
        self.ccps.saturating_sub(self.distance_cm / 10)
    }
}

/// What the referee says of a command test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CommandSituation {
    /// Units the CO's division has lost.
    pub units_lost: u32,
    /// An isolated unit's CO using his initiative (Rule 37).
    pub initiative: bool,
    /// CCPs passed from the C-in-C, if any.
    pub transfer: Option<Transfer>,
}

/// The per-die deductions of Rule 29 for a CO in this state (WI-4).
pub fn die_deductions(
    who: &str,
    status: CoStatus,
    dispersed: bool,
    activity: &[CoActivity],
    units_lost: u32,
    initiative: bool,
) -> Vec<Modifier> {
    let mut m = Vec::new();
    // Rule 29, WI-4: any of these, once.
    let mut doing: Vec<String> = activity
        .iter()
        .map(|a| a.name().replace('_', " "))
        .collect();
    if dispersed {
        doing.push("dispersed".to_string());
    }
    if !doing.is_empty() {
        m.push(Modifier::new(
            -1,
            format!("{who} is {} (once)", doing.join(", ")),
            cite("Rule 29", "WI-4"),
        ));
    }
    // Rule 29, WI-4: wounded -1; seriously wounded, captured or killed -2.
    match status {
        CoStatus::Well => {}
        CoStatus::Wounded => m.push(Modifier::new(
            -1,
            format!("{who} is wounded"),
            cite("Rule 29", "WI-4"),
        )),
        // WI-4: a captured or killed CO's successor tests with his stars.
        s if s.base_lost() => m.push(Modifier::new(
            -2,
            format!("{who} is {}: his successor tests with his stars", s.title()),
            cite("Rule 29", "WI-4"),
        )),
        s => m.push(Modifier::new(
            -2,
            format!("{who} is {}", s.title()),
            cite("Rule 29", "WI-4"),
        )),
    }
    if units_lost > 0 {
        // Rule 29, WI-4: each unit lost by the division.
        m.push(Modifier::new(
            -(units_lost.min(i32::MAX as u32) as i32),
            format!("{units_lost} unit(s) lost by the division"),
            cite("Rule 29", "WI-4"),
        ));
    }
    if initiative {
        // Rule 29, Rule 37, WI-4, WI-7.
        m.push(Modifier::new(
            -1,
            "an isolated unit's CO using his initiative",
            cite("Rules 29, 37", "WI-4, WI-7"),
        ));
    }
    m
}

/// A die's CCPs after the per-die deductions: at least 0 (WI-1, WI-4).
pub fn die_ccps(face: u8, deduction: i32) -> u32 {
    (i32::from(face) + deduction).max(0) as u32
}

/// A command test about to be rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandTest {
    /// The CO testing.
    pub co: Co,
    /// What the referee said.
    pub situation: CommandSituation,
    /// What each die loses, with the reasons (Rule 29).
    pub per_die: Vec<Modifier>,
}

/// What a command test came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandOutcome {
    /// Each die's CCPs after its deductions, in the order rolled.
    pub dice_scores: Vec<u32>,
    /// Their sum: the CO's own CCPs this Move.
    pub ccps: u32,
    /// CCPs received from the C-in-C after the distance (WI-5).
    pub received: u32,
    /// CCPs to spend this Move; unspent ones lapse at its end (WI-4).
    pub total: u32,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// Checks a CO's stars: 1 to 3 (Rule 29).
pub(crate) fn check_stars(name: &str, stars: u8) -> Result<(), RulesError> {
    if !(1..=3).contains(&stars) {
        return Err(RulesError::refused(format!(
            "{name} has {stars} stars; a CO has 1 to 3, one die each (Rule 29)"
        )));
    }
    Ok(())
}

impl CommandTest {
    /// States the dice and deductions, or why the CO cannot test.
    pub fn plan(co: &Co, situation: CommandSituation) -> Result<CommandTest, RulesError> {
        check_stars(&co.name, co.stars)?;
        if co.c_in_c && situation.transfer.is_some() {
            return Err(RulesError::refused(format!(
                "{} is the C-in-C: he gives CCPs to divisional COs and receives none (Rule 29, WI-5)",
                co.name
            )));
        }
        Ok(CommandTest {
            per_die: die_deductions(
                &co.name,
                co.status,
                co.dispersed,
                &co.activity,
                situation.units_lost,
                situation.initiative,
            ),
            co: co.clone(),
            situation,
        })
    }

    /// One die per star (Rule 29).
    pub fn needs(&self) -> DiceCount {
        DiceCount::white(usize::from(self.co.stars))
    }

    /// What each die loses (negative or 0).
    pub fn deduction(&self) -> i32 {
        total(&self.per_die)
    }

    /// A die's CCPs (WI-1, WI-4). Odds use this.
    pub fn die_score(&self, face: u8) -> u32 {
        die_ccps(face, self.deduction())
    }

    /// CCPs received from the C-in-C (WI-5).
    pub fn received(&self) -> u32 {
        self.situation.transfer.map_or(0, |t| t.received())
    }

    /// Turns the dice into CCPs.
    pub fn resolve(&self, dice: &Dice) -> Result<CommandOutcome, RulesError> {
        expect_dice(
            dice,
            self.needs(),
            &format!(
                "{} throws one die per star: {} (Rule 29)",
                self.co.acting_name(),
                self.co.stars
            ),
        )?;
        let mut why = Explanation::default();
        why.line(
            format!(
                "{} ({} star{}) throws {}",
                self.co.acting_name(),
                self.co.stars,
                if self.co.stars == 1 { "" } else { "s" },
                faces(dice)
            ),
            cite("Rule 29", "WI-4"),
        );
        for m in &self.per_die {
            why.line(format!("{:+} a die: {}", m.value, m.reason), m.cite.clone());
        }
        let d = self.deduction();
        let dice_scores: Vec<u32> = dice
            .white
            .iter()
            .map(|f| self.die_score(f.value()))
            .collect();
        let ccps: u32 = dice_scores.iter().sum();
        if d != 0 {
            let each: Vec<String> = dice
                .white
                .iter()
                .zip(&dice_scores)
                .map(|(f, s)| format!("{f} -> {s}"))
                .collect();
            why.line(
                format!("each die {d:+}, none below 0: {}", each.join(", ")),
                cite("Rule 29", "WI-1, WI-4"),
            );
        }
        why.line(
            format!("{} CCPs: the sum of the dice", ccps),
            cite("Rule 29", "WI-4"),
        );
        let received = self.received();
        if let Some(t) = self.situation.transfer {
            // Rule 29, WI-5: -1 per whole 10 cm, not per die.
            why.line(
                format!(
                    "the C-in-C gives {} CCPs from {} cm: -{} (1 per whole 10 cm), {} received",
                    t.ccps,
                    t.distance_cm,
                    t.distance_cm / 10,
                    received
                ),
                cite("Rule 29", "WI-1, WI-5"),
            );
        }
        let total = ccps + received;
        why.line(
            format!("{total} CCPs to spend this Move; unspent CCPs lapse at its end"),
            cite("Rule 29", "WI-4"),
        );
        Ok(CommandOutcome {
            dice_scores,
            ccps,
            received,
            total,
            explanation: why,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roll(co: &Co, s: CommandSituation, faces: &[u8]) -> CommandOutcome {
        CommandTest::plan(co, s)
            .unwrap()
            .resolve(&Dice::white(faces).unwrap())
            .unwrap()
    }

    #[test]
    fn a_well_co_scores_his_dice() {
        let co = Co::new("Ptolemy", 3);
        let out = roll(&co, CommandSituation::default(), &[1, 6, 3]);
        assert_eq!(out.dice_scores, [1, 6, 3]);
        assert_eq!((out.ccps, out.received, out.total), (10, 0, 10));
    }

    #[test]
    fn activities_count_once() {
        let mut co = Co::new("Ptolemy", 2);
        co.activity = vec![CoActivity::InMelee, CoActivity::Reckless];
        co.dispersed = true;
        let out = roll(&co, CommandSituation::default(), &[4, 1]);
        assert_eq!(out.dice_scores, [3, 0], "-1 once; a die never below 0");
        assert!(out.explanation.to_string().contains("(once)"));
    }

    #[test]
    fn wounds_losses_and_initiative() {
        let mut co = Co::new("Antigonus", 2);
        co.status = CoStatus::Killed;
        let s = CommandSituation {
            units_lost: 2,
            initiative: true,
            transfer: None,
        };
        let plan = CommandTest::plan(&co, s).unwrap();
        assert_eq!(plan.deduction(), -5);
        let text = format!("{:?}", plan.per_die);
        assert!(text.contains("killed") && text.contains("2 unit(s) lost"));
        assert!(text.contains("initiative"));
        let mut co = Co::new("Antigonus", 1);
        co.status = CoStatus::Wounded;
        assert_eq!(roll(&co, CommandSituation::default(), &[5]).ccps, 4);
    }

    #[test]
    fn transfers_lose_one_per_whole_ten_cm() {
        let co = Co::new("Eumenes", 1);
        let s = |ccps, distance_cm| CommandSituation {
            transfer: Some(Transfer { ccps, distance_cm }),
            ..CommandSituation::default()
        };
        assert_eq!(roll(&co, s(3, 9), &[2]).received, 3);
        assert_eq!(roll(&co, s(3, 25), &[2]).total, 3);
        assert_eq!(roll(&co, s(1, 40), &[2]).received, 0, "never below 0");
    }

    #[test]
    fn refusals() {
        let mut c = Co::new("Pyrrhus", 3);
        c.c_in_c = true;
        let s = CommandSituation {
            transfer: Some(Transfer::default()),
            ..CommandSituation::default()
        };
        assert!(CommandTest::plan(&c, s).is_err());
        c.stars = 0;
        assert!(CommandTest::plan(&c, CommandSituation::default()).is_err());
        let plan = CommandTest::plan(&Co::new("X", 2), CommandSituation::default()).unwrap();
        let e = plan.resolve(&Dice::white(&[3]).unwrap()).unwrap_err();
        assert!(e.to_string().contains("one die per star"), "{e}");
    }
}
