#!/bin/sh
# A throwaway three-node site on 127.0.0.1, for the failover test and its benchmark: one
# etcd and three PostgreSQL servers, each under its own Patroni, configured from the
# shipped deploy/patroni/patroni.yml. What this changes in that file, and nothing else:
# the addresses and ports (free ones of 127.0.0.1), the folders (under DIR), the timings
# (ttl 10, loop_wait 1, retry_timeout 4: a failover in about 10 s instead of about 20),
# and `local all all trust` for the socket (in DIR, mode 0700), since everything runs as
# `nobody` when started as root (initdb refuses root). Passwords are random, in DIR/env.
#   scripts/patroni-cluster.sh start DIR      make and start it; waits for a leader, a
#                                             synchronous standby and the database
#   scripts/patroni-cluster.sh uri DIR        register's URI (all three hosts, read-write)
#   scripts/patroni-cluster.sh leader DIR     the leader's name (node1, node2 or node3)
#   scripts/patroni-cluster.sh kill-leader DIR   SIGKILL to the leader's Patroni and
#                                             PostgreSQL: a machine that died
#   scripts/patroni-cluster.sh cut-leader DIR    the leader's Patroni killed, its
#                                             PostgreSQL frozen (SIGSTOP): running, and
#                                             answering nobody, as behind a cut network
#   scripts/patroni-cluster.sh wait-leader DIR OLD   waits for a leader other than OLD
#   scripts/patroni-cluster.sh psql DIR SQL   runs SQL on the leader (unaligned, no header)
#   scripts/patroni-cluster.sh stop DIR       stops everything and removes DIR
# Nothing started here is a child of the caller: each server runs in a session of its own.
set -eu
action=$1 dir=$2
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# As nobody when root. setpriv and setsid exec what they run, so a pid taken with $! is
# the server's own.
server=
[ "$(id -u)" = 0 ] && server="setpriv --reuid=nobody --regid=nogroup --clear-groups --"
as_server() { $server "$@"; }

# The members as "name role api_port pg_port" lines, from any live member's REST API.
members() {
  for api in $(cat "$dir"/node*/api_port); do
    if curl -sf --max-time 1 "http://127.0.0.1:$api/cluster" > "$dir/cluster.json" 2> /dev/null; then
      python3 - "$dir" << 'PY'
import json, sys, os
d = sys.argv[1]
for m in json.load(open(os.path.join(d, "cluster.json")))["members"]:
    api = m["api_url"].split(":")[2].split("/")[0]
    print(m["name"], m["role"].replace(" ", "_"), m.get("state", "-"), api, m["port"])
PY
      return 0
    fi
  done
  return 1
}

leader() { members | awk '$2 == "leader" && $3 == "running" { print $1 }'; }

uri() {
  . "$dir/env"
  hosts=$(for n in 1 2 3; do printf '127.0.0.1:%s,' "$(cat "$dir/node$n/pg_port")"; done)
  echo "postgresql://register_owner:$REGISTER_OWNER_PASSWORD@${hosts%,}/accounts?target_session_attrs=read-write&connect_timeout=2"
}

postmaster() { head -n 1 "$dir/$1/data/postmaster.pid"; }

case $action in
start)
  mkdir -p "$dir" && chmod 700 "$dir"
  [ "$(id -u)" = 0 ] && chown nobody "$dir"
  password() { head -c 18 /dev/urandom | base64 | tr '+/' '_-'; }
  umask 077
  cat > "$dir/env" << ENV
