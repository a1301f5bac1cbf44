//! The playsheet's lookup tables as data: movement distances (Rule 39),
//! manoeuvre times (Rule 40), terrain penalties (Rule 41), and ranges with
//! Defence Values (Rule 55). Rules 39-41 are shown for reference, not
//! enforced (WI-23); Rule 55 is used by shooting (WI-16). The tests pin
//! every row to the sheet's own text.

use super::unit::{Armour, Formation, Order, ShootingWeapon, TroopType, Unit};

/// A distance in a movement table cell (Rule 39).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distance {
    /// So many centimetres.
    Cm(u32),
    /// The crew alone moves so many centimetres ("Crew32").
    Crew(u32),
    /// "NA": not allowed.
    Na,
    /// "Rules": see the rules (a square's rout).
    Rules,
}

impl std::fmt::Display for Distance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Distance::Cm(n) => write!(f, "{n}"),
            Distance::Crew(n) => write!(f, "Crew{n}"),
            Distance::Na => f.write_str("NA"),
            Distance::Rules => f.write_str("Rules"),
        }
    }
}

/// A row of Rule 39: normal, charge, rout and pursuit moves in cm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovementRow {
    /// The troops, as the sheet writes them.
    pub troops: &'static str,
    /// Normal move ("Nrml").
    pub normal: Distance,
    /// Charge ("Chrg").
    pub charge: Distance,
    /// Rout ("Route").
    pub rout: Distance,
    /// Pursuit ("Psuit").
    pub pursuit: Distance,
}

const fn mv(
    troops: &'static str,
    normal: Distance,
    charge: Distance,
    rout: Distance,
    pursuit: Distance,
) -> MovementRow {
    MovementRow {
        troops,
        normal,
        charge,
        rout,
        pursuit,
    }
}

use Distance::{Cm, Crew, Na, Rules};

/// Rule 39, row by row as on the sheet.
pub const MOVEMENT: [MovementRow; 14] = [
    mv(
        "OO & NL Foot other than FA or square",
        Cm(16),
        Cm(20),
        Cm(32),
        Cm(32),
    ),
    mv(
        "NR & NC Foot other than FA or square",
        Cm(12),
        Cm(16),
        Cm(32),
        Cm(24),
    ),
    mv("All FAIn & other FA on foot", Cm(8), Cm(12), Cm(24), Cm(16)),
    mv("Foot in square or in a strong point", Cm(8), Na, Rules, Na),
    mv("OO Mounted unless FA", Cm(32), Cm(40), Cm(48), Cm(48)),
    mv("NL Mounted unless FA", Cm(24), Cm(32), Cm(48), Cm(40)),
    mv(
        "NC Mounted unless FA ; Els & HChs",
        Cm(20),
        Cm(28),
        Cm(40),
        Cm(32),
    ),
    mv("All FA Cv", Cm(16), Cm(24), Cm(36), Cm(32)),
    mv(
        "Light Chariots & Scythed Chariots",
        Cm(24),
        Cm(32),
        Cm(48),
        Cm(36),
    ),
    mv(
        "Lt catapults, CBts & BWgs in draught",
        Cm(8),
        Na,
        Cm(20),
        Na,
    ),
    mv(
        "Deployed Lt catapults & Rocket batts",
        Cm(2),
        Na,
        Crew(32),
        Na,
    ),
    mv(
        "Rocket batts in draught & Pack animals",
        Cm(12),
        Na,
        Cm(32),
        Na,
    ),
    mv("Heavy catapults in draught", Cm(4), Na, Cm(12), Na),
    mv("Heavy catapults deployed", Cm(1), Na, Crew(32), Na),
];

