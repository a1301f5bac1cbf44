#!/usr/bin/env bash
# Plays the first turn's activations of Hastings in the real binary, in tmux,
# as a referee would: Enter on the start screen, then Enter through the turn
# walker (initiative, then every unit's activation: open, roll, done, and any
# forced flight) until the walker reaches Melee. Checks the screen and the save.
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

# Enter through the walker until Melee (25 units, 3 Enters each, flights, re-rolls).
for i in $(seq 1 200); do
  if screen | grep -qF "[4 Melee]"; then break; fi
  tmux send-keys -t "$session" Enter
  sleep 0.08
done
wait_for "[4 Melee]" 20 || fail "the walker did not reach Melee"
screen | grep -qF "every Melee is fought: end the turn" || fail "the walker does not offer to end the turn"

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
sleep 0.2

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
echo "ok: $activations activations played and saved; the walker reached Melee"
