//! The order of play (Rule 26) and command control (Rules 27-37): command
//! tests with the C-in-C's transfers, CCPs spent on units and refused when
//! short, an isolated unit's initiative, and dicing to enter or return to
//! the field (Rule 47).

use super::super::Setup;
use super::super::event::{
    Application, CoId, CommandFacts, EnterFacts, Phase, RallyOutcome, TransferFacts, UnitId,
};
use super::{Entry, State, co_named, dice_text, incurred, named};
use crate::battle::BattleError;
use crate::dice::Dice;
use crate::rules::Side;
use crate::rules::explain::cite;
use crate::rules::named::Named;
use crate::rules::warlord_i::{
    Activity, CcpCost, CcpSituation, ChargeTarget, CoActivity, CommandSituation, CommandTest,
    EnterField, EnterSituation, Initiative, InitiativeSituation, Morale, OrderOfPlay, OrderWinner,
    RALLY_OUTCOME, SidesDice, Transfer, Unit, WinnerMoves,
};

/// What an enemy is to an OO unit prompted to charge it (Rule 29, WI-6).
pub fn charge_target(enemy: &Unit) -> ChargeTarget {
    if enemy.is_oo() {
        ChargeTarget::Oo
    } else if enemy.troop_type.is_artillery() {
        ChargeTarget::Artillery
    } else {
        ChargeTarget::Other
    }
}

impl State {
    /// Each side's die for the order of play (Rule 26, WI-3): the winner
    /// chooses; equal dice roll again.
    pub(super) fn order_of_play(
        &mut self,
        setup: &Setup,
        winner_moves: WinnerMoves,
        dice: &SidesDice,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        self.expect_phase(Phase::OrderOfPlay, "dicing for the order of play")?;
        let out = OrderOfPlay::plan(winner_moves).resolve(dice)?;
        entry.roll(&format!("side a ({})", setup.label(Side::A)), &dice.a);
        entry.roll(&format!("side b ({})", setup.label(Side::B)), &dice.b);
        let (a, b) = (dice_text(&dice.a), dice_text(&dice.b));
        entry.summary = match (out.winner, out.player_1) {
            (OrderWinner::Side(w), Some(p1)) => format!(
                "order of play for Move {}: side a rolls {a}, side b {b}: side {} wins and moves {}: side {} is Player 1",
                self.turn,
                w.name(),
                if w == p1 { "first" } else { "second" },
                p1.name()
            ),
            _ => format!(
                "order of play for Move {}: side a rolls {a}, side b {b}: equal, roll again",
                self.turn
            ),
        };
        entry.explanation = out.explanation;
        if let Some(p1) = out.player_1 {
            self.player_1 = Some(p1);
            // Rule 25 step 2: Player 1's command, recuperation and movement.
            self.phase = Phase::Command(p1);
        }
        Ok(())
    }

    /// A CO's command test (Rule 29, WI-4) with the C-in-C's transfer (WI-5).
    pub(super) fn command_test(
        &mut self,
        id: CoId,
        transfer: Option<TransferFacts>,
        dice: &Dice,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let c = self.co_state(id)?;
        // WI-4: a lost CO's successor tests with his stars.
        let name = c.co.acting_name();
        self.expect_phase(
            Phase::Command(id.side),
            &format!("{}'s command test", co_named(&name, id)),
        )?;
        if c.tested {
            return Err(BattleError::OutOfTurn(format!(
                "{} has taken his command test this Move; a CO tests once a Move (Rule 29, WI-4)",
                co_named(&name, id)
            )));
        }
        let giver = match transfer {
            None => None,
            Some(t) => Some((self.giver(id, &name, t)?, t)),
        };
        let out = self.command_test_plan(id, transfer)?.resolve(dice)?;
        entry.roll(&name, dice);
        entry.summary = format!(
            "{} takes his command test: {}: {}{}",
            co_named(&name, id),
            dice_text(dice),
            ccps(out.total),
            if out.received > 0 || transfer.is_some() {
                format!(" ({} his own, {} from the C-in-C)", out.ccps, out.received)
            } else {
                String::new()
            }
        );
        entry.explanation = out.explanation;
        if let Some((g, t)) = giver {
            let before = self.cos[g.side as usize][g.index].ccps;
            let after = before - t.ccps;
            let gname = self.cos[g.side as usize][g.index].co.acting_name();
            entry.effects.push(self.co_effect(
                g,
                "ccps",
                before.to_string(),
                after.to_string(),
                format!("{gname}: gives {}, {after} left", ccps(t.ccps)),
            ));
            self.co_mut(g).ccps = after;
        }
        let before = self.cos[id.side as usize][id.index].ccps;
        entry.effects.push(self.co_effect(
            id,
            "ccps",
            before.to_string(),
            out.total.to_string(),
            format!("{name}: {} to spend this Move", ccps(out.total)),
        ));
        let slot = self.co_mut(id);
        slot.ccps = out.total;
        slot.tested = true;
        Ok(())
    }

