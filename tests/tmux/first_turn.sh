#!/usr/bin/env bash
# Plays the first turn of Hastings in the real binary, in tmux, as a referee
# would: Enter on the start screen; the initiative with typed dice; Harold's
# housecarls charge out of their Shieldwall (they are in Line after, W-28; the
# target stands, the charge move, contact); the English bowmen shoot; the
# Levies charge the Norman archers, whose evade fails: they flee before the
# charge move (W-29); the Fyrd of Sussex charge and, at contact, the shower
# is offered and shot (W-23); Enter through the rest of the walker (every
# unit's activation: open, roll, done, and any forced step) until Melee; then
# the Melee of the charge is fought, the Ready winner follows up (2.6.3,
# W-26), and the turn can end. Issue 13's views on the way: a unit selected
# by its number, faces typed straight on the panel, a target named by its id
# in the picker, pickers starting opposite, the Melee marks, a note on the
# turn, and the turn's summary. Checks the screen and the save.
#
# Usage: tests/tmux/first_turn.sh PATH/TO/herald
set -euo pipefail

bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
session="herald-test-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT

cp -r "$root/armies" "$work/armies"
cd "$work"
tmux new-session -d -s "$session" -x 120 -y 40 "HERALD_SEED=1066 '$bin'"

screen() { tmux capture-pane -p -t "$session"; }
fail() { echo "FAIL: $*"; echo "--- screen ---"; screen; exit 1; }
wait_for() { # text, tries
  for _ in $(seq 1 "${2:-50}"); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  return 1
}

wait_for "a new battle of Hastings" || fail "no start screen"
tmux send-keys -t "$session" Enter
wait_for "[1 Initiative]" || fail "the battle did not open"
screen | grep -qF "Harold's housecar" || fail "the English table is missing"
screen | grep -qF "Duke William's ho" || fail "the Norman table is missing"

key() { tmux send-keys -t "$session" "$@"; sleep 0.15; }

# Initiative with the players' dice: the English 6, the Normans 1.
key Enter; key t; key 61; key Enter
wait_for "side a has the initiative" 20 || fail "typed initiative not used"
key Enter
# Harold's housecarls (a1): activate with sixes, charge the first Norman unit.
key Enter; key t; key 66; key Enter
wait_for "SUCCESS" 20 || fail "a1's activation did not succeed"
key c
wait_for "charges…" 20 || fail "no target picker for the charge"
key Enter
wait_for "answer, before the charge move" 20 || fail "no charge panel"
key s; key Enter
wait_for "Did it reach its target" 20 || fail "no charge move"
key Enter
wait_for "in contact with" 20 || fail "no contact recorded"
key Enter
# W-28: the housecarls left their Shieldwall as they charged: Line, same files.
screen | grep -qE "a1 +Harold's housecarls +Close 4×2 +Line" || fail "the housecarls are not in Line after charging"
# The English bowmen (a5, three below a2 where the walker is): select, activate, shoot at the picked Norman unit.
key Down; key Down; key Down; key Enter; key t; key 66; key Enter
wait_for "English bowmen (a5) (2.2)" 20 || fail "the bowmen did not activate"
key x; key Enter
wait_for "shoots at" 20 || fail "no shooting panel"
key Enter
wait_for "hit(s)" 20 || fail "the shot was not rolled"
key Enter; key Enter

# pick_row N: the Nth unit of the English table (Home, then Down).
pick_row() { key Home; for _ in $(seq 2 "$1"); do key Down; done; }
# The Levies of the great fyrd (a8) charge the Norman archers (b5), whose evade fails (1 1).
# Issue 13: the unit's number selects it, and faces typed straight on the
# panel roll at the last face (no t, no Enter).
key 8; key a; key 6; key 6
wait_for "Levies of the great fyrd (a8) (2.2)" 20 || fail "the levies did not activate"
wait_for "SUCCESS" 20 || fail "the faces typed on the panel were not rolled"
key c
wait_for "charges…" 20 || fail "no target picker for the levies"
wait_for "opposite a8" 20 || fail "the picker does not say where it started"
# The target named by its id in the picker.
key b; key 5; key Enter
wait_for "Norman archers's answer" 20 || wait_for "Norman archers' answer" 20 || fail "no charge panel for the levies"
key e; key t; key 11; key Enter
wait_for "FAILURE" 20 || fail "the evade was not rolled"
key Enter
wait_for "flees first, before the charge move" 20 || fail "W-29: the failed evade does not flee first"
key Enter
wait_for "Norman archers (b5) flees (2.4.11)" 20 || fail "no flight panel for the archers"
key Enter
wait_for "flees" 20 || fail "the flight was not rolled"
key Enter
wait_for "Charge move" 20 || fail "not back to the charge after the flight"
key Enter
wait_for "Did it reach its target" 20 || fail "no charge move for the levies"
key n
key Enter
grep -q '^kind = "flee"' "$work/saves/hastings.toml" || fail "the archers' flight is not saved"