/// The Rule 39 row for a unit. `deployed` is for artillery (in draught
/// otherwise); `strong_point` for foot holding one. FA camelry moves as FA
/// cavalry (the sheet's "unless FA" leaves it no other row).
pub fn movement(unit: &Unit, deployed: bool, strong_point: bool) -> &'static MovementRow {
    let fa = unit.armour_class() == Some(Armour::Fa);
    let row = match unit.troop_type {
        TroopType::Foot if unit.formation == Formation::Square || strong_point => 3,
        TroopType::Foot if fa => 2,
        TroopType::Foot => match unit.order {
            Order::Oo | Order::Nl => 0,
            Order::Nr | Order::Nc => 1,
        },
        TroopType::Cavalry | TroopType::Camelry if fa => 7,
        TroopType::Cavalry | TroopType::Camelry => match unit.order {
            Order::Oo => 4,
            Order::Nl => 5,
            Order::Nr | Order::Nc => 6,
        },
        TroopType::Elephants | TroopType::HeavyChariots => 6,
        TroopType::LightChariots | TroopType::ScythedChariots => 8,
        TroopType::LightCatapult | TroopType::Carroballista if deployed => 10,
        TroopType::LightCatapult | TroopType::Carroballista | TroopType::BaggageWagons => 9,
        TroopType::RocketBattery if deployed => 10,
        TroopType::RocketBattery | TroopType::PackAnimals => 11,
        TroopType::HeavyCatapult if deployed => 13,
        TroopType::HeavyCatapult => 12,
    };
    &MOVEMENT[row]
}

/// A manoeuvre time of Rule 40.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Time {
    /// "No penalty".
    NoPenalty,
    /// "¼ turn".
    QuarterTurn,
    /// "½ turn".
    HalfTurn,
    /// "1 Turn".
    WholeTurn,
    /// "1 Move", "2 Moves", "4 Moves".
    Moves(u8),
}

impl std::fmt::Display for Time {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Time::NoPenalty => f.write_str("No penalty"),
            Time::QuarterTurn => f.write_str("¼ turn"),
            Time::HalfTurn => f.write_str("½ turn"),
            Time::WholeTurn => f.write_str("1 Turn"),
            Time::Moves(1) => f.write_str("1 Move"),
            Time::Moves(n) => write!(f, "{n} Moves"),
        }
    }
}

/// A row of Rule 40: the time a manoeuvre takes disciplined and tribal troops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ManoeuvreRow {
    /// The manoeuvre, as the sheet writes it.
    pub manoeuvre: &'static str,
    /// Disciplined troops ("Dis Troops").
    pub disciplined: Time,
    /// Any tribal troops ("Any Trb").
    pub tribal: Time,
}

const fn man(manoeuvre: &'static str, disciplined: Time, tribal: Time) -> ManoeuvreRow {
    ManoeuvreRow {
        manoeuvre,
        disciplined,
        tribal,
    }
}

/// Rule 40, row by row as on the sheet (the "Turn, deploy or harness up
/// etc:" heading's rows carry it in their names).
pub const MANOEUVRES: [ManoeuvreRow; 11] = [
    man(
        "Expand/contract per base per flank",
        Time::QuarterTurn,
        Time::HalfTurn,
    ),
    man("Form square", Time::HalfTurn, Time::WholeTurn),
    man(
        "OO Skirmishers (any turn)",
        Time::NoPenalty,
        Time::NoPenalty,
    ),
    man("Light Catapult", Time::Moves(2), Time::Moves(2)),
    man("Heavy Catapult", Time::Moves(4), Time::Moves(4)),
    man(
        "Hvy Chariots, Rkt Batts & Cbts",
        Time::HalfTurn,
        Time::HalfTurn,
    ),
    man(
        "Wagons (BWgs): about turn",
        Time::WholeTurn,
        Time::WholeTurn,
    ),
    man("deploy/harness up", Time::Moves(1), Time::Moves(1)),
    man("Turn other troops", Time::QuarterTurn, Time::HalfTurn),
    man(
        "Mount/dismount Mounted Troops",
        Time::QuarterTurn,
        Time::QuarterTurn,
    ),
    man(
        "Deploy/take up Mobile Defences",
        Time::HalfTurn,
        Time::HalfTurn,
    ),
];