    /// A CO's command test as the battle stands (Rule 29, WI-4): his wounds,
    /// dispersal and doings, those of the unit he is with, the units his
    /// division lost, and the C-in-C's transfer (WI-5).
    pub(crate) fn command_test_plan(
        &self,
        id: CoId,
        transfer: Option<TransferFacts>,
    ) -> Result<CommandTest, BattleError> {
        let c = self.co_state(id)?;
        // WI-5: a transfer the C-in-C cannot make is refused before the dice.
        if let Some(t) = transfer
            && t.ccps > 0
        {
            self.giver(id, &c.co.acting_name(), t)?;
        }
        let situation = CommandSituation {
            units_lost: self.units_lost(id),
            initiative: false,
            transfer: transfer.map(|t| Transfer {
                ccps: t.ccps,
                distance_cm: t.distance_cm,
            }),
        };
        let co = self.co_view(id).unwrap_or_else(|| c.co.clone());
        Ok(CommandTest::plan(&co, situation)?)
    }

    /// The C-in-C who gives a CO CCPs, checked (Rule 29, WI-5).
    fn giver(&self, id: CoId, name: &str, t: TransferFacts) -> Result<CoId, BattleError> {
        let refuse = |why: String| Err(BattleError::Refused(why));
        let Some(g) = self.c_in_c_of(id) else {
            return refuse(format!(
                "{name}'s army has no C-in-C to give him CCPs (Rule 29, WI-5)"
            ));
        };
        if g == id {
            return refuse(format!(
                "{name} is the C-in-C: he gives CCPs to divisional COs and receives none (Rule 29, WI-5)"
            ));
        }
        let giver = &self.cos[g.side as usize][g.index];
        if !giver.tested {
            return refuse(format!(
                "the C-in-C {} has not taken his command test this Move: he has no CCPs to give yet (Rule 29, WI-5)",
                co_named(&giver.co.acting_name(), g)
            ));
        }
        if giver.ccps < t.ccps {
            return refuse(format!(
                "the C-in-C {} has {} CCPs left; he cannot give {} (Rule 29, WI-5)",
                co_named(&giver.co.acting_name(), g),
                giver.ccps,
                t.ccps
            ));
        }
        Ok(g)
    }

