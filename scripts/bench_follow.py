"""Row 11j of scripts/bench (issue 21): what a status bar costs told by `status --follow`
against polling `cadence status` every second, each for the same window beside the same run.

Every process is counted: the follower (its CPU-time clock, to the nanosecond) or each `status`
the poller starts (wait4's rusage, one process a second), and the background run itself, which
answers a request from every poll or sends the follower a line at each change. Wake-ups are
voluntary context switches (the follower's from /proc, the polls' from wait4).

Run alone (`python3 scripts/bench_follow.py [SECONDS]`, with the release build made) it prints
the row; scripts/bench_runtime.py calls measure(bench, runs) for scripts/bench.
"""
import os
import subprocess
import sys
import time

TEMPLATE = "{remaining} {segment}"


def process_cpu(pid):
    return time.clock_gettime_ns(((~pid) << 3) | 2) / 1e9


def switches(pid):
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("voluntary_ctxt_switches:"):
                return int(line.split()[1])
    return 0


def following(binary, env, run_pid, seconds):
    """(CPU of the follower, CPU of the run, the follower's wake-ups, lines) over `seconds`."""
    follower = subprocess.Popen([binary, "status", "--follow", "--tmux", TEMPLATE], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    os.set_blocking(follower.stdout.fileno(), False)
    time.sleep(2)
    lines = 0

    def drain():
        nonlocal lines
        try:
            data = os.read(follower.stdout.fileno(), 1 << 16)
            lines += data.count(b"\n")
        except BlockingIOError:
            pass

    drain()
    lines = 0
    first = process_cpu(follower.pid), process_cpu(run_pid), switches(follower.pid), time.monotonic()
    end = first[3] + seconds
    while time.monotonic() < end:
        time.sleep(min(0.5, max(0, end - time.monotonic())))
        drain()
    last = process_cpu(follower.pid), process_cpu(run_pid), switches(follower.pid), time.monotonic()
    follower.terminate()
    follower.wait()
    window = last[3] - first[3]
    return last[0] - first[0], last[1] - first[1], last[2] - first[2], lines, window


def polling(binary, env, run_pid, seconds):
    """(CPU of every poll, CPU of the run, the polls' wake-ups, polls) over `seconds`, a poll a
    second as a status bar with interval 1 starts them."""
    started = time.monotonic()
    run_before = process_cpu(run_pid)
    cpu = 0.0
    wakes = 0
    polls = 0
    while time.monotonic() < started + seconds:
        due = started + polls + 1
        poll = subprocess.Popen([binary, "status", "--tmux", TEMPLATE], env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        _, _, usage = os.wait4(poll.pid, 0)
        cpu += usage.ru_utime + usage.ru_stime
        wakes += usage.ru_nvcsw
        polls += 1
        time.sleep(max(0, due - time.monotonic()))
    window = time.monotonic() - started
    return cpu, process_cpu(run_pid) - run_before, wakes, polls, window


def compare(binary, env, run_pid, seconds):
    """The row's cells, from both ways measured one after the other beside the same run."""
    f_cpu, f_run, f_wakes, f_lines, f_window = following(binary, env, run_pid, seconds)
    p_cpu, p_run, p_wakes, p_polls, p_window = polling(binary, env, run_pid, seconds)
    follow_total = (f_cpu + f_run) * 60 / f_window * 1000
    poll_total = (p_cpu + p_run) * 60 / p_window * 1000
    ratio = poll_total / max(follow_total, 1e-6)
    return (f"11j. A status bar for {seconds} s: status --follow --tmux (one process) against polling "
            "status --tmux every second, CPU of every process",
            f"--follow {follow_total:.1f} ms per minute (follower {f_cpu * 60 / f_window * 1000:.1f}, run "
            f"{f_run * 60 / f_window * 1000:.1f}), {f_lines} lines, {f_wakes / f_window:.1f} wake-ups a second",
            f"polling {poll_total:.1f} ms per minute ({p_polls} processes {p_cpu * 60 / p_window * 1000:.1f}, run "
            f"{p_run * 60 / p_window * 1000:.1f}), {p_wakes / p_window:.1f} wake-ups a second",
            f"{ratio:.0f}x cheaper", "cheaper than polling, ≤ 2 wake-ups a second",
            follow_total < poll_total and f_wakes / f_window <= 2)


def measure(bench, runs):
    """Adds row 11j to the bench's table, beside an endless run of its own."""
    path = bench.routine("follow.lua", 'return { name = "Follow", steps = { { "Count", "2h" } } }\n')
    run, pid, _ = runs.start(path, apart=True)
    env = dict(runs.env, XDG_RUNTIME_DIR=os.path.join(runs.folder, f"apart-{len(runs.started) - 1}"))
    try:
        bench.row(*compare(runs.static or bench.CADENCE, env, pid, 10 if bench.QUICK else 30))
    finally:
        runs.cadence("stop", "--run", run, env=env, check=False)
        runs.reap(pid)


def main():
    import re
    import tempfile
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    found = subprocess.run(["bash", "-c", f"source '{root}/scripts/release-build' && cadence_release_build"],
                           capture_output=True, text=True).stdout.strip().splitlines()
    binary = os.path.join(found[-1], "cadence")
    seconds = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    work = tempfile.mkdtemp(prefix="cadence-follow-")
    env = dict(os.environ, CADENCE_DB=os.path.join(work, "bench.db"), XDG_RUNTIME_DIR=work, NO_COLOR="1")
    routine = os.path.join(work, "follow.lua")
    with open(routine, "w") as handle:
        handle.write('return { name = "Follow", steps = { { "Count", "2h" } } }\n')
    said = subprocess.run([binary, "run", routine, "--detach", "--mute", "--no-notify"], env=env,
                          capture_output=True, text=True, check=True).stdout
    run = re.search(r"run (\S+)\.\n", said).group(1)
    try:
        cells = compare(binary, env, int(run), seconds)
        verdict = "yes" if cells[-1] else "NO"
        print("| " + " | ".join(str(cell) for cell in cells[:-1] + (verdict,)) + " |")
    finally:
        subprocess.run([binary, "stop", "--run", run], env=env, capture_output=True)


if __name__ == "__main__":
    main()
