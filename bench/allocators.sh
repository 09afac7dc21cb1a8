#!/usr/bin/env bash
# GET /api/v1/me with each global allocator the gateway can be built with (glibc's malloc, and
# the `mimalloc` and `jemalloc` features), beside a bare `axum::serve` handler with a constant
# body (examples/bare_me.rs) and the Express + jose peer (bench/peer-me.mjs): wrk, 1 thread,
# 32 connections, 5 s each, taking turns for three rounds so that all see the same machine;
# then each gateway's resident memory. Loopback only. Prints what BENCHMARKS.md records.
set -euo pipefail
cd "$(dirname "$0")/.."
UPSTREAM=18199
ALLOCATORS=(system mimalloc jemalloc)

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
out=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$out"; }
trap cleanup EXIT
for allocator in "${ALLOCATORS[@]}"; do
  features=(--no-default-features)
  [ "$allocator" = system ] || features+=(--features "$allocator")
  cargo build --release --locked --bin lucent "${features[@]}"
  cp target/release/lucent "$out/lucent-$allocator"
done
cargo build --release --locked --example bare_me
(cd bench && npm ci --no-audit --no-fund >/dev/null)

# shellcheck source=bench/gateway.sh
. bench/gateway.sh
start_upstream
token=$(node bench/mint-token.mjs load-user)
auth="Authorization: Bearer $token"
declare -A address gateway
port=18180
for allocator in "${ALLOCATORS[@]}"; do
  mkdir "$out/$allocator"
  address[$allocator]=127.0.0.1:$port
  start_gateway "$out/lucent-$allocator" "${address[$allocator]}" "$out/$allocator"
  gateway[$allocator]=$gateway_pid
  register "${address[$allocator]}" "$auth"
  port=$((port + 1))
done
address[bare]=127.0.0.1:18190
address[peer]=127.0.0.1:18191
target/release/examples/bare_me "${address[bare]}" & pids+=($!)
node bench/peer-me.mjs 18191 "http://127.0.0.1:$UPSTREAM/keys" & pids+=($!)
for target in bare peer; do
  for _ in $(seq 1 100); do curl -fs -o /dev/null -H "$auth" "http://${address[$target]}/api/v1/me" && break; sleep 0.1; done
done

echo "== machine: $(nproc) cores, $(uname -m), $(date -u +%F), load average $(cut -d' ' -f1 /proc/loadavg)"
echo "== GET /api/v1/me, requests/s (wrk -t1 -c32 -d5s, three rounds)"
for round in 1 2 3; do
  line="round $round:"
  declare -A rate
  for target in "${ALLOCATORS[@]}" bare peer; do
    rate[$target]=$(wrk -t1 -c32 -d5s -H "$auth" "http://${address[$target]}/api/v1/me" | awk '/Requests\/sec/ {print $2}')
    line="$line $target ${rate[$target]}"
  done
  for allocator in "${ALLOCATORS[@]}"; do
    line="$line | $allocator $(awk -v g="${rate[$allocator]}" -v b="${rate[bare]}" -v p="${rate[peer]}" 'BEGIN {printf "%.2f of bare, %.1fx peer", g / b, g / p}')"
  done
  echo "$line"
done
for allocator in "${ALLOCATORS[@]}"; do
  echo "rss $allocator: $(ps -o rss= -p "${gateway[$allocator]}" | tr -d ' ') kB"
done
