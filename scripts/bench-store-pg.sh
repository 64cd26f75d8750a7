#!/bin/sh
# make bench-store's PostgreSQL: a throwaway server with a million accounts, which can also
# be kept between runs while measuring by hand (loading takes minutes):
#
#   scripts/bench-store-pg.sh start DIR STORE_BENCH   a new server in DIR (a unix socket
#                                                     there only), its million loaded;
#                                                     prints the URI
#   scripts/bench-store-pg.sh stop DIR                stops it and removes DIR
#
# then `.build/release/store-bench list URI` as often as wanted. The accounts are those of
# the SQLite bench (fake hashes, one key each); the skeleton of userN is userN with 0 as o
# and 1 as l. As root the server runs as nobody (initdb refuses root).
set -eu
command=$1
dir=$2
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
as=""
if [ "$(id -u)" = 0 ]; then as="runuser -u nobody --"; fi
uri="postgresql://postgres@/postgres?host=$dir"

case $command in
start)
  store_bench=$3
  rm -rf "$dir"
  mkdir -p "$dir"
  chmod 700 "$dir"
  if [ -n "$as" ]; then chown nobody "$dir"; fi
  $as "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --no-sync \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  $as "$bin/pg_ctl" -D "$dir/data" -w -l "$dir/log" \
    -o "-k $dir -c listen_addresses=''" start >/dev/null
  "$store_bench" prepare "$uri" >/dev/null
  # Since migration 6 an account needs a uid: the default range holds 40,000.
  "$bin/psql" -X -q -v ON_ERROR_STOP=1 -d "$uri" \
    -c "UPDATE unix_settings SET uid_low = 100000, uid_high = 1999999, next_uid = 100000" \
    -c "INSERT INTO accounts (login, login_key, login_skeleton, password_hash, created_at)
      SELECT 'user' || i, 'user' || i, 'user' || translate(i::text, '01', 'ol'),
      '\$y\$j9T\$fake', '2026-01-01T00:00:00Z' FROM generate_series(1, 1000000) AS i" \
    -c "INSERT INTO account_keys (fingerprint, account_id, type, base64, comment, added_at)
      SELECT 'SHA256:bench' || id, id, 'ssh-ed25519',
      'AAAAC3NzaC1lZDI1NTE5AAAAIBenchBenchBenchBenchBenchBenchBenchBench', '',
      '2026-01-01T00:00:00Z' FROM accounts" \
    -c "VACUUM ANALYZE accounts, account_keys"
  "$bin/psql" -X -q -A -t -d "$uri" -c "SELECT count(*) || ' accounts' FROM accounts" \
    -c "EXPLAIN SELECT login, password_hash FROM accounts WHERE login_key = 'user1'" \
    -c "EXPLAIN SELECT EXISTS (SELECT 1 FROM accounts WHERE login_key = 'user1'),
      EXISTS (SELECT 1 FROM accounts WHERE login_skeleton = 'userl')" >&2
  echo "$uri"
  ;;
stop)
  $as "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  ;;
*)
  echo "usage: $0 start DIR STORE_BENCH | stop DIR" >&2
  exit 2
  ;;
esac
