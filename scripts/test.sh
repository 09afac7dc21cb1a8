#!/usr/bin/env bash
# Runs every test: Rust format, lints and tests (with real redis-server processes); the web
# app's lint, types and unit tests; the database rules; the landing page's size budget; the API
# fuzzing; and the browser journeys (with accessibility checks) in Debian's Chromium against the
# real local stack.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

say "cargo fmt --check"
cargo fmt --check
say "cargo clippy"
cargo clippy --locked --all-targets -- -D warnings
# The tests of the state instances share start their own Redis on a free port.
apt_install_if_missing /usr/bin/redis-server redis-server "the shared-state tests"
say "cargo test"
cargo test --locked

npm_install_tools
npm_install "$ROOT/frontend"
say "web app: lint, types, API types up to date, unit tests"
(cd frontend && npm run --silent lint && npm run --silent typecheck && npm run --silent api:check && npm test --silent)

say "contracts: database rules, Stripe signatures"
npm run --silent test:contracts

apt_install_if_missing /usr/bin/chromium chromium "the browser tests"

say "the local stack, for the API fuzzing and the browser journeys"
export LUCENT_DATA_DIR; LUCENT_DATA_DIR="$(mktemp -d)"
stack_log="$LUCENT_DATA_DIR/stack.log"
setsid scripts/local-stack.sh >"$stack_log" 2>&1 &
stack=$!
# TERM, not INT: a background job of a script ignores SIGINT, and the stack's trap must run.
finish() {
  kill -TERM "$stack" 2>/dev/null || true
  wait "$stack" 2>/dev/null || true
}
trap finish EXIT
for _ in $(seq 1 900); do
  grep -q "Lucent is up" "$stack_log" && break
  kill -0 "$stack" 2>/dev/null || { cat "$stack_log" >&2; exit 1; }
  sleep 1
done
grep -q "Lucent is up" "$stack_log" || { cat "$stack_log" >&2; echo "the stack did not come up" >&2; exit 1; }
say "web app: landing route size (the stack built it)"
(cd frontend && npm run --silent size)
export E2E_BASE_URL=http://127.0.0.1:8080
say "browser journeys"
npm run --silent test:e2e
# After the journeys: the fuzzer spends the per-address rate-limit budgets of 127.0.0.1.
scripts/api-fuzz.sh
