#!/bin/bash
# Counts the instructions of Application.process while register.keys is typed into the
# form, in tmux at 80x24, with callgrind (valgrind 3.19 cannot read the release binary's
# DWARF, so a copy without it is run). Usage:
#   scripts/bench/callgrind-keys.sh BINARY OUT    (writes OUT.PID, one per process)
#   callgrind_annotate --inclusive=yes OUT.PID | swift demangle --simplified
set -euo pipefail
binary=$1
out=$2
work=$(mktemp -d)
chmod 700 "$work"
session=callgrind-keys-$$
cleanup() {
  tmux kill-session -t "$session" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
strip --strip-debug -o "$work/register" "$binary"
tmux new-session -d -s "$session" -x 80 -y 24 \
  "TERM=xterm-256color valgrind --tool=callgrind \
  '--toggle-collect=\$s7Widgets11ApplicationC7processyySay8Terminal5EventOGF' \
  --callgrind-out-file=$out.%p $work/register --db $work/accounts.sqlite 2>$work/valgrind.log"
for _ in $(seq 120); do
  tmux capture-pane -p -t "$session" | grep -q "Create account" && break
  sleep 0.5
done
sleep 2
key() { tmux send-keys -t "$session" "$@"; sleep 0.12; }
type() { local text=$1 i; for ((i = 0; i < ${#text}; i++)); do key -l "${text:i:1}"; done; }
# scenarios/register.keys of the shared bench, key by key
type alice; key Tab; type Zq7vLm2pR; key Tab; type Zq7vLm2pR; key BSpace; type R
key BTab; key BTab; key End; type x; key BSpace; key Tab; key Tab; key Tab
sleep 3
key C-c
for _ in $(seq 60); do
  tmux has-session -t "$session" 2>/dev/null || break
  grep -q "Collected" "$work/valgrind.log" 2>/dev/null && break
  sleep 0.5
done
sleep 1
grep Collected "$work/valgrind.log" || true
