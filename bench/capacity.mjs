// A queueing model for the capacity note in BENCHMARKS.md: N GPUs, each one image at a time
// taking S seconds, requests arriving at random (Poisson). M/M/c with Erlang's C formula: an
// estimate (real service times vary less than exponential ones, so real waits are shorter).
//
//   node bench/capacity.mjs [seconds per image, default 7] [target mean wait s, default 5]
const S = Number(process.argv[2] ?? 7);
const TARGET = Number(process.argv[3] ?? 5);

/** Erlang C: the probability that a request waits, with c servers at offered load a = λS. */
function erlangC(c, a) {
  let term = 1;
  let sum = 1;
  for (let k = 1; k < c; k++) {
    term *= a / k;
    sum += term;
  }
  const last = (term * a) / c;
  const rho = a / c;
  const top = last / (1 - rho);
  return top / (sum + top);
}

const meanWait = (c, lambda) => {
  const a = lambda * S;
  return a >= c ? Infinity : (erlangC(c, a) * S) / (c - a);
};

console.log(`${S} s per image; the busiest load each fleet serves with a mean wait of ${TARGET} s or less`);
console.log('| GPUs | images/hour | utilisation | P(wait) | mean wait |');
console.log('|---|---|---|---|---|');
for (const c of [1, 2, 4, 8, 16, 32]) {
  let lo = 0;
  let hi = c / S;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (meanWait(c, mid) <= TARGET) lo = mid;
    else hi = mid;
  }
  const a = lo * S;
  console.log(`| ${c} | ${Math.round(lo * 3600)} | ${((a / c) * 100).toFixed(0)} % | ${(erlangC(c, a) * 100).toFixed(0)} % | ${meanWait(c, lo).toFixed(1)} s |`);
}
