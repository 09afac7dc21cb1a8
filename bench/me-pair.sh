#!/usr/bin/env bash
# Two gateway binaries' `GET /api/v1/me` beside the bare `axum::serve` handler
# (examples/bare_me.rs), in turns: requests per second under wrk (1 thread, 32 connections,
# 4 s) and the CPU time each process spent per request (user + system ticks from /proc), which
# a noisy machine moves less than the rate. Usage: bench/me-pair.sh BEFORE AFTER [ROUNDS]
# (release binaries; `cargo build --release --example bare_me` first). BENCHMARKS.md, issue 48.
set -euo pipefail
cd "$(dirname "$0")/.."
UPSTREAM=18199
pids=()
out=$(mktemp -d)
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$out"; }
trap cleanup EXIT
. bench/gateway.sh
start_upstream
sleep 0.5
token=$(node bench/mint-token.mjs load-user)
auth="Authorization: Bearer $token"
mkdir -p "$out/a" "$out/b"
start_gateway "$1" 127.0.0.1:18180 "$out/a"; before=$gateway_pid; register 127.0.0.1:18180 "$auth"
start_gateway "$2" 127.0.0.1:18182 "$out/b"; after=$gateway_pid; register 127.0.0.1:18182 "$auth"
target/release/examples/bare_me 127.0.0.1:18181 & pids+=($!); bare=$!
sleep 0.5
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# one PID PORT: "requests/s µs-of-CPU-per-request"
one() {
  local t0 t1 report
  t0=$(ticks "$1")
  report=$(wrk -t1 -c32 -d4s -H "$auth" "http://127.0.0.1:$2/api/v1/me")
  t1=$(ticks "$1")
  awk -v t=$((t1 - t0)) -v hz="$(getconf CLK_TCK)" '
    /requests in/ {n = $1} /Requests\/sec/ {r = $2}
    END {printf "%d %.2f", r, t * 1e6 / hz / n}' <<<"$report"
}
echo "load $(cut -d' ' -f1 /proc/loadavg)"
echo "| round | before | after | bare | before / bare | after / bare | CPU µs/request: before | after | bare |"
for r in $(seq 1 "${3:-5}"); do
  read -r ra ca <<<"$(one "$before" 18180)"
  read -r rb cb <<<"$(one "$after" 18182)"
  read -r rc cc <<<"$(one "$bare" 18181)"
  awk -v r="$r" -v ra="$ra" -v rb="$rb" -v rc="$rc" -v ca="$ca" -v cb="$cb" -v cc="$cc" \
    'BEGIN {printf "| %d | %d | %d | %d | %.2f | %.2f | %s | %s | %s |\n", r, ra, rb, rc, ra/rc, rb/rc, ca, cb, cc}'
done
