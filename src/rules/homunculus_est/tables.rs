//! The sheet's tables as data, each pinned by a test to its section.

use crate::named_enum;

/// MOVEMENT ACTIVATION: Movement Points by modified roll (1: 0; 2-3: 1;
/// 4-5: 2; 6-7: 3; 8-9: 4); above 9 the last column (HE-13, gap-filling).
pub fn movement_points(modified: i32) -> u32 {
    match modified {
        i32::MIN..=1 => 0,
        2..=3 => 1,
        4..=5 => 2,
        6..=7 => 3,
        _ => 4,
    }
}

/// A manoeuvre of MANOEUVRE TEST's table, or leaving an enemy ZOC (HE-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Manoeuvre {
    /// Oblique Advance.
    ObliqueAdvance,
    /// Forward Turn 90°.
    ForwardTurn,
    /// Drifting.
    Drifting,
    /// About Face 180°.
    AboutFace,
    /// Moving forward in Rough Terrain (per square).
    RoughForward,
    /// Leaving an enemy ZOC: a test with no cost of its own.
    LeaveZoc,
}
named_enum!(Manoeuvre {
    "oblique_advance" => Manoeuvre::ObliqueAdvance,
    "forward_turn" => Manoeuvre::ForwardTurn,
    "drifting" => Manoeuvre::Drifting,
    "about_face" => Manoeuvre::AboutFace,
    "rough_forward" => Manoeuvre::RoughForward,
    "leave_zoc" => Manoeuvre::LeaveZoc,
});

impl Manoeuvre {
    /// Its cost in Movement Points (MANOEUVRE TEST, Manoeuvres; HE-15).
    pub fn cost(self) -> u32 {
        match self {
            Manoeuvre::ObliqueAdvance
            | Manoeuvre::ForwardTurn
            | Manoeuvre::Drifting
            | Manoeuvre::AboutFace => 2,
            Manoeuvre::RoughForward => 1,
            Manoeuvre::LeaveZoc => 0,
        }
    }
}

/// A combat die's result (COMBAT RESULTS, HE-18), or none when cancelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CombatResult {
    /// 1 Repulsed.
    Repulsed,
    /// 2 Grind.
    Grind,
    /// 3 Stand.
    Stand,
    /// 4 Push Back.
    PushBack,
    /// 5 Advance.
    Advance,
    /// 6 Crunch.
    Crunch,
    /// A Defence die matched: the attack has no effect (HE-17).
    NoEffect,
}
named_enum!(CombatResult {
    "repulsed" => CombatResult::Repulsed,
    "grind" => CombatResult::Grind,
    "stand" => CombatResult::Stand,
    "push_back" => CombatResult::PushBack,
    "advance" => CombatResult::Advance,
    "crunch" => CombatResult::Crunch,
    "no_effect" => CombatResult::NoEffect,
});

/// COMBAT RESULTS: the result of a chosen face.
pub fn combat_result(face: u8) -> CombatResult {
    match face {
        1 => CombatResult::Repulsed,
        2 => CombatResult::Grind,
        3 => CombatResult::Stand,
        4 => CombatResult::PushBack,
        5 => CombatResult::Advance,
        _ => CombatResult::Crunch,
    }
}

/// A shooting result (SHOOTING RESULTS, HE-23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShootingResult {
    /// 1 (or less) Short of Ammunition.
    ShortOfAmmunition,
    /// 2-3 No Effect.
    NoEffect,
    /// 4 Push Back.
    PushBack,
    /// 5 Telling Shots.
    TellingShots,
    /// 6 Withering Shooting.
    WitheringShooting,
}
named_enum!(ShootingResult {
    "short_of_ammunition" => ShootingResult::ShortOfAmmunition,
    "no_effect" => ShootingResult::NoEffect,
    "push_back" => ShootingResult::PushBack,
    "telling_shots" => ShootingResult::TellingShots,
    "withering_shooting" => ShootingResult::WitheringShooting,
});

/// SHOOTING RESULTS by score (natural less penalty; 1 or less is the lowest row, HE-23).
pub fn shooting_result(score: i32) -> ShootingResult {
    match score {
        i32::MIN..=1 => ShootingResult::ShortOfAmmunition,
        2..=3 => ShootingResult::NoEffect,
        4 => ShootingResult::PushBack,
        5 => ShootingResult::TellingShots,
        _ => ShootingResult::WitheringShooting,
    }
}

/// PUSH BACK and FOLLOW UP (the same table): squares by 1D6, Formed
/// Infantry (1: 0, 2-4: 1, 5-6: 2) or Skirmishers and Cavalry (1: 1, 2-4: 2,
/// 5-6: 3) (HE-24, HE-25).
pub fn distance(die: u8, cavalry_or_skirmisher: bool) -> u32 {
    let base = match die {
        1 => 0,
        2..=4 => 1,
        _ => 2,
    };
    base + u32::from(cavalry_or_skirmisher)
}

