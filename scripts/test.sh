#!/bin/sh
# `make test`: every test, within a time limit. The tests bound their own waits; should a
# run still be going after TEST_TIME_LIMIT seconds anyway, what it is doing is printed
# (the processes under it with their states, the test process's threads) and it is ended,
# so that CI fails with a reason instead of waiting for ever. Input is /dev/null: nothing
# under test may wait for the person at the terminal that runs the tests.
set -u
limit=${TEST_TIME_LIMIT:-1800}
swift=${SWIFT:-swift}

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

"$swift" test "$@" < /dev/null &
tests=$!
(
  sleep "$limit" &
  sleeper=$!
  trap 'kill $sleeper 2> /dev/null; exit 0' TERM
  wait $sleeper
  echo "make test: still running after $limit s; what it is doing:" >&2
  pids=$(descendants "$tests")
  [ -n "$pids" ] && ps -o pid,ppid,pgid,stat,wchan:24,etime,args -p "$(echo $pids | tr ' ' ,)" >&2
  for pid in $pids; do
    if grep -q 'PackageTests' "/proc/$pid/cmdline" 2> /dev/null; then
      command -v gdb > /dev/null \
        && timeout 120 gdb -p "$pid" -batch -ex "thread apply all bt 25" 2>&1 \
          | grep -E '^(Thread|#)' >&2
      # What the end-to-end tests started carries their scope (a tmux server is no child).
      pids="$pids $(grep -l -a "REGISTER_E2E_SCOPE=$pid-" /proc/[0-9]*/environ 2> /dev/null \
        | cut -d/ -f3)"
    fi
  done
  kill -KILL $pids "$tests" 2> /dev/null
) &
watchdog=$!
wait "$tests"
status=$?
kill "$watchdog" 2> /dev/null
exit $status
