#!/usr/bin/python3
"""What a screen reader reads: starts the app with every window open (KALKULATOR_OPRYSKU_OPEN_WINDOWS=all)
in LANGUAGE, reads its AT-SPI tree with pyatspi and lists every control of every window — every node whose
role is a control (button, toggle, combo box, menu button, spin button, slider, link, entry…), focusable or
not, and every list row or table cell that takes the focus — with its role and name. Fails (exit 1) on a
control whose name is empty, keeps a mnemonic underscore, says a label twice or is a widget class name; on a
result card of the calculator that is not a named group.
Run inside a D-Bus session under X (tools/test-a11y does both): the AT-SPI bus is started on demand.
With --self-test instead, plants doubled and empty names in a made-up tree shaped as GTK 4.8 shows a
drop-down (a combo box that takes no focus around a button that does) and fails unless the check finds
each one; with --plant, reads the window of tools/a11y-plant.c, a drop-down named "Sezon Sezon", through
the AT-SPI bus, and fails unless the check finds that name and nothing else.
usage: a11y-names.py APP DATA_DIR LANGUAGE [--list]
       a11y-names.py --self-test
       a11y-names.py --plant PLANT_PROGRAM STDERR_FILE"""
import os, re, subprocess, sys, time
import pyatspi

# A screen reader announces these by their names whether or not GTK lets them take the focus: a
# GtkDropDown's combo box does not (its inner button does), yet its name is what Orca says.
CONTROLS = {"push button", "toggle button", "check box", "radio button", "text", "entry", "password text", "spin button",
            "combo box", "menu button", "slider", "link", "switch", "page tab", "menu item"}
# Rows and cells are controls only where they take the focus: GTK makes plain containers of them too.
FOCUSED_CONTROLS = {"list item", "table cell"}
CLASS_NAME = re.compile(r"^Gtk[A-Z]\w*$")
MNEMONIC = re.compile(r"(^|[\s(„\"])_\w|\w_\w")


def doubled(name):
    """"Calculate Calculate", "_Calculate Calculate": the same words said twice."""
    words = name.replace("_", "").split()
    half = len(words) // 2
    return len(words) >= 2 and len(words) % 2 == 0 and words[:half] == words[half:]


def check(window, accessible, problems, listed=None):
    """Checks `accessible` and what it holds; appends each problem; returns how many controls were read."""
    try:
        state, role, name = accessible.getState(), accessible.getRoleName(), accessible.name or ""
    except Exception:
        return 0
    if not state.contains(pyatspi.STATE_VISIBLE):
        return 0
    controls = 0
    if role in CONTROLS or (role in FOCUSED_CONTROLS and state.contains(pyatspi.STATE_FOCUSABLE)):
        controls = 1
        if listed is not None:
            listed.append((role, name))
        where = "%s › %s" % (window, role)
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
            controls += check(window, accessible.getChildAtIndex(index), problems, listed)
        except Exception:
            pass
    return controls


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


class Planted:
    """A node of a made-up AT-SPI tree, answering what `check` asks of pyatspi's accessibles."""

    class States:
        def __init__(self, states):
            self.states = states

        def contains(self, state):
            return state in self.states

    def __init__(self, role, name, focusable=False, children=()):
        self.role, self.name, self.children = role, name, list(children)
        self.states = {pyatspi.STATE_VISIBLE} | ({pyatspi.STATE_FOCUSABLE} if focusable else set())
        self.childCount = len(self.children)

    def getState(self):
        return Planted.States(self.states)

    def getRoleName(self):
        return self.role

    def getChildAtIndex(self, index):
        return self.children[index]