/// FAILED DISCIPLINE and FAILED REFORM OUTCOME rows (2-4 Rout, 5-6
/// Retiring, 7-12 Disordered; a total below 2 is the lowest row, HE-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FailedRow {
    /// 2-4 Rout.
    Rout,
    /// 5-6 Retiring.
    Retiring,
    /// 7-12 Disordered.
    Disordered,
}
named_enum!(FailedRow {
    "rout" => FailedRow::Rout,
    "retiring" => FailedRow::Retiring,
    "disordered" => FailedRow::Disordered,
});

/// The FAILED ... OUTCOME row of a modified 2D6 total.
pub fn failed_row(total: i32) -> FailedRow {
    match total {
        i32::MIN..=4 => FailedRow::Rout,
        5..=6 => FailedRow::Retiring,
        _ => FailedRow::Disordered,
    }
}

/// What happened to a general's unit (RISK TO GENERALS 1), least serious first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RiskEvent {
    /// Pushed Back: injured on 2.
    PushedBack,
    /// Disordered: 2-3.
    Disordered,
    /// Retiring: 2-4.
    Retiring,
    /// Routing: 2-5.
    Routing,
}
named_enum!(RiskEvent {
    "pushed_back" => RiskEvent::PushedBack,
    "disordered" => RiskEvent::Disordered,
    "retiring" => RiskEvent::Retiring,
    "routing" => RiskEvent::Routing,
});

impl RiskEvent {
    /// The highest 2D6 total that injures (RISK TO GENERALS 1).
    pub fn injured_up_to(self) -> u32 {
        match self {
            RiskEvent::PushedBack => 2,
            RiskEvent::Disordered => 3,
            RiskEvent::Retiring => 4,
            RiskEvent::Routing => 5,
        }
    }
}

/// An injured general's fate (RISK TO GENERALS 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Injury {
    /// 1-2 killed.
    Killed,
    /// 3-4 seriously wounded.
    SeriouslyWounded,
    /// 5-6 lightly wounded.
    LightlyWounded,
}

/// RISK TO GENERALS 2 by 1D6.
pub fn injury(die: u8) -> Injury {
    match die {
        1..=2 => Injury::Killed,
        3..=4 => Injury::SeriouslyWounded,
        _ => Injury::LightlyWounded,
    }
}

impl Injury {
    /// The highest die that removes a Command Point (1-3, 1-2, 1).
    pub fn point_lost_up_to(self) -> u8 {
        match self {
            Injury::Killed => 3,
            Injury::SeriouslyWounded => 2,
            Injury::LightlyWounded => 1,
        }
    }
}

/// SKIRMISH AND RESERVE LINES OUTCOME: the highest die that removes a line
/// (infantry or cavalry 1-4, Light Chariots 1-3, Elephants 1-2; HE-31).
pub fn line_removed_up_to(line: super::LineKind) -> u8 {
    use super::LineKind as L;
    match line {
        L::Infantry | L::Cavalry => 4,
        L::LightChariot => 3,
        L::Elephant => 2,
    }
}

/// The event of LOST EAGLES AND CENTURION CASUALTIES' rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EagleEvent {
    /// Routed from Combat.
    RoutedCombat,
    /// Routed not from Combat.
    RoutedOther,
    /// Retiring from Combat.
    RetiringCombat,
    /// Retiring not from Combat.
    RetiringOther,
}
named_enum!(EagleEvent {
    "routed_combat" => EagleEvent::RoutedCombat,
    "routed_other" => EagleEvent::RoutedOther,
    "retiring_combat" => EagleEvent::RetiringCombat,
    "retiring_other" => EagleEvent::RetiringOther,
});

/// The result of the Lost Eagles roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EagleResult {
    /// Eagle Lost.
    EagleLost,
    /// Centurion Casualties.
    CenturionCasualties,
    /// No Effect.
    NoEffect,
}
named_enum!(EagleResult {
    "eagle_lost" => EagleResult::EagleLost,
    "centurion_casualties" => EagleResult::CenturionCasualties,
    "no_effect" => EagleResult::NoEffect,
});

