# Helpers shared by the stack and test scripts (sourced, not run).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export NO_UPDATE_NOTIFIER=1 # firebase-tools must not phone home for updates
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

say() { printf '\n== %s\n' "$*"; }

# `npm ci` only when the lock file changed since the last install, so repeated runs are fast.
# Extra arguments go to npm ci.
npm_install() {
  local dir="$1"; shift
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || ! cmp -s "$dir/package-lock.json" "$dir/node_modules/.lucent-installed-lock"; then
    say "npm ci in ${dir#"$ROOT"/}"
    (cd "$dir" && npm ci --no-audit --no-fund "$@")
    cp "$dir/package-lock.json" "$dir/node_modules/.lucent-installed-lock"
  fi
}

# The root tools skip optional dependencies: firebase-tools' only native one (re2, for Hosting
# rewrites) would be compiled from source here, for minutes, and the Auth emulator needs none.
npm_install_tools() { npm_install "$ROOT" --omit=optional; }

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Waits until `curl` gets an answer from URL or the process PID dies.
wait_for() {
  local url="$1" pid="$2" what="$3"
  for _ in $(seq 1 300); do
    if curl -fs -o /dev/null "$url"; then return 0; fi
    if ! kill -0 "$pid" 2>/dev/null; then echo "$what exited before it was ready" >&2; return 1; fi
    sleep 0.2
  done
  echo "$what was not ready after 60 s" >&2
  return 1
}

# Installs Debian's PACKAGE when BINARY is missing (as root; otherwise says what to run).
apt_install_if_missing() {
  local binary="$1" package="$2" why="$3"
  [ -x "$binary" ] && return 0
  if [ "$(id -u)" != 0 ]; then
    echo "$why needs $binary: run 'apt-get install $package' as root" >&2
    return 1
  fi
  say "installing Debian's $package for $why"
  if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
}
