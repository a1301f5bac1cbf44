//! The Move sequence of Rule 25: what each step requires before the next
//! (routs' attrition, command tests and recuperation; flagged waver tests;
//! evaders' attrition; every melee; generals' wounds), moving on, the
//! referee's go-to, and concluding the Move (Rules 100-101): activities
//! completed, CCPs lapsing (WI-4), marks of the Move cleared.

use super::super::event::{Application, CoId, Event, Phase, UnitId};
use super::super::{Setup, Step};
use super::{Entry, State, co_named, named};
use crate::battle::{BattleError, Owed};
use crate::rules::Side;
use crate::rules::warlord_i::{Activity, JOINED_MELEE, Morale, RALLY_OUTCOME};

impl State {
    /// Routing (in their side's command step) or evading (from the charges
    /// on) units still to roll for attrition this Move (Rule 13, WI-11);
    /// `side` limits the list to one side.
    pub fn fugitives_due(&self, side: Option<Side>) -> impl Iterator<Item = UnitId> + '_ {
        let sides: Vec<Side> = match side {
            Some(s) => vec![s],
            None => vec![Side::A, Side::B],
        };
        sides.into_iter().flat_map(move |s| {
            self.units[s as usize]
                .iter()
                .enumerate()
                .filter(|(_, u)| {
                    !u.off_table()
                        && !u.fugitive_rolled
                        && (u.unit.morale == Morale::Routed || u.unit.is(Activity::Evading))
                })
                .map(move |(i, _)| UnitId::new(s, i))
        })
    }

    /// Routed units of a side still to roll in its command step: routs first (Rule 25, WI-11).
    fn routs_due(&self, side: Side) -> impl Iterator<Item = UnitId> + '_ {
        self.fugitives_due(Some(side))
            .filter(|id| self.units[id.side as usize][id.index].unit.morale == Morale::Routed)
    }

    /// Evading units still to roll once the charges are done (WI-11).
    fn evaders_due(&self) -> impl Iterator<Item = UnitId> + '_ {
        self.fugitives_due(None).filter(|id| {
            let u = &self.units[id.side as usize][id.index];
            u.unit.morale != Morale::Routed && u.unit.is(Activity::Evading)
        })
    }

    /// COs of a side still to take their command test this Move, the
    /// C-in-C first (he gives CCPs to the others, WI-5); a CO whose
    /// division has no unit left on the table has nothing to command.
    pub fn cos_to_test(&self, side: Side) -> Vec<CoId> {
        let mut due: Vec<CoId> = self.cos[side as usize]
            .iter()
            .enumerate()
            .filter(|(i, c)| {
                !c.tested
                    && self.units[side as usize]
                        .iter()
                        .any(|u| u.division == *i && !u.off_table())
            })
            .map(|(i, _)| CoId::new(side, i))
            .collect();
        due.sort_by_key(|c| !self.cos[c.side as usize][c.index].co.c_in_c);
        due
    }

    /// Generals whose unit incurred APs this Move and who have not rolled
    /// for their wounds (Rule 99, WI-21).
    pub fn generals_due(&self) -> Vec<CoId> {
        [Side::A, Side::B]
            .into_iter()
            .flat_map(|s| {
                self.cos[s as usize]
                    .iter()
                    .enumerate()
                    .map(move |(i, c)| (CoId::new(s, i), c))
            })
            .filter(|(_, c)| {
                !c.wound_rolled
                    && !c.co.status.base_lost()
                    && c.with
                        .or(c.left_with)
                        .and_then(|u| self.get(u))
                        .is_some_and(|u| u.aps_this_move > 0)
            })
            .map(|(id, _)| id)
            .collect()
    }

    /// Engaged pairs that have not fought their round this Move (Rule 76).
    fn melees_due(&self) -> impl Iterator<Item = (UnitId, UnitId)> + '_ {
        self.engagements
            .iter()
            .filter(|e| !e.fought_this_move)
            .map(|e| (e.a, e.b))
    }

    /// What the Move sequence of Rule 25 wants next: first the friends
    /// within 10 cm of a disaster just happened (Rules 12, 58; WI-12).
    pub fn next_step(&self) -> Step {
        if let Some(d) = self.friends_due().next() {
            return Step::FriendsWithin10cm(d);
        }
        match self.phase {
            Phase::OrderOfPlay => Step::RollOrderOfPlay,
            Phase::Command(side) => {
                if let Some(u) = self.routs_due(side).next() {
                    Step::Fugitives(u)
                } else if let Some(co) = self.cos_to_test(side).first() {
                    Step::CommandTest(*co)
                } else if !self.recuperated[side as usize] {
                    Step::Recuperation(side)
                } else {
                    Step::EndCommand(side)
                }
            }
            Phase::Shooting => Step::EndShooting,
            Phase::WaverTests => match self.flagged().next() {
                Some(u) => Step::WaverTest(u),
                None => Step::EndWaverTests,
            },
            Phase::Charges => {
                if let Some(u) = self.flagged().next() {
                    Step::WaverTest(u)
                } else if let Some(u) = self.evaders_due().next() {
                    Step::Fugitives(u)
                } else {
                    Step::EndCharges
                }
            }
            Phase::Melees => {
                // Rule 25 puts the waver tests (step 5) before the melees
                // (step 7), and Rule 58 owes a test when a disaster occurs:
                // a test owed for a disaster of the melees is taken at once,
                // before the next round, whose table reads the unit's morale
                // as it then is (Rule 76; WI-12 "currently").
                if let Some(u) = self.flagged().next() {
                    Step::WaverTest(u)
                } else if let Some((a, b)) = self.melees_due().next() {
                    Step::FightMelee(a, b)
                } else {
                    Step::EndMelees
                }
            }
            Phase::Conclude => {
                if let Some(co) = self.generals_due().first() {
                    Step::GeneralRisk(*co)
                } else if let Some(u) = self.flagged().next() {
                    // Rule 58: a general lost is a disaster (WI-12, WI-21):
                    // its friends within 10 cm test before the Move ends.
                    Step::WaverTest(u)
                } else {
                    Step::EndMove
                }
            }
        }
    }

    /// The steps the Move owes (issue 36): the next of Rule 25's, then the
    /// melees still to fight and the waver tests still to take.
    pub fn owed(&self) -> Vec<Owed> {
        let mut owed = vec![Self::owed_step(self.next_step())];
        owed.extend(
            self.melees_due()
                .map(|(a, b)| Self::owed_step(Step::FightMelee(a, b))),
        );
        owed.extend(self.flagged().map(|u| Self::owed_step(Step::WaverTest(u))));
        owed
    }

    /// A step of Rule 25 as the battle owes it, with the units it is about
    /// (a CO's step names none: he is no unit).
    pub fn owed_step(step: Step) -> Owed {
        match step {
            Step::FriendsWithin10cm(_) => Owed::of("name the friends within 10 cm", []),
            Step::RollOrderOfPlay => Owed::of("dice for the order of play", []),
            Step::Fugitives(u) => Owed::of("attrition as fugitives", [u]),
            Step::CommandTest(_) => Owed::of("command test", []),
            Step::Recuperation(_) => Owed::of("recuperation", []),
            Step::EndCommand(_) => Owed::of("end the command step", []),
            Step::EndShooting => Owed::of("end the shooting", []),
            Step::WaverTest(u) => Owed::of("waver test", [u]),
            Step::EndWaverTests => Owed::of("end the waver tests", []),
            Step::EndCharges => Owed::of("end the charges", []),
            Step::FightMelee(a, b) => Owed::of("fight a melee", [a, b]),
            Step::EndMelees => Owed::of("end the melees", []),
            Step::GeneralRisk(_) => Owed::of("wounding roll", []),
            Step::EndMove => Owed::of("conclude the Move", []),
        }
    }

    /// What the step requires before the sequence moves on, in words.
    fn outstanding(&self) -> Vec<String> {
        let unit = |id: UnitId| named(&self.units[id.side as usize][id.index].unit.name, id);
        let co = |id: CoId| co_named(&self.cos[id.side as usize][id.index].co.acting_name(), id);
        let tests = || {
            self.flagged()
                .map(|u| format!("{} takes its waver test (Rule 58, WI-13)", unit(u)))
                .collect::<Vec<_>>()
        };
        let friends = self.friends_due().map(|d| {
            format!(
                "name the friendly units within 10 cm of {} (Rules 12, 58; WI-12)",
                self.disaster_words(d)
            )
        });
        let mut owed: Vec<String> = friends.collect();
        owed.extend(self.owed_by_phase(&unit, &co, &tests));
        owed
    }

    /// What the step itself requires, in words.
    fn owed_by_phase(
        &self,
        unit: &dyn Fn(UnitId) -> String,
        co: &dyn Fn(CoId) -> String,
        tests: &dyn Fn() -> Vec<String>,
    ) -> Vec<String> {
        match self.phase {
            Phase::OrderOfPlay => Vec::new(),
            Phase::Command(side) => {
                let mut owed: Vec<String> = self
                    .routs_due(side)
                    .map(|u| {
                        format!(
                            "{} rolls for attrition after its rout move, routs first (Rule 13, WI-11)",
                            unit(u)
                        )
                    })
                    .collect();
                owed.extend(
                    self.cos_to_test(side)
                        .into_iter()
                        .map(|c| format!("{} takes his command test (Rule 29)", co(c))),
                );
                if !self.recuperated[side as usize] {
                    owed.push(format!(
                        "side {} takes its recuperation step (Rule 15, WI-9)",
                        side.name()
                    ));
                }
                owed
            }
            Phase::Shooting => Vec::new(),
            Phase::WaverTests => tests(),
            Phase::Charges => {
                let mut owed = tests();
                owed.extend(self.evaders_due().map(|u| {
                    format!(
                        "{} rolls for attrition after its evasion (Rule 13, WI-11)",
                        unit(u)
                    )
                }));
                owed
            }
            Phase::Melees => {
                let mut owed = tests();
                owed.extend(self.melees_due().map(|(a, b)| {
                    format!("{} and {} fight their round (Rule 76)", unit(a), unit(b))
                }));
                owed
            }
            Phase::Conclude => {
                let mut owed: Vec<String> = self
                    .generals_due()
                    .into_iter()
                    .map(|c| format!("{} rolls for his wounds (Rule 99, WI-21)", co(c)))
                    .collect();
                owed.extend(tests());
                owed
            }
        }
    }

    /// Whether a unit's pairs in melee are fought at once (WI-H2): the
    /// house option `joined_melee = "at_once"`, or a battle whose melees
    /// were recorded so (saved under that default, before issue 33).
    pub fn melees_at_once(&self, setup: &Setup) -> bool {
        setup.house.word(&JOINED_MELEE) == "at_once" || self.melees_recorded_at_once
    }

    /// Judges an event as the referee records it, with the requirements of
    /// the Move a replay does not judge again: the sequence moves on only
    /// once its step is done.
    pub fn check(&self, setup: &Setup, event: &Event) -> Result<(), BattleError> {
        // WI-H2: a unit that fought another enemy this Move fights this pair
        // as the battle's reading says (a save from before stands as recorded).
        let at_once = self.melees_at_once(setup);
        if let Event::Melee {
            a, b, simultaneous, ..
        } = event
            && *simultaneous != at_once
            && let Some((id, u)) = [*a, *b]
                .into_iter()
                .filter_map(|id| self.get(id).map(|u| (id, u)))
                .find(|(_, u)| u.before_melees.is_some())
        {
            return Err(BattleError::Refused(format!(
                "{} fought another enemy this Move: its pairs are fought {} (Rules 25 step 7, 76; Herald's reading WI-H2, house option 'a unit fighting two enemies')",
                named(&u.unit.name, id),
                if at_once {
                    "at once, its losses to the other not counted here"
                } else {
                    "in turn, each counting what the unit has when its pair is fought"
                }
            )));
        }
        // Rule 62: only "RPs & shaken or dispersed troops etc" rout when
        // wavering or routing friends interpenetrate them; a steady or
        // reckless unit does not (a save from before stands as recorded).
        // Rules 62, 70, 89 (wi4 F4): only evading troops are trapped
        // evaders, and contacted, at least one base is in direct contact.
        if let Event::Rout {
            unit,
            cause: super::super::event::RoutCause::EvadersTrapped,
            bases_in_contact,
        } = event
            && let Some(u) = self.get(*unit)
        {
            let name = named(&u.unit.name, *unit);
            if !u.unit.is(crate::rules::warlord_i::Activity::Evading) {
                return Err(BattleError::Refused(format!(
                    "{name} is not evading, as the record has it: only evading troops trapped and contacted rout for that cause (Rule 62); say the cause that stands, or its activity (a correction)"
                )));
            }
            if *bases_in_contact == 0 {
                return Err(BattleError::Refused(format!(
                    "say how many of {name}'s bases are in direct contact: they are destroyed (Rules 62, 70, 89); at least 1, as it was contacted"
                )));
            }
        }
        if let Event::Rout { unit, cause, .. } = event
            && cause.while_shaken()
            && let Some(u) = self.get(*unit)
            && u.unit.morale < Morale::Shaken
        {
            return Err(BattleError::Refused(format!(
                "{} is {}: only shaken or dispersed troops (or worse) rout when wavering or routing friends interpenetrate them (Rule 62); say the cause that stands, or the morale the table has (a correction)",
                named(&u.unit.name, *unit),
                u.unit.morale
            )));
        }
        // WI-H1: a rally of a routed unit has an outcome, the referee's to say.
        if let Event::Command {
            unit,
            application: Application::Rally,
            facts,
            ..
        } = event
            && facts.rallied.is_none()
            && setup.house.word(&RALLY_OUTCOME) == "referee"
            && let Some(u) = self.get(*unit)
            && u.unit.morale == Morale::Routed
        {
            return Err(BattleError::Refused(format!(
                "say what rallying {} achieved: not rallied (it routs on), rallied to wavering, or rallied to shaken (E54, Herald's reading WI-H1)",
                named(&u.unit.name, *unit)
            )));
        }
        // Rule 25: charges, counter-charges and other attacks are completed
        // in step 6, after the waver tests; a follow-up makes contact in the
        // melees of step 7 (Rule 76). Contact at any other step is out of
        // turn (a save from before stands as recorded).
        if let Event::Engage { a, b } = event
            && !matches!(self.phase, Phase::Charges | Phase::Melees)
        {
            let name = |id: UnitId| {
                self.get(id)
                    .map_or_else(|| id.to_string(), |u| named(&u.unit.name, id))
            };
            return Err(BattleError::OutOfTurn(format!(
                "contact between {} and {} is made when charges are completed (Rule 25 step 6) or by a follow-up in the melees (step 7), but Move {} is at {} (step {}); record a go-to to move the sequence first",
                name(*a),
                name(*b),
                self.turn,
                self.phase,
                self.phase.step()
            )));
        }
        if let Event::NextPhase = event {
            let owed = self.outstanding();
            if !owed.is_empty() {
                return Err(BattleError::OutOfTurn(format!(
                    "{} is not done (Rule 25 step {}); first: {} (or the referee sets it aside, or moves on with a go-to)",
                    self.phase,
                    self.phase.step(),
                    owed.join("; ")
                )));
            }
        }
        Ok(())
    }

    /// The next step of Rule 25.
    pub(super) fn next_phase(&mut self, entry: &mut Entry) -> Result<(), BattleError> {
        self.phase = match self.phase {
            Phase::OrderOfPlay => {
                return Err(BattleError::OutOfTurn(
                    "dice for the order of play first (Rule 26, WI-3); a go-to skips it"
                        .to_string(),
                ));
            }
            Phase::Command(side) => {
                // Rule 25 steps 2-3: Player 1, then Player 2, then shooting.
                if self.player_1.unwrap_or(side) == side {
                    Phase::Command(side.other())
                } else {
                    Phase::Shooting
                }
            }
            Phase::Shooting => Phase::WaverTests,
            Phase::WaverTests => Phase::Charges,
            Phase::Charges => Phase::Melees,
            Phase::Melees => Phase::Conclude,
            Phase::Conclude => {
                self.conclude();
                self.turn += 1;
                Phase::OrderOfPlay
            }
        };
        entry.summary = format!(
            "next: Move {}, {} (step {})",
            self.turn,
            self.phase,
            self.phase.step()
        );
        Ok(())
    }

    /// The referee moves the sequence elsewhere; a move to another Move
    /// concludes this one first.
    pub(super) fn go_to(
        &mut self,
        turn: u32,
        phase: Phase,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        if turn == 0 {
            return Err(BattleError::Refused("Moves are counted from 1".to_string()));
        }
        if turn != self.turn {
            self.conclude();
        }
        self.turn = turn;
        self.phase = phase;
        match phase {
            Phase::OrderOfPlay => self.player_1 = None,
            Phase::Command(s) if self.player_1.is_none() => self.player_1 = Some(s),
            _ => {}
        }
        entry.summary = format!(
            "the referee moves the battle to Move {turn}, {phase} (step {})",
            phase.step()
        );
        Ok(())
    }

    /// Concludes the Move (Rules 100-101): charges, counter-charges,
    /// advances and evasions are complete; waver tests, commands, shots and
    /// fugitives' rolls are counted afresh; unspent CCPs lapse (WI-4); a
    /// command base dispersed last Move gathers again (Rule 99, 7);
    /// this Move's disasters no longer count (WI-12).
    fn conclude(&mut self) {
        let done = [
            Activity::Charging,
            Activity::CounterCharging,
            Activity::BeingCharged,
            Activity::Advancing,
            Activity::Evading,
        ];
        for side in &mut self.units {
            for u in side {
                u.unit.waver_tested = false;
                u.unit.activity.retain(|a| !done.contains(a));
                u.commands.clear();
                u.charge_target = None;
                u.initiative = None;
                u.flags.clear();
                u.shot = false;
                u.fugitive_rolled = false;
                u.aps_this_move = 0;
                u.fought_this_move = false;
                u.before_melees = None;
                u.near_disaster = false;
            }
        }
        let turn = self.turn;
        for side in &mut self.cos {
            for c in side {
                c.ccps = 0;
                c.tested = false;
                c.wound_rolled = false;
                c.left_with = None;
                if c.co.dispersed && c.dispersed_in.is_none_or(|d| turn > d) {
                    c.co.dispersed = false;
                    c.dispersed_in = None;
                }
            }
        }
        for e in &mut self.engagements {
            e.fought_this_move = false;
        }
        self.recuperated = [false, false];
        self.disasters.clear();
        self.friends_named.clear();
        self.player_1 = None;
    }
}