/// A penalty of Rule 41: the share of a move lost, or worse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Penalty {
    /// "-": none.
    None,
    /// "¼".
    Quarter,
    /// "½".
    Half,
    /// "¾".
    ThreeQuarters,
    /// "1": the whole move.
    Whole,
    /// "1M": a whole Move at least.
    OneMove,
    /// "1M+": more than a whole Move.
    OneMoveOrMore,
    /// "Imp": impassable.
    Impassable,
}

/// One cell of Rule 41: a penalty, perhaps starred "(* not Cm in sand)".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PenaltyCell {
    /// The penalty.
    pub penalty: Penalty,
    /// Starred: camelry is not slowed by sand.
    pub not_camelry_in_sand: bool,
}

impl std::fmt::Display for PenaltyCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let p = match self.penalty {
            Penalty::None => "-",
            Penalty::Quarter => "¼",
            Penalty::Half => "½",
            Penalty::ThreeQuarters => "¾",
            Penalty::Whole => "1",
            Penalty::OneMove => "1M",
            Penalty::OneMoveOrMore => "1M+",
            Penalty::Impassable => "Imp",
        };
        write!(f, "{p}{}", if self.not_camelry_in_sand { "*" } else { "" })
    }
}

/// A row of Rule 41: columns OO, NLFt, Chs, Art, BWg, Other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerrainRow {
    /// The terrain feature, as the sheet writes it.
    pub feature: &'static str,
    /// OO, NL foot, chariots, artillery, baggage wagons, other troops.
    pub cells: [PenaltyCell; 6],
}

/// The columns of Rule 41, in order.
pub const TERRAIN_COLUMNS: [&str; 6] = ["OO", "NLFt", "Chs", "Art", "BWg", "Other"];

const fn p(penalty: Penalty) -> PenaltyCell {
    PenaltyCell {
        penalty,
        not_camelry_in_sand: false,
    }
}

const fn starred(penalty: Penalty) -> PenaltyCell {
    PenaltyCell {
        penalty,
        not_camelry_in_sand: true,
    }
}

const fn ter(feature: &'static str, cells: [PenaltyCell; 6]) -> TerrainRow {
    TerrainRow { feature, cells }
}

use Penalty as P;

/// Rule 41, row by row as on the sheet.
pub const TERRAIN: [TerrainRow; 12] = [
    ter(
        "Broken ground or brush",
        [
            p(P::None),
            p(P::None),
            p(P::Quarter),
            p(P::Half),
            p(P::Half),
            p(P::Quarter),
        ],
    ),
    ter(
        "Open woods or sand",
        [
            starred(P::Quarter),
            p(P::Quarter),
            p(P::Half),
            p(P::Half),
            p(P::Half),
            starred(P::Half),
        ],
    ),
    ter(
        "Thick woods, forest etc",
        [
            p(P::Half),
            p(P::Half),
            p(P::Impassable),
            p(P::Impassable),
            p(P::Impassable),
            p(P::ThreeQuarters),
        ],
    ),
    ter("Steep hills - Going up", [p(P::Half); 6]),
    ter(
        "Down or across",
        [
            p(P::Quarter),
            p(P::Quarter),
            p(P::Quarter),
            p(P::Half),
            p(P::Half),
            p(P::Quarter),
        ],
    ),
    ter(
        "Built up areas",
        [
            p(P::Quarter),
            p(P::Quarter),
            p(P::Half),
            p(P::Half),
            p(P::Half),
            p(P::Half),
        ],
    ),
    ter("Fordable rivers", [p(P::Half); 6]),
    ter(
        "Marshy ground",
        [
            p(P::Half),
            p(P::Half),
            p(P::ThreeQuarters),
            p(P::ThreeQuarters),
            p(P::ThreeQuarters),
            p(P::Half),
        ],
    ),
    ter(
        "Bogs, cliffs and crags",
        [
            p(P::ThreeQuarters),
            p(P::Impassable),
            p(P::Impassable),
            p(P::Impassable),
            p(P::Impassable),
            p(P::Impassable),
        ],
    ),
    ter(
        "Minor linear obstacles",
        [
            p(P::Quarter),
            p(P::Quarter),
            p(P::Half),
            p(P::Half),
            p(P::Half),
            p(P::Quarter),
        ],
    ),
    ter(
        "Ditches",
        [
            p(P::Half),
            p(P::Half),
            p(P::Whole),
            p(P::Whole),
            p(P::Whole),
            p(P::Half),
        ],
    ),
    ter(
        "Major obstacles (minimum)",
        [
            p(P::OneMove),
            p(P::OneMove),
            p(P::Impassable),
            p(P::Impassable),
            p(P::Impassable),
            p(P::OneMoveOrMore),
        ],
    ),
];

