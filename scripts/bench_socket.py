"""The rows of scripts/bench for a run's control socket under load from the same user (issue 18):
how late a background run's events come, to itself and to a subscriber, while 1,000 connections
sit idle on its socket, and while 300 views have stopped reading; and the run's peak memory
meanwhile. Each is read against this machine's floor for a subscriber (row 11g).

scripts/bench_runtime.py calls measure(bench, runs). On its own,
`python3 scripts/bench_socket.py [--quick] CADENCE` measures the binary CADENCE (an earlier
build, for comparison) and prints the rows.
"""
import json
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import time

# Connections that send nothing; each one the run closes (it tells a request that did not come
# in time, or one past its cap, so) is opened again a second later.
IDLE = """
import collections, os, resource, select, signal, socket, sys, time
path, count = sys.argv[1], int(sys.argv[2])
signal.signal(signal.SIGTERM, lambda *_: (print(len(open_), closed, file=sys.stderr), os._exit(0)))
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, count + 256)), hard))
poller, open_, closed, again = select.poll(), {}, 0, collections.deque()
def connect():
    client = socket.socket(socket.AF_UNIX)
    client.setblocking(False)
    try:
        client.connect(path)
    except OSError:
        client.close()
        return
    open_[client.fileno()] = client
    poller.register(client.fileno(), select.POLLIN)
while True:
    while again and again[0] <= time.monotonic():
        again.popleft()
    while len(open_) + len(again) < count:
        before = len(open_)
        connect()
        if len(open_) == before:
            break
    for fd, _ in poller.poll(20):
        poller.unregister(fd)
        open_.pop(fd).close()
        closed += 1
        again.append(time.monotonic() + 1)
"""

# Views that ask for the stream and never read it; one the run lets go asks again a second later.
STALLED = """
import collections, os, select, signal, socket, sys, time
path, count = sys.argv[1], int(sys.argv[2])
signal.signal(signal.SIGTERM, lambda *_: (print(len(open_), gone, file=sys.stderr), os._exit(0)))
poller, open_, gone, again = select.poll(), {}, 0, collections.deque()
def watch():
    client = socket.socket(socket.AF_UNIX)
    client.settimeout(1)
    try:
        client.connect(path)
        client.sendall(b'{"v":1,"cmd":"watch"}\\n')
    except OSError:
        client.close()
        return
    open_[client.fileno()] = client
    poller.register(client.fileno(), select.POLLRDHUP)
while True:
    while again and again[0] <= time.monotonic():
        again.popleft()
    while len(open_) + len(again) < count:
        before = len(open_)
        watch()
        if len(open_) == before:
            break
    for fd, _ in poller.poll(50):
        poller.unregister(fd)
        open_.pop(fd).close()
        gone += 1
        again.append(time.monotonic() + 1)
"""


