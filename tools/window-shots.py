#!/usr/bin/python3
"""Screenshots of every window as a user meets it: the app started under a private Xvfb of SIZE, with one
window opened (KALKULATOR_OPRYSKU_OPEN_WINDOWS, see WindowTour.swift), in each LANGUAGE, one PNG each.
usage: window-shots.py APP OUT_DIR [--size 1366x768] [--languages pl,en] [STOP...]"""
import os, subprocess, sys, tempfile, time

args = sys.argv[1:]
def option(name, default):
    if name in args:
        index = args.index(name)
        value = args[index + 1]
        del args[index:index + 2]
        return value
    return default
size, languages = option("--size", "1366x768"), option("--languages", "pl,en").split(",")
app, out = args[0], args[1]
stops = args[2:] or ["calculator", "results", "history", "register", "record-form", "grid", "spreadsheet-import", "library",
                     "library-editor", "official-register", "calibration", "store", "shopping-list", "harvest-dates", "favorites", "print-preview",
                     "preferences", "about", "shortcuts"]
os.makedirs(out, exist_ok=True)
home = tempfile.mkdtemp()
read_end, write_end = os.pipe()
xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", size + "x24", "-nolisten", "tcp"],
                        pass_fds=[write_end], stderr=subprocess.DEVNULL)
os.close(write_end)
display = ":" + os.read(read_end, 16).decode().strip()
# The ministry's register, so the library's search has something to find.
fixture = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests/SprayCoreTests/Fixtures/register/rejestr.csv")
data = dict(KALKULATOR_OPRYSKU_DATA_DIR=home + "/data", KALKULATOR_OPRYSKU_CONFIG_DIR=home + "/config")
cli = os.path.join(os.path.dirname(app), "kalkulator-oprysku")
subprocess.run([cli, "register", "import", fixture], env=dict(os.environ, **data), stdout=subprocess.DEVNULL, check=True)
try:
    for language in languages:
        for stop in stops:
            env = dict(os.environ, DISPLAY=display, GDK_BACKEND="x11", GTK_A11Y="none", GSETTINGS_BACKEND="memory",
                       LANGUAGE=language, LANG="C.UTF-8", KALKULATOR_OPRYSKU_TRACE="1", KALKULATOR_OPRYSKU_OPEN_WINDOWS=stop, **data)
            errors = open(home + "/stderr", "w+")
            process = subprocess.Popen([app], env=env, stdout=subprocess.DEVNULL, stderr=errors)
            deadline = time.monotonic() + 30
            while "trace: windows opened" not in open(errors.name).read() and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(1.5)  # let GTK lay out and draw what opened
            path = "%s/%s-%s.png" % (out, stop, language)
            subprocess.run(["import", "-display", display, "-window", "root", path], check=True)
            process.kill()
            process.wait()
            print("wrote", path)
finally:
    xvfb.terminate()
    xvfb.wait()
