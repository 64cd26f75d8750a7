#!/bin/sh
# make bench-sync (docs/performance.md): `register sync` against a PostgreSQL of its own
# (a unix socket in /tmp, stopped and removed at the end), in a private mount namespace
# with its own /etc (a copy: the site file's uid-range, nsswitch.conf with extrausers),
# /run (nscd's socket) and /var/lib/extrausers (a folder in /tmp), as the tests do; the
# host's own files are never touched. Root only. Needs PG_BIN, REGISTER and STORE_BENCH.
#   1. commit-to-passwd latency of sign-ups at 1, 10 and 100 a second over 10 000 accounts
#   2. a million accounts loaded in one transaction; a full pass: time, memory, sizes
#   3. the same latency at 10 a second over a million
#   4. getent passwd through libnss-extrausers at 1 000 to 1 000 000, then through unscd
set -eu
: "${PG_BIN:?}" "${REGISTER:?}" "${STORE_BENCH:?}"
BENCH=${BENCH_DIR:-/tmp/register-bench-sync}
if [ "$(id -u)" != 0 ]; then
  echo "bench-sync: run it as root (a private mount namespace, /var/lib/extrausers, nscd)" >&2
  exit 1
fi
if [ -z "${REGISTER_BENCH_NAMESPACE:-}" ]; then
  exec env REGISTER_BENCH_NAMESPACE=1 unshare --mount --propagation private sh "$0" "$@"
fi

rm -rf "$BENCH" && mkdir -p "$BENCH" && chmod 755 "$BENCH"
pg="$BENCH/pg" follower="" nscd=""
cleanup() {
  [ -z "$follower" ] || { kill -TERM "$follower" 2>/dev/null; wait "$follower" 2>/dev/null || true; }
  [ -z "$nscd" ] || { kill -TERM "$nscd" 2>/dev/null; wait "$nscd" 2>/dev/null || true; }
  runuser -u nobody -- "$PG_BIN/pg_ctl" -D "$pg/data" -m immediate stop >/dev/null 2>&1 || true
  umount /var/lib/extrausers /run /etc 2>/dev/null || true
  rm -rf "$BENCH"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# The private system: /etc copied, a site file and nsswitch.conf of its own.
cp -a /etc "$BENCH/etc"
mount --bind "$BENCH/etc" /etc
mkdir -p /etc/register
printf 'uid-range = 100000-1999999\n' > /etc/register/register.conf
sed -i -E 's/^(passwd|group|shadow):.*/\1: files extrausers/' /etc/nsswitch.conf
mount -t tmpfs -o mode=0755 tmpfs /run
mkdir -p "$BENCH/extrausers" && chmod 755 "$BENCH/extrausers"
mount --bind "$BENCH/extrausers" /var/lib/extrausers
folder=/var/lib/extrausers

mkdir -p "$pg" && chmod 700 "$pg" && chown nobody "$pg"
runuser -u nobody -- "$PG_BIN/initdb" -D "$pg/data" -U postgres --auth=trust --no-sync \
  --encoding=UTF8 --locale=C.UTF-8 >/dev/null
runuser -u nobody -- "$PG_BIN/pg_ctl" -D "$pg/data" -w -l "$pg/log" \
  -o "-k $pg -c listen_addresses=''" start >/dev/null
uri="postgresql://postgres@/postgres?host=$pg"
export REGISTER_DB="$uri"
psql() { "$PG_BIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 -d "$uri" "$@"; }
"$STORE_BENCH" prepare "$uri" >/dev/null
"$REGISTER" sync --folder "$folder" --host bench >/dev/null  # the site's uid-range
# Accounts FROM..TO (and a key each) in one transaction, as an import would; timed.
load() {
  start=$(date +%s.%N)
  psql -c "BEGIN" -c "INSERT INTO accounts (login, login_key, login_skeleton, password_hash,
      created_at)
    SELECT 'user' || i, 'user' || i, 'user' || translate(i::text, '01', 'ol'),
      '\$y\$j9T\$fakefakefakefakefake\$fakefakefakefakefakefakefakefakefakefakefak',
      '2026-01-01T00:00:00Z' FROM generate_series($1, $2) AS i" \
    -c "INSERT INTO account_keys (fingerprint, account_id, type, base64, comment, added_at)
    SELECT 'SHA256:bench' || id, id, 'ssh-ed25519',
      'AAAAC3NzaC1lZDI1NTE5AAAAIBenchBenchBenchBenchBenchBenchBenchBench', '',
      '2026-01-01T00:00:00Z' FROM accounts WHERE login_key BETWEEN 'user' AND 'userz'
      AND id NOT IN (SELECT account_id FROM account_keys)" -c "COMMIT" \
    -c "VACUUM ANALYZE accounts, account_keys"
  echo "loaded accounts $1 to $2 in one transaction: $(echo "$(date +%s.%N) - $start" | bc) s"
}
follow() {
  "$REGISTER" sync --follow --folder "$folder" --host bench >"$BENCH/follow.log" 2>&1 &
  follower=$!
}
unfollow() { kill -TERM "$follower"; wait "$follower" || true; follower=""; }
sizes() {
  for name in passwd group shadow register-keys; do
    [ -f "$folder/$name" ] && printf '%s %s bytes; ' "$name" "$(stat -c %s "$folder/$name")"
  done
  echo
}

echo "== over 10 000 accounts"
load 1 10000
follow
"$STORE_BENCH" sync-latency "$uri" "$folder" 1 30
"$STORE_BENCH" sync-latency "$uri" "$folder" 10 300
"$STORE_BENCH" sync-latency "$uri" "$folder" 100 1000
unfollow

echo "== over a million accounts"
load 10001 1000000
psql -c "SELECT count(*) || ' accounts, ' || count(DISTINCT uid) || ' uids, '
  || min(uid) || '-' || max(uid) FROM accounts"
echo "a full pass (register sync, once):"
"$STORE_BENCH" runs 3 "$REGISTER" sync --folder "$folder" --host bench
sizes
follow
"$STORE_BENCH" sync-latency "$uri" "$folder" 10 100
unfollow

echo "== getent passwd through libnss-extrausers"
cp "$folder/passwd" "$BENCH/passwd.full"
for size in 1000 10000 100000 1000000; do
  head -n "$size" "$BENCH/passwd.full" > "$folder/passwd"
  last=$(tail -n 1 "$folder/passwd" | cut -d: -f1)
  middle=$(sed -n "$((size / 2))p" "$folder/passwd" | cut -d: -f1)
  echo "$size accounts in passwd:"
  "$STORE_BENCH" runs 200 /usr/bin/getent passwd "$middle"
  "$STORE_BENCH" runs 200 /usr/bin/getent passwd "$last"
done
"$STORE_BENCH" runs 200 /usr/bin/getent passwd root

if [ -x /usr/sbin/nscd ]; then
  echo "== the same million through unscd (its cache)"
  mkdir -p /run/nscd
  /usr/sbin/nscd -d >"$BENCH/nscd.log" 2>&1 &
  nscd=$!
  i=0; while [ ! -S /run/nscd/socket ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
  "$STORE_BENCH" runs 1 /usr/bin/getent passwd "$middle"
  "$STORE_BENCH" runs 200 /usr/bin/getent passwd "$middle"
  "$STORE_BENCH" runs 1 /usr/bin/getent passwd "$last"
  "$STORE_BENCH" runs 200 /usr/bin/getent passwd "$last"
else
  echo "== unscd is not installed (apt-get install unscd): no cached figures"
fi
