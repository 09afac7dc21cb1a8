#!/usr/bin/env python3
"""Both layers on battery files for one or more heads, as admission runs them: the rules (the
gateway's `gate` example) first, then a head on what they let through, explicit where the
style is NSFW or the rules are sure, without the sense of youth where they read an adult's age.
It matches `cargo test --lib layers_report -- --ignored` within a request or so (the gateway
reads every encoder reading of a text; this reads the plain one).

  /tmp/headvenv/bin/python safety-model/compare.py HEAD.json[,HEAD2.json...] BATTERY.jsonl...
"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train  # noqa: E402  (the training's reading of a text: clean, content, parts, read)


def main():
    heads = sys.argv[1].split(",")
    for path in sys.argv[2:]:
        rows = [json.loads(line) for line in open(path, encoding="utf-8")]
        ruled, explicit, adult = train.rules_verdicts(rows)
        texts = [train.content(train.clean(r["prompt"])) for r in rows]
        X = train.embed_all(texts)
        phrases, owner = [], []
        for i, t in enumerate(texts):
            for p in train.parts(t):
                phrases.append(p)
                owner.append(i)
        parts = type("Parts", (), {})()
        parts.X = train.embed_all(phrases) if phrases else np.zeros((0, 384))
        parts.row = np.array(owner, dtype=int)
        explicit |= np.array([r["style"] == "nsfw" for r in rows])
        must = np.array([r["expect"] != "pass" for r in rows])
        for head_path in heads:
            head, T = train.from_json(json.load(open(head_path, encoding="utf-8")))
            P = train.read(X, parts, np.ones(len(rows), bool), head)
            D = train.decide_passed(P, T, explicit, adult) | ruled
            print(f"{os.path.basename(path)} {os.path.basename(head_path)}: must refuse {must.sum()}, "
                  f"refused {D[must].sum()} (rules {ruled[must].sum()}); honest {(~must).sum()}, "
                  f"refused {D[~must].sum()} (rules {ruled[~must].sum()})")


if __name__ == "__main__":
    main()
