#!/usr/bin/env bash
# Runs the whole local stack: the Firebase Auth emulator, the web app (built for the emulator)
# and the gateway with its embedded store under ./data, the built-in renderer and test-mode
# checkout. Installs what it needs first. Ctrl-C stops everything it started; data survives.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

export LUCENT_ADDR="${LUCENT_ADDR:-127.0.0.1:8080}"
export LUCENT_DATA_DIR="${LUCENT_DATA_DIR:-$ROOT/data}"
export FIREBASE_PROJECT_ID=demo-lucent
export FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099
export LUCENT_PUBLIC_URL="${LUCENT_PUBLIC_URL:-http://$LUCENT_ADDR}"

for port in 9099 "${LUCENT_ADDR##*:}"; do
  port_free "$port" || { echo "port $port is in use: is the stack already running?" >&2; exit 1; }
done

npm_install_tools
npm_install "$ROOT/frontend"
say "the content gate's model file (pinned by sha256; fetched once)"
scripts/fetch-model.sh
export LUCENT_MEANING_MODEL="${LUCENT_MEANING_MODEL:-$ROOT/models/e5-small-q4.bin}"
if [ "${LUCENT_SKIP_BUILD:-}" != 1 ]; then
  say "building the web app (for the Auth emulator)"
  (cd frontend && npm run --silent build:local)
  # The test command's `cargo test` has built the gateway already, with its dev-dependencies'
  # features (tokio's test-util, axum's ws): `cargo build` alone would build tokio, hyper, axum
  # and the crate a second time, about 80 s on 2 cores.
  if [ "${LUCENT_GATEWAY_BUILT:-}" != 1 ]; then
    say "building the gateway"
    cargo build --locked --bin lucent
  fi
fi
[ -x target/debug/lucent ] || { echo "target/debug/lucent is missing: unset LUCENT_GATEWAY_BUILT" >&2; exit 1; }

# The services, whose end ends the stack, and the helpers beside them, stopped with them.
pids=()
helpers=()
stop() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}" "${helpers[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT INT TERM

mkdir -p "$LUCENT_DATA_DIR"
# Accounts are exported on a clean stop and imported on the next start, so a second start
# keeps both the sign-ins and the gateway's records.
accounts="$LUCENT_DATA_DIR/auth-emulator"
import=()
[ -d "$accounts" ] && import=(--import "$accounts")
say "starting the Firebase Auth emulator on 127.0.0.1:9099"
setsid npx --no-install firebase emulators:start --only auth --project demo-lucent \
  "${import[@]}" --export-on-exit "$accounts" >"$LUCENT_DATA_DIR/auth-emulator.log" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:9099/" "${pids[-1]}" "the Auth emulator" || { cat "$LUCENT_DATA_DIR/auth-emulator.log" >&2; exit 1; }
# The emulator mails nothing, and the link it logs opens its own JSON page rather than the app:
# each password reset's link to the app's /reset-password page is printed here instead, as a
# real project's email would carry it (only ever for this demo- project).
setsid node scripts/reset-links.mjs http://127.0.0.1:9099 "$FIREBASE_PROJECT_ID" "$LUCENT_PUBLIC_URL" &
helpers+=($!)

say "starting the gateway"
setsid target/debug/lucent serve &
pids+=($!)
wait_for "http://$LUCENT_ADDR/healthz" "${pids[-1]}" "the gateway"

cat <<MSG

Lucent is up:
  app            http://$LUCENT_ADDR
  Auth emulator  http://127.0.0.1:9099
  data           $LUCENT_DATA_DIR (kept between starts)
Images come from the built-in local renderer; checkout is the offline TEST MODE page.
No email is sent: a password reset's link to the app is printed here.
Press Ctrl-C to stop.
MSG
wait -n "${pids[@]}" || true
