#!/usr/bin/env bash
# Plays a command phase of Parker's Warlord in the real binary, in tmux
# (session pw22-PID), as a referee would: `herald new` on the bundled Lewes
# rosters with a house option, then `herald play`; three initiative checks
# typed at the table (a 1 and its bonus card, 19 over the initiative, 8
# made), a d20 of 25 refused, the Warlord's transfer, a unique command
# priced with its close-proximity modifier, refused short and paid in two
# cards, a move through the calculator, the end of the turn and a check with
# Herald's own d20, undo and redo, the log browser; again at 80x24. Checks
# the screen, the save and the report.
#
# Usage: tests/tmux/parkers_warlord_phase.sh PATH/TO/herald
set -euo pipefail

bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
session="pw22-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT

cp -r "$root/armies" "$work/armies"
cd "$work"
"$bin" new lewes --house hand-limit=keep \
  --side armies/parkers-warlord/lewes-1264-baronial.toml \
  --side armies/parkers-warlord/lewes-1264-royal.toml >/dev/null
tmux new-session -d -s "$session" -x 120 -y 40 "'$bin' play saves/lewes.toml"

screen() { tmux capture-pane -p -t "$session"; }
fail() { echo "FAIL: $*"; echo "--- screen ---"; screen; exit 1; }
wait_for() { # text, tries
  for _ in $(seq 1 "${2:-50}"); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  return 1
}
key() { tmux send-keys -t "$session" "$@"; sleep 0.15; }

wait_for "lewes - Parker's Warlord - turn 1, command phase of a (Barons)" || fail "the battle did not open"
screen | grep -qF "hand above the limit" || fail "the house option is not in the header"
screen | grep -qF "Simon de Montfort" || fail "the personalities table is missing"
screen | grep -qF "i: Simon de Montfort's check" || fail "the walker does not name the next check"

# PW-4, PW-5: a 1 is typed: the odds first, then 5 drawn and the bonus card.
key i
wait_for "succeeds 70%" 20 || fail "no odds before the roll"
key t 1 Enter
wait_for "a 1, 5 drawn and a bonus card, 6 held" 20 || fail "the 1 was not recorded"
# A d20 has no 25; then 19, 7 over Henry de Montfort's 12: 3 lost.
key i t 2 5 Enter
wait_for "25 is not a face of a d20" 20 || fail "a 25 was not refused"
key BSpace BSpace 1 9 Enter
wait_for "7 over, 3 lost, 0 held" 20 || fail "the roll over was not recorded"
key i t 8 Enter
wait_for "8: +3" 20 || fail "Gilbert's check was not recorded"
# PW-8: the transfer.
key x
wait_for "The Warlord transfers 1 card" 20 || fail "no transfer panel"
key Enter
wait_for "transfers a card to Henry de Montfort" 20 || fail "the transfer was not recorded"
# PW-10, PW-11: the London militia's maneuver, +1 close proximity: 3 CP; a 2 is short.
key c n 5 x k 1 a 2
wait_for "Refused: Maneuver costs 3 CP" 20 || fail "the short cards were not refused"
key k 2 b 1
wait_for "+1 close proximity" 20 || fail "the modifier is not shown"
key Enter
wait_for "Maneuver for 3 CP, cards 2+1" 20 || fail "the command was not paid"
# PW-9: movement is a Maneuver: the household knights' (the Warlord attached, 0 CP).
key c n 1 Enter
wait_for "Maneuver for 0 CP, no card played" 20 || fail "the knights' Maneuver was not recorded"
# PW-13, PW-14: the movement calculator.
key m n 1 e 2 0 f 1 0 s 1
wait_for "15-30\": double: 12\"" 20 || fail "no allowance"
key Enter
wait_for "moves: 12\" of 12\"" 20 || fail "the move was not recorded"
key e
wait_for "command phase of b (Royalists)" 20 || fail "the turn did not end"
key i Enter
wait_for "Henry III: initiative 11, rolled" 20 || fail "Herald's d20 was not rolled"
key u
wait_for "undone: " 20 || fail "undo"
screen | grep -qF "initiative_check" && fail "the undo line names the save's kind, not the event"
key U
wait_for "redone: Henry III" 20 || fail "redo"
key l
wait_for "Log of lewes" 20 || fail "no log browser"
key Escape
key q
sleep 0.5

grep -qF 'kind = "unique_command"' saves/lewes.toml || fail "the command is not in the save"
grep -qF 'cards = [2, 1]' saves/lewes.toml || fail "the cards are not in the save"
"$bin" log saves/lewes.toml > report.md
grep -qF "bonus card" report.md || { cat report.md; fail "no bonus card in the report"; }
grep -qF "hand_limit" report.md || grep -qF "hand above the limit" report.md || { cat report.md; fail "no house option in the report"; }

# At 80x24 it still draws.
tmux kill-session -t "$session" 2>/dev/null || true
tmux new-session -d -s "$session" -x 80 -y 24 "'$bin' play saves/lewes.toml"
wait_for "lewes - Parker's Warlord - turn 1, command phase of b" || fail "no screen at 80x24"
key i
wait_for "Odds: succeeds" 20 || fail "no odds at 80x24"
key Escape q
sleep 0.3
echo "ok: a command phase of Lewes played in the console and saved"
