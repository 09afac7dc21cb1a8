#!/usr/bin/env bash
# The scale-out benchmarks of BENCHMARKS.md on this machine: builds the release binary, installs
# redis-server if missing, then runs bench/scale.mjs (real processes, loopback only).
#   bench/scale.sh [throughput|overhead|tiers|listeners]...   (all four by default)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v redis-server >/dev/null || { apt-get update -qq && apt-get install -y -qq redis-server >/dev/null; }
cargo build --release --locked --bin lucent
echo "== machine: $(nproc) cores, $(uname -m), redis $(redis-server --version | grep -o 'v=[0-9.]*'), $(date -u +%F)"
# 10,000 event streams are 10,000 sockets at each end.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
for what in "${@:-throughput overhead tiers listeners}"; do
  for w in $what; do LUCENT_BIN=target/release/lucent node bench/scale.mjs "$w"; done
done