/// LOST EAGLES AND CENTURION CASUALTIES by 2D6 total and row.
pub fn eagles(total: u32, event: EagleEvent) -> EagleResult {
    // (highest Eagle Lost total, highest Centurion Casualties total)
    let (eagle, centurion) = match event {
        EagleEvent::RoutedCombat => (6, 8),
        EagleEvent::RoutedOther => (5, 7),
        EagleEvent::RetiringCombat => (2, 4),
        EagleEvent::RetiringOther => (2, 3),
    };
    if total <= eagle {
        EagleResult::EagleLost
    } else if total <= centurion {
        EagleResult::CenturionCasualties
    } else {
        EagleResult::NoEffect
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::homunculus_est::LineKind;

    #[test]
    fn movement_table() {
        // MOVEMENT ACTIVATION: Modified Roll 1, 2/3, 4/5, 6/7, 8/9 -> 0-4.
        let got: Vec<u32> = (1..=10).map(movement_points).collect();
        assert_eq!(got, [0, 1, 1, 2, 2, 3, 3, 4, 4, 4]);
    }

    #[test]
    fn manoeuvre_costs() {
        // MANOEUVRE TEST, Manoeuvres: 2, 2, 2, 2, 1.
        use Manoeuvre::*;
        let costs: Vec<u32> = [
            ObliqueAdvance,
            ForwardTurn,
            Drifting,
            AboutFace,
            RoughForward,
            LeaveZoc,
        ]
        .iter()
        .map(|m| m.cost())
        .collect();
        assert_eq!(costs, [2, 2, 2, 2, 1, 0]);
    }

    #[test]
    fn combat_and_shooting_results() {
        use CombatResult::*;
        let c: Vec<_> = (1..=6).map(combat_result).collect();
        assert_eq!(c, [Repulsed, Grind, Stand, PushBack, Advance, Crunch]);
        use ShootingResult as S;
        let s: Vec<_> = (-1..=6).map(shooting_result).collect();
        assert_eq!(
            s,
            [
                S::ShortOfAmmunition,
                S::ShortOfAmmunition,
                S::ShortOfAmmunition,
                S::NoEffect,
                S::NoEffect,
                S::PushBack,
                S::TellingShots,
                S::WitheringShooting
            ]
        );
    }

    #[test]
    fn push_back_and_follow_up_distances() {
        // PUSH BACK / FOLLOW UP: Formed Infantry 0/1/1/1/2/2, others 1/2/2/2/3/3.
        let f: Vec<u32> = (1..=6).map(|d| distance(d, false)).collect();
        let c: Vec<u32> = (1..=6).map(|d| distance(d, true)).collect();
        assert_eq!(f, [0, 1, 1, 1, 2, 2]);
        assert_eq!(c, [1, 2, 2, 2, 3, 3]);
    }

    #[test]
    fn failed_outcome_rows() {
        use FailedRow::*;
        let r: Vec<_> = (0..=12).map(failed_row).collect();
        assert_eq!(
            r,
            [
                Rout, Rout, Rout, Rout, Rout, Retiring, Retiring, Disordered, Disordered,
                Disordered, Disordered, Disordered, Disordered
            ]
        );
    }

    #[test]
    fn general_risk_and_injury() {
        assert_eq!(RiskEvent::PushedBack.injured_up_to(), 2);
        assert_eq!(RiskEvent::Disordered.injured_up_to(), 3);
        assert_eq!(RiskEvent::Retiring.injured_up_to(), 4);
        assert_eq!(RiskEvent::Routing.injured_up_to(), 5);
        let i: Vec<_> = (1..=6).map(injury).collect();
        use Injury::*;
        assert_eq!(
            i,
            [
                Killed,
                Killed,
                SeriouslyWounded,
                SeriouslyWounded,
                LightlyWounded,
                LightlyWounded
            ]
        );
        assert_eq!(
            [Killed, SeriouslyWounded, LightlyWounded].map(|i| i.point_lost_up_to()),
            [3, 2, 1]
        );
    }

    #[test]
    fn lines_and_eagles() {
        assert_eq!(line_removed_up_to(LineKind::Infantry), 4);
        assert_eq!(line_removed_up_to(LineKind::Cavalry), 4);
        assert_eq!(line_removed_up_to(LineKind::LightChariot), 3);
        assert_eq!(line_removed_up_to(LineKind::Elephant), 2);
        use EagleEvent::*;
        use EagleResult::*;
        let row = |e| (2..=12).map(|t| eagles(t, e)).collect::<Vec<_>>();
        let count = |v: &[EagleResult], r| v.iter().filter(|x| **x == r).count();
        for (e, el, cc) in [
            (RoutedCombat, 5, 2),
            (RoutedOther, 4, 2),
            (RetiringCombat, 1, 2),
            (RetiringOther, 1, 1),
        ] {
            let v = row(e);
            assert_eq!(
                (count(&v, EagleLost), count(&v, CenturionCasualties)),
                (el, cc),
                "{e}"
            );
        }
    }
}
