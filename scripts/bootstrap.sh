#!/usr/bin/env bash
# What every npm script runs first (so any of them works first on a fresh clone), on any machine of this kind:
#   scripts/bootstrap.sh [--browser] -- <command> [args]
# Node >= 22.18 (Node 24 from the npm registry into .tools/ where the system's is older), the
# project's packages, and with --browser Debian's Chromium and a Java runtime (browser tests, the
# Nu HTML Checker); then runs <command> with that Node first on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

browser=0
while [ $# -gt 0 ]; do
  case "$1" in
    --browser) browser=1; shift ;;
    --) shift; break ;;
    *) break ;;
  esac
done

# Inside a bootstrapped run (a script that another script started) everything is in place already.
if [ "${EA_BOOTSTRAPPED:-}" = 1 ] && [ "$browser" = 0 ]; then exec "$@"; fi

recent_node() {
  node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 18) ? 0 : 1)' 2>/dev/null
}

if ! recent_node; then
  if [ ! -x .tools/node_modules/.bin/node ]; then
    echo "bootstrap: Node $(node --version 2>/dev/null || echo 'not found') is older than 22.18; installing Node 24 from the npm registry into .tools/"
    npm install --prefix .tools --no-audit --no-fund --loglevel=error node@24 >/dev/null
  fi
  export PATH="$PWD/.tools/node_modules/.bin:$PATH"
fi

# Install when the lock file is newer than what was installed (or nothing was).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "bootstrap: installing the project's packages"
  npm install --no-audit --no-fund --loglevel=error
fi

apt_install() {
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "bootstrap: installing Debian's $*"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update >/dev/null && apt-get install -y "$@" >/dev/null
  else
    echo "bootstrap: $* missing and cannot be installed here (needs root and apt-get): apt-get install -y $*" >&2
  fi
}

if [ "$browser" = 1 ]; then
  [ -n "${CHROMIUM_PATH:-}" ] || [ -x /usr/bin/chromium ] || apt_install chromium
  command -v java >/dev/null || apt_install default-jre-headless
fi

echo "bootstrap: node $(node --version), npm $(npm --version)"
export EA_BOOTSTRAPPED=1
exec "$@"
