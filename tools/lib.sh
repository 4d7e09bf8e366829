# Shared by tools/run and tools/test: find Swift, install missing Debian/Ubuntu packages.

# Puts a Swift 6.2 (or newer) toolchain on PATH, or explains where to get one and exits.
# 6.2: the windows release their GTK objects in `isolated deinit`.
ensure_swift() {
  if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
  fi
  if ! command -v swift >/dev/null 2>&1; then
    cat >&2 <<'MSG'
No Swift toolchain found on PATH.
Kalkulator Oprysku needs Swift 6.2 or newer: download the toolchain for your
distribution from https://www.swift.org/install/linux/ (or install it with swiftly),
put its usr/bin directory on PATH, and run this command again.
MSG
    exit 1
  fi
  local version major minor
  version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' | head -n 1)
  major=${version%%.*}; minor=${version#*.}
  if [ -z "$version" ] || [ "$major" -lt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -lt 2 ]; }; then
    echo "Swift 6.2 or newer is needed; found: $(swift --version 2>&1 | head -n 1)" >&2
    echo "Get a newer toolchain from https://www.swift.org/install/linux/" >&2
    exit 1
  fi
}

# Installs the given apt packages that are not installed yet (via sudo when not root).
# Without dpkg (another distribution) it cannot tell what is installed: it checks the
# libraries the build needs with pkg-config instead, and names the ones missing.
ensure_packages() {
  if ! command -v dpkg-query >/dev/null 2>&1; then
    ensure_libraries
    return
  fi
  local missing=()
  local package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    ensure_libraries
    return 0
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "Please install these packages with your package manager: ${missing[*]}" >&2
    exit 1
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "Missing packages (${missing[*]}), and no sudo to install them: run as root." >&2
      exit 1
    fi
    sudo="sudo"
  fi
  echo "Installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
  ensure_libraries
}

# The libraries the build links, at the versions it is written for (Debian 12's GTK 4.8).
REQUIRED_LIBRARIES=("gtk4 >= 4.8" "cairo >= 1.16" "pango >= 1.50" "pangocairo >= 1.50")

# Stops, naming them, when a required library or its headers (pkg-config module) are missing or too old.
ensure_libraries() {
  if ! command -v pkg-config >/dev/null 2>&1; then
    echo "pkg-config is needed to find the libraries: install it with your package manager." >&2
    exit 1
  fi
  local missing=() requirement
  for requirement in "${REQUIRED_LIBRARIES[@]}"; do
    pkg-config --exists "$requirement" || missing+=("$requirement")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "Missing or too old (development packages, found with pkg-config): ${missing[*]}" >&2
    echo "Install them with your package manager, then run this command again." >&2
    exit 1
  fi
}

# What building the app needs: GTK 4 headers (with cairo and pango), pkg-config, gettext,
# and the font the printed report is set in.
BUILD_PACKAGES=(libgtk-4-dev zlib1g-dev pkg-config gettext fonts-dejavu-core)
# The Swift toolchain links with gold, which makes the relocations read-only after loading
# (RELRO) as Debian's programs are; Debian 13 moved gold out of binutils, and the programs
# linked by ld.bfd instead have none (lintian: hardening-no-relro).
[ -x /usr/bin/ld.gold ] || BUILD_PACKAGES+=(binutils-gold)

# What the report tests read PDF files with: pdfinfo, pdftotext, pdffonts, pdftoppm.
REPORT_TEST_PACKAGES=(poppler-utils)
