#!/usr/bin/env python3
"""Starts a GUI command under a private Xvfb, RUNS times, and measures each run until a
visible window whose title matches TITLE appears: the seconds it took and the process's
memory at that moment (VmRSS, and VmHWM: the peak so far), in KiB. Prints one line per
run and the medians last:  median SECONDS RSS_KIB HWM_KIB
usage: window-probe.py RUNS TITLE [--trace MILESTONE] -- CMD...
With --trace, the command runs with KALKULATOR_OPRYSKU_TRACE=1 and each run lasts until it
writes "trace: MILESTONE" on standard error (e.g. "history rows": the rows are bound)."""
import os, statistics, subprocess, sys, tempfile, time

runs, title = int(sys.argv[1]), sys.argv[2]
milestone = sys.argv[sys.argv.index("--trace") + 1] if "--trace" in sys.argv[:sys.argv.index("--")] else None
cmd = sys.argv[sys.argv.index("--") + 1:]
read_end, write_end = os.pipe()
xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"],
                        pass_fds=[write_end], stderr=subprocess.DEVNULL)
os.close(write_end)
display = os.read(read_end, 16).decode().strip()  # Xvfb writes its display number once it is ready
env = dict(os.environ, DISPLAY=":" + display, GDK_BACKEND="x11", NO_AT_BRIDGE="1", GTK_A11Y="none")
home = tempfile.mkdtemp()
env.setdefault("XDG_CONFIG_HOME", home + "/config")
env.setdefault("XDG_CACHE_HOME", home + "/cache")
if milestone:
    env["KALKULATOR_OPRYSKU_TRACE"] = "1"

def memory(pid):
    values = {}
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0])
    return values.get("VmRSS", 0), values.get("VmHWM", 0)

results = []
try:
    for _ in range(runs):
        start = time.monotonic()
        process = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=open(home + "/stderr", "w"))
        found = None
        while time.monotonic() - start < 30:
            search = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title], env=env,
                                    capture_output=True, text=True)
            traced = milestone is None or ("trace: " + milestone + " ") in open(home + "/stderr").read()
            if search.stdout.strip() and traced:
                found = time.monotonic() - start
                break
            time.sleep(0.003)
        if found is None:
            process.kill()
            print("no window titled %r appeared; its stderr:" % title)
            print(open(home + "/stderr").read()[-2000:])
            sys.exit(1)
        # After an exec (kalkulator-oprysku → kalkulator-oprysku-window) the pid is the same.
        rss, hwm = memory(process.pid)
        process.kill()
        process.wait()
        results.append((found, rss, hwm))
        print("run %.3f s  rss %d KiB  peak %d KiB" % (found, rss, hwm))
finally:
    xvfb.terminate()  # SIGTERM: Xvfb removes its socket and lock, so the display can be reused
    xvfb.wait()
print("median %.4f %d %d" % tuple(statistics.median(r[i] for r in results) for i in range(3)))