def self_test():
    """Each planted fault is found where it is planted, and the well-named controls pass."""
    def drop_down(name, button):
        # GTK 4.8's drop-down: a combo box that does not take the focus, its toggle button that does.
        return Planted("combo box", name, children=[Planted("toggle button", button, focusable=True)])
    window = Planted("frame", "Ewidencja zabiegów", children=[
        Planted("panel", "", children=[drop_down("Sezon Sezon", "Sezon"), drop_down("Działka", "Działka")]),
        Planted("spin button", "Dawka Dawka"),
        Planted("slider", ""),
        Planted("link", "GtkLinkButton"),
        Planted("list item", "", focusable=False),
        Planted("push button", "_Drukuj…", focusable=True),
    ])
    problems = []
    controls = check("Ewidencja zabiegów", window, problems)
    expected = ["Ewidencja zabiegów › combo box: said twice, 'Sezon Sezon'",
                "Ewidencja zabiegów › spin button: said twice, 'Dawka Dawka'",
                "Ewidencja zabiegów › slider: no name",
                "Ewidencja zabiegów › link: named by its class, 'GtkLinkButton'",
                "Ewidencja zabiegów › push button: a mnemonic underscore in '_Drukuj…'"]
    failures = []
    if problems != expected:
        failures.append("the planted faults were found as %r, not %r" % (problems, expected))
    if controls != 8:
        failures.append("%d controls read, not the 8 planted (a row that takes no focus is no control)" % controls)
    for failure in failures:
        print("a11y-names.py --self-test: " + failure)
    if not failures:
        print("a11y-names.py --self-test: a doubled name on a combo box that takes no focus, and %d other faults, found"
              % (len(expected) - 1))
    return 1 if failures else 0


def application(process):
    """The AT-SPI application of `process`, once it is on the bus."""
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


def start(command, env, errors, count, label):
    """Starts `command` and waits (bounded) until it shows `count` windows through AT-SPI."""
    env = dict(env)
    env.pop("GTK_A11Y", None)  # the Swift tests turn the accessibility bridge off; here it is what is tested
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=errors)
    deadline = time.monotonic() + 60
    app = None
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit("%s: the program ended (%d): %s" % (label, process.returncode, open(errors.name).read()[-2000:]))
        app = application(process)
        if app is not None and len(windows(app)) >= count:
            return process, app
        time.sleep(0.2)
    process.kill()
    titles = [w.name for w in windows(app)] if app else []
    sys.exit("%s: %d of %d windows showed in AT-SPI: %s" % (label, len(titles), count, titles))


def plant(program, errors_path):
    """The planted window read through the AT-SPI bus: its doubled name found, and nothing else."""
    process, app = start([program], os.environ, open(errors_path, "w+"), 1, "the planted window")
    problems = []
    for window in windows(app):
        check(window.name, window, problems)
    process.kill()
    process.wait()
    # GTK 4.18 reads the drop-down's name for its button too: the button may be found saying it twice as well.
    wanted = "Plant › combo box: said twice, 'Sezon Sezon'"
    if wanted not in problems or any(not problem.endswith("said twice, 'Sezon Sezon'") for problem in problems):
        print("a11y-names.py --plant: found %r, not %r" % (problems, [wanted]))
        return 1
    print("a11y-names.py --plant: the doubled name planted on a drop-down was found through AT-SPI")
    return 0


def run(app_path, data_dir, language, listing):
    # The tour's 18 stops open 16 windows: the results are the calculator's, the register search the library's.
    env = dict(os.environ, LANGUAGE=language, LANG="C.UTF-8", GSETTINGS_BACKEND="memory",
               KALKULATOR_OPRYSKU_DATA_DIR=data_dir + "/data", KALKULATOR_OPRYSKU_CONFIG_DIR=data_dir + "/config",
               KALKULATOR_OPRYSKU_OPEN_WINDOWS="all")
    process, app = start([app_path], env, open(data_dir + "/stderr-" + language, "w+"), 16, language)

    problems, listed, controls = [], [] if listing else None, 0
    for window in windows(app):
        controls += check(window.name or window.getRoleName(), window, problems, listed)
    calculator = [w for w in windows(app) if w.name in ("Kalkulator Oprysku", "Spray Calculator")]
    found = []
    if calculator:
        cards(calculator[0], found)
    shown = len(windows(app))
    process.kill()
    process.wait()

    for role, name in listed or []:
        print("  %-14s %-24s %s" % (language, role, name))
    if len(found) < 3:
        problems.append("the calculator shows %d result cards, not the example's" % len(found))
    for role, name, title in found:
        # A group is "panel" to AT-SPI under GTK 4.8 (Debian 12), "grouping" under GTK 4.18 (Debian 13).
        if role not in ("panel", "grouping") or not name or name != title:
            problems.append("a result card read as %s %r, its title %r" % (role, name, title))
    print("%s: %d windows, %d controls, result cards read as: %s" % (language, shown, controls,
                                                                  " | ".join(name for _, name, _ in found)))
    for problem in problems:
        print("  " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if sys.argv[1:2] == ["--plant"]:
        sys.exit(plant(sys.argv[2], sys.argv[3]))
    sys.exit(run(sys.argv[1], sys.argv[2], sys.argv[3], "--list" in sys.argv))