/// The Rule 41 column a unit moves in: OO, NL foot, chariots, artillery,
/// baggage wagons, or other troops (pack animals count as other).
pub fn terrain_column(unit: &Unit) -> usize {
    match unit.troop_type {
        _ if unit.is_oo() => 0,
        TroopType::Foot if unit.order == Order::Nl => 1,
        t if t.is_chariots() => 2,
        t if t.is_artillery() => 3,
        TroopType::BaggageWagons => 4,
        _ => 5,
    }
}

/// The columns of Rule 55's Defence Values, by the target's armour class (WI-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefenceColumn {
    /// "LA": light armour, artillery crews too.
    La,
    /// "AR& LCh": armoured, light chariots.
    ArLightChariots,
    /// "HA& HChr": heavy armour, heavy chariots.
    HaHeavyChariots,
    /// "FA& EL": full armour, elephants, scythed chariots.
    FaElephants,
    /// "Other": baggage wagons and pack animals.
    Other,
}

impl DefenceColumn {
    /// The column of a unit (WI-16).
    pub fn of(unit: &Unit) -> DefenceColumn {
        match unit.armour_class() {
            Some(Armour::La) => DefenceColumn::La,
            Some(Armour::Ar) => DefenceColumn::ArLightChariots,
            Some(Armour::Ha) => DefenceColumn::HaHeavyChariots,
            Some(Armour::Fa) => DefenceColumn::FaElephants,
            None => DefenceColumn::Other,
        }
    }

    /// Its place in a [`RangeRow`]'s `dv`.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Its heading as the sheet writes it.
    pub fn heading(self) -> &'static str {
        match self {
            DefenceColumn::La => "LA",
            DefenceColumn::ArLightChariots => "AR & LCh",
            DefenceColumn::HaHeavyChariots => "HA & HChr",
            DefenceColumn::FaElephants => "FA & El",
            DefenceColumn::Other => "Other",
        }
    }
}

/// A row of Rule 55: short and maximum range in cm, and the Defence
/// Value for each column (`None` where the sheet says NA).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangeRow {
    /// The weapon.
    pub weapon: ShootingWeapon,
    /// Short range, if the weapon has one.
    pub short: Option<u32>,
    /// Maximum range.
    pub maximum: u32,
    /// Defence Values: LA, AR & LCh, HA & HChr, FA & El, Other.
    pub dv: [Option<u32>; 5],
}

const fn rr(
    weapon: ShootingWeapon,
    short: Option<u32>,
    maximum: u32,
    dv: [Option<u32>; 5],
) -> RangeRow {
    RangeRow {
        weapon,
        short,
        maximum,
        dv,
    }
}

use ShootingWeapon as W;

/// Rule 55, row by row as on the sheet (the light catapult row serves
/// carroballistae too).
pub const RANGES: [RangeRow; 9] = [
    rr(
        W::Bow,
        Some(12),
        20,
        [Some(2), Some(4), Some(5), Some(6), None],
    ),
    rr(
        W::Crossbow,
        Some(12),
        24,
        [Some(4), Some(4), Some(4), Some(5), None],
    ),
    rr(
        W::Mixed,
        Some(12),
        20,
        [Some(4), Some(5), Some(6), Some(7), None],
    ),
    rr(
        W::Sling,
        None,
        12,
        [Some(1), Some(2), Some(3), Some(4), None],
    ),
    rr(
        W::StaffSling,
        None,
        24,
        [Some(4), Some(4), Some(4), Some(5), None],
    ),
    rr(
        W::Darts,
        None,
        4,
        [Some(1), Some(2), Some(3), Some(4), None],
    ),
    rr(W::LightCatapult, None, 48, [Some(5); 5]),
    rr(W::HeavyCatapult, None, 60, [Some(10); 5]),
    rr(W::RocketBattery, None, 60, [Some(10); 5]),
];

