#!/usr/bin/env python3
"""Many sign-ups over SSH at once: N `ssh -tt` sessions connect (over two seconds); once
every form is up, all type like people (a key every 100-200 ms) and sign up. Reports the total memory of the `register`
processes (sum of VmRSS, sampled every 100 ms; the peak of the sum), the CPU per sign-up
(utime+stime of every register process, last seen before it exited), and how long keys
waited for their echo (write to first byte back, all sessions together).

    scripts/ssh-load.py N SSH-COMMAND...     (SSH-COMMAND from scripts/ssh-server.sh)
"""
import os, pty, random, select, sys, time

N = int(sys.argv[1])
COMMAND = sys.argv[2:]
REGISTER = os.path.realpath(os.path.join(os.path.dirname(__file__), "../.build/release/register"))
PASSWORD = "Zq7vLm2pR"
HZ = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def keys(login):
    """The keystrokes of one sign-up: login, Tab, password, Tab, password, Enter."""
    return list(login) + ["\t"] + list(PASSWORD) + ["\t"] + list(PASSWORD) + ["\r"]


def registers():
    """(pid, rss bytes, pss bytes, cpu seconds) of every running register process."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            if os.readlink(f"/proc/{name}/exe") != REGISTER:
                continue
            with open(f"/proc/{name}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{name}/statm") as f:
                rss = int(f.read().split()[1]) * PAGE
            # PSS: shared pages (the binary's code) counted once across the processes.
            with open(f"/proc/{name}/smaps_rollup") as f:
                pss = next(int(l.split()[1]) * 1024 for l in f if l.startswith("Pss:"))
            found.append((int(name), rss, pss, (int(fields[11]) + int(fields[12])) / HZ))
        except (OSError, ValueError, IndexError):
            pass
    return found


class Session:
    def __init__(self, index):
        self.login = "load" + "".join(chr(97 + int(d)) for d in f"{index:03d}")
        self.keys = keys(self.login)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ.update(TERM="xterm-256color", LANG="C.UTF-8")
            os.execvp(COMMAND[0], COMMAND)
        self.output = b""
        self.ready = False
        self.sent_at = None
        self.next_at = None
        self.done = False
        self.created = False


random.seed(7)
start = time.monotonic()
sessions = []
latencies = []
peak_rss = peak_pss = peak_count = 0
cpu = {}
last_sample = 0.0
typing = False
# Connect over two seconds, as people would arrive.
pending = list(range(N))
connect_at = {i: start + 2.0 * i / N for i in pending}
while pending or any(not s.done for s in sessions):
    now = time.monotonic()
    while pending and connect_at[pending[0]] <= now:
        sessions.append(Session(pending.pop(0)))
    if now - last_sample >= 0.1:
        last_sample = now
        running = registers()
        peak_rss = max(peak_rss, sum(r for _, r, _, _ in running))
        peak_pss = max(peak_pss, sum(p for _, _, p, _ in running))
        peak_count = max(peak_count, len(running))
        for pid, _, _, seconds in running:
            cpu[pid] = seconds
    fds = {s.fd: s for s in sessions if not s.done}
    ready, _, _ = select.select(list(fds), [], [], 0.01)
    now = time.monotonic()
    for fd in ready:
        s = fds[fd]
        try:
            data = os.read(fd, 65536)
        except OSError:
            data = b""
        if not data:
            s.done = True
            os.waitpid(s.pid, 0)
            continue
        if s.sent_at is not None:
            latencies.append((now - s.sent_at) * 1000)
            s.sent_at = None
        s.output += data
        if not s.ready and "Create account".encode() in s.output:
            s.ready = True
        if b"Account " in s.output and b" created" in s.output:
            s.created = True
    # Everybody types at once: once every form is up (all N running together).
    if not pending and all(s.ready or s.done for s in sessions) and not typing:
        typing = True
        for s in sessions:
            s.next_at = now + random.uniform(0.1, 0.5)
    for s in sessions:
        if s.ready and s.keys and s.next_at is not None and now >= s.next_at and s.sent_at is None:
            key = s.keys.pop(0)
            os.write(s.fd, key.encode())
            # The Enter's answer is the whole sign-up, not an echo: not a key's wait.
            s.sent_at = now if s.keys else None
            s.next_at = now + random.uniform(0.1, 0.2)
    if time.monotonic() - start > 120:
        break

latencies.sort()
created = sum(s.created or b'"login"' in s.output for s in sessions)
def pct(p):
    return latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] if latencies else 0
print(f"sessions {N}, signed up {created}, wall {time.monotonic() - start:.1f} s")
print(f"register processes at once: {peak_count}; their memory together at most: resident "
      f"{peak_rss / 2**20:.1f} MB, proportional (shared pages once) {peak_pss / 2**20:.1f} MB")
print(f"CPU of all register processes {sum(cpu.values()) * 1000:.0f} ms, per sign-up "
      f"{sum(cpu.values()) * 1000 / max(1, created):.1f} ms")
print(f"keys {len(latencies)}: echo p50 {pct(50):.1f} ms, p95 {pct(95):.1f} ms, p99 {pct(99):.1f} ms, "
      f"max {latencies[-1] if latencies else 0:.1f} ms, over 50 ms: {sum(l > 50 for l in latencies)}")
for s in sessions:
    if not (s.created or b'"login"' in s.output):
        tail = s.output[-300:].decode(errors="replace").replace("\x1b", "\\e")
        print(f"not signed up: {s.login}, ready {s.ready}, keys left {len(s.keys)}: ...{tail[-200:]!r}")
        break
