//! The integration suite as one test binary: each file of `tests/` stays a
//! module of its own (its tests are `FILE::name`), linked once instead of
//! seventy times, which is most of CI's build time. Run one file's tests
//! with `cargo test --release --test suite FILE::`. The long machine runs
//! (`monkey`, `mutations`) stay binaries of their own (see Cargo.toml).
//! Each file keeps the `tests/support/` modules it loaded as a binary of its
//! own, so one support file is loaded by several modules: allowed here.
#![allow(clippy::duplicate_mod)]
#[path = "army_errors.rs"]
mod army_errors;
#[path = "army_homunculus_est.rs"]
mod army_homunculus_est;
#[path = "army_library.rs"]
mod army_library;
#[path = "army_props.rs"]
mod army_props;
#[path = "army_roberts_parker.rs"]
mod army_roberts_parker;
#[path = "army_warlord_i.rs"]
mod army_warlord_i;
#[path = "battle.rs"]
mod battle;
#[path = "cli_conventions.rs"]
mod cli_conventions;
#[path = "conformance.rs"]
mod conformance;
#[path = "course.rs"]
mod course;
#[path = "earlier_saves.rs"]
mod earlier_saves;
#[path = "homunculus_est_battle.rs"]
mod homunculus_est_battle;
#[path = "homunculus_est_cases.rs"]
mod homunculus_est_cases;
#[path = "house.rs"]
mod house;
#[path = "modifier_coverage.rs"]
mod modifier_coverage;
#[path = "modifiers_warlord_i.rs"]
mod modifiers_warlord_i;
#[path = "next.rs"]
mod next;
#[path = "notes.rs"]
mod notes;
#[path = "odds_brute.rs"]
mod odds_brute;
#[path = "odds_brute_homunculus_est.rs"]
mod odds_brute_homunculus_est;
#[path = "odds_brute_warlord_i.rs"]
mod odds_brute_warlord_i;
#[path = "odds_cli.rs"]
mod odds_cli;
#[path = "odds_tables.rs"]
mod odds_tables;
#[path = "parkers_warlord_battle.rs"]
mod parkers_warlord_battle;
#[path = "report.rs"]
mod report;
#[path = "report_charts.rs"]
mod report_charts;
#[path = "roberts_rules_battle.rs"]
mod roberts_rules_battle;
#[path = "rules_properties.rs"]
mod rules_properties;
#[path = "save.rs"]
mod save;
#[path = "save_crash.rs"]
mod save_crash;
#[path = "save_whole.rs"]
mod save_whole;
#[path = "tui.rs"]
mod tui;
#[path = "tui_break_off.rs"]
mod tui_break_off;
#[path = "tui_charge_halted.rs"]
mod tui_charge_halted;
#[path = "tui_claims.rs"]
mod tui_claims;
#[path = "tui_clarity.rs"]
mod tui_clarity;
#[path = "tui_course.rs"]
mod tui_course;
#[path = "tui_fight.rs"]
mod tui_fight;
#[path = "tui_from_right.rs"]
mod tui_from_right;
#[path = "tui_homunculus_est.rs"]
mod tui_homunculus_est;
#[path = "tui_homunculus_est_second_playing.rs"]
mod tui_homunculus_est_second_playing;
#[path = "tui_homunculus_est_start.rs"]
mod tui_homunculus_est_start;
#[path = "tui_homunculus_est_third_playing.rs"]
mod tui_homunculus_est_third_playing;
#[path = "tui_homunculus_est_turn.rs"]
mod tui_homunculus_est_turn;
#[path = "tui_keys.rs"]
mod tui_keys;
#[path = "tui_keys_homunculus_est.rs"]
mod tui_keys_homunculus_est;
#[path = "tui_keys_roberts_parker.rs"]
mod tui_keys_roberts_parker;
#[path = "tui_keys_warlord_i.rs"]
mod tui_keys_warlord_i;
#[path = "tui_log.rs"]
mod tui_log;
#[path = "tui_melee.rs"]
mod tui_melee;
#[path = "tui_names.rs"]
mod tui_names;
#[path = "tui_next.rs"]
mod tui_next;
#[path = "tui_not_saved.rs"]
mod tui_not_saved;
#[path = "tui_parkers_warlord.rs"]
mod tui_parkers_warlord;
#[path = "tui_parkers_warlord_table.rs"]
mod tui_parkers_warlord_table;
#[path = "tui_roberts_rules.rs"]
mod tui_roberts_rules;
#[path = "tui_roberts_rules_table.rs"]
mod tui_roberts_rules_table;
#[path = "tui_roberts_rules_third_playing.rs"]
mod tui_roberts_rules_third_playing;
#[path = "tui_saves.rs"]
mod tui_saves;
#[path = "tui_small_screen.rs"]
mod tui_small_screen;
#[path = "tui_start.rs"]
mod tui_start;
#[path = "tui_tactician.rs"]
mod tui_tactician;
#[path = "tui_third_playing.rs"]
mod tui_third_playing;
#[path = "tui_tmux.rs"]
mod tui_tmux;
#[path = "tui_true_to_record.rs"]
mod tui_true_to_record;
#[path = "tui_turns.rs"]
mod tui_turns;
#[path = "tui_warlord_i.rs"]
mod tui_warlord_i;
#[path = "tui_warlord_i_fourth_playing.rs"]
mod tui_warlord_i_fourth_playing;
#[path = "warlord_i_battle.rs"]
mod warlord_i_battle;
#[path = "warlord_i_battle_props.rs"]
mod warlord_i_battle_props;
#[path = "warlord_i_battle_save.rs"]
mod warlord_i_battle_save;
#[path = "warlord_i_props.rs"]
mod warlord_i_props;
