#!/bin/sh
# `make test`: every test, within a time limit, in a session of its own with input from
# /dev/null. With no controlling terminal nothing under test can wait for the person at
# the terminal, open /dev/tty, or be stopped by it: a child touching a terminal from the
# test process's group would stop the whole group (SIGTTOU, SIGTTIN), tests and all.
# The tests bound their own waits; should a run still be going after TEST_TIME_LIMIT
# seconds anyway, what it is doing is printed (the processes under it with their states,
# the test process's threads) and it is ended, so that CI fails with a reason instead of
# waiting for ever. Ctrl-C (which no longer reaches the session) ends it too.
set -u
limit=${TEST_TIME_LIMIT:-1800}
swift=${SWIFT:-swift}
# The run's output, also kept whole: CI shows only its end, so a failure is repeated there.
log=${TEST_LOG:-.build/test.log}
mkdir -p "$(dirname "$log")"

# Every process under $1, one pid a line.
descendants() {
  ps -eo pid=,ppid= | awk -v root="$1" '
    { parent[$1] = $2 }
    END {
      for (pid in parent) {
        for (p = parent[pid]; p != "" && p > 1; p = parent[p]) {
          if (p == root) { print pid; break }
        }
      }
    }'
}

setsid -w "$swift" test "$@" < /dev/null > "$log" 2>&1 &
tests=$!
tail -n +1 -f --pid="$tests" "$log" &
echoer=$!
watchdog=
# The processes of the run: everything under it, and what its end-to-end tests started
# (they carry the test process's scope in their environment: a tmux server is no child).
everything() {
  pids=$(descendants "$tests")
  for pid in $pids; do
    if grep -q 'PackageTests' "/proc/$pid/cmdline" 2> /dev/null; then
      pids="$pids $(grep -l -a "REGISTER_E2E_SCOPE=$pid-" /proc/[0-9]*/environ 2> /dev/null \
        | cut -d/ -f3)"
    fi
  done
  echo "$pids"
}

# Ends the run and everything it started.
stop() {
  kill "$watchdog" "$echoer" 2> /dev/null
  kill -KILL $(everything) "$tests" 2> /dev/null
}
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM
trap 'stop; exit 129' HUP
(
  sleep "$limit" &
  sleeper=$!
  trap 'kill $sleeper 2> /dev/null; exit 0' TERM
  wait $sleeper
  echo "make test: still running after $limit s; what it is doing:" >&2
  pids=$(descendants "$tests")
  [ -n "$pids" ] && ps -o pid,ppid,pgid,stat,wchan:24,etime,args -p "$(echo $pids | tr ' ' ,)" >&2
  for pid in $pids; do
    if grep -q 'PackageTests' "/proc/$pid/cmdline" 2> /dev/null && command -v gdb > /dev/null
    then
      timeout 120 gdb -p "$pid" -batch -ex "thread apply all bt 25" 2>&1 \
        | grep -E '^(Thread|#)' >&2
    fi
  done
  kill -KILL $(everything) "$tests" 2> /dev/null
) &
watchdog=$!
wait "$tests"
status=$?
kill "$watchdog" 2> /dev/null
wait "$echoer"
if [ "$status" -ne 0 ]; then
  echo "make test: what failed (the whole output is in $log):" >&2
  grep -a -E '^✘ (Test|Suite) ' "$log" | grep -a -v '^✘ Test run ' | cut -c1-600 | head -n 60 >&2
fi
exit $status
