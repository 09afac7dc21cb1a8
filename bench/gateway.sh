# Sourced by the load scripts: the local upstreams (Google's key endpoint and a zero-time
# generation backend, bench/keyserver.py, on $UPSTREAM) and a gateway binary configured for load,
# each recorded in the caller's `pids` for its clean-up.

start_upstream() {
  python3 bench/keyserver.py "$UPSTREAM" & pids+=($!)
}

# start_gateway BINARY ADDRESS DATA_DIR: serves until the caller's clean-up; sets gateway_pid.
start_gateway() {
  RUST_LOG="${GATEWAY_LOG:-warn}" LUCENT_ADDR="$2" LUCENT_DATA_DIR="$3" FIREBASE_PROJECT_ID=demo-lucent \
    LUCENT_GOOGLE_KEYS_URL="http://127.0.0.1:$UPSTREAM/keys" \
    LUCENT_GENERATOR="legacy+http://127.0.0.1:$UPSTREAM" LUCENT_GENERATOR_CONCURRENCY=64 \
    LUCENT_QUEUE_LIMIT=10000 LUCENT_FREE_DAILY=100000000 LUCENT_PRO_MONTHLY=100000000 \
    LUCENT_RATE_LIMITS=off LUCENT_METRICS_TOKEN=bench-metrics-token "$1" serve >"$3/gateway.log" 2>&1 & pids+=($!)
  gateway_pid=$!
  for _ in $(seq 1 100); do curl -fs "http://$2/healthz" >/dev/null && break; sleep 0.1; done
}

# register ADDRESS AUTH_HEADER: the load user's profile, so that /me answers 200.
register() {
  curl -fsS -o /dev/null -X POST "http://$1/api/v1/me" -H "$2" -H 'content-type: application/json' \
    -d '{"username":"Load","ageConfirmed":true}'
}
