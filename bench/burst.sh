#!/usr/bin/env bash
# /me and an image under a burst of submissions the reader of meaning must read (issue 44,
# item 5): the gateway (embedded store, the reader of meaning on with its default bound of one
# embedding at a time, rate limits off) with a local key endpoint and a zero-time backend
# (bench/keyserver.py), driven by bench/burst.py. PROFILE=debug uses the debug build (whose
# encoder is optimised too: Cargo.toml) instead of building the release one.
set -euo pipefail
cd "$(dirname "$0")/.."
PROFILE="${PROFILE:-release}"
GATEWAY=127.0.0.1:18180
UPSTREAM=18199

scripts/fetch-model.sh
if [ "$PROFILE" = release ]; then cargo build --release --locked --bin lucent; else cargo build --locked --bin lucent; fi

data=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

python3 bench/keyserver.py "$UPSTREAM" & pids+=($!)
RUST_LOG=warn LUCENT_ADDR=$GATEWAY LUCENT_DATA_DIR="$data" FIREBASE_PROJECT_ID=demo-lucent \
  LUCENT_GOOGLE_KEYS_URL="http://127.0.0.1:$UPSTREAM/keys" \
  LUCENT_GENERATOR="legacy+http://127.0.0.1:$UPSTREAM" LUCENT_GENERATOR_CONCURRENCY=64 \
  LUCENT_QUEUE_LIMIT=10000 LUCENT_FREE_DAILY=100000000 LUCENT_PRO_MONTHLY=100000000 \
  LUCENT_RATE_LIMITS=off LUCENT_METRICS_TOKEN=bench-metrics-token "target/$PROFILE/lucent" serve >"$data/gateway.log" 2>&1 & pids+=($!)
for _ in $(seq 1 300); do curl -fs "http://$GATEWAY/healthz" >/dev/null && break; sleep 0.1; done

token=$(node bench/mint-token.mjs burst-user)
curl -fsS -o /dev/null -X POST "http://$GATEWAY/api/v1/me" -H "Authorization: Bearer $token" \
  -H 'content-type: application/json' -d '{"username":"Burst","ageConfirmed":true}'
echo "== machine: $(nproc) cores, $(uname -m), $(date -u +%F), $PROFILE build"
GATEWAY="http://$GATEWAY" TOKEN="$token" python3 bench/burst.py
