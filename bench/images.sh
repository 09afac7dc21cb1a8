#!/usr/bin/env bash
# Images at the speed of the disk (issue 34): the release gateway's image route beside nginx
# serving the same stored 1024 x 1024 PNG as a static file, in one run on loopback. The image is
# made through the API (the built-in renderer, enhanced to 1024) and copied from the image store
# to nginx's root, so both serve the same bytes. C2PA=1 configures the test certificate
# (tests/api/keys/c2pa): images are signed when stored, so serving costs the same either way.
# ENHANCE=false draws 512 x 512 instead: a smaller file, where per-request work weighs more.
# The free user's blurred preview is served by both too, as a gallery page is made of them.
# Prints what BENCHMARKS.md records.
set -euo pipefail
cd "$(dirname "$0")/.."
GATEWAY=127.0.0.1:18080
NGINX=127.0.0.1:18081
KEYS=18099
SECONDS_EACH="${SECONDS_EACH:-10}"

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
command -v nginx >/dev/null || { apt-get update -qq && apt-get install -y -qq nginx-light >/dev/null; }
cargo build --release --locked --bin lucent

data=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -f "$data/nginx.pid" ] && kill "$(cat "$data/nginx.pid")" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT

c2pa=()
if [ "${C2PA:-}" = 1 ]; then
  c2pa=(--c2pa-cert tests/api/keys/c2pa/chain.pem --c2pa-key tests/api/keys/c2pa/signer-key.pem)
fi
python3 bench/keyserver.py "$KEYS" & pids+=($!)
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$KEYS/keys" >/dev/null && break; sleep 0.1; done
RUST_LOG=warn LUCENT_ADDR=$GATEWAY LUCENT_DATA_DIR="$data" FIREBASE_PROJECT_ID=demo-lucent \
  LUCENT_GOOGLE_KEYS_URL="http://127.0.0.1:$KEYS/keys" LUCENT_RATE_LIMITS=off \
  target/release/lucent serve "${c2pa[@]}" >"$data/gateway.log" 2>&1 & pids+=($!)
for _ in $(seq 1 100); do curl -fs "http://$GATEWAY/healthz" >/dev/null && break; sleep 0.1; done

account() {
  local uid=$1 token
  token=$(node bench/mint-token.mjs "$uid")
  curl -fsS -o /dev/null -X POST "http://$GATEWAY/api/v1/me" -H "Authorization: Bearer $token" \
    -H 'content-type: application/json' -d "{\"username\":\"$uid\",\"ageConfirmed\":true}"
  echo "$token"
}
image_of() {
  curl -fsS -X POST "http://$GATEWAY/api/v1/generations" -H "Authorization: Bearer $1" \
    -H 'content-type: application/json' -d "{\"prompt\":\"a lighthouse at dusk\",\"enhance\":${ENHANCE:-true}}" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).generations[0].id))'
}
pro=$(account bench-pro)
free=$(account bench-free)
LUCENT_DATA_DIR="$data" FIREBASE_PROJECT_ID=demo-lucent \
  target/release/lucent users set-plan bench-pro pro --reason benchmark >/dev/null
# The gateway keeps a user's record 3 s (src/users/cache.rs); no Redis tells it sooner here.
sleep 3.5
pro_image=$(image_of "$pro")
free_image=$(image_of "$free")

mkdir -p "$data/www"
cp "$data/images/bench-pro/$pro_image/original.png" "$data/www/image.png"
cp "$data/images/bench-free/$free_image/preview.png" "$data/www/preview.png"
# nginx's workers run as another user: they must be able to read the files.
chmod 755 "$data" "$data/www" && chmod 644 "$data/www/image.png" "$data/www/preview.png"
cat >"$data/nginx.conf" <<CONF
worker_processes 2;
pid $data/nginx.pid;
error_log $data/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path $data/nginx-body;
  proxy_temp_path $data/nginx-proxy;
  fastcgi_temp_path $data/nginx-fastcgi;
  uwsgi_temp_path $data/nginx-uwsgi;
  scgi_temp_path $data/nginx-scgi;
  server { listen $NGINX; root $data/www; }
}
CONF
nginx -c "$data/nginx.conf"

size=$(stat -c %s "$data/www/image.png")
preview_size=$(stat -c %s "$data/www/preview.png")
echo "== machine: $(nproc) cores, $(uname -m), $(date -u +%F); C2PA: ${C2PA:-0}; PNG: $size bytes; preview: $preview_size bytes"
cmp <(curl -fs -H "Authorization: Bearer $pro" "http://$GATEWAY/api/v1/generations/$pro_image/image") \
  "$data/www/image.png" && echo "the gateway and nginx serve the same bytes"
cmp <(curl -fs -H "Authorization: Bearer $free" "http://$GATEWAY/api/v1/generations/$free_image/image") \
  "$data/www/preview.png" && echo "and the same preview"
nginx_etag=$(curl -fsI "http://$NGINX/image.png" | awk -F': ' 'tolower($1)=="etag" {print $2}' | tr -d '\r')
rate() { wrk -t2 -c64 -d"${SECONDS_EACH}s" "$@" | awk '/Requests\/sec/ {print $2}'; }
pro_auth="Authorization: Bearer $pro"
free_auth="Authorization: Bearer $free"
image="http://$GATEWAY/api/v1/generations/$pro_image/image"
echo "nginx, the PNG:                  $(rate "http://$NGINX/image.png") req/s"
echo "gateway, the original (pro):     $(rate -H "$pro_auth" "$image") req/s"
echo "gateway, the download (pro):     $(rate -H "$pro_auth" "$image?download=1") req/s"
echo "nginx, the preview:              $(rate "http://$NGINX/preview.png") req/s"
echo "gateway, the preview (free):     $(rate -H "$free_auth" "http://$GATEWAY/api/v1/generations/$free_image/image") req/s"
echo "gateway, preview 304 (free):     $(rate -H "$free_auth" -H "If-None-Match: \"$free_image.preview\"" "http://$GATEWAY/api/v1/generations/$free_image/image") req/s"
echo "nginx, 304:                      $(rate -H "If-None-Match: $nginx_etag" "http://$NGINX/image.png") req/s"
echo "gateway, 304 (pro):              $(rate -H "$pro_auth" -H "If-None-Match: \"$pro_image.original\"" "$image") req/s"
