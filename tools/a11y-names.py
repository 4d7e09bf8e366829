#!/usr/bin/python3
"""What a screen reader reads: starts the app with every window open (KALKULATOR_OPRYSKU_OPEN_WINDOWS=all)
in LANGUAGE, reads its AT-SPI tree with pyatspi and lists every focusable control of every window, with its
role and name. Fails (exit 1) on a control whose name is empty, keeps a mnemonic underscore, says a label
twice or is a widget class name; on a result card of the calculator that is not a named group.
Run inside a D-Bus session under X (tools/test-a11y does both): the AT-SPI bus is started on demand.
usage: a11y-names.py APP DATA_DIR LANGUAGE [--list]"""
import os, re, subprocess, sys, time
import pyatspi

app_path, data_dir, language = sys.argv[1:4]
listing = "--list" in sys.argv
# The tour's 18 stops open 16 windows: the results are the calculator's, the register search the library's.
WINDOWS = 16
env = dict(os.environ, LANGUAGE=language, LANG="C.UTF-8", GSETTINGS_BACKEND="memory",
           KALKULATOR_OPRYSKU_DATA_DIR=data_dir + "/data", KALKULATOR_OPRYSKU_CONFIG_DIR=data_dir + "/config",
           KALKULATOR_OPRYSKU_OPEN_WINDOWS="all")
env.pop("GTK_A11Y", None)  # the Swift tests turn the accessibility bridge off; here it is what is tested
errors = open(data_dir + "/stderr-" + language, "w+")
process = subprocess.Popen([app_path], env=env, stdout=subprocess.DEVNULL, stderr=errors)


def application():
    for candidate in pyatspi.Registry.getDesktop(0):
        try:
            if candidate is not None and candidate.get_process_id() == process.pid:
                return candidate
        except Exception:
            pass
    return None


def windows(app):
    found = []
    for index in range(app.childCount):
        child = app.getChildAtIndex(index)
        if child is not None and child.getState().contains(pyatspi.STATE_SHOWING):
            found.append(child)
    return found


# Waits (bounded) for the app to show every window the tour opens.
deadline = time.monotonic() + 60
app = None
while time.monotonic() < deadline:
    if process.poll() is not None:
        sys.exit("the app ended (%d): %s" % (process.returncode, open(errors.name).read()[-2000:]))
    app = application()
    if app is not None and len(windows(app)) >= WINDOWS:
        break
    time.sleep(0.2)
else:
    process.kill()
    titles = [w.name for w in windows(app)] if app else []
    sys.exit("%s: %d of %d windows showed in AT-SPI: %s" % (language, len(titles), WINDOWS, titles))

# What takes the focus to be used; panels, fillers and scroll panes that GTK makes focusable are not read as controls.
CONTROLS = {"push button", "toggle button", "check box", "radio button", "text", "entry", "password text", "spin button",
            "combo box", "menu button", "slider", "link", "switch", "list item", "table cell", "menu item", "page tab"}
CLASS_NAME = re.compile(r"^Gtk[A-Z]\w*$")
MNEMONIC = re.compile(r"(^|[\s(„\"])_\w|\w_\w")
problems, controls = [], 0


def doubled(name):
    """"Calculate Calculate", "_Calculate Calculate": the same words said twice."""
    words = name.replace("_", "").split()
    half = len(words) // 2
    return len(words) >= 2 and len(words) % 2 == 0 and words[:half] == words[half:]


def check(window, accessible, depth):
    global controls
    try:
        state, role, name = accessible.getState(), accessible.getRoleName(), accessible.name or ""
    except Exception:
        return
    if not state.contains(pyatspi.STATE_VISIBLE):
        return
    where = "%s › %s" % (window, role)
    if state.contains(pyatspi.STATE_FOCUSABLE) and role in CONTROLS:
        controls += 1
        if listing:
            print("  %-14s %-24s %s" % (language, role, name))
        if not name.strip():
            problems.append("%s: no name" % where)
        elif CLASS_NAME.match(name):
            problems.append("%s: named by its class, %r" % (where, name))
        elif MNEMONIC.search(name):
            problems.append("%s: a mnemonic underscore in %r" % (where, name))
        elif doubled(name):
            problems.append("%s: said twice, %r" % (where, name))
    for index in range(min(accessible.childCount, 2000)):
        try:
            check(window, accessible.getChildAtIndex(index), depth + 1)
        except Exception:
            pass


def cards(accessible, found):
    """The calculator's result cards, in the order read: each a group (GTK's panel) named by the title it shows."""
    try:
        role = accessible.getRoleName()
    except Exception:
        return
    if role == "table cell":
        card = accessible.getChildAtIndex(0)
        title = card.getChildAtIndex(0) if card is not None and card.childCount else None
        found.append((card.getRoleName() if card else "", card.name if card else "", title.name if title else ""))
        return
    for index in range(accessible.childCount):
        cards(accessible.getChildAtIndex(index), found)


for window in windows(app):
    check(window.name or window.getRoleName(), window, 0)
calculator = [w for w in windows(app) if w.name in ("Kalkulator Oprysku", "Spray Calculator")]
found = []
if calculator:
    cards(calculator[0], found)
shown = len(windows(app))
process.kill()
process.wait()

if len(found) < 3:
    problems.append("the calculator shows %d result cards, not the example's" % len(found))
for role, name, title in found:
    # A group is "panel" to AT-SPI under GTK 4.8 (Debian 12), "grouping" under GTK 4.18 (Debian 13).
    if role not in ("panel", "grouping") or not name or name != title:
        problems.append("a result card read as %s %r, its title %r" % (role, name, title))
print("%s: %d windows, %d focusable controls, result cards read as: %s" % (language, shown, controls,
                                                                         " | ".join(name for _, name, _ in found)))
for problem in problems:
    print("  " + problem)
sys.exit(1 if problems else 0)
