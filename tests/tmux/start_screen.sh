#!/usr/bin/env bash
# The start screen in the real binary, in tmux, as a referee would use it:
# the battles in saves/ listed newest first (a broken one with its reason);
# an older one picked and resumed with Enter, a step played (the initiative
# rolled) and found in the save; the log browser opened with l, searched
# with /, closed with Esc; a new battle made from two army files picked on
# the screen and named, a name already taken refused; Hastings in progress
# offered rather than started again; and the size the screen needs said
# below 80x24.
#
# Usage: tests/tmux/start_screen.sh PATH/TO/herald
set -euo pipefail

bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
session="herald-start-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

cp -r "$root/armies" "$work/armies"
cd "$work"
mkdir saves
"$bin" new bannockburn --side armies/bannockburn-1314-english.toml --side armies/bannockburn-1314-scots.toml --seed 7 >/dev/null
"$bin" new hastings --side armies/hastings-1066-anglo-saxon.toml --side armies/hastings-1066-norman.toml --seed 7 >/dev/null
printf 'format = 3\nname = [\n' > saves/torn.toml
touch -d '3 days ago' saves/bannockburn.toml
touch -d '1 hour ago' saves/hastings.toml
touch -d '30 days ago' saves/torn.toml

screen() { tmux capture-pane -p -t "$session"; }
fail() { echo "FAIL: $*"; echo "--- screen ---"; screen; exit 1; }
wait_for() { # text, tries
  for _ in $(seq 1 "${2:-50}"); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  return 1
}
key() { tmux send-keys -t "$session" "$@"; sleep 0.2; }
quit() {
  for _ in $(seq 1 30); do
    tmux has-session -t "$session" 2>/dev/null || return 0
    sleep 0.1
  done
  fail "q did not quit"
}
start() { tmux new-session -d -s "$session" -x 120 -y 40 "HERALD_SEED=1066 '$bin'"; }

# The list: newest first, the broken save with its reason.
start
wait_for "Battles in saves/ (3, newest first)" || fail "no list of battles"
order="$(screen | grep -oE '(hastings|bannockburn|torn) ' | tr -d ' ' | tr '\n' ' ')"
[ "$order" = "hastings bannockburn torn " ] || fail "not newest first: $order"
screen | grep -F "torn" | grep -qF "cannot be read" || fail "the broken save has no reason"

# Pick the older battle, resume it, roll the initiative: saved at once.
key Down
key Enter
wait_for "[1 Initiative]" || fail "the battle did not open"
screen | grep -qF "bannockburn" || fail "not the battle picked"
key Enter
key Enter
wait_for "initiative for turn 1" 30 || fail "the initiative was not rolled"
"$bin" log saves/bannockburn.toml > report.md
grep -qF "initiative for turn 1" report.md || fail "the step is not in the save"

# The log browser: l opens it, / searches, Esc closes it.
key Escape
key l
wait_for "Log of bannockburn" 30 || fail "l did not open the log"
key /
key -l "initiative"
key Enter
wait_for "'initiative': match 1 of" 30 || fail "the search found nothing"
key Escape
wait_for "bannockburn Turn 1" 30 || fail "Esc did not go back to the battle"
screen | grep -qF "Log of bannockburn" && fail "Esc did not close the log"
key q
quit

# A new battle from two army files, picked and named on the screen.
start
wait_for "Battles in saves/" || fail "no start screen"
key n
wait_for "A new battle" 30 || fail "n did not open the new battle"
key a
key Down
key b
key Tab
key -l "border"
key Enter
wait_for "[1 Initiative]" 30 || fail "the new battle did not open"
key q
quit
[ -f saves/border.toml ] || fail "saves/border.toml was not written"
"$bin" log saves/border.toml > report.md
grep -qF "English army of Henry V" report.md || fail "the new battle has not the armies picked"
grep -qF "French army of the Constable" report.md || fail "the new battle has not the armies picked"

# The same name again: refused, the save left as it was.
sum="$(md5sum saves/border.toml)"
start
wait_for "Battles in saves/" || fail "no start screen"
key n
key a
key Down
key b
key Tab
key -l "border"
key Enter
wait_for "already exists" 30 || fail "a name taken was not refused"
[ "$(md5sum saves/border.toml)" = "$sum" ] || fail "the save taken was changed"

# Hastings in progress is offered, not started again.
key Escape
key Escape
key h
wait_for "A battle of Hastings is in progress" 30 || fail "Hastings in progress not offered"
key Enter
wait_for "[1 Initiative]" 30 || fail "Hastings was not resumed"
key q
quit
[ -f saves/hastings-2.toml ] && fail "a second Hastings was made"

# Too small: the size it needs.
start
wait_for "Battles in saves/" || fail "no start screen"
tmux resize-window -t "$session" -x 70 -y 20
wait_for "at least 80×24" 30 || fail "no size message at 70x20"
key Enter
tmux resize-window -t "$session" -x 120 -y 40
wait_for "Battles in saves/" 30 || fail "not drawn again at 120x40"
screen | grep -qF "[1 Initiative]" && fail "a key acted on the too-small screen"
key q
quit
echo "ok: a battle picked and resumed, a step played and saved, the log searched, a new battle made and a name taken refused, Hastings offered, too small said"