PATRONI_SUPERUSER_PASSWORD=$(password)
PATRONI_REPLICATION_PASSWORD=$(password)
REGISTER_OWNER_PASSWORD=$(password)
REGISTER_APP_PASSWORD=$(password)
ENV
  cp "$root/deploy/patroni/register-bootstrap.sh" "$dir/register-bootstrap.sh"
  client=$(free_port) peer=$(free_port)
  echo "$client" > "$dir/etcd_port"
  [ "$(id -u)" = 0 ] && chown -R nobody "$dir"
  cd "$dir"
  $server setsid etcd --name etcd --data-dir "$dir/etcd" \
    --listen-client-urls "http://127.0.0.1:$client" --advertise-client-urls "http://127.0.0.1:$client" \
    --listen-peer-urls "http://127.0.0.1:$peer" --initial-advertise-peer-urls "http://127.0.0.1:$peer" \
    --initial-cluster "etcd=http://127.0.0.1:$peer" > "$dir/etcd.log" 2>&1 < /dev/null &
  echo $! > "$dir/etcd.pid"
  for n in 1 2 3; do
    node="$dir/node$n"
    mkdir -p "$node"
    api=$(free_port) pg=$(free_port)
    echo "$api" > "$node/api_port"
    echo "$pg" > "$node/pg_port"
    sed -e "s|^name: db1|name: node$n|" \
      -e "s|10\.0\.0\.11:8008|127.0.0.1:$api|g" -e "s|10\.0\.0\.11:5432|127.0.0.1:$pg|g" \
      -e "s|^  hosts: .*|  hosts: 127.0.0.1:$client|" -e "s|10\.0\.0\.0/24|127.0.0.1/32|g" \
      -e "s|^    ttl: .*|    ttl: 10|" -e "s|^    loop_wait: .*|    loop_wait: 1|" \
      -e "s|^    retry_timeout: .*|    retry_timeout: 4|" \
      -e "s|local all postgres peer|local all all trust|" \
      -e "s|/var/lib/postgresql/15/accounts.pgpass|$node/pgpass|" \
      -e "s|/var/lib/postgresql/15/accounts|$node/data|" -e "s|/usr/lib/postgresql/15/bin|$bin|" \
      -e "s|/var/run/postgresql|$node|" -e "s|/etc/patroni/register-bootstrap.sh|$dir/register-bootstrap.sh|" \
      "$root/deploy/patroni/patroni.yml" > "$node/patroni.yml"
    [ "$(id -u)" = 0 ] && chown -R nobody "$node"
    (set -a && . "$dir/env" && cd "$node" &&
      exec $server setsid patroni "$node/patroni.yml" > "$node/patroni.log" 2>&1 < /dev/null) &
    echo $! > "$node/patroni.pid"
    # The first to come up bootstraps; the others then copy it.
    [ "$n" = 1 ] && sleep 2
  done
  # Up: a leader, a synchronous standby, the bootstrap's database.
  for _ in $(seq 120); do
    if members 2> /dev/null | grep -q '^node. sync_standby running' && [ -n "$(leader)" ] &&
      as_server "$bin/psql" -X -q -A -t -h "$dir/$(leader)" -p "$(cat "$dir/$(leader)/pg_port")" \
        -U postgres -d accounts -c 'SELECT 1' > /dev/null 2>&1; then
      exit 0
    fi
    sleep 0.5
  done
  echo "patroni-cluster: no leader with a synchronous standby after 60 s; logs in $dir" >&2
  exit 1
  ;;
uri) uri ;;
leader) leader ;;
wait-leader)
  for _ in $(seq 120); do
    now=$(leader 2> /dev/null || true)
    if [ -n "$now" ] && [ "$now" != "$3" ]; then echo "$now" && exit 0; fi
    sleep 0.25
  done
  exit 1
  ;;
kill-leader | cut-leader)
  name=$(leader)
  [ -n "$name" ] || { echo "patroni-cluster: no leader" >&2; exit 1; }
  pm=$(postmaster "$name")
  kill -KILL "$(cat "$dir/$name/patroni.pid")"
  if [ "$action" = kill-leader ]; then
    kill -KILL "$pm"
  else
    kill -STOP "$pm" $(pgrep -P "$pm") 2> /dev/null || true
  fi
  echo "$name"
  ;;
psql)
  name=$(leader)
  as_server "$bin/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h "$dir/$name" \
    -p "$(cat "$dir/$name/pg_port")" -U postgres -d accounts -c "$3"
  ;;
stop)
  [ -d "$dir" ] || exit 0
  for node in "$dir"/node*; do
    kill -TERM "$(cat "$node/patroni.pid" 2> /dev/null)" 2> /dev/null || true
  done
  sleep 1
  for node in "$dir"/node*; do
    kill -KILL "$(cat "$node/patroni.pid" 2> /dev/null)" 2> /dev/null || true
    if [ -f "$node/data/postmaster.pid" ]; then
      pm=$(head -n 1 "$node/data/postmaster.pid")
      # Its children first: a frozen child would never notice its postmaster going.
      pkill -KILL -P "$pm" 2> /dev/null || true
      kill -KILL "$pm" 2> /dev/null || true
    fi
  done
  kill -KILL "$(cat "$dir/etcd.pid" 2> /dev/null)" 2> /dev/null || true
  rm -rf "$dir"
  ;;
*)
  echo "usage: $0 start|uri|leader|wait-leader|kill-leader|cut-leader|psql|stop DIR" >&2
  exit 2
  ;;
esac
