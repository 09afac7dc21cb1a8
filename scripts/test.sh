#!/usr/bin/env bash
# Runs every test: Rust format, lints and tests (with real redis-server processes); the web
# app's lint, types and unit tests; the database rules; the local stack's reset links; the landing
# page's size budget; the API fuzzing; and the browser journeys (with accessibility checks) in Debian's Chromium against the
# real local stack. Each step prints its duration, and the last lines a table of them with the
# total (a warning past 25 minutes: LUCENT_TEST_BUDGET, in seconds).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

# A fresh clone (CI) builds each crate once: incremental compilation's bookkeeping only costs
# there (the crate's test build took 97 s with it and 86 s without).
[ -n "${CI:-}" ] && export CARGO_INCREMENTAL=0

stack=
finish() {
  background_stop
  # TERM, not INT: a background job of a script ignores SIGINT, and the stack's trap must run.
  if [ -n "$stack" ]; then
    kill -TERM "$stack" 2>/dev/null || true
    wait "$stack" 2>/dev/null || true
  fi
  step_summary
}
trap finish EXIT

# ESLint (type-aware, 38 s, no faster with its own threads) and tsc each keep one core busy:
# they run side by side, then the unit tests on both.
web_app_checks() {
  (
    cd frontend
    npm run --silent lint &
    local lint=$! rc=0
    { npm run --silent typecheck && npm run --silent api:check; } || rc=$?
    wait "$lint" || rc=$?
    [ "$rc" -eq 0 ] && npm test --silent
  )
}

# npm's installs mostly wait on the registry while clippy keeps the 2 cores busy, so they run
# beside it; the step that ends them prints their log.
npm_installs() { npm_install_tools && npm_install "$ROOT/frontend"; }

start_stack() {
  export LUCENT_DATA_DIR; LUCENT_DATA_DIR="$(mktemp -d)"
  stack_log="$LUCENT_DATA_DIR/stack.log"
  LUCENT_GATEWAY_BUILT=1 setsid scripts/local-stack.sh >"$stack_log" 2>&1 &
  stack=$!
  for _ in $(seq 1 900); do
    grep -q "Lucent is up" "$stack_log" && break
    kill -0 "$stack" 2>/dev/null || { cat "$stack_log" >&2; exit 1; }
    sleep 1
  done
  grep -q "Lucent is up" "$stack_log" || { cat "$stack_log" >&2; echo "the stack did not come up" >&2; exit 1; }
  grep '^== ' "$stack_log" | sed 's/^/   stack: /'
}

step "cargo fmt --check" cargo fmt --all --check
background_begin npm_installs
step "cargo clippy" cargo clippy --locked --workspace --all-targets -- -D warnings
# The tests of the state instances share start their own Redis on a free port.
step "install redis-server" apt_install_if_missing /usr/bin/redis-server redis-server "the shared-state tests"
step "fetch the content gate's model (pinned by sha256; once)" scripts/fetch-model.sh
# Four tests at a time, not one per core: the API tests wait on their servers, Redis and
# processes more than they compute (all of them: 285 s in two threads, 223 s in four).
step "cargo test" cargo test --locked --workspace -- --test-threads 4
step "npm install (begun beside clippy)" background_end
step "web app: lint, types, API types up to date, unit tests" web_app_checks
step "contracts: database rules, Stripe signatures" npm run --silent test:contracts
step "the local stack's reset links" npm run --silent test:scripts
step "install chromium" apt_install_if_missing /usr/bin/chromium chromium "the browser tests"
step "the local stack, for the API fuzzing and the browser journeys" start_stack
step "web app: landing route size (the stack built it)" eval '(cd frontend && npm run --silent size)'
export E2E_BASE_URL=http://127.0.0.1:8080
step "browser journeys" npm run --silent test:e2e
# After the journeys: the fuzzer spends the per-address rate-limit budgets of 127.0.0.1.
step "API fuzzing" scripts/api-fuzz.sh