    /// What commanding a unit costs, with the CO who pays and what he has
    /// (Rule 29, E54, WI-6); refused when the sequence does not allow it.
    pub(crate) fn command_cost(
        &self,
        unit: UnitId,
        co: CoId,
        application: Application,
        target: Option<UnitId>,
        facts: CommandFacts,
    ) -> Result<CcpCost, BattleError> {
        let u = self.on_table(unit)?;
        let c = self.co_state(co)?;
        let (uname, cname) = (u.unit.name.clone(), c.co.acting_name());
        let own = self.division_co(unit);
        if co.side != unit.side || (co != own && self.c_in_c_of(own) != Some(co)) {
            return Err(BattleError::Refused(format!(
                "{} is commanded by its division's CO, {}, or its army's C-in-C; not by {} (Rule 29)",
                named(&uname, unit),
                co_named(
                    &self.cos[own.side as usize][own.index].co.acting_name(),
                    own
                ),
                co_named(&cname, co)
            )));
        }
        match application {
            // E54: the responding opponent authorises responses in the mover's step, or as charges go home.
            Application::Response => {
                if self.phase != Phase::Command(unit.side.other()) && self.phase != Phase::Charges {
                    return Err(self.out_of_step(
                        &format!("authorising a response by {uname}"),
                        &format!(
                            "side {}'s command step or the charges (Rule 25 steps 2-3, 6; E54)",
                            unit.side.other().name()
                        ),
                    ));
                }
            }
            // E54: every other application is the mover's, in his own command step.
            _ => {
                if self.phase != Phase::Command(unit.side) {
                    return Err(self.out_of_step(
                        &format!("commanding {uname} for {}", application.title()),
                        &format!(
                            "side {}'s command step (Rule 25 steps 2-3, E54)",
                            unit.side.name()
                        ),
                    ));
                }
            }
        }
        if !c.tested {
            return Err(BattleError::OutOfTurn(format!(
                "{} has not taken his command test this Move: he has no CCPs yet (Rule 29)",
                co_named(&cname, co)
            )));
        }
        if u.commands.contains(&application) {
            return Err(BattleError::Refused(format!(
                "{} has already been commanded for {} this Move (E54)",
                named(&uname, unit),
                application.title()
            )));
        }
        let charge_target = match target {
            Some(t) => {
                if !matches!(application, Application::Attack | Application::Prompt) {
                    return Err(BattleError::Refused(format!(
                        "only an attack or a prompt names an enemy; {} is {} (E54)",
                        application.name(),
                        application.title()
                    )));
                }
                self.enemies(unit, t)?;
                Some(charge_target(&self.units[t.side as usize][t.index].unit))
            }
            None => facts.charge_target,
        };
        let situation = CcpSituation {
            rally: application == Application::Rally,
            restrain_and_prompt: facts.restrain_and_prompt,
            charge_target,
            distance_cm: facts.distance_cm,
            // WI-4, WI-6: the unit's own division's CO base is lost.
            co_base_lost: self.cos[own.side as usize][own.index].co.status.base_lost(),
        };
        Ok(CcpCost::plan(&u.unit, situation)?)
    }

