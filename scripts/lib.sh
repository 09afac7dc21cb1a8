# Helpers shared by the stack and test scripts (sourced, not run).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export NO_UPDATE_NOTIFIER=1 # firebase-tools must not phone home for updates
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# Each heading says when in its script it began, so a slow part of a step shows in the log.
say() { printf '\n== %s (at %d s)\n' "$*" "$SECONDS"; }

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

# One piece of work begun in the background while the steps run (npm's installs, the web app's
# checks): its output goes to a log that `background_end`, as a step of its own, prints.
BACKGROUND_JOB=
background_begin() {
  BACKGROUND_LOG="$(mktemp)"
  "$@" >"$BACKGROUND_LOG" 2>&1 &
  BACKGROUND_JOB=$!
}
background_end() {
  local rc=0
  wait "$BACKGROUND_JOB" || rc=$?
  BACKGROUND_JOB=
  cat "$BACKGROUND_LOG"
  return "$rc"
}
# For the exit trap: a command that ends early ends its background work too.
background_stop() { [ -z "$BACKGROUND_JOB" ] || kill -TERM "$BACKGROUND_JOB" 2>/dev/null || true; }

# The test command's steps and their durations, for the table `step_summary` prints.
STEP_NAMES=()
STEP_SECONDS=()

# Runs one step of the test command (a command or a function) and prints how long it took,
# failed or not; a failure ends the command with the step's exit code.
step() {
  local name="$1" start=$SECONDS rc=0
  shift
  say "$name"
  "$@" || rc=$?
  STEP_NAMES+=("$name")
  STEP_SECONDS+=("$((SECONDS - start))")
  printf '== %s: %d s\n' "$name" "$((SECONDS - start))"
  if [ "$rc" -ne 0 ]; then
    printf '== %s failed (exit %d)\n' "$name" "$rc" >&2
    exit "$rc"
  fi
}

# The budget table: the steps' usual seconds, read from BENCHMARKS.md between its
# `test-steps` markers (`| step | seconds | ... |`).
step_baseline() {
  awk -F'|' '/<!-- test-steps -->/ {on=1; next} /<!-- \/test-steps -->/ {on=0}
    on && NF > 3 && $3 ~ /^ *[0-9]+ *$/ {gsub(/^ +| +$/, "", $2); gsub(/ /, "", $3); print $2 "\t" $3}' \
    "$ROOT/BENCHMARKS.md"
}

# Prints every step's duration and the total; past LUCENT_TEST_BUDGET seconds (25 minutes),
# a warning naming the steps that grew most against BENCHMARKS.md. A warning only: these
# machines are noisy, and a slow run must still land.
step_summary() {
  local budget="${LUCENT_TEST_BUDGET:-1500}" total=0 i
  printf '\n== timings\n| step | seconds |\n|---|---|\n'
  for i in "${!STEP_NAMES[@]}"; do
    printf '| %s | %d |\n' "${STEP_NAMES[$i]}" "${STEP_SECONDS[$i]}"
    total=$((total + STEP_SECONDS[i]))
  done
  printf '| total | %d |\n' "$total"
  if [ "$total" -gt "$budget" ]; then
    local grown
    grown="$(for i in "${!STEP_NAMES[@]}"; do printf '%s\t%s\n' "${STEP_NAMES[$i]}" "${STEP_SECONDS[$i]}"; done |
      awk -F'\t' 'NR == FNR {base[$1] = $2; next}
        {b = ($1 in base) ? base[$1] : 0; printf "%d\t%s: %d s (usually %s s)\n", $2 - b, $1, $2, ($1 in base) ? b : "?"}' \
        <(step_baseline) - | sort -rn | head -3 | cut -f2 | paste -sd ';' | sed 's/;/; /g')"
    printf 'warning: the tests took %d s, over the budget of %d s; grew most: %s\n' "$total" "$budget" "$grown" >&2
  fi
}
