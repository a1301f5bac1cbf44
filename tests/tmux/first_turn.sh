#!/usr/bin/env bash
# Plays the first turn of Hastings in the real binary, in tmux, as a referee
# would: Enter on the start screen; the initiative with typed dice; Harold's
# housecarls charge (the target stands, the charge move, contact); the English
# bowmen shoot; Enter through the rest of the walker (every unit's
# activation: open, roll, done, and any forced flight) until Melee; then the
# Melee of the charge is fought and the turn can end. Checks the screen and
# the save.
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
# The English bowmen (a5, three below a2 where the walker is): select, activate, shoot at the picked Norman unit.
key Down; key Down; key Down; key Enter; key t; key 66; key Enter
wait_for "English bowmen (a5) (2.2)" 20 || fail "the bowmen did not activate"
key x; key Enter
wait_for "shoots at" 20 || fail "no shooting panel"
key Enter
wait_for "hit(s)" 20 || fail "the shot was not rolled"
key Enter; key Enter

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
wait_for "every Melee is fought" 20 || fail "the walker does not offer to end the turn"
grep -q '^kind = "melee"' "$work/saves/hastings.toml" || fail "no melee saved"
grep -q '^kind = "shooting"' "$work/saves/hastings.toml" || fail "no shooting saved"

save="$work/saves/hastings.toml"
[ -f "$save" ] || fail "no autosave at $save"
activations=$(grep -c '^kind = "activation"' "$save" || true)
[ "$activations" -ge 20 ] || fail "only $activations activations saved (25 units, less any Dispersed)"

# 80x24 draws; below that the console says what it needs.
tmux resize-window -t "$session" -x 80 -y 24
sleep 0.3
wait_for "Turn 1" 20 || fail "nothing drawn at 80x24"
tmux resize-window -t "$session" -x 60 -y 20
wait_for "at least 80×24" 20 || fail "no size message below 80x24"
tmux resize-window -t "$session" -x 120 -y 40
# Keys do nothing while the screen is too small: wait for the battle to be back.
for _ in $(seq 1 50); do
  screen | grep -qF "at least 80×24" || break
  sleep 0.1
done
wait_for "Turn 1" 20 || fail "nothing drawn at 120x40"

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
echo "ok: $activations activations, a charge, a shot and a Melee played and saved; the walker reached Melee"