def peak_rss_mb(pid):
    """The process's peak resident memory so far (VmHWM), in MB; None once it has ended."""
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def under_load(bench, runs, script, count, settle):
    """A dense routine run in the background with `count` clients of `script` on its socket
    (started once a subscriber is attached, `settle` seconds before the events are counted);
    returns (the run's own lateness, the subscriber's, in ms, sorted; the run's peak memory in
    MB; how many of the clients the run closed)."""
    seconds = 30 if bench.QUICK else 90
    rounds = int(seconds / 0.1)
    # Events every 50 ms, and 1,800 segments: a hello of 200 kB, which the views that stop
    # reading are sent first.
    path = bench.routine(f"load-{count}.lua", f'return {{ name = "Load", steps = {{ {{ rounds = {rounds}, steps = '
                         '{ { "Go", "60ms" }, { "Rest", "40ms", kind = "pause" } } } } }\n')
    _, pid, socket_path = runs.start(path)
    watcher = socket.socket(socket.AF_UNIX)
    watcher.connect(socket_path)
    watcher.sendall(b'{"v":1,"cmd":"watch"}\n')
    clients = subprocess.Popen([sys.executable, "-c", script, socket_path, str(count)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    from_us = bench_runtime().boot_us() + int(settle * 1e6)
    own, gaps, arrivals, pending, peak = [], [], [], b"", 0.0
    done = False
    while not done:
        chunk = watcher.recv(1 << 20)
        arrival = bench_runtime().boot_us()
        peak = max(peak, peak_rss_mb(pid) or 0)
        if not chunk:
            break
        pending += chunk
        *whole, pending = pending.split(b"\n")
        for line in whole:
            message = json.loads(line)
            if "sent" in message:
                gaps.append(arrival - message["sent"])
            if message["type"] == "end":
                done = True
            if message["type"] != "update" or arrival < from_us:
                continue
            for said in message.get("events") or []:
                due = said["event"]["due"] * 1000
                own.append((message["observed"] - due) / 1000)
                arrivals.append((arrival, due))
    watcher.close()
    clients.send_signal(signal.SIGTERM)
    _, said = clients.communicate()
    last = (said.strip().splitlines() or ["0 0"])[-1].split()
    runs.reap(pid)
    offset = min(gaps)
    late = sorted((arrival - offset - due) / 1000 for arrival, due in arrivals)
    return sorted(own), late, peak, int(last[1]) if len(last) > 1 else 0


def bench_runtime():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench_runtime as module
    return module


def spread(values):
    """Median / p99 / max of sorted `values`."""
    if not values:
        return "no events"
    p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
    return f"{statistics.median(values):.3f} / {p99:.3f} / {values[-1]:.3f} ms over {len(values)} events"


def p99(values):
    return values[min(len(values) - 1, int(len(values) * 0.99))] if values else float("inf")


def measure(bench, runs):
    """Adds issue 18's rows to the bench's table."""
    own, late, peak, closed = under_load(bench, runs, IDLE, 1000, 5)
    bench.row("11h. Detached run with 1,000 idle connections on its socket: how late it fires its events "
              "(its own reading), median / p99 / max", spread(own), target="p99 < 1 ms", met=p99(own) < 1)
    bench.row("11h. The same, how late events reach a subscriber, median / p99 / max",
              f"{spread(late)} (against row 11g); {closed:,} idle connections closed by the run; "
              f"peak memory {peak:.1f} MB", target="p99 under 11g's p99 + 1 ms")
    own, late, peak, closed = under_load(bench, runs, STALLED, 300, 5)
    bench.row("11i. Detached run with 300 views that stopped reading: how late it fires its events "
              "(its own reading), median / p99 / max", spread(own), target="p99 < 1 ms", met=p99(own) < 1)
    bench.row("11i. The same, how late events reach a subscriber, median / p99 / max",
              f"{spread(late)} (against row 11g); {closed:,} stalled views let go", target="p99 under 11g's p99 + 1 ms")
    bench.row("11i. The same, the run's peak memory (VmHWM)", f"{peak:.1f} MB", target="≤ 32 MB", met=peak <= 32)


class Alone:
    """What measure needs of scripts/bench, for a binary measured on its own."""

    def __init__(self, binary):
        import tempfile
        self.QUICK = "--quick" in sys.argv[1:]
        self.CADENCE = binary
        self.WORK = tempfile.mkdtemp(prefix="cadence-bench-socket-")
        self.ENV = dict(os.environ, CADENCE_DB=os.path.join(self.WORK, "bench.db"), NO_COLOR="1")
        self.rows = []

    def routine(self, name, text):
        path = os.path.join(self.WORK, name)
        with open(path, "w") as handle:
            handle.write(text)
        return path

    def row(self, name, cadence, peer="", ratio="", target="", met=None):
        self.rows.append((name, cadence, target, "" if met is None else ("yes" if met else "NO")))
        print(f"  {name}: {cadence}", file=sys.stderr, flush=True)

    def say(self, text):
        print(text, file=sys.stderr, flush=True)


if __name__ == "__main__":
    binaries = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(binaries) != 1:
        print(__doc__.strip())
        sys.exit(64)
    alone = Alone(os.path.abspath(binaries[0]))
    runs = bench_runtime().Runs(alone)
    try:
        measure(alone, runs)
        bench_runtime().subscriber_floor(alone)
    finally:
        runs.close()
    for row in alone.rows:
        print("| " + " | ".join(str(c) for c in row) + " |")
