#!/usr/bin/env bash
# Property-based API testing with schemathesis against a running gateway (the local stack):
# every operation of /api/v1/openapi.json, as a signed-in user with a real Auth emulator
# token. Fails on any 5xx, any response that breaks its documented schema or content type.
# Bounded: a fixed number of examples per operation and a time limit.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

BASE="${E2E_BASE_URL:-http://127.0.0.1:8080}"
VERSION=4.32.5
venv="$ROOT/.local/venv"
if ! "$venv/bin/st" --version 2>/dev/null | grep -q "$VERSION"; then
  say "installing schemathesis $VERSION"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "schemathesis==$VERSION"
fi

email="fuzz-$(date +%s%N)@example.com"
token=$(curl -fsS -X POST "http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key" \
  -H 'content-type: application/json' \
  -d "{\"email\":\"$email\",\"password\":\"fuzz-password\",\"returnSecureToken\":true}" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["idToken"])')
curl -fsS -o /dev/null -X POST "$BASE/api/v1/me" -H "authorization: Bearer $token" \
  -H 'content-type: application/json' -d '{"username":"Fuzz","ageConfirmed":true}'

say "schemathesis against $BASE"
timeout 600 "$venv/bin/st" run "$BASE/api/v1/openapi.json" --url "$BASE" \
  -H "Authorization: Bearer $token" \
  --checks not_a_server_error,response_schema_conformance,content_type_conformance \
  --max-examples 25 --request-timeout 20 --generation-deterministic --no-color