    /// A CO spends a unit's cost on one of E54's applications; refused when
    /// he has fewer CCPs left (Rule 29, WI-6).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn command(
        &mut self,
        setup: &Setup,
        unit: UnitId,
        co: CoId,
        application: Application,
        target: Option<UnitId>,
        facts: CommandFacts,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let plan = self.command_cost(unit, co, application, target, facts)?;
        let have = self.cos[co.side as usize][co.index].ccps;
        let cname = self.cos[co.side as usize][co.index].co.acting_name();
        let uname = plan.unit.name.clone();
        let cost = plan.cost();
        let Some(left) = have.checked_sub(cost) else {
            return Err(BattleError::Refused(format!(
                "commanding {} for {} costs {cost} CCPs; {} has {have} left (Rule 29, WI-6)",
                named(&uname, unit),
                application.title(),
                co_named(&cname, co)
            )));
        };
        let out = plan.resolve(Some(have));
        entry.summary = format!(
            "{} commands {} for {}: {}, {left} left",
            co_named(&cname, co),
            named(&uname, unit),
            application.title(),
            ccps(cost)
        );
        entry.explanation = out.explanation;
        entry.effects.push(self.co_effect(
            co,
            "ccps",
            have.to_string(),
            left.to_string(),
            format!("{cname}: spends {} on {uname}, {left} left", ccps(cost)),
        ));
        self.co_mut(co).ccps = left;
        let before = self.units[unit.side as usize][unit.index].unit.clone();
        self.get_mut(unit).commands.push(application);
        if application == Application::Rally && before.morale == Morale::Routed {
            self.rally(setup, unit, facts.rallied, entry);
        }
        if let (Application::Attack, Some(t)) = (application, target) {
            // Rules 63-75 (WI-23): the charge is declared; the table completes it.
            add_activity(&mut self.get_mut(unit).unit, Activity::Charging);
            self.get_mut(unit).charge_target = Some(t);
            let tbefore = self.units[t.side as usize][t.index].unit.clone();
            add_activity(&mut self.get_mut(t).unit, Activity::BeingCharged);
            self.settle(t, &tbefore, entry);
        }
        self.settle(unit, &before, entry);
        Ok(())
    }

    /// What a rally of a routed unit achieved (E54 application 2): the
    /// playsheet prices it (+1 CCP, Rule 29) but does not say what it
    /// does. Herald's reading WI-H1 (`docs/readings-warlord-i.md`): the
    /// referee says whether the rally took; rallied, the unit stops
    /// routing and is wavering or shaken, as he says (never steady: only a
    /// waver test of 10 or more makes troops steady, Rule 60); not
    /// rallied, it routs on. The house option `rally_outcome =
    /// "recuperation_only"` reads the sheet literally: a rally only speeds
    /// recuperation (WI-9).
    fn rally(
        &mut self,
        setup: &Setup,
        unit: UnitId,
        outcome: Option<RallyOutcome>,
        entry: &mut Entry,
    ) {
        let name = named(&self.units[unit.side as usize][unit.index].unit.name, unit);
        let house = &setup.house;
        if house.word(&RALLY_OUTCOME) == "recuperation_only" {
            entry.explanation.line(
                RALLY_OUTCOME.line(house.value(&RALLY_OUTCOME)),
                RALLY_OUTCOME.cite(),
            );
            entry.summary.push_str("; it routs on (house option)");
            return;
        }
        match outcome.and_then(RallyOutcome::morale) {
            Some(m) => {
                entry.explanation.line(
                    format!(
                        "the rally takes, as the referee says: {name} stops routing and is {m}"
                    ),
                    cite("E54", "WI-H1"),
                );
                entry.summary.push_str(&format!("; rallied: now {m}"));
                self.get_mut(unit).unit.morale = m;
            }
            None => {
                entry.explanation.line(
                    format!("the rally does not take, as the referee says: {name} routs on"),
                    cite("E54", "WI-H1"),
                );
                entry.summary.push_str("; not rallied: it routs on");
            }
        }
    }

    /// An isolated unit's CO on his initiative (Rules 29, 37, 62; WI-7).
    pub(super) fn initiative(
        &mut self,
        unit: UnitId,
        co_activity: &[CoActivity],
        facts: CommandFacts,
        dice: &Dice,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let u = self.on_table(unit)?;
        let name = u.unit.name.clone();
        self.expect_phase(
            Phase::Command(unit.side),
            &format!("{}'s initiative", named(&name, unit)),
        )?;
        if u.initiative.is_some() || !u.commands.is_empty() {
            return Err(BattleError::Refused(format!(
                "{} has already {} this Move; initiative is for a unit its COs have not commanded (Rule 37, WI-7)",
                named(&name, unit),
                if u.initiative.is_some() {
                    "tested on its CO's initiative"
                } else {
                    "been commanded"
                }
            )));
        }
        let out = self
            .initiative_plan(unit, co_activity, facts)?
            .resolve(dice)?;
        entry.roll(&format!("{name}'s CO"), dice);
        entry.summary = format!(
            "{} on its CO's initiative: {}: {} CCPs against a cost of {}: {}",
            named(&name, unit),
            dice_text(dice),
            out.ccps,
            out.cost,
            if out.success {
                "it acts"
            } else {
                "it withdraws in disorder"
            }
        );
        entry.explanation = out.explanation;
        let gained = incurred(&u.unit, &out.after);
        self.get_mut(unit).initiative = Some(out.success);
        self.write_after(unit, &out.after, gained, entry);
        Ok(())
    }

    /// An isolated unit's initiative test as the battle stands, before the
    /// dice (Rules 29, 37; WI-7): its CO's stars and doings, the cost of
    /// commanding it.
    pub(crate) fn initiative_plan(
        &self,
        unit: UnitId,
        co_activity: &[CoActivity],
        facts: CommandFacts,
    ) -> Result<Initiative, BattleError> {
        let u = self.on_table(unit)?;
        let situation = InitiativeSituation {
            ccp: CcpSituation {
                rally: false,
                restrain_and_prompt: facts.restrain_and_prompt,
                charge_target: facts.charge_target,
                distance_cm: facts.distance_cm,
                co_base_lost: false,
            },
            co_activity: co_activity.to_vec(),
        };
        Ok(Initiative::plan(&u.unit, situation)?)
    }

    /// A unit's attempt to enter or return as the battle stands, before the
    /// dice (Rule 47, WI-22): the leading CO's stars, its earlier failures.
    pub(crate) fn enter_plan(
        &self,
        unit: UnitId,
        facts: EnterFacts,
    ) -> Result<EnterField, BattleError> {
        let u = self.unit(unit)?;
        if u.lost() {
            self.on_table(unit)?;
        }
        let mut entering = u.unit.clone();
        if let Some(co) = facts.led_by {
            let c = self.co_state(co)?;
            if co.side != unit.side {
                return Err(BattleError::Refused(format!(
                    "{} is an enemy CO: a unit enters led by one of its own (Rule 47)",
                    co_named(&c.co.name, co)
                )));
            }
            // Rule 47, WI-22: the leading CO's stars.
            entering.co_stars = if c.co.status.base_lost() {
                0
            } else {
                c.co.stars
            };
        }
        let situation = EnterSituation {
            previous_failures: u.entry_failures,
            flank_march_cm: facts.flank_march_cm,
            returning: facts.returning,
            pursuers_not_returned: facts.pursuers_not_returned,
            opposing_bases: facts.opposing_bases,
        };
        Ok(EnterField::plan(&entering, situation)?)
    }

    /// A unit off the table dices to enter or return (Rule 47, WI-22).
    pub(super) fn enter_field(
        &mut self,
        unit: UnitId,
        facts: EnterFacts,
        dice: &Dice,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let u = self.unit(unit)?;
        let name = u.unit.name.clone();
        if u.lost() {
            self.on_table(unit)?;
        }
        if !u.removed {
            return Err(BattleError::Refused(format!(
                "{} is on the table; only troops off it dice to enter or return (Rule 47); the referee takes a unit off with a correction",
                named(&name, unit)
            )));
        }
        self.expect_phase(
            Phase::Command(unit.side),
            &format!("{} dicing to enter", named(&name, unit)),
        )?;
        let out = self.enter_plan(unit, facts)?.resolve(dice)?;
        entry.roll(&name, dice);
        entry.summary = format!(
            "{} dices to enter: {}: score {}: {}",
            named(&name, unit),
            dice_text(dice),
            out.score,
            match out.outcome {
                crate::rules::warlord_i::Entry::IntendedPoint => "enters at the intended point",
                crate::rules::warlord_i::Entry::NearerBaseline =>
                    "arrives 30 cm nearer the baseline",
                crate::rules::warlord_i::Entry::Fails => "fails",
            }
        );
        entry.explanation = out.explanation;
        let slot = self.get_mut(unit);
        if out.enters {
            slot.removed = false;
            slot.entry_failures = 0;
            entry.effects.push(crate::battle::Effect {
                unit,
                name: name.clone(),
                field: "removed",
                from: "true".to_string(),
                to: "false".to_string(),
                text: format!("{name}: enters the field"),
                leaves_table: false,
            });
        } else {
            slot.entry_failures += 1;
        }
        Ok(())
    }
}

/// Adds an activity a unit is not already doing.
pub(super) fn add_activity(unit: &mut Unit, a: Activity) {
    if !unit.is(a) {
        unit.activity.push(a);
    }
}

/// A number of CCPs in words: `1 CCP`, `3 CCPs`.
fn ccps(n: u32) -> String {
    if n == 1 {
        "1 CCP".to_string()
    } else {
        format!("{n} CCPs")
    }
}
