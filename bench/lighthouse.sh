#!/usr/bin/env bash
# Lighthouse performance of the landing page, desktop and mobile presets, median of 3 runs,
# in Debian's Chromium against a running local stack (scripts/local-stack.sh).
set -euo pipefail
cd "$(dirname "$0")"
URL="${1:-http://127.0.0.1:8080/}"
[ -d node_modules/lighthouse ] || npm ci --no-audit --no-fund
flags="--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync"
out=$(mktemp -d)
for preset in desktop mobile; do
  for run in 1 2 3; do
    extra=()
    [ "$preset" = desktop ] && extra=(--preset=desktop)
    npx --no-install lighthouse "$URL" --quiet --chrome-path=/usr/bin/chromium --chrome-flags="$flags" \
      --only-categories=performance --output=json --output-path="$out/$preset-$run.json" "${extra[@]}"
  done
  node -e '
    const fs = require("fs");
    const [dir, preset] = process.argv.slice(1);
    const runs = [1, 2, 3].map((r) => JSON.parse(fs.readFileSync(`${dir}/${preset}-${r}.json`)));
    const score = runs.map((r) => r.categories.performance.score).sort((a, b) => a - b);
    const lcp = runs.map((r) => r.audits["largest-contentful-paint"].numericValue).sort((a, b) => a - b);
    const tbt = runs.map((r) => r.audits["total-blocking-time"].numericValue).sort((a, b) => a - b);
    console.log(`${preset}: performance ${score[1]} (runs ${score.join(", ")}), LCP ${Math.round(lcp[1])} ms, TBT ${Math.round(tbt[1])} ms`);
  ' "$out" "$preset"
done