/// The Rule 55 row of a weapon.
pub fn range_row(weapon: ShootingWeapon) -> &'static RangeRow {
    // Every weapon has its row: the table lists them all, in the enum's order.
    &RANGES[weapon as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sheet's rows, copied from the playsheet text, tab-separated.
    const SHEET_39: &str = "OO & NL Foot other than FA or square	16	20	32	32
NR & NC Foot other than FA or square	12	16	32	24
All FAIn & other FA on foot	8	12	24	16
Foot in square or in a strong point	8	NA	Rules	NA
OO Mounted unless FA	32	40	48	48
NL Mounted unless FA	24	32	48	40
NC Mounted unless FA ; Els & HChs	20	28	40	32
All FA Cv	16	24	36	32
Light Chariots & Scythed Chariots	24	32	48	36
Lt catapults, CBts & BWgs in draught	8	NA	20	NA
Deployed Lt catapults & Rocket batts	2	NA	Crew32	NA
Rocket batts in draught & Pack animals	12	NA	32	NA
Heavy catapults in draught	4	NA	12	NA
Heavy catapults deployed	1	NA	Crew32	NA";

    const SHEET_40: &str = "Expand/contract per base per flank	¼ turn	½ turn
Form square	½ turn	1 Turn
OO Skirmishers (any turn)	No penalty	No penalty
Light Catapult	2 Moves	2 Moves
Heavy Catapult	4 Moves	4 Moves
Hvy Chariots, Rkt Batts & Cbts	½ turn	½ turn
Wagons (BWgs): about turn	1 Turn	1 Turn
deploy/harness up	1 Move	1 Move
Turn other troops	¼ turn	½ turn
Mount/dismount Mounted Troops	¼ turn	¼ turn
Deploy/take up Mobile Defences	½ turn	½ turn";

    const SHEET_41: &str = "Broken ground or brush	-	-	¼	½	½	¼
Open woods or sand	¼*	¼	½	½	½	½*
Thick woods, forest etc	½	½	Imp	Imp	Imp	¾
Steep hills - Going up	½	½	½	½	½	½
Down or across	¼	¼	¼	½	½	¼
Built up areas	¼	¼	½	½	½	½
Fordable rivers	½	½	½	½	½	½
Marshy ground	½	½	¾	¾	¾	½
Bogs, cliffs and crags	¾	Imp	Imp	Imp	Imp	Imp
Minor linear obstacles	¼	¼	½	½	½	¼
Ditches	½	½	1	1	1	½
Major obstacles (minimum)	1M	1M	Imp	Imp	Imp	1M+";

    const SHEET_55: &str = "Bow	12	20	2	4	5	6	NA
Crossbow	12	24	4	4	4	5	NA
Mixed weapons	12	20	4	5	6	7	NA
Sling	NA	12	1	2	3	4	NA
Staff-sling	NA	24	4	4	4	5	NA
Darts	NA	4	1	2	3	4	NA
Lt Catapult or Carroballista	NA	48	5	5	5	5	5
Heavy Catapult	NA	60	10	10	10	10	10
Rocket Battery	NA	60	10	10	10	10	10";

    fn rows(sheet: &str) -> Vec<Vec<&str>> {
        sheet.lines().map(|l| l.split('\t').collect()).collect()
    }

    #[test]
    fn rule_39_rows_are_the_sheets() {
        let sheet = rows(SHEET_39);
        assert_eq!(sheet.len(), MOVEMENT.len());
        for (row, cells) in MOVEMENT.iter().zip(sheet) {
            let ours = [
                row.troops.to_string(),
                row.normal.to_string(),
                row.charge.to_string(),
                row.rout.to_string(),
                row.pursuit.to_string(),
            ];
            assert_eq!(ours.to_vec(), cells, "Rule 39: {}", row.troops);
        }
    }

    #[test]
    fn rule_40_rows_are_the_sheets() {
        let sheet = rows(SHEET_40);
        assert_eq!(sheet.len(), MANOEUVRES.len());
        for (row, cells) in MANOEUVRES.iter().zip(sheet) {
            let ours = [
                row.manoeuvre.to_string(),
                row.disciplined.to_string(),
                row.tribal.to_string(),
            ];
            assert_eq!(ours.to_vec(), cells, "Rule 40: {}", row.manoeuvre);
        }
    }

    #[test]
    fn rule_41_rows_are_the_sheets() {
        let sheet = rows(SHEET_41);
        assert_eq!(sheet.len(), TERRAIN.len());
        for (row, cells) in TERRAIN.iter().zip(sheet) {
            let mut ours = vec![row.feature.to_string()];
            ours.extend(row.cells.iter().map(|c| c.to_string()));
            assert_eq!(ours, cells, "Rule 41: {}", row.feature);
        }
    }

    #[test]
    fn rule_55_rows_are_the_sheets() {
        let sheet = rows(SHEET_55);
        assert_eq!(sheet.len(), RANGES.len());
        let n = |v: Option<u32>| v.map_or("NA".to_string(), |v| v.to_string());
        let names = [
            "Bow",
            "Crossbow",
            "Mixed weapons",
            "Sling",
            "Staff-sling",
            "Darts",
            "Lt Catapult or Carroballista",
            "Heavy Catapult",
            "Rocket Battery",
        ];
        for ((row, cells), name) in RANGES.iter().zip(sheet).zip(names) {
            let mut ours = vec![name.to_string(), n(row.short), row.maximum.to_string()];
            ours.extend(row.dv.iter().map(|&d| n(d)));
            assert_eq!(ours, cells, "Rule 55: {name}");
            assert_eq!(range_row(row.weapon), row, "{name} is found by its weapon");
        }
    }

    #[test]
    fn units_find_their_rows() {
        let mut foot = Unit::new("F", TroopType::Foot, 4);
        foot.order = Order::Nl;
        assert_eq!(movement(&foot, false, false).normal, Cm(16));
        foot.order = Order::Nc;
        assert_eq!(movement(&foot, false, false).charge, Cm(16));
        foot.armour = Armour::Fa;
        assert_eq!(movement(&foot, false, false).normal, Cm(8));
        foot.formation = Formation::Square;
        assert_eq!(movement(&foot, false, false).rout, Rules);
        let mut horse = Unit::new("H", TroopType::Cavalry, 4);
        horse.order = Order::Oo;
        assert_eq!(movement(&horse, false, false).normal, Cm(32));
        horse.armour = Armour::Fa;
        assert_eq!(movement(&horse, false, false).troops, "All FA Cv");
        let el = Unit::new("E", TroopType::Elephants, 2);
        assert_eq!(movement(&el, false, false).normal, Cm(20));
        let hc = Unit::new("C", TroopType::HeavyCatapult, 1);
        assert_eq!(movement(&hc, true, false).rout, Crew(32));
        assert_eq!(movement(&hc, false, false).normal, Cm(4));
        assert_eq!(terrain_column(&horse), 0, "OO");
        horse.order = Order::Nc;
        assert_eq!(terrain_column(&horse), 5, "other");
        assert_eq!(DefenceColumn::of(&el), DefenceColumn::FaElephants);
        let wagons = Unit::new("W", TroopType::BaggageWagons, 2);
        assert_eq!(DefenceColumn::of(&wagons), DefenceColumn::Other);
        assert_eq!(terrain_column(&wagons), 4);
    }
}
