#!/usr/bin/env bash
# The console as the terminal and the disk treat it (issue 12): no terminal
# and TERM=dumb are refused plainly; keys record nothing while the screen
# is too small; Ctrl-Z suspends and fg redraws; SIGTERM and SIGHUP give the
# terminal back; and on a full disk (a small tmpfs, where one can be
# mounted) a failed save is said until a save succeeds, stops further
# events until the referee says, is retried, and quitting without it exits 1.
#
# Usage: tests/tmux/terminal_and_disk.sh PATH/TO/herald
set -euo pipefail

bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
work="$(mktemp -d)"
session="herald-disk-$$"
disk="$work/disk"
cleanup() {
  tmux kill-session -t "$session" 2>/dev/null || true
  sleep 0.3
  if mountpoint -q "$disk" 2>/dev/null; then umount "$disk" 2>/dev/null || umount -l "$disk" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
cd "$work"

fail() { echo "FAIL: $*"; echo "--- screen ---"; tmux capture-pane -p -t "$session" 2>/dev/null || true; exit 1; }
screen() { tmux capture-pane -p -t "$session"; }
wait_for() { # text, tries
  for _ in $(seq 1 "${2:-50}"); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  return 1
}
key() { tmux send-keys -t "$session" "$@"; sleep 0.2; }
flags() { tmux display -p -t "$session" 'alt=#{alternate_on} cursor=#{cursor_flag}'; }
# Herald on the pane's terminal, however many shells tmux put between
# (with SHELL=/bin/sh the pane's process is not the shell Herald runs in).
herald_pid() {
  local tty
  tty="$(tmux display -p -t "$session" '#{pane_tty}')"
  pgrep -t "${tty#/dev/}" -x herald | head -1
}

# No terminal: a plain message, exit 2, no escape sequence, no file made.
set +e
out="$("$bin" play typo.toml </dev/null 2>"$work/err")"; code=$?
set -e
[ "$code" = 2 ] || fail "no terminal: exit $code, not 2"
grep -q "needs a terminal" "$work/err" || fail "no terminal: $(cat "$work/err")"
[ -z "$out" ] || fail "no terminal: something was written to the output: $out"
[ -z "$(ls -A "$work" | grep -v '^err$')" ] || fail "no terminal: files were left: $(ls -A "$work")"

tmux new-session -d -s "$session" -x 120 -y 40 "bash --norc --noprofile"
sleep 0.3
key "cd '$work' && export HERALD_SEED=1066 PS1='$ '" Enter

# TERM=dumb: refused, exit 2.
key "TERM=dumb '$bin'; echo EXIT=\$?" Enter
wait_for "EXIT=2" 30 || fail "TERM=dumb was not refused with exit 2"
screen | grep -qF "TERM is 'dumb'" || fail "TERM=dumb: no plain message"

# A battle; Ctrl-Z suspends (the shell's screen, the cursor shown), fg redraws.
key clear Enter
key "'$bin'; echo EXIT=\$?" Enter
wait_for "a new battle of Hastings" || fail "no start screen"
key Enter
wait_for "[1 Initiative]" || fail "the battle did not open"
[ "$(flags)" = "alt=1 cursor=0" ] || fail "the console is not on the alternate screen: $(flags)"
key C-z
wait_for "Stopped" 30 || fail "Ctrl-Z did not suspend"
[ "$(flags)" = "alt=0 cursor=1" ] || fail "suspended, the terminal is not restored: $(flags)"
key fg Enter
wait_for "[1 Initiative]" 30 || fail "fg did not redraw the console"
[ "$(flags)" = "alt=1 cursor=0" ] || fail "after fg: $(flags)"
key '?'
wait_for "Unit tables" 30 || fail "keys do not work after fg"
key Escape

# Too small: keys record nothing (the dice would not be seen).
tmux resize-window -t "$session" -x 40 -y 10
wait_for "This one is 40×10" 30 || fail "no size message at 40x10"
for _ in $(seq 1 9); do key Enter; done
tmux resize-window -t "$session" -x 120 -y 40
wait_for "[1 Initiative]" 30 || fail "nothing drawn at 120x40"
n=$(grep -c '^\[\[events\]\]' saves/hastings.toml || true)
[ "$n" = 0 ] || fail "$n events were recorded on the too-small screen"

# SIGTERM: the terminal is given back.
pid="$(herald_pid)"; [ -n "$pid" ] || fail "no Herald found on the pane's terminal"
kill -TERM "$pid"
wait_for "EXIT=" 30 || fail "SIGTERM did not end Herald"
[ "$(flags)" = "alt=0 cursor=1" ] || fail "after SIGTERM: $(flags)"
# SIGHUP likewise.
key clear Enter
key "'$bin' play saves/hastings.toml; echo EXIT=\$?" Enter
wait_for "[1 Initiative]" || fail "the battle did not reopen"
pid="$(herald_pid)"; [ -n "$pid" ] || fail "no Herald found on the pane's terminal"
kill -HUP "$pid"
wait_for "EXIT=" 30 || fail "SIGHUP did not end Herald"
[ "$(flags)" = "alt=0 cursor=1" ] || fail "after SIGHUP: $(flags)"

# A full disk: a small tmpfs.
mkdir -p "$disk"
if ! mount -t tmpfs -o size=160k tmpfs "$disk" 2>/dev/null; then
  echo "note: no tmpfs can be mounted here (needs root); the full-disk part is skipped"
  echo "ok: no terminal, TERM=dumb, too small, Ctrl-Z/fg, SIGTERM, SIGHUP"
  exit 0
fi
fill() { dd if=/dev/zero of="$disk/filler" bs=1k 2>/dev/null || true; sync; }
key clear Enter
key "cd '$disk' && '$bin'; echo EXIT=\$?" Enter
wait_for "a new battle of Hastings" || fail "no start screen on the tmpfs"
key Enter
wait_for "[1 Initiative]" || fail "the battle did not open on the tmpfs"
fill
# Play on until a save needs a block the disk does not have.
for _ in $(seq 1 60); do
  screen | grep -qF "NOT SAVED" && break
  key Enter
done
wait_for "NOT SAVED" 30 || fail "a failed save was not said"
wait_for "Nothing more is recorded until you choose" 30 || fail "no question after the failed save"
logged() { screen | grep -o "log: [0-9]* event" | head -1; }
before="$(logged)"
# Nothing is recorded on top of the unsaved event until the referee says.
for _ in $(seq 1 5); do key Enter; done
[ "$(logged)" = "$before" ] || fail "events were recorded on top of an unsaved one ($before, then $(logged))"
key c
wait_for "! NOT SAVED" 30 || fail "the warning did not stay"
key Enter
screen | grep -qF "! NOT SAVED" || fail "the warning went away while saves fail"
ls -a "$disk/saves" | grep -q '\.tmp$' && fail "a failed write left a .tmp: $(ls -a "$disk/saves")"
# Space again: Herald's retry saves it, and says so.
rm -f "$disk/filler"
wait_for "every change is on disk" 60 || fail "the retry did not save"
saved=$(grep -c '^\[\[events\]\]' "$disk/saves/hastings.toml" || true)
[ "log: $saved event" = "$before" ] || fail "the save holds $saved events once retried; the console had $before"
# Quit with events not saved: asked, and the exit status says so.
fill
for _ in $(seq 1 60); do
  screen | grep -qF "Nothing more is recorded until you choose" && break
  key Enter
done
wait_for "Nothing more is recorded until you choose" 30 || fail "no question after the second failure"
key c; key q
wait_for "Nothing more is recorded until you choose" 30 || fail "quitting did not ask about the unsaved events"
key Q
wait_for "EXIT=1" 30 || fail "quitting with unsaved events did not exit 1"
screen | grep -qF "are NOT saved" || fail "no message about the unsaved events on leaving"
# Again, and this time the battle is written elsewhere (the home folder).
key clear Enter
key "HOME='$work' '$bin' play saves/hastings.toml; echo EXIT=\$?" Enter
wait_for "log: " 30 || fail "the battle did not reopen on the full disk"
for _ in $(seq 1 60); do
  screen | grep -qF "Nothing more is recorded until you choose" && break
  key Enter
done
wait_for "Nothing more is recorded until you choose" 30 || fail "no question after the third failure"
rescued="$(logged)"
key w
wait_for "hastings-rescued.toml" 30 || fail "no place offered to write the battle"
key Enter
wait_for "goes on there" 30 || fail "the battle was not written elsewhere"
key q
wait_for "EXIT=0" 30 || fail "quitting once written elsewhere did not exit 0"
n=$(grep -c '^\[\[events\]\]' "$work/hastings-rescued.toml" || true)
[ "log: $n event" = "$rescued" ] || fail "the rescued battle holds $n events; the console had $rescued"
rm -f "$disk/filler"
"$bin" log "$disk/saves/hastings.toml" >/dev/null || fail "the save does not load after the full disk"
echo "ok: no terminal, TERM=dumb, too small, Ctrl-Z/fg, SIGTERM, SIGHUP, a full disk"