# The Fyrd of Sussex (a12) charge the French foot (b12); the French stand; at contact, a shower (W-23).
pick_row 12; key a; key t; key 66; key Enter
wait_for "Fyrd of Sussex (a12) (2.2)" 20 || fail "the Fyrd of Sussex did not activate"
key c
wait_for "charges…" 20 || fail "no target picker for the Fyrd of Sussex"
wait_for "opposite a12" 20 || fail "the picker does not start opposite the Fyrd of Sussex"
key Enter
wait_for "answer, before the charge move" 20 || fail "no charge panel for the Fyrd of Sussex"
key s; key Enter
wait_for "Did it reach its target" 20 || fail "no charge move for the Fyrd of Sussex"
key Enter
wait_for "in contact with" 20 || fail "no contact for the Fyrd of Sussex"
key Enter
wait_for "may shower" 20 || fail "W-23: no shower offered at contact"
key Enter
wait_for "hit(s)" 20 || fail "the shower was not rolled"
key Enter
grep -q 'contact = true' "$work/saves/hastings.toml" || fail "the shower is not saved"

# Enter through the walker until Melee (25 units, 3 Enters each, flights, re-rolls).
for i in $(seq 1 200); do
  if screen | grep -qF "[4 Melee]"; then break; fi
  tmux send-keys -t "$session" Enter
  sleep 0.08
done
wait_for "[4 Melee]" 20 || fail "the walker did not reach Melee"
# The Melee of the charge.
key Enter
wait_for "Facts of the table" 20 || fail "no Melee panel"
key Enter
wait_for "score" 20 || fail "the Melee was not rolled"
screen | grep -qE "LOSES|A DRAW" || fail "no Melee outcome"
key Enter
# What the Melees left: the Ready winner's follow-up (2.6.3, W-26), flights, stand losses; the other Melees.
followed=0
for i in $(seq 1 40); do
  if screen | grep -qF "every Melee is fought"; then break; fi
  if screen | grep -qF "follow up?"; then key y; followed=1; continue; fi
  key Enter
done
[ "$followed" = 1 ] || fail "no Ready winner was asked to follow up (2.6.3, W-26)"
grep -q '^kind = "follow_up"' "$work/saves/hastings.toml" || fail "the follow-up is not saved"
wait_for "every Melee is fought" 20 || fail "the walker does not offer to end the turn"
grep -q '^kind = "melee"' "$work/saves/hastings.toml" || fail "no melee saved"
grep -q '^kind = "shooting"' "$work/saves/hastings.toml" || fail "no shooting saved"

save="$work/saves/hastings.toml"
[ -f "$save" ] || fail "no autosave at $save"
activations=$(grep -c '^kind = "activation"' "$save" || true)
[ "$activations" -ge 20 ] || fail "only $activations activations saved (25 units, less any Dispersed)"

# Issue 13: who is in Melee with whom is marked in the tables (×b1).
screen | grep -qE "a1 +Harold's housecarls.*×b" || fail "no Melee mark in the tables"
# A note on the turn, saved with the battle.
key N
wait_for "Note on turn 1" 20 || fail "no note field"
tmux send-keys -t "$session" -l "the Bretons gave way on the left"
sleep 0.2
key Enter
grep -q '^kind = "note"' "$save" || fail "the note is not saved"
# The turn ends with its summary; Esc closes it on turn 2.
key Enter
wait_for "Turn 1: what it did" 20 || fail "no summary at the end of the turn"
screen | grep -qF "stands lost" || fail "the summary has no stands lost"
key Escape
wait_for "Turn 2" 20 || fail "turn 2 did not begin"

# 80x24 draws; below that the console says what it needs.
tmux resize-window -t "$session" -x 80 -y 24
sleep 0.3
wait_for "Turn 2" 20 || fail "nothing drawn at 80x24"
tmux resize-window -t "$session" -x 60 -y 20
wait_for "at least 80×24" 20 || fail "no size message below 80x24"
tmux resize-window -t "$session" -x 120 -y 40
# Keys do nothing while the screen is too small: wait for the battle to be back.
for _ in $(seq 1 50); do
  screen | grep -qF "at least 80×24" || break
  sleep 0.1
done
wait_for "Turn 2" 20 || fail "nothing drawn at 120x40"

# Help, then quit.
tmux send-keys -t "$session" '?'
wait_for "Unit tables" 20 || fail "no help"
tmux send-keys -t "$session" Escape
sleep 0.2
tmux send-keys -t "$session" q
for _ in $(seq 1 30); do
  tmux has-session -t "$session" 2>/dev/null || break
  sleep 0.1
done
tmux has-session -t "$session" 2>/dev/null && fail "q did not quit"
echo "ok: $activations activations, charges (a Shieldwall left, a failed evade fled, a shower at contact), a shot, Melees and a follow-up played and saved; ids typed, faces on the panel, a note and the turn's summary"
