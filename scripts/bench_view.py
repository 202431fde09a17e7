"""Row 2c of scripts/bench: Cadence's full-screen view and tty-clock side by side, for the same
time, each on a pseudo-terminal of its own, counting the CPU of every process each uses (for
Cadence's `run`, the view and the background process it starts) in a control group of its own.
"""
import os
import pty
import select
import signal
import struct
import subprocess
import fcntl
import termios
import time

TTY_CLOCK = "/usr/bin/tty-clock"


def ensure_tty_clock(bench):
    if not os.path.exists(TTY_CLOCK):
        bench.say("Installing tty-clock, the clock Cadence's view is compared with...")
        subprocess.run(["bash", "-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive "
                        "apt-get install -y -qq tty-clock"], check=True, stdout=subprocess.DEVNULL)


class CpuGroup:
    """A control group that counts the CPU of a process and of every process it starts, ended
    ones included: cgroup v1's cpuacct, or v2's cpu.stat."""

    def __init__(self, name):
        v1 = "/sys/fs/cgroup/cpuacct"
        self.v1 = os.path.isdir(v1)
        self.path = os.path.join(v1 if self.v1 else "/sys/fs/cgroup", f"cadence-bench-{name}-{os.getpid()}")
        os.makedirs(self.path, exist_ok=True)

    def join(self, pid):
        with open(os.path.join(self.path, "cgroup.procs"), "w") as handle:
            handle.write(str(pid))

    def seconds(self):
        if self.v1:
            with open(os.path.join(self.path, "cpuacct.usage")) as handle:
                return int(handle.read()) / 1e9
        with open(os.path.join(self.path, "cpu.stat")) as handle:
            for line in handle:
                if line.startswith("usage_usec"):
                    return int(line.split()[1]) / 1e6
        return 0.0

    def pids(self):
        with open(os.path.join(self.path, "cgroup.procs")) as handle:
            return [int(line) for line in handle if line.strip()]

    def close(self):
        for pid in self.pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        deadline = time.monotonic() + 5
        while self.pids() and time.monotonic() < deadline:
            time.sleep(0.05)
        try:
            os.rmdir(self.path)
        except OSError:
            pass


def start(argv, group, environment, columns, rows):
    """argv on a pseudo-terminal of its own, in `group` from before it runs."""
    pid, fd = pty.fork()
    if pid == 0:
        try:
            group.join(os.getpid())
            os.execve(argv[0], argv, environment)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    return pid, fd


def side_by_side(commands, seconds, warm_up, environment, columns=100, rows=30):
    """Runs each (name, argv) at once for `seconds`, draining their terminals; returns, for
    each, CPU milliseconds per minute over the window after the warm-up, and the bytes it wrote
    a minute."""
    groups = [CpuGroup(name) for name, _ in commands]
    started = [start(argv, group, environment, columns, rows) for (_, argv), group in zip(commands, groups)]
    written = [0 for _ in commands]
    began = time.monotonic()
    first = None
    try:
        while True:
            now = time.monotonic()
            if first is None and now - began >= warm_up:
                first = ([group.seconds() for group in groups], list(written), now)
            if now - began >= warm_up + seconds:
                break
            descriptors = [fd for _, fd in started]
            ready, _, _ = select.select(descriptors, [], [], 0.5)
            for fd in ready:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    data = b""
                written[descriptors.index(fd)] += len(data)
        last = [group.seconds() for group in groups]
        window = time.monotonic() - first[2]
        results = []
        for index in range(len(commands)):
            cpu = (last[index] - first[0][index]) * 60 / window * 1000
            results.append((cpu, (written[index] - first[1][index]) * 60 / window))
        return results, window
    finally:
        for pid, fd in started:
            try:
                os.kill(pid, signal.SIGTERM)
            except OSError:
                pass
        time.sleep(1)
        for group in groups:
            group.close()
        for pid, fd in started:
            try:
                os.waitpid(pid, 0)
            except OSError:
                pass
            os.close(fd)


def measure(bench):
    ensure_tty_clock(bench)
    seconds = 20 if bench.QUICK else 60
    path = bench.routine("view.lua", 'return { name = "Countdown", steps = { { "Count", "2h" } } }\n')
    environment = dict(bench.ENV)
    environment.pop("NO_COLOR", None)
    commands = [
        ("run", [bench.CADENCE, "run", path, "--mute", "--no-notify"]),
        ("timer", [bench.CADENCE, "timer", "2h", "--mute", "--no-notify"]),
        ("tty-clock", [TTY_CLOCK, "-s", "-c"]),
    ]
    results, window = side_by_side(commands, seconds, bench.WARM_UP, environment)
    (run, run_bytes), (timer, timer_bytes), (clock, clock_bytes) = results
    ratio = clock / max(run, 1e-6)
    bench.row("2c. CPU of a full-screen view, every process (view and background), side by side with tty-clock -s -c",
              f"run {run:.1f} ms per minute ({run_bytes / 1000:.1f} kB written a minute); "
              f"timer {timer:.1f} ms per minute ({timer_bytes / 1000:.1f} kB) over {window:.0f} s",
              f"tty-clock {clock:.1f} ms per minute ({clock_bytes / 1000:.1f} kB)",
              f"{ratio:.1f}x", "no more than tty-clock", run <= clock and timer <= clock)
