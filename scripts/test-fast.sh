#!/usr/bin/env bash
# The edit loop's tier of the tests, for a warm checkout (under 3 minutes; `scripts/test.sh` runs
# everything): Rust format and lints, the unit tests, the API tests that start no process and
# no Redis of their own, and the web app's lint, types and unit tests. Each step prints its
# duration, and the last lines a table of them.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

trap 'background_stop; step_summary' EXIT

# The web app's checks mostly keep one core busy while the Rust steps wait on the linker and
# on the API tests' servers, so they run beside them; the last step prints their log.
web_app() {
  npm_install "$ROOT/frontend"
  cd frontend && npm run --silent lint && npm run --silent typecheck && npm test --silent
}

step "cargo fmt --check" cargo fmt --all --check
background_begin web_app
step "cargo clippy" cargo clippy --locked --workspace --all-targets -- -D warnings
step "fetch the content gate's model (pinned by sha256; once)" scripts/fetch-model.sh
# Skipped: the batteries read by the model (a minute of embeddings; the full command runs them).
step "unit tests" cargo test --locked --workspace --lib -- --skip safety::meaning::battery
# Skipped: what starts real `lucent` processes or a redis-server (the full command runs them).
# The rest wait on their servers more than they compute: eight at a time.
step "API tests without processes" cargo test --locked --test api -- --test-threads 8 \
  --skip redis --skip cluster --skip scale_out --skip money_exact --skip process:: \
  --skip shutdown --skip config:: --skip settlement::a_refund_cut_by_a_dead_gateway
step "web app: lint, types, unit tests (begun beside clippy)" background_end
