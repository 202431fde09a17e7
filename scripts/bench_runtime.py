"""The rows of scripts/bench for a run that lives on its own (issue 11): what a background run
costs with nothing attached, how long `cadence status` takes, whether views that attach and
detach lose an event, and how late events reach a subscriber of a background run.

scripts/bench imports this and calls measure(bench) with itself as `bench`.
"""
import ctypes
import json
import os
import pty
import re
import select
import signal
import socket
import statistics
import struct
import subprocess
import sys
import termios
import fcntl
import threading
import time

PR_SET_CHILD_SUBREAPER = 36


def boot_us():
    """Microseconds on the clock that keeps counting while the machine sleeps (the clock a run
    keeps), as a subscriber reads it."""
    return time.clock_gettime_ns(time.CLOCK_BOOTTIME) // 1000


def process_cpu(pid):
    """User plus system CPU seconds of the whole process so far, threads that have ended
    included, to the nanosecond: the process's CPU-time clock (clock_getcpuclockid), which
    adds up the same run time as /proc/PID/stat without its rounding to clock ticks."""
    return time.clock_gettime_ns(((~pid) << 3) | 2) / 1e9


def process_ticks(pid):
    """The same from fields 14 and 15 of /proc/PID/stat, in clock ticks (1/100 s): a check on
    process_cpu that only a long window makes fine enough."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def process_io(pid):
    """(bytes written, write calls) of the whole process so far, from /proc/PID/io."""
    values = {}
    with open(f"/proc/{pid}/io") as handle:
        for line in handle:
            key, _, value = line.partition(":")
            values[key] = int(value)
    return values["wchar"], values["syscw"]


class Runs:
    """Starts background runs in a runtime folder of the bench's own and reaps their processes.
    The bench makes itself a subreaper, so a background process, orphaned when `run --detach`
    returns, becomes its child: wait4 then gives the whole process's resource use, to the
    microsecond, threads and the Lua worker included."""

    def __init__(self, bench):
        self.bench = bench
        self.folder = os.path.join(bench.WORK, "runtime")
        os.makedirs(self.folder, exist_ok=True)
        self.env = dict(bench.ENV, XDG_RUNTIME_DIR=self.folder)
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        self.started = []
        self.static = None

    def close(self):
        for pid in self.started:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        self.libc.prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0)

    def cadence(self, *arguments, check=True, env=None):
        result = subprocess.run([self.bench.CADENCE, *arguments], env=env or self.env, capture_output=True,
                                text=True)
        if check and result.returncode != 0:
            raise RuntimeError(f"cadence {' '.join(arguments)} failed ({result.returncode}): {result.stderr.strip()}")
        return result

    def start(self, path, apart=False):
        """Starts `path` detached; returns (run id, pid, socket path). A run `apart` has a
        runtime folder of its own, so that no `cadence status` asked of the others wakes it."""
        env = self.env
        if apart:
            env = dict(self.env, XDG_RUNTIME_DIR=os.path.join(self.folder, f"apart-{len(self.started)}"))
        said = self.cadence("run", path, "--detach", "--mute", "--no-notify", env=env).stdout
        run = re.search(r"run (\S+)\.\n", said).group(1)
        runs = json.loads(self.cadence("status", "--json", "--run", run, env=env).stdout)
        pid = runs[0]["pid"]
        self.started.append(pid)
        return run, pid, os.path.join(env["XDG_RUNTIME_DIR"], "cadence", f"{run}.sock")

    def reap(self, pid):
        """Waits for a background process to end; returns its resource use."""
        _, _, usage = os.wait4(pid, 0)
        self.started.remove(pid)
        return usage


def request(path, line):
    """One request on a run's socket and its reply, as a script would speak the protocol."""
    client = socket.socket(socket.AF_UNIX)
    client.connect(path)
    client.sendall(line)
    data = b""
    while not data.endswith(b"\n"):
        chunk = client.recv(65536)
        if not chunk:
            break
        data += chunk
    client.close()
    return data


