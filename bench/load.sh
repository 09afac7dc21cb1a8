#!/usr/bin/env bash
# Load harness, loopback only and bounded in time: the release gateway with a local key
# endpoint and a zero-time generation backend, driven by wrk (throughput) and oha (fixed rate).
# `/me` is compared in the same run with its baseline, a bare axum handler on the same listener
# (examples/bare_me.rs), and its peer, Express with jose (bench/peer-me.mjs).
# Prints the figures BENCHMARKS.md records. SOAK_SECONDS (default 300) sets the soak's length.
set -euo pipefail
cd "$(dirname "$0")/.."
SOAK_SECONDS="${SOAK_SECONDS:-300}"
GATEWAY=127.0.0.1:18080
UPSTREAM=18099

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
command -v oha >/dev/null || cargo install oha --locked --version 1.16.0
cargo build --release --locked --bin lucent --example bare_me
(cd bench && npm ci --no-audit --no-fund >/dev/null)

data=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

# shellcheck source=bench/gateway.sh
. bench/gateway.sh
start_upstream
start_gateway target/release/lucent "$GATEWAY" "$data"
target/release/examples/bare_me 127.0.0.1:18081 & pids+=($!)
node bench/peer-me.mjs 18082 "http://127.0.0.1:$UPSTREAM/keys" & pids+=($!)

token=$(node bench/mint-token.mjs load-user)
auth="Authorization: Bearer $token"
register "$GATEWAY" "$auth"
reads() { curl -fs -H "authorization: Bearer bench-metrics-token" "http://$GATEWAY/metrics" | awk '/^lucent_store_reads_total/ {print $2}'; }
rss_kb() { ps -o rss= -p "$gateway_pid" | tr -d ' '; }

echo "== machine: $(nproc) cores, $(uname -m), $(date -u +%F)"
echo "== GET /api/v1/me, maximum throughput (wrk, 2 threads, 64 connections, 15 s)"
wrk -t2 -c64 -d15s --latency -H "$auth" "http://$GATEWAY/api/v1/me" | grep -E "Requests/sec|50%|99%"

echo "== GET /api/v1/me against its baseline and its peer (wrk, 1 thread, 32 connections, 5 s, three rounds)"
for round in 1 2 3; do
  for target in "gateway $GATEWAY" "bare 127.0.0.1:18081" "peer 127.0.0.1:18082"; do
    set -- $target
    printf '%s %s ' "$1" "$(wrk -t1 -c32 -d5s -H "$auth" "http://$2/api/v1/me" | awk '/Requests\/sec/ {print $2}')"
  done
  echo
done | awk '{printf "round %d: gateway %s, bare %s, peer %s: %.2f of bare, %.1fx the peer\n", NR, $2, $4, $6, $2/$4, $2/$6}'

echo "== GET /api/v1/me at a fixed 2000 rps (oha, 15 s)"
oha -z 15s -q 2000 -c 32 --no-tui -H "$auth" "http://$GATEWAY/api/v1/me" | grep -E "Requests/sec|50.00%|99.00%|Success rate"

echo "== store reads per 1000 hot requests"
before=$(reads)
oha -n 1000 -c 16 --no-tui -H "$auth" "http://$GATEWAY/api/v1/me" >/dev/null
echo "store reads: $(( $(reads) - before )) per 1000 requests"

echo "== the zero-time backend alone, at 200 rps (oha, 10 s)"
oha -z 10s -q 200 -c 16 --no-tui "http://127.0.0.1:$UPSTREAM/generate-image" | grep -E "50.00%|99.00%"
echo "== POST /api/v1/generations through the gateway at 200 rps (oha, 10 s)"
oha -z 10s -q 200 -c 16 --no-tui -m POST -H "$auth" -H 'content-type: application/json' \
  -d '{"prompt":"load test","enhance":false}' "http://$GATEWAY/api/v1/generations" | grep -E "50.00%|99.00%|Success rate"

echo "== resident memory across a ${SOAK_SECONDS} s soak at 1000 rps on /me"
echo "rss before: $(rss_kb) kB"
oha -z "${SOAK_SECONDS}s" -q 1000 -c 16 --no-tui -H "$auth" "http://$GATEWAY/api/v1/me" | grep -E "Success rate"
echo "rss after:  $(rss_kb) kB"
