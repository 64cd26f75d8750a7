#!/usr/bin/env python3
"""Sign-ups through a three-node Patroni site against one PostgreSQL server, and the pause a
failover costs (docs/performance.md, `make bench-ha`).

Every sign-up is the release binary in line-by-line mode, as a script at the door would
run it (a process, its yescrypt hash, one insert). Throughput: 1, 8 and 32 writers for
SECONDS each, on the site (synchronous replication) and on one server (fsync on, the same
settings otherwise). The pause: 8 writers while the leader is killed, FAILOVERS times (the
killed node rejoins before the next): the longest gap between two completed sign-ups
after the kill, the time the door made no account. (The first to complete after the kill
says nothing: it had committed just before it.)
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build/release/register")
CLUSTER = os.path.join(ROOT, "scripts/patroni-cluster.sh")
SECONDS = int(os.environ.get("HA_BENCH_SECONDS", "20"))
FAILOVERS = int(os.environ.get("HA_BENCH_FAILOVERS", "5"))


def cluster(action, directory, *more):
    return subprocess.run(["sh", CLUSTER, action, directory, *more], check=True,
                          capture_output=True, text=True).stdout.strip()


class Writers:
    """`count` threads signing up distinct logins through `uri` until stopped; each
    completed sign-up is (end time, status)."""

    def __init__(self, uri, count, tag):
        self.uri, self.done, self.stop = uri, [], threading.Event()
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.write, args=(f"{tag}w{n}x",))
                        for n in range(count)]

    def write(self, prefix):
        number = 0
        while not self.stop.is_set():
            number += 1
            answers = f"{prefix}{number}\nZq7vLm2pR\nZq7vLm2pR\n"
            result = subprocess.run(
                [BINARY, "--plain", "--json", "--password-policy", "off", "--db", self.uri],
                input=answers, capture_output=True, text=True, timeout=120)
            with self.lock:
                self.done.append((time.monotonic(), result.returncode))

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_):
        self.stop.set()
        for thread in self.threads:
            thread.join()


def throughput(uri, tag):
    rates = {}
    for count in (1, 8, 32):
        with Writers(uri, count, f"{tag}{count}") as writers:
            time.sleep(SECONDS)
        made = sum(1 for _, status in writers.done if status == 0)
        rates[count] = made / SECONDS
    return rates


def single_server():
    """One PostgreSQL on 127.0.0.1 (fsync and synchronous_commit on): its URI and folder."""
    folder = tempfile.mkdtemp(prefix="register-bench-single-")
    os.chmod(folder, 0o700)
    as_server = []
    if os.getuid() == 0:
        shutil.chown(folder, "nobody")
        as_server = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"]
    binaries = sorted(d for d in os.listdir("/usr/lib/postgresql"))[-1]
    bindir = f"/usr/lib/postgresql/{binaries}/bin"
    port = subprocess.run(["python3", "-c", "import socket; s = socket.socket(); "
                           "s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"],
                          capture_output=True, text=True).stdout.strip()
    subprocess.run(as_server + [f"{bindir}/initdb", "-D", f"{folder}/data", "-U", "postgres",
                                "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"],
                   check=True, capture_output=True)
    subprocess.run(as_server + [f"{bindir}/pg_ctl", "-D", f"{folder}/data", "-w", "-l",
                                f"{folder}/log", "-o",
                                f"-k {folder} -c listen_addresses=127.0.0.1 -p {port}", "start"],
                   check=True, capture_output=True)
    stop = as_server + [f"{bindir}/pg_ctl", "-D", f"{folder}/data", "-m", "immediate", "stop"]
    return f"postgresql://postgres@127.0.0.1:{port}/postgres", folder, stop


def pauses(directory, uri):
    results = []
    for run in range(FAILOVERS):
        with Writers(uri, 8, f"f{run}") as writers:
            time.sleep(5)
            killed_at = time.monotonic()
            old = cluster("kill-leader", directory)
            cluster("wait-leader", directory, old)
            time.sleep(10)
        ok = sorted(end for end, status in writers.done if status == 0)
        failed = sum(1 for _, status in writers.done if status != 0)
        gaps = [b - a for a, b in zip(ok, ok[1:]) if b > killed_at]
        results.append((max(gaps), failed))
        cluster("revive", directory, old)
    return results


def main():
    if not os.access(BINARY, os.X_OK):
        sys.exit(f"bench-ha: {BINARY} is missing: run make build first")
    directory = tempfile.mktemp(prefix="register-bench-ha-")
    try:
        cluster("start", directory)
        uri = cluster("uri", directory)
        site = throughput(uri, "s")
        measured = pauses(directory, uri)
    finally:
        cluster("stop", directory)
    single_uri, folder, stop = single_server()
    try:
        single = throughput(single_uri, "o")
    finally:
        subprocess.run(stop, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
    print("sign-ups per second (line by line, one process each)")
    print("writers   one server   Patroni site (synchronous)")
    for count in (1, 8, 32):
        print(f"{count:7}   {single[count]:10.1f}   {site[count]:10.1f}")
    print(f"failover (leader killed, 8 writers, {FAILOVERS} times):")
    for gap, failed in measured:
        print(f"  no account made for {gap:5.1f} s; sign-ups that failed: {failed}")
    print(f"  p50: {statistics.median(g for g, _ in measured):.1f} s")


if __name__ == "__main__":
    main()