class Watcher:
    """A subscriber of a run's `watch` stream: every line with its arrival time."""

    def __init__(self, path):
        self.client = socket.socket(socket.AF_UNIX)
        self.client.connect(path)
        self.client.sendall(b'{"v":1,"cmd":"watch"}\n')
        self.pending = b""

    def lines(self):
        """Yields (arrival in µs, message) until the stream ends."""
        while True:
            chunk = self.client.recv(65536)
            arrival = boot_us()
            if not chunk:
                return
            self.pending += chunk
            *whole, self.pending = self.pending.split(b"\n")
            for line in whole:
                yield arrival, json.loads(line)

    def close(self):
        self.client.close()


def strace_writes(pid, seconds, output):
    """Traces a process for `seconds`; returns (system calls a minute, timers set a minute,
    {what was written to: [calls, bytes]}), each write put down to the file it went to."""
    tracer = subprocess.Popen(["strace", "-f", "-y", "-qq", "-o", output, "-p", str(pid)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(seconds)
    tracer.send_signal(signal.SIGINT)
    tracer.wait()
    calls = timers = 0
    written = {}
    pending = {}
    call = re.compile(r"^(\d+)\s+(?:<\.\.\. (\w+) resumed>|(\w+)\((\d+)<([^>]*)>)?.*?(?:= (-?\d+).*)?$")
    with open(output, errors="replace") as handle:
        for line in handle:
            match = call.match(line)
            if not match or "+++" in line or "---" in line:
                continue
            task, resumed, name, fd, target, result = match.groups()
            if resumed:
                name, target = pending.pop(task, (resumed, None))
            else:
                calls += 1
                timers += name == "timerfd_settime"
            if line.rstrip().endswith("<unfinished ...>"):
                pending[task] = (name, target)
                continue
            if name in ("write", "writev", "pwrite64", "pwritev", "sendto", "sendmsg") and target is not None:
                entry = written.setdefault(target, [0, 0])
                entry[0] += 1
                entry[1] += max(0, int(result or 0))
    return calls * 60 / seconds, timers * 60 / seconds, written


def database_file(target):
    return any(target.endswith(suffix) for suffix in (".db", ".db-journal", ".db-wal", ".db-shm"))


def nothing_attached(bench, runs):
    """A background run with nothing attached: CPU a minute, wake-ups, and what it writes."""
    quick = bench.QUICK
    short, long = (5, 65) if quick else (20, 200)
    traced = 35 if quick else 65
    path = {length: bench.routine(f"alone-{length}.lua",
                                  f'return {{ name = "Alone", steps = {{ {{ "Count", "{length}s" }} }} }}\n')
            for length in (short, long)}
    endless = bench.routine("alone-endless.lua", 'return { name = "Alone", steps = { { "Count", "2h" } } }\n')
    # The long run's CPU is read over a window after its start. Its wake-ups are what it does
    # more than a short run that goes to the end beside it (start-up and the finish taken out,
    # threads that ended counted). A third run is traced for what it writes, then asked for its
    # status; the first two are in folders of their own, which `cadence status` does not ask.
    _, short_pid, _ = runs.start(path[short], apart=True)
    begun = time.monotonic()
    _, long_pid, _ = runs.start(path[long], apart=True)
    traced_run, traced_pid, traced_socket = runs.start(endless)
    time.sleep(bench.WARM_UP)
    first = process_cpu(long_pid), process_ticks(long_pid), process_io(long_pid), time.monotonic()
    calls, timers, written = strace_writes(traced_pid, traced, os.path.join(bench.WORK, "strace.txt"))
    status = status_rows(bench, runs, traced_socket)
    runs.cadence("stop", "--run", traced_run)
    runs.reap(traced_pid)
    short_usage = runs.reap(short_pid)
    time.sleep(max(0, begun + long - 2 - time.monotonic()))
    last = process_cpu(long_pid), process_ticks(long_pid), process_io(long_pid), time.monotonic()
    long_usage = runs.reap(long_pid)

    window = last[3] - first[3]
    per_minute = (last[0] - first[0]) * 60 / window * 1000
    ticked = (last[1] - first[1]) * 60 / window * 1000
    # utime and stime are each rounded down to a tick at both ends: up to two ticks either way.
    tick = 2 * 1000 / os.sysconf("SC_CLK_TCK") * 60 / window
    # A difference of two runs: start-up's own switches vary by a few, so it can come out just
    # below zero; both counts are shown, and the rate is never printed below zero.
    wakes = max(0.0, (long_usage.ru_nvcsw - short_usage.ru_nvcsw) / ((long - short) / 60))
    bench.row("11a. Detached run, nothing attached: CPU (whole process)",
              f"{per_minute:.2f} ms per minute over {window:.0f} s (/proc/PID/stat: {ticked:.1f}, to ±{tick:.1f})",
              target="≤ 3 ms per minute", met=per_minute <= 3)
    drawing = {target: entry for target, entry in written.items() if not database_file(target)}
    stored = [entry for target, entry in written.items() if database_file(target)]
    bench.row("11b. Detached run, nothing attached: redraws and writes",
              f"{sum(e[0] for e in drawing.values())} writes but to the database over {traced} s (strace), "
              f"{sum(e[1] for e in stored):,} bytes in {sum(e[0] for e in stored)} to it (the heartbeat); "
              f"{(last[2][0] - first[2][0]):,} bytes over {window:.0f} s (/proc/PID/io); {wakes:.0f} wake-ups a minute "
              f"({long_usage.ru_nvcsw} voluntary switches in a {long} s run, {short_usage.ru_nvcsw} in a {short} s one), "
              f"{timers:.0f} timer settings and {calls:.0f} system calls a minute",
              target="no redraws", met=not drawing)
    if drawing:
        bench.say(f"    written other than to the database: {drawing}")
    for measured in status:
        bench.row(*measured)


def static_build(bench):
    """The release build that scripts/cadence and scripts/install make (standard library linked
    in): what a status bar runs. Built here when a source is newer than it; None when it cannot be."""
    try:
        folder = bench.static_build()
    except subprocess.CalledProcessError:
        return None
    return os.path.join(folder, "cadence") if folder else None


def status_rows(bench, runs, path):
    """`cadence status` end to end, as a status bar runs it each second, beside the socket's
    round trip alone and the program's start with nothing to ask; returns the rows."""
    count = 15 if bench.QUICK else 40

    def median_ms(argv):
        times = []
        for _ in range(count):
            started = time.perf_counter()
            subprocess.run(argv, env=runs.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times.append((time.perf_counter() - started) * 1000)
        return statistics.median(times)

    trips = []
    for _ in range(100 if bench.QUICK else 300):
        started = time.perf_counter()
        reply = request(path, b'{"v":1,"cmd":"status"}\n')
        trips.append((time.perf_counter() - started) * 1000)
        if b'"ok":true' not in reply:
            raise RuntimeError(f"status on the socket failed: {reply[:200]!r}")
    trips.sort()
    measured = []
    # The target is for the binary people run (scripts/install's static executable); the plain
    # `swift build -c release` binary, with the Swift libraries loaded at start, is for comparison.
    for name, binary, judged in (("static release build (as installed)", runs.static, True),
                                 ("plain release build, for comparison", bench.PLAIN, False)):
        if binary is None:
            continue
        whole = median_ms([binary, "status"])
        formatted = median_ms([binary, "status", "--format", "{remaining} {segment}"])
        bare = median_ms([binary, "--help"])
        measured.append((f"11c. cadence status end to end, {name}",
                         f"{whole:.1f} ms median of {count} (--format: {formatted:.1f} ms)",
                         f"of which starting: cadence --help {bare:.1f} ms", "",
                         "≤ 5 ms median" if judged else "", whole <= 5 if judged else None))
    socket_median = statistics.median(trips)
    measured.append(("11c. status round trip on the socket alone (JSON lines from Python)",
                     f"{socket_median:.3f} ms median, {trips[int(len(trips) * 0.99)]:.3f} ms p99 of {len(trips)}",
                     "", "", "≤ 5 ms median", socket_median <= 5))
    return measured


def expected_events(bench, path):
    """Every event of a routine run to the end untouched, from simulate: (event, segment, due)."""
    output = subprocess.run([bench.CADENCE, "simulate", path, "--json"], env=bench.ENV, capture_output=True,
                            text=True, check=True).stdout
    return [(e["event"], e["segment"], e["at_ms"]) for e in map(json.loads, output.splitlines()) if e]


def follow(path, limit=None):
    """Watches a run until it ends or `limit` events have come; returns (the run's time of the
    hello in µs, the events seen as (event, segment, due), whether the end came)."""
    watcher = Watcher(path)
    hello, seen, ended = None, [], False
    try:
        for _, message in watcher.lines():
            if message["type"] == "hello":
                hello = message["observed"]
                continue
            for said in message.get("events") or []:
                event = said["event"]
                seen.append((event["kind"], event.get("segment"), event["due"]))
            if message["type"] == "end":
                ended = True
                break
            if limit is not None and len(seen) >= limit:
                break
    finally:
        watcher.close()
    return hello, seen, ended


def attach_in_a_terminal(bench, runs, run):
    """`cadence attach` on a pseudo-terminal, then `d` once its view is up; returns its exit
    status, or None when the view did not come up (the run had ended)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(bench.CADENCE, [bench.CADENCE, "attach", "--run", run], runs.env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    shown, sent = b"", False
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
        if not sent and b"d detach" in shown:
            os.write(fd, b"d")
            sent = True
    os.close(fd)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status) if sent else None


def attach_and_detach(bench, runs):
    """Views attach and detach while a dense routine fires; each must see, from its hello on,
    exactly the events simulate gives for that stretch, and one that stays must see the end."""
    rounds = 40 if bench.QUICK else 150
    dense = bench.routine("dense.lua", f'return {{ name = "Dense", steps = {{ {{ rounds = {rounds}, '
                          f'steps = {{ {{ "Go", "60ms" }}, {{ "Rest", "40ms", kind = "pause" }} }} }} }} }}\n')
    expected = expected_events(bench, dense)
    run, pid, path = runs.start(dense)
    views, stayed = [], []
    stayer = threading.Thread(target=lambda: stayed.append(follow(path)))
    stayer.start()
    terminals = []

    def in_terminals():
        while stayer.is_alive():
            status = attach_in_a_terminal(bench, runs, run)
            if status is not None:
                terminals.append(status)

    terminal = threading.Thread(target=in_terminals)
    terminal.start()
    brief = 0
    while stayer.is_alive():
        try:
            views.append(follow(path, limit=1 + brief % 5))
            brief += 1
        except (OSError, ValueError):
            break
    stayer.join()
    terminal.join()
    runs.reap(pid)
    lost = 0
    for hello, seen, _ in views:
        due = [e for e in expected if hello is not None and e[2] * 1000 > hello]
        if seen != due[:len(seen)]:
            lost += 1
    hello, seen, ended = stayed[0] if stayed else (0, [], False)
    whole = [e for e in expected if e[2] * 1000 > (hello or 0)]
    complete = ended and seen == whole
    if not complete:
        bench.say(f"    the view that stayed saw {len(seen)} events, {len(whole)} were due after its hello")
    bench.row("11d. Attach and detach during a run: events lost",
              f"{lost} of {len(views)} socket views attached and detached missed or reordered one; "
              f"{len(terminals)} `cadence attach` views detached with d (exit 0: {terminals.count(0)}); "
              f"the view that stayed saw all {len(whole)} events after its hello: {'yes' if complete else 'no'}",
              target="none lost", met=lost == 0 and complete and terminals.count(0) == len(terminals))


def detached_timing(bench, runs):
    """How late each event of a background run reaches a subscriber, on the real clock."""
    seconds = 20 if bench.QUICK else 120
    path = bench.routine("detached-ticks.lua", f'return {{ name = "Ticks", steps = {{ {{ "Tick", "{seconds}s", '
                         f'every = "500ms", reminder = "tick" }} }}, quarters = false }}\n')
    run, pid, socket_path = runs.start(path)
    watcher = Watcher(socket_path)
    arrivals, gaps = [], []
    for arrival, message in watcher.lines():
        if "sent" in message:
            gaps.append(arrival - message["sent"])
        if message["type"] == "update":
            for said in message.get("events") or []:
                event = said["event"]
                arrivals.append((arrival, message["observed"], event["due"] * 1000))
        if message["type"] == "end":
            break
    watcher.close()
    runs.reap(pid)
    # The run's clock and ours differ by when the run started: the smallest gap between a line's
    # `sent` and its arrival bounds that offset from above, to within one trip through the socket.
    offset = min(gaps)
    late = sorted((arrival - offset - due) / 1000 for arrival, _, due in arrivals)
    engine = sorted((observed - due) / 1000 for _, observed, due in arrivals)
    p99 = late[min(len(late) - 1, int(len(late) * 0.99))]
    own = engine[min(len(engine) - 1, int(len(engine) * 0.99))]
    bench.row("11e. Detached run, how late it fires its events (the run's own reading), median / p99 / max",
              f"{statistics.median(engine):.3f} / {own:.3f} / {engine[-1]:.3f} ms over {len(engine)} events",
              target="p99 < 1 ms", met=own < 1)
    bench.row("11e. Detached run, how late events reach a subscriber, median / p99 / max",
              f"{statistics.median(late):.3f} / {p99:.3f} / {late[-1]:.3f} ms over {len(late)} events "
              "(against this machine's floor, row 11g)",
              target="p99 < 1 ms", met=p99 < 1)
    machine_floor(bench)
    subscriber_floor(bench)


def machine_floor(bench):
    """How late a bare sleep to absolute deadlines wakes on this machine, with nothing else to
    do: the floor under every lateness above (a virtual machine's processor may be taken away
    by its host for a millisecond or more). Python 3.11 and later sleep with clock_nanosleep."""
    count = 40 if bench.QUICK else 120
    start = time.monotonic_ns()
    late = []
    for index in range(1, count + 1):
        deadline = start + index * 250_000_000
        time.sleep(max(0, deadline - time.monotonic_ns()) / 1e9)
        late.append((time.monotonic_ns() - deadline) / 1e6)
    late.sort()
    bench.row("11f. This machine's floor: a bare sleep to each deadline, every 250 ms (no Cadence), "
              "median / p99 / max",
              f"{statistics.median(late):.3f} / {late[min(len(late) - 1, int(len(late) * 0.99))]:.3f} / "
              f"{late[-1]:.3f} ms over {len(late)} wake-ups")


SLEEPER = """
import socket, sys, time
sender = socket.socket(fileno=int(sys.argv[1]))
start, count = int(sys.argv[2]), int(sys.argv[3])
for index in range(1, count + 1):
    deadline = start + index * 250_000_000
    time.sleep(max(0, deadline - time.monotonic_ns()) / 1e9)
    sender.sendall(b"%d\\n" % deadline)
"""


def subscriber_floor(bench):
    """How late a bare sleep's wake-up reaches another process over a Unix socket: the floor
    under a subscriber's lateness (row 11e), without Cadence. A second process sleeps to each
    deadline and sends it; this one reads it and takes the time. Both read CLOCK_MONOTONIC."""
    count = 40 if bench.QUICK else 120
    mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    start = time.monotonic_ns() + 100_000_000
    sleeper = subprocess.Popen([sys.executable, "-c", SLEEPER, str(theirs.fileno()), str(start), str(count)],
                               pass_fds=[theirs.fileno()])
    theirs.close()
    late, pending = [], b""
    while len(late) < count:
        chunk = mine.recv(4096)
        arrival = time.monotonic_ns()
        if not chunk:
            break
        pending += chunk
        *whole, pending = pending.split(b"\n")
        late += [(arrival - int(line)) / 1e6 for line in whole]
    sleeper.wait()
    mine.close()
    late.sort()
    bench.row("11g. This machine's floor for a subscriber: a bare sleep to each deadline, then a line to another "
              "process over a Unix socket (no Cadence), median / p99 / max",
              f"{statistics.median(late):.3f} / {late[min(len(late) - 1, int(len(late) * 0.99))]:.3f} / "
              f"{late[-1]:.3f} ms over {len(late)} lines")


def measure(bench):
    """Adds issue 11's rows to the bench's table."""
    runs = Runs(bench)
    runs.static = static_build(bench)
    try:
        nothing_attached(bench, runs)
        attach_and_detach(bench, runs)
        detached_timing(bench, runs)
        import bench_socket
        bench_socket.measure(bench, runs)
        import bench_follow
        bench_follow.measure(bench, runs)
    finally:
        runs.close()
