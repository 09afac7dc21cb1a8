#!/usr/bin/env python3
"""The rules' verdict on every battery line and training line, from a build of the gateway's
`gate` example: one `key<TAB>verdict` line each (training lines once per style, nsfw and
capable). Two such files, before and after a change to the lists, compared with `--compare`,
show every verdict that changed, those that refuse worse marked (README.md).

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


ROWS = {}


def row(key):
    """The battery or training line a key names."""
    name, index = key.split(":")[:2]
    folder = "src/safety" if name.startswith("battery") else "safety-model/data"
    if name not in ROWS:
        ROWS[name] = [json.loads(line) for line in open(os.path.join(ROOT, folder, name), encoding="utf-8")]
    return ROWS[name][int(index)]


def must_refuse(r):
    """A battery line by its `expect`; a training line by its labels: sexual with a forbidden sign."""
    if "expect" in r:
        return r["expect"] != "pass"
    return r.get("sexual") == 1 and any(r.get(a) == 1 for a in ("minor", "real_person", "non_consent", "animal"))


def severity(verdict):
    return {"pass": 0, "rephrase": 1}.get(kind(verdict).split(" ")[0], 2)


def compare(before, after, skip=None):
    """Every changed verdict; `WORSE` before one that refuses a line to refuse less, or an honest
    line more. A training line without a forbidden sign counts as honest even on an NSFW style,
    where a child in an ordinary scene is refused by design: a WORSE line is one to read."""
    read = lambda p: dict(line.rstrip("\n").split("\t", 1) for line in open(p))
    a, b = read(before), read(after)
    changed = [k for k in a if (not skip or skip not in k) and kind(a[k]) != kind(b.get(k, ""))]
    worse = 0
    for k in changed:
        must, was, now = must_refuse(row(k)), severity(a[k]), severity(b.get(k, ""))
        bad = now < was if must else now > was
        worse += bad
        print(("WORSE " if bad else "") + f"{k} | {a[k]} -> {b.get(k)}")
    print(len(changed), "changed,", worse, "worse", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1] == "--compare":
        compare(*sys.argv[2:5])
    else:
        dump(sys.argv[1])
