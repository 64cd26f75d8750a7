#!/bin/sh
# A throwaway sshd on 127.0.0.1 serving deploy/ssh/register.conf for benchmarks, the way
# the end-to-end tests do: as root, a temporary host key, root logging in with a
# temporary key, `Match User join` made `Match User root`, a fresh database per
# connection (so the same login can sign up every run) and --json (the harness reads it).
#   scripts/ssh-server.sh start DIR   prints the ssh command line to use
#   scripts/ssh-server.sh stop DIR
set -eu
action=$1 dir=$2
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "$action" = stop ]; then
  [ -f "$dir/sshd.pid" ] && kill "$(cat "$dir/sshd.pid")" 2>/dev/null || true
  exit 0
fi
mkdir -p "$dir" /run/sshd && chmod 700 "$dir"
rm -f "$dir/host_key" "$dir/client_key"
ssh-keygen -q -t ed25519 -N '' -f "$dir/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$dir/client_key"
cp "$dir/client_key.pub" "$dir/authorized_keys"
cat > "$dir/register" <<SCRIPT
#!/bin/sh
d=\$(mktemp -d /tmp/register-bench-XXXXXX)
exec "$root/.build/release/register" "\$@" --json --db "\$d/accounts.sqlite"
SCRIPT
chmod 755 "$dir/register"
sed -e 's|Match User join|Match User root|' -e "s|/usr/local/bin/register|$dir/register|" \
  -e 's|sudo -n /usr/local/lib/register/register-useradd|/bin/true|' \
  "$root/deploy/ssh/register.conf" > "$dir/register.conf"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cat > "$dir/sshd_config" <<CONFIG
Port $port
ListenAddress 127.0.0.1
HostKey $dir/host_key
PidFile $dir/sshd.pid
UsePAM no
StrictModes no
AuthorizedKeysFile $dir/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
Include $dir/register.conf
# The load test opens many connections at once from one address. After the Include:
# for these two the last value wins (sshd -T says so).
MaxStartups 100
PerSourceMaxStartups none
CONFIG
/usr/sbin/sshd -f "$dir/sshd_config" -E "$dir/sshd.log"
echo "[127.0.0.1]:$port $(cut -d' ' -f1-2 "$dir/host_key.pub")" > "$dir/known_hosts"
echo "ssh -tt -F /dev/null -p $port -i $dir/client_key -o UserKnownHostsFile=$dir/known_hosts -o StrictHostKeyChecking=yes -o BatchMode=yes -o LogLevel=ERROR -o SendEnv=LANG root@127.0.0.1"
