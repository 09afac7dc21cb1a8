#!/usr/bin/env python3
"""The rules' verdict on every battery line and training line, from a build of the gateway's
`gate` example: one `key<TAB>verdict` line each (training lines once per style, nsfw and
capable). Two such files, before and after a change to the lists, compared with `--compare`,
show every verdict that changed (README.md).

  python3 safety-model/rounds/verdicts.py target/debug/examples/gate > after.txt
  python3 safety-model/rounds/verdicts.py --compare before.txt after.txt [KEY_TO_SKIP]
"""
import glob
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "safety-model"))
from gate import verdicts as gate_lines  # noqa: E402


def lines():
    for path in sorted(glob.glob(ROOT + "/src/safety/battery*.jsonl")):
        for i, line in enumerate(open(path, encoding="utf-8")):
            d = json.loads(line)
            yield f"{os.path.basename(path)}:{i}", d.get("style", "capable"), d["prompt"]
    for path in sorted(glob.glob(ROOT + "/safety-model/data/*.jsonl")):
        if "labels" in path:
            continue
        for i, line in enumerate(open(path, encoding="utf-8")):
            d = json.loads(line)
            for style in ("nsfw", "capable"):
                yield f"{os.path.basename(path)}:{i}:{style}", style, d["prompt"]


def dump(gate):
    by_style = {}
    for key, style, prompt in lines():
        by_style.setdefault(style, []).append((key, prompt))
    for style, group in sorted(by_style.items()):
        out = gate_lines(gate, style, [p for _, p in group])
        for (key, _), verdict in zip(group, out):
            print(key + "\t" + verdict.split(" | ")[0].strip())


def kind(verdict):
    """pass, or the refusal and its category, without the words quoted."""
    return verdict.split(" (")[0].split(" [")[0]


def compare(before, after, skip=None):
    read = lambda p: dict(line.rstrip("\n").split("\t", 1) for line in open(p))
    a, b = read(before), read(after)
    changed = [k for k in a if (not skip or skip not in k) and kind(a[k]) != kind(b.get(k, ""))]
    for k in changed:
        print(k, "|", a[k], "->", b.get(k))
    print(len(changed), "changed", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1] == "--compare":
        compare(*sys.argv[2:5])
    else:
        dump(sys.argv[1])
